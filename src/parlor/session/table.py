"""One table's session, under every front end (the line mode, the terminal, the web server): the
match, who plays each seat, one computer player per seat under one seeding rule, whose turn it is
and why a move is refused, and hints for a person. A front end keeps only what is its own:
reading keys, drawing, sockets.
"""

import logging
import secrets
from collections.abc import Sequence

from parlor import records
from parlor.bots import Bot, make_bot, play_safely
from parlor.core.match import Match
from parlor.core.registry import text_of
from parlor.core.rng import Rng
from parlor.core.rules import name_seats
from parlor.core.view import View
from parlor.core.words import say

from .moves import why_not
from .seats import PERSON, Player

HINT_LEVEL = "strong"


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

    def why_illegal(self, seat: int, action: str) -> str | None:
        """The rules' reason `action` is illegal now, told to `seat` ("you do not hold 7D");
        None when it is legal."""
        reason = self.rules.why_illegal(self.match.state, action)
        return None if reason is None else name_seats(reason, self.names, seat)

    def why_refused(self, seat: int, text: str) -> str | None:
        """Why `text`, typed or clicked by `seat`, makes no legal move, read as the move it was
        meant to be (moves.why_not) and told to `seat`; None when it names no move at all."""
        reason = why_not(self.rules, self.match.state, self.match.legal(), text)
        return None if reason is None else name_seats(reason, self.names, seat)

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

    def redo(self) -> bool:
        """Play again the moves last taken back; False when there are none."""
        if not self.undone:
            return False
        for action in self.undone.pop():
            self.match.apply(action)
        return True

    # --- computer players
    def computer_move(self, seat: int, view: View, index: int,
                      log: logging.Logger | None = None) -> tuple[str, str | None]:
        """The move of the computer at `seat` (its own, or a person's stand-in) from that seat's
        `view` at action `index` of the match, and what went wrong (bots.play_safely: a failing
        bot's move is a random legal one; `log` gets its traceback). Safe to call in a thread."""
        assert self.match.seed is not None, "a table's match is dealt from its seed"
        return play_safely(self.bots[seat], view, bot_rng(self.match.seed, index, seat), log)

    def hints(self, seat: int, view: View, index: int) -> list[dict]:
        """The hints for `seat` from its own `view` at action `index` (bots.hints.hint, best
        first): a hint knows what the seat knows. Asked again at the same action, the same hints.
        Safe to call in a thread."""
        # the search, imported when first asked for
        from parlor.bots import hints as bot_hints
        return bot_hints.hint(self.rules, view, level=HINT_LEVEL, rng=Rng(index * 31 + seat))
