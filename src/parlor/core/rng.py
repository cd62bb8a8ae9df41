"""parlor's own seeded generator and shuffle.

Python's `random` may change its algorithms between versions; a record must deal the same cards
on every machine and Python, so deals come from this SplitMix64 generator (Steele, Lea and
Flood 2014; the seeding generator of xoshiro) and this Fisher-Yates shuffle, forever.
"""

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_LIMIT = 1 << 64


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


_PLANS: dict[int, list] = {}


def _plan(n: int) -> list:
    """Fisher-Yates bounds n, n-1, ..., 2 cut into batches whose product fits in 64 bits."""
    plan, bound = [], n
    while bound > 1:
        bounds, product = [], 1
        while bound > 1 and product * bound <= _LIMIT:
            product *= bound
            bounds.append(bound)
            bound -= 1
        plan.append((tuple(bounds), product, _LIMIT % product))
    _PLANS[n] = plan
    return plan


class Rng:
    """A small, copyable, reproducible generator. Seed with any integer (negative ones too)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an integer")
        z = seed * 2 if seed >= 0 else -seed * 2 - 1  # zigzag: every integer its own state
        state = _mix(z & _MASK)
        z >>= 64
        while z:
            state = _mix(((state + _GAMMA) & _MASK) ^ (z & _MASK))
            z >>= 64
        self.state = state

    def next_u64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (Lemire's method, without bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        m = self.next_u64() * n
        low = m & _MASK
        if low < n:
            threshold = (1 << 64) % n  # 2**64 mod n: C's unsigned (-n) % n; Python's (-n) % n is 0
            while low < threshold:
                m = self.next_u64() * n
                low = m & _MASK
        return m >> 64

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place, from the last position down. The swap indices come several
        from one 64-bit draw, without bias (Brackett-Rozinsky and Lemire, "Batched ranged
        random integer generation", 2024): a deal costs a few draws, not one per card."""
        n = len(items)
        plan = _PLANS.get(n) or _plan(n)
        for bounds, product, threshold in plan:
            while True:
                x = self.next_u64()
                picks = []
                for b in bounds:
                    x *= b
                    picks.append(x >> 64)
                    x &= _MASK
                if x >= product or x >= threshold:
                    break
            for b, j in zip(bounds, picks):
                b -= 1
                items[b], items[j] = items[j], items[b]

    def shuffled(self, items) -> list:
        out = list(items)
        self.shuffle(out)
        return out

    def fork(self) -> "Rng":
        """An independent generator seeded from this one (advances this one by one step)."""
        return Rng(self.next_u64())

    def copy(self) -> "Rng":
        other = Rng.__new__(Rng)
        other.state = self.state
        return other
