"""One table's session, under every front end (the line mode, the terminal, the web server): the
match, who plays each seat, one computer player per seat under one seeding rule, whose turn it is
and why a move is refused, and hints for a person. A front end keeps only what is its own:
reading keys, drawing, sockets.
"""

import logging
import secrets
from collections.abc import Sequence
from pathlib import Path

from parlor import records
from parlor.bots import Bot, make_bot, play_safely
from parlor.bots.base import BotProblem
from parlor.bots.levels import level_words
from parlor.core.errors import shown
from parlor.core.match import Match
from parlor.core.registry import text_of
from parlor.core.rng import Rng
from parlor.core.view import View
from parlor.core.words import say

from .keep import keep as keep_match
from .moves import why_not
from .seats import PERSON, Player

HINT_LEVEL = "strong"
# The card roles (GameText.card_role ids) that are trumps: a discard of one is asked about.
TRUMP_ROLES = {"trump", "oracle", "sage", "tenka", "robai", "sun", "joker"}


def fresh_seed() -> int:
    """The seed of a match nobody chose one for. 63 bits: at a web table the seed is secret until
    the match ends (it fixes every hidden card), so it must not be found by trying them all."""
    return secrets.randbelow(2**63)


def bot_rng(seed: int, index: int, seat: int) -> Rng:
    """The rng of every computer player's decision, at every table: the decision at action `index`
    of the match dealt from `seed`, by `seat`. Made afresh from the match for each decision, it is
    the same after a restarted server or a loaded record, and one seed with the same levels plays
    the same match in every front end. (Seats are below 16: two seats never share one.)"""
    return Rng(seed * 7919 + index * 16 + seat)


def results_seen(match: Match) -> int:
    """How many of a match's deal results the person has seen: those of a match already under
    way (a loaded one); a deal that ended as it was dealt, before any move, has not been seen."""
    return len(match.results) if match.actions else 0


class TableSession:
    """A match and who plays each seat (`players`, `names`), with one computer player per seat:
    a computer seat's own, and at a person's seat the stand-in that may hold it; `words` are the
    game's words for people (core/text.py)."""

    def __init__(self, match: Match, players: Sequence[Player], names: list[str]) -> None:
        self.match = match
        self.rules = match.rules
        self.words = text_of(match.rules)
        self.players = players
        self.names = match.names = names
        self.bots: dict[int, Bot] = {s: make_bot(p.level, self.rules) for s, p in enumerate(players)}
        self.undone: list[list[str]] = []  # moves taken back, the latest last: what redo plays
        self.ask_first = True  # ask once before a move that is almost surely a slip (doubt)
        self.keep_in: Path | None = None  # where the match is kept as it goes (keep.py), if anywhere
        self.keep_failed: str | None = None  # why it could not be kept, for the front end to say once

    # --- reading
    def is_person(self, seat: int) -> bool:
        return self.players[seat].kind == PERSON

    @property
    def levels(self) -> list[str]:
        """Each seat's computer level (at a person's seat, the stand-in's)."""
        return [p.level for p in self.players]

    def view(self, seat: int) -> View:
        """What `seat` sees now, with the table's names."""
        return dict(self.match.view(seat), names=self.names)

    def to_act(self) -> int | None:
        return self.match.to_act()

    # --- why a move is refused, told to the seat that tried it
    def turn_refusal(self) -> str:
        """Why a seat whose turn it is not cannot move: the match is over, or who is to act."""
        seat = self.match.to_act()
        if seat is None:
            return say("the match is over")
        return say("it is not your turn: {seat} is to act", seat=self.names[seat])

    def told(self, reason: str, seat: int) -> str:
        """The rules' reason a move is refused, told to `seat` in the language in use ("you do
        not hold the seven of diamonds"): every refusal a person reads is said here."""
        return self.words.refusal_words(reason, self.names, seat)

    def why_illegal(self, seat: int, action: str) -> str | None:
        """The rules' reason `action` is illegal now, told to `seat`; None when it is legal."""
        reason = self.rules.why_illegal(self.match.state, action)
        return None if reason is None else self.told(reason, seat)

    def why_refused(self, seat: int, text: str) -> str | None:
        """Why `text`, typed or clicked by `seat`, makes no legal move, read as the move it was
        meant to be (moves.why_not) and told to `seat`; None when it names no move at all."""
        reason = why_not(self.rules, self.match.state, self.match.legal(), text)
        return None if reason is None else self.told(reason, seat)

    # --- moving, and keeping the match as it goes
    def apply(self, action: str) -> None:
        """Make a move (any seat's) and keep the match as it now stands."""
        self.match.apply(action)
        self.keep()

    def keep(self) -> None:
        """Keep the match in `keep_in` (an unfinished one; one over is no longer kept). A folder
        that cannot be written stops the keeping, and `keep_failed` says why."""
        if self.keep_in is None:
            return
        try:
            keep_match(self.match, self.keep_in)
        except OSError as e:
            self.keep_failed = say("The match cannot be kept to continue later: {reason} ({folder}).",
                                   reason=e.strerror or str(e), folder=self.keep_in)
            self.keep_in = None

    # --- a move that is almost surely a slip is asked about once (docs/decisions.md)
    def doubt(self, seat: int, action: str) -> str | None:
        """The question to ask `seat` before `action` when it is almost surely a slip, from the
        seat's own view and legal moves: a discard that breaks up a meld in hand (Tőr), or a
        discard of a trump where a card that is no trump could go (Yokir's bury); else None."""
        verb, _, card = action.partition(" ")
        if verb != "discard" or self.match.to_act() != seat:
            return None
        legal = self.match.legal()
        meld = next((a for a in legal if a.startswith("meld ") and card in a.split(" ")[1:]), None)
        if meld is not None:
            return say("Discard {card}? It breaks up {cards}, a meld in your hand.", card=card,
                       cards=meld.partition(" ")[2])
        view = self.view(seat)

        def trump(code: str):
            role = self.words.card_role(view, code)
            return role if role is not None and role.id in TRUMP_ROLES else None
        role = trump(card)
        plain = [a for a in legal if a.startswith("discard ") and trump(a.partition(" ")[2]) is None]
        if role is not None and plain:
            return say("Discard {card}? It is a trump ({role}), and a card that is no trump could go.",
                       card=card, role=role.words)
        return None

    # --- taking a move back: against computers only
    def why_no_take_back(self, seat: int) -> str | None:
        """Why `seat` may not take back a move now; None when it may."""
        if any(self.is_person(s) for s in range(self.rules.seats) if s != seat):
            return "a move can be taken back only in a match against computers"
        if not any(actor == seat for _, actor, _ in self.match.log):
            return "you have made no move in this match to take back"
        return None

    def take_back(self, seat: int) -> None:
        """Undo `seat`'s last move and the computers' moves after it. The match is rebuilt from
        its record without them, so the record stays exact; `redo` plays them again."""
        m = self.match
        last = max(i for i, (_, actor, _) in enumerate(m.log) if actor == seat)
        self.undone.append(m.actions[last:])
        record = dict(m.record(), actions=m.actions[:last])
        self.match = records.replay(record)
        self.match.names = self.names
        self.keep()

    def redo(self) -> bool:
        """Play again the moves last taken back; False when there are none."""
        if not self.undone:
            return False
        for action in self.undone.pop():
            self.match.apply(action)
        self.keep()
        return True

    # --- computer players
    def computer_move(self, seat: int, view: View, index: int,
                      log: logging.Logger | None = None) -> tuple[str, BotProblem | None]:
        """The move of the computer at `seat` (its own, or a person's stand-in) from that seat's
        `view` at action `index` of the match, and what went wrong (bots.play_safely: a failing
        bot's move is a random legal one; `log` gets its traceback). Safe to call in a thread."""
        assert self.match.seed is not None, "a table's match is dealt from its seed"
        return play_safely(self.bots[seat], view, bot_rng(self.match.seed, index, seat), log)

    def problem_words(self, seat: int, problem: BotProblem) -> str:
        """What went wrong with the computer at `seat`, in a sentence for people."""
        level = level_words(self.levels[seat])[0]
        if problem.error is None:
            return say("{seat}'s computer player ({level}) chose {move}, which is not a legal move; it played a "
                       "random legal move instead.", seat=self.names[seat], level=level, move=shown(problem.chose))
        return say("{seat}'s computer player ({level}) failed ({error}); it played a random legal move instead.",
                   seat=self.names[seat], level=level, error=problem.error)

    def hints(self, seat: int, view: View, index: int) -> list[dict]:
        """The hints for `seat` from its own `view` at action `index` (bots.hints.hint, best
        first): a hint knows what the seat knows. Asked again at the same action, the same hints.
        Safe to call in a thread."""
        # the search, imported when first asked for
        from parlor.bots import hints as bot_hints
        return bot_hints.hint(self.rules, view, level=HINT_LEVEL, rng=Rng(index * 31 + seat))
