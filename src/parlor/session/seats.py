"""Who sits at a table: each seat's player (a person or a computer at a level), the seats' names,
and the levels a person may choose from."""

from dataclasses import dataclass

from parlor.bots import bot_names

NAMES = ["Ana", "Ben", "Cai", "Dan", "Eva", "Fil", "Gus", "Hal"]
YOU = "You"  # the terminal's name for the person; a record saved in the terminal keeps it
PERSON, COMPUTER = "person", "computer"
STRONGEST_FIRST = ("expert", "strong", "casual", "beginner")


@dataclass
class Player:
    """Who plays a seat: a person or a computer. `level` is the computer's; at a person's seat it
    is the stand-in's, the computer that holds the seat while the person is away (the web)."""
    kind: str  # PERSON or COMPUTER
    level: str


def against_computers(seats: int, person: int, levels: list[str]) -> list[Player]:
    """A person at seat `person`, computers at the others: `levels` are by seat, repeated around
    the table (the person's entry is their stand-in's)."""
    return [Player(PERSON if s == person else COMPUTER, levels[s % len(levels)]) for s in range(seats)]


def seat_names(seats: int, human: int, names: list[str] | None = None) -> list[str]:
    """The names at a terminal table with the person at seat `human`: a record's own names are
    kept, except that "You" moves to the person's seat (its old seat gets a computer's name)."""
    if not names:
        return [YOU if s == human else NAMES[s % len(NAMES)] for s in range(seats)]
    return [YOU if s == human else (NAMES[s % len(NAMES)] if n == YOU else n) for s, n in enumerate(names)]


def person_seat(names: list[str] | None, otherwise: int) -> int:
    """The seat a record saved in the terminal gave the person ("You"), or `otherwise` when its
    names give none: the person sits where they sat."""
    if names and names.count(YOU) == 1:
        return names.index(YOU)
    return otherwise


def levels() -> list[str]:
    """The computer players one can choose: the levels from beginner up, then the other bots."""
    names = bot_names()
    ladder = [n for n in reversed(STRONGEST_FIRST) if n in names]
    return ladder + [n for n in names if n not in STRONGEST_FIRST]


def default_level() -> str:
    """The level a new table offers for every computer."""
    return _first_bot(("casual", "beginner", "strong", "expert"))


def standin_level() -> str:
    """The computer that holds an absent person's seat: a middling level where there is one."""
    return _first_bot(("casual", "beginner", "rules", "random"))


def _first_bot(preferred: tuple[str, ...]) -> str:
    """The first of `preferred` this installation has, else its first bot."""
    names = bot_names()
    return next((name for name in preferred if name in names), names[0])
