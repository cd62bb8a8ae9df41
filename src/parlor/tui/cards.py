"""How a card looks on the terminal table: its code, a suit symbol, a suit colour.

The colour is never the only cue: the code keeps its suit letter, and a symbol stands beside it.
Games the table knows get their own suit symbols and printed colours; any other game's cards are
drawn from their codes alone, so a new game works without edits here.
"""

from dataclasses import dataclass

_FRENCH = {"C": ("♣", "black"), "D": ("♦", "red"), "H": ("♥", "red"), "S": ("♠", "black")}

# game id -> (where the suit letter is: "first" or "last", suit letter -> (symbol, colour))
_SUITS: dict[str, tuple[str, dict[str, tuple[str, str]]]] = {
    # Yokir's printed colours (rules 2): Architecture and Art & Music black, the others red.
    "yokir": ("last", {"A": ("⌂", "black"), "L": ("♛", "red"), "M": ("♪", "black"),
                       "T": ("∴", "red")}),
    "tor": ("last", _FRENCH),
    "joker": ("last", _FRENCH),
    # Unsun suits: batons, swords, cups, coins, tomoe.
    "meri": ("first", {"P": ("‖", "dark_green"), "I": ("†", "blue"), "K": ("∪", "red"),
                       "O": ("◎", "dark_orange3"), "G": ("@", "purple")}),
}
_JOKERS = {"X1", "X2"}

ROLE_SHORT = {"oracle": "ORCL", "sage": "SAGE", "trump": "TRMP", "tenka": "TNKA", "joker": "JOKR",
              "plain": "WEAK"}


@dataclass(frozen=True)
class Face:
    code: str
    symbol: str  # one column wide, or ""
    colour: str  # a Rich colour name for the card's ink


def face(game: str, code: str) -> Face:
    if code in _JOKERS and game == "joker":
        return Face(code, "★", "magenta")
    where, suits = _SUITS.get(game, ("last", {}))
    letter = code[:1] if where == "first" else code[-1:]
    symbol, colour = suits.get(letter, ("", "black"))
    return Face(code, symbol, colour)


def role_short(role: str | None) -> str:
    """Four columns that name a card's role under the trump ("Sage of A" -> SAGE)."""
    if not role:
        return ""
    words = [w.strip(",.;:()") for w in role.split()]
    key = words[0].lower()
    if key == "trump" and len(words) > 1:  # "trump Robai" -> ROBA
        return words[1][:4].upper()
    return ROLE_SHORT.get(key, words[0][:4].upper())
