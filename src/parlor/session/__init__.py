"""What every front end (the line mode in cli/, the terminal in tui/, the web server in web/)
shares about a table: the seats' names, the levels, a typed or clicked move read as meant, fresh
seeds, the rules text. It imports none of the front ends.

- seats.py: the seats' names, the levels a person picks and the stand-in's.
- moves.py: a typed or clicked move read as the legal move it names, or why it names none.
- table.py: fresh seeds, the deal results a person has seen.
- rules_text.py: each game's rules as Markdown.
"""

from .moves import match_input, why_not
from .rules_text import rules_text
from .seats import (
    NAMES,
    STRONGEST_FIRST,
    YOU,
    default_level,
    levels,
    person_seat,
    seat_names,
    standin_level,
)
from .table import fresh_seed, results_seen

__all__ = [
    "NAMES",
    "STRONGEST_FIRST",
    "YOU",
    "default_level",
    "fresh_seed",
    "levels",
    "match_input",
    "person_seat",
    "results_seen",
    "rules_text",
    "seat_names",
    "standin_level",
    "why_not",
]
