"""Hachinin Meri: eight-player Unsun karuta in two teams (rules: shared/rules/meri.md)."""

from .rules import MeriRules as RULES
from .text import MeriText as TEXT

__all__ = ["RULES", "TEXT"]
