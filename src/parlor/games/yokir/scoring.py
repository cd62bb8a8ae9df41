"""Yokir hand and match scoring (rules 9 and 10)."""


def hand_points(caller: int, caller_tricks: int) -> list[int]:
    """Points each seat gains: the caller alone against the other two."""
    points = [0, 0, 0]
    if caller_tricks <= 2:
        for s in range(3):
            if s != caller:
                points[s] = 1
    elif caller_tricks <= 4:
        points[caller] = 1
    else:
        points[caller] = 2
    return points


def match_winner(scores: list[int], target: int) -> int | None:
    """The seat alone at the top with at least the target, else None (play goes on)."""
    top = max(scores)
    if top >= target and scores.count(top) == 1:
        return scores.index(top)
    return None
