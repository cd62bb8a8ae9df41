"""The game-agnostic kernel: imports nothing from games, bots or front ends."""
