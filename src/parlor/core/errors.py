"""The user errors parlor reports in one line, one type a cause, so that callers tell them apart
by type, never by the words of the reason."""

import json

SHOWN_CAP = 80  # characters of an untrusted value an error line quotes


def shown(value, cap: int = SHOWN_CAP) -> str:
    """An untrusted value as an error line quotes it: a string in double quotes, anything else
    as JSON writes it (what JSON cannot write, such as a set, as Python does); at most `cap`
    characters of it, then "…"; what is not printable (a newline, an ANSI escape, an unpaired
    surrogate) written as its escape, so the line stays one line that cannot forge another or
    move a terminal's cursor."""
    if isinstance(value, str):
        text, quote = value, '"'
    else:
        try:
            text, quote = json.dumps(value), ""
        except (TypeError, ValueError):
            text, quote = repr(value), ""
    cut = text[:cap]
    inside = "".join("\\" + ch if ch in '"\\' and quote else ch if ch.isprintable() else repr(ch)[1:-1]
                     for ch in cut)
    return f"{quote}{inside}{quote}" + ("…" if len(text) > cap else "")


def one_line(text: str) -> str:
    """A whole error line made safe to print, whatever it quotes: what is not printable is
    written as its escape (a newline as \\n), so one error is one line. Values inside it are
    quoted with `shown`, which caps them too; this is the guard where a line is written out."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


class ParlorError(Exception):
    """A user error with a one-line reason; never shown with a traceback."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


# --- a move that cannot be played

class ActionError(ParlorError):
    """An action that cannot be played where it was tried. Nothing was changed.

    The rules raise it with a reason only; the match driver fills in where it happened.
    """

    def __init__(self, reason: str, index: int | None = None, action: str | None = None,
                 seat: int | None = None):
        super().__init__(reason)
        self.index, self.action, self.seat = index, action, seat

    def __str__(self) -> str:
        if self.index is None:
            return self.reason
        who = "" if self.seat is None else f" by seat {self.seat}"
        return f"action {self.index} {shown(self.action)}{who} is illegal: {self.reason}"


class InvalidAction(ActionError):
    """Text that names no action of the game (the rules' parse_action): a card that does not
    exist, words that make no action of their verb (a meld that is neither a set nor a run, a bid
    out of range), a value that is no action string."""


class UnknownAction(InvalidAction):
    """Text in none of the forms of the game's actions: an unknown verb, or a verb with the wrong
    number of words. A front end that reads a person's typing several ways tries the next."""


class IllegalAction(ActionError):
    """A real action of the game that is not legal where it was tried (the rules'
    why_illegal_id), or any action once the deal or the match is over."""


# --- a record, a table, a command

class BadRecord(ParlorError):
    """A record that is malformed: bad JSON, an unknown or ill-typed field, a deal that is no
    deal of the game. A record's table that cannot be set (its game, options or seat count) is
    reported as BadRecord too, by the record's loader."""


class BadLesson(ParlorError):
    """A lesson file that cannot be taught: malformed TOML, an unknown or ill-typed field, a
    scripted move that is not legal, a stated fact about the position that is not true."""


class BadTable(ParlorError):
    """A table that cannot be set up: an unknown game, an unknown option or a value the option
    does not allow, a seat count the game is not played by, explicit deals that do not fit the
    match."""


class UsageError(ParlorError):
    """What a person asked for that cannot be done as asked: a bad command-line value or
    combination of values, a file, folder or address they named that cannot be used, an extra
    package the request needs that is not installed."""


class BadSettings(UsageError):
    """A computer player that cannot be made as asked: an unknown bot or level, a setting it does
    not have, or a value its setting does not allow. A usage error (a person or a command named
    the bot), kept apart so that a bot's own bug (a TypeError in its code) is never taken for one."""
