"""Computer players. A bot decides from its own seat's view (which lists its legal actions) and
an rng it is given; it never sees the true state."""

from .base import Bot, make_bot, bot_names, play_safely

__all__ = ["Bot", "make_bot", "bot_names", "play_safely"]
