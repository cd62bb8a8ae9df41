"""The table-session layer under every front end: who sits at a table and who plays each seat,
the computer players and their seeding, whose turn it is and why a move is refused, hints, the
rules text. The line mode (cli/), the terminal (tui/) and the web server (web/) compose it; it
imports none of them.

- seats.py: players, names, the levels a person picks and the stand-in's.
- moves.py: a typed or clicked move read as the legal move it names, or why it names none.
- table.py: TableSession, the one seeding rule of computer players, fresh seeds.
- rules_text.py: each game's how-to-play page and full rules, as Markdown.
"""

from .moves import match_input, why_not
from .rules_text import cards_named, howto_text, rules_text
from .seats import (
    COMPUTER,
    NAMES,
    PERSON,
    YOU,
    Player,
    against_computers,
    default_level,
    levels,
    person_seat,
    seat_names,
    standin_level,
)
from .table import TableSession, bot_rng, fresh_seed, results_seen

__all__ = [
    "COMPUTER",
    "NAMES",
    "PERSON",
    "YOU",
    "Player",
    "TableSession",
    "against_computers",
    "bot_rng",
    "cards_named",
    "default_level",
    "fresh_seed",
    "howto_text",
    "levels",
    "match_input",
    "person_seat",
    "results_seen",
    "rules_text",
    "seat_names",
    "standin_level",
    "why_not",
]
