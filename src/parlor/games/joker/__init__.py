"""Georgian Joker: four players, bids, two jokers, chapters and premiums (shared/rules/joker.md)."""

from .rules import JokerRules as RULES

__all__ = ["RULES"]
