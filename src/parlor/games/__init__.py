"""One package per game; each defines RULES (its Rules class). Games import parlor.core only."""
