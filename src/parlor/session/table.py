"""A table's match, as every front end starts and shows it."""

import secrets

from parlor.core.match import Match


def fresh_seed() -> int:
    """The seed of a match nobody chose one for. 63 bits: at a web table the seed is secret until
    the match ends (it fixes every hidden card), so it must not be found by trying them all."""
    return secrets.randbelow(2**63)


def results_seen(match: Match) -> int:
    """How many of a match's deal results the person has seen: those of a match already under
    way (a loaded one); a deal that ended as it was dealt, before any move, has not been seen."""
    return len(match.results) if match.actions else 0
