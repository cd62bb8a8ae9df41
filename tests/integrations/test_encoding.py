"""The tensor layout comes from the view's declared kinds alone (core/view.py), not from play."""

from typing import ClassVar

import numpy as np

from parlor.core.cards import Deck
from parlor.core.view import Cards, Int, ListOf, Optional, PerSeat, Seat, Text, Tuple, Word
from parlor.integrations.encoding import Layout


class TinyRules:
    """Just what a layout reads of a game: two seats, three cards, the view's game keys."""
    seats = 2
    deck = Deck(["A", "B", "C"])
    num_actions = 2
    view_schema: ClassVar[dict] = {
        "pile": Cards(ordered=True),
        "bids": PerSeat(Optional(Int())),
        "said": ListOf(Tuple(Seat(), Word(("bid", "pass")))),
        "note": Text(),
    }


def test_each_declared_kind_gives_its_pieces_and_fills_them():
    layout = Layout(TinyRules, ["pass", "play <card>"])
    extra = {name: shape for name, shape in layout.pieces if "." in name}
    assert extra == {"bids.numbers": (2,), "pile.cards": (3, 3), "pile.order": (3, 3),
                     "said.tokens": (3, 3)}  # free text has no piece
    assert layout.vocab["said"] == {"bid": 0, "pass": 1, "<other>": 2}
    view = {"seat": 0, "dealer": 1, "to_act": None, "deal": 1, "scores": [0, 0], "hand": ["B"],
            "hand_sizes": [1, 0], "trick": [], "legal": [],
            "pile": ["C", "A"], "bids": [None, 3], "said": [[1, "bid"], [0, "pass"]], "note": "hi"}
    got = layout.views(layout.encode(view))
    assert got["bids.numbers"].tolist() == [-1, 3]
    assert got["pile.cards"][2].tolist() == [1, 0, 1] and not got["pile.cards"][:2].any()  # no owner
    assert got["pile.order"][2].tolist() == [2, 0, 1]  # C first, then A
    assert got["said.tokens"].tolist() == [[0, 1, 0], [1, 0, 0], [0, 0, 0]]  # owned by the seat named
    assert np.array_equal(got["hand"], [0, 1, 0])
