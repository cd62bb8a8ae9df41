"""The spectator's view: what every seat sees alike, less what each game declares private."""

from parlor.core.registry import make_rules
from parlor.core.spectator import meet, public_view


def test_the_public_view_keeps_only_what_every_seat_sees():
    """A private key (here Meri's Sun exception) is dropped even when every seat's value agrees:
    that no seat has the exception is no spectator's business."""
    views = [{"seat": 0, "hand": ["1A"], "legal": ["pass"], "discard": "3A", "upcard": "6M",
              "trick": [[1, "??"], [2, "4T"]], "bids": [[0, "pass"]], "note": "discard 3A",
              "sun_exception": False},
             {"seat": 1, "hand": ["2A"], "legal": [], "discard": None, "upcard": "6M",
              "trick": [[1, "5L"], [2, "4T"]], "bids": [[0, "pass"]], "note": "discard ??",
              "sun_exception": False}]
    pub = public_view(make_rules("meri"), views)
    assert pub == {"seat": None, "hand": [], "legal": [], "discard": None, "upcard": "6M",
                   "trick": [[1, "??"], [2, "4T"]], "bids": [[0, "pass"]], "note": "discard ??",
                   "sun_exception": None}
    assert meet(["play 1A", "play 1A"]) == "play 1A" and meet([[1], [1, 2]]) is None
