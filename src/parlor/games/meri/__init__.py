"""Hachinin Meri: eight-player Unsun karuta in two teams (rules: shared/rules/meri.md)."""

from .rules import MeriRules as RULES

__all__ = ["RULES"]
