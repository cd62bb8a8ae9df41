"""Yokir: three-hand Euchre variant with Oracle and Sage (rules: shared/rules/yokir.md)."""

from .rules import YokirRules as RULES
from .text import YokirText as TEXT

__all__ = ["RULES", "TEXT"]
