"""How a card looks on the terminal table: its code, its suit sign and colour from the game's
faces (its text module, core/text.py), and a short name for its role.

The colour is never the only cue: the code keeps its suit letter, and a sign stands beside it.
"""

from parlor.core.registry import faces_of
from parlor.core.text import Face, Role

# A role's id -> four columns under the card. Another game's role: its id's first four letters.
ROLE_SHORT = {"oracle": "ORCL", "sage": "SAGE", "trump": "TRMP", "tenka": "TNKA", "joker": "JOKR",
              "robai": "ROBA", "sun": "SUN", "weak": "WEAK"}


def face(game: str, code: str) -> Face:
    """How card `code` of `game` is drawn: its sign and ink."""
    return faces_of(game)[code]


def role_short(role: Role | None) -> str:
    """Four columns that name a card's role under the trump (by its id: "sage" -> SAGE)."""
    if role is None:
        return ""
    return ROLE_SHORT.get(role.id, role.id[:4].upper())
