"""Georgian Joker: four players, bids, two jokers, chapters and premiums (shared/rules/joker.md)."""

from .rules import JokerRules as RULES
from .text import JokerText as TEXT

__all__ = ["RULES", "TEXT"]
