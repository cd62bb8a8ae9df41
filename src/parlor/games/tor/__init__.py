"""Tőr: Hungarian knock rummy after Tonk, 2 to 8 players (rules: shared/rules/tor.md)."""

from .rules import TorRules as RULES
from .text import TorText as TEXT

__all__ = ["RULES", "TEXT"]
