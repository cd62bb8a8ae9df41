"""Card codes and decks shared by all games: codes at the edges, small integers inside."""

from collections import Counter
from collections.abc import Iterable, Sequence

from .errors import BadRecord, shown


class Deck:
    """A game's deck: card `i` has code `codes[i]`. Codes are the game's own (its rules file)."""

    def __init__(self, codes: Sequence[str]):
        self.codes: tuple[str, ...] = tuple(codes)
        self.index: dict[str, int] = {c: i for i, c in enumerate(self.codes)}
        if len(self.index) != len(self.codes):
            raise ValueError("duplicate card code in deck")
        self.size = len(self.codes)

    def __len__(self) -> int:
        return self.size

    def card(self, code: str) -> int | None:
        """The card's number, or None when the code names no card of this deck."""
        return self.index.get(code)

    def names(self, cards: Iterable[int]) -> list[str]:
        return [self.codes[c] for c in cards]

    def parse_cards(self, codes, where: str) -> list[int]:
        """Cards of an explicit deal; a code that is no card of this deck is a malformed record."""
        if not isinstance(codes, list):
            raise BadRecord(f"{where} must be a list of card codes")
        out = []
        for code in codes:
            card = self.index.get(code) if isinstance(code, str) else None
            if card is None:
                raise BadRecord(f"{where}: {shown(code)} is not a card code of this game")
            out.append(card)
        return out

    def check_complete(self, cards: Iterable[int], where: str) -> None:
        """Every card of the deck exactly once, or a reason naming a doubled or missing card."""
        counts = Counter(cards)
        for c, n in sorted(counts.items()):
            if n > 1:
                raise BadRecord(f"{where}: card {self.codes[c]} appears {n} times")
        for c in range(self.size):
            if c not in counts:
                raise BadRecord(f"{where}: card {self.codes[c]} is missing")


def cards_of(mask: int) -> list[int]:
    """The cards of a hand kept as a bitmask (bit c: card c), lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
