"""Match structure (rules §4) and table options (rules §12).

A match is a list of chapters, each a list of deal tokens. Every deal number maps to a DealPlan:
its token, kind, cards per seat, chapter and place in the chapter.
"""

from dataclasses import dataclass

from parlor.core.options import Option, choice_option

# Deal kinds (internal codes).
TURNED, NINE, NT, DARK, GOLD, MISERE = range(6)
KIND_OF = {**{str(k): TURNED for k in range(1, 9)}, "9": NINE, "nt": NT, "dark": DARK,
           "gold": GOLD, "misere": MISERE}

_UP = [str(k) for k in range(1, 9)]
_NINES = ["9"] * 4
LENGTHS = {
    "classic24": [_UP, _NINES, _UP[::-1], _NINES],
    "short12": [_UP, _NINES],
    "full40": [_UP, _NINES, _UP[::-1], _NINES, ["gold"] * 4, ["nt"] * 4, ["dark"] * 4, ["misere"] * 4],
}


def _schedule_ok(value) -> bool:
    return (isinstance(value, list) and len(value) > 0
            and all(isinstance(ch, list) and len(ch) > 0
                    and all(isinstance(t, str) and t in KIND_OF for t in ch) for ch in value))


OPTIONS = (
    choice_option("length", ("classic24", "short12", "full40"), "classic24",
                  "match structure: Classic 24, Short 12 or Full 40 deals"),
    choice_option("shtanga", (-100, -200, "per_card"), -200,
                  "penalty for bidding at least 1 and taking no trick"),
    choice_option("premium", ("double", "cross_out"), "double",
                  "chapter premium: best deal doubled, or the failers' best struck out"),
    choice_option("first_dealer", (0, 1, 2, 3, "random"), 0,
                  "dealer of deal 1; \"random\" draws it from the seed"),
    Option("schedule", None,
           'a non-empty list of non-empty chapters of deal tokens ("1".."9", "nt", "dark", '
           '"gold", "misere")', _schedule_ok,
           "custom match structure; replaces length"),
)


@dataclass(frozen=True)
class DealPlan:
    number: int  # 1-based
    token: str
    kind: int
    n: int  # cards per seat = tricks
    chapter: int  # 0-based
    first: int  # number of the chapter's first deal
    last: int  # number of the chapter's last deal
    premium: bool  # the chapter has a premium (no gold or misere deal in it)


def plan(options: dict) -> list[DealPlan]:
    chapters = options.get("schedule") or LENGTHS[options["length"]]
    out = []
    number = 1
    for ci, chapter in enumerate(chapters):
        first, last = number, number + len(chapter) - 1
        premium = not any(KIND_OF[t] in (GOLD, MISERE) for t in chapter)
        for token in chapter:
            kind = KIND_OF[token]
            n = int(token) if kind == TURNED else 9
            out.append(DealPlan(number, token, kind, n, ci, first, last, premium))
            number += 1
    return out
