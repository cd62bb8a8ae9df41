"""Drawing hidden cards for a seat: what the public play tells about the hands, and placing the
unknown cards into slots (other hands, a hidden pile, a face-down discard) so that every card goes
where the seat's knowledge allows.

Used by every game's sampler (games/<id>/worlds.py); a bot that imagines the hidden cards must
never imagine a card where it cannot be (a seat shown out of a suit) nor rule out where it can be.
"""

from collections.abc import Sequence

from .rng import Rng


def follow_suit(tricks: list[list[tuple[int, int]]], seats: int,
                suit: Sequence[int] | None = None) -> tuple[list[list[int]], list[int]]:
    """What a deal's tricks (each a list of (seat, card) in play order, the trick in play last)
    tell about the hands: the cards each seat has played, in order, and the suits each seat has
    shown out of (bit s: it did not follow when suit s was led; `suit[c]` is the suit card c
    counts as, under trump). Without `suit`, no voids: the game's own rules say what its
    play reveals."""
    played: list[list[int]] = [[] for _ in range(seats)]
    void = [0] * seats
    for trick in tricks:
        for p, c in trick:
            played[p].append(c)
        if suit is None or not trick:
            continue
        led = suit[trick[0][1]]
        for p, c in trick[1:]:
            if suit[c] != led:
                void[p] |= 1 << led
    return played, void


def place_cards(cards: list[int], sizes: list[int], allowed: list[int], rng: Rng) -> list[list[int]]:
    """Split `cards` into len(sizes) slots of the given sizes; slot i takes only cards whose bit
    is set in allowed[i]. Uniform when nothing is constrained; otherwise a random consistent
    placement (rejection first, then a randomized greedy that keeps a completion possible).
    Raises ValueError when no placement exists (the view was inconsistent)."""
    n = len(cards)
    if sum(sizes) != n:
        raise ValueError(f"{n} cards for {sum(sizes)} places")
    full = all(all(allowed[i] >> c & 1 for c in cards) for i in range(len(sizes)) if sizes[i])
    for _ in range(1 if full else 20):
        order = rng.shuffled(cards)
        out, k, ok = [], 0, True
        for i, size in enumerate(sizes):
            part = order[k:k + size]
            k += size
            if not full and any(not allowed[i] >> c & 1 for c in part):
                ok = False
                break
            out.append(part)
        if ok:
            return out
    # Constrained and unlucky: place cards one at a time, most constrained first, each into a
    # random slot that still leaves a complete placement possible.
    left = list(sizes)
    out = [[] for _ in sizes]
    pending = rng.shuffled(cards)
    pending.sort(key=lambda c: sum(1 for i in range(len(sizes)) if allowed[i] >> c & 1))
    for idx, c in enumerate(pending):
        options = [i for i in range(len(sizes)) if left[i] and allowed[i] >> c & 1]
        rng.shuffle(options)
        for i in options:
            left[i] -= 1
            if _feasible(pending[idx + 1:], left, allowed):
                out[i].append(c)
                break
            left[i] += 1
        else:
            raise ValueError("no placement of the hidden cards fits what this seat knows")
    return out


def _feasible(cards: list[int], left: list[int], allowed: list[int]) -> bool:
    """Can `cards` fill the slots' remaining room? Bipartite matching (augmenting paths)."""
    owner: list[list[int]] = [[] for _ in left]

    def augment(c: int, seen: set) -> bool:
        for i in range(len(left)):
            if i in seen or not allowed[i] >> c & 1 or not left[i]:
                continue
            seen.add(i)
            if len(owner[i]) < left[i]:
                owner[i].append(c)
                return True
            for j, other in enumerate(owner[i]):
                if augment(other, seen):
                    owner[i][j] = c
                    return True
        return False

    return all(augment(c, set()) for c in cards)
