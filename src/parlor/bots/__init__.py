"""Computer players. A bot decides from its own seat's view (which lists its legal actions) and
an rng it is given; it never sees the true state."""

from .base import Bot, bot_names, bots_by_seat, make_bot, play_safely

__all__ = ["Bot", "make_bot", "bot_names", "bots_by_seat", "play_safely"]
