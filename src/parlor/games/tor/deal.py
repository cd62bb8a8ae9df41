"""Shuffled Tőr deals whose stock is put in order only as far as it is drawn (rules §4.2).

A deal from the seed is a uniform random permutation c[0..51] of the deck, made by a
front-to-back Fisher-Yates shuffle (position i takes a card drawn uniformly from positions
i..51), its random indices taken several from one 64-bit draw of the deal's own SplitMix64 stream
(the generator of core/rng.py), batched and unbiased as Rng.shuffle takes them (Lemire's
method on a batch: the draw is kept only when its leftover is at least 2**64 mod the product of
the batch's bounds). Cards c[0..5n-1] are dealt, one at a time to the right, dealer last; the
rest is the pile, top first.

The shuffle runs lazily: positions are fixed batch by batch when first read, so a deal that ends
after a few draws (most random deals do) never orders the other thirty cards. The permutation is
a function of the deal's seed alone: the same cards come out whenever and however far it is
read, and reading the whole pile (a record, a test) gives the whole permutation.
"""

from collections.abc import Sequence


_MASK = (1 << 64) - 1
_LIMIT = 1 << 64
_BATCH_LIMIT = 1 << 60  # a batch's product below 2**60: a redraw is needed less than 1 time in 16


def _batches(n: int, first_sizes: tuple[int, ...] = ()) -> list[tuple[int, tuple[int, ...], int, int]]:
    """(first position, bounds n-i.., product, rejection threshold) for a front-to-back shuffle
    of n cards: batches of `first_sizes` bounds first, then as many bounds to one 64-bit draw as
    fit under _BATCH_LIMIT."""
    out, i = [], 0
    sizes = list(first_sizes)
    while i < n - 1:
        bounds: list[int] = []
        product, first = 1, i
        size = sizes.pop(0) if sizes else 0  # 0: as many as fit under _BATCH_LIMIT
        while i < n - 1 and (len(bounds) < size if size else product * (n - i) <= _BATCH_LIMIT):
            product *= n - i
            bounds.append(n - i)
            i += 1
        assert product <= _LIMIT
        out.append((first, tuple(bounds), product, _LIMIT % product))
    return out


# Two batches of 11 first: positions 0-21 are four hands, the turned-up card and the first stock
# card (a redraw is needed 1 time in 12, then 1 in 500); then batches under 2**60.
_BATCHES = _batches(52, (11, 11))
_NUM_BATCHES = len(_BATCHES)


_GAMMA = 0x9E3779B97F4A7C15
_DECK = list(range(52))


class ShuffledPile(Sequence):
    """The pile of a shuffled deal (a read-only sequence of card numbers, top first).
    `prefix` holds the pile cards fixed so far; `fix(i)` extends it to cover pile[i]."""

    __slots__ = ("prefix", "items", "_state", "_start", "_batch", "_fixed")

    def __init__(self, seed: int, dealt: int):
        # The deal's own stream: Rng's SplitMix64 from state `seed` (inlined: it is hot).
        self._state = seed & _MASK
        self.items = _DECK[:]  # c[0..51]; c[0.._fixed-1] are final
        self._start = dealt  # pile[i] is c[dealt + i]
        self._batch = self._fixed = 0
        self.prefix: list[int] = []
        self._extend(dealt + 1)  # the hands and the turned-up card

    def _extend(self, upto: int) -> None:
        """Fix c[0..upto-1] (at least)."""
        items, state, batch = self.items, self._state, self._batch
        while self._fixed < upto and batch < _NUM_BATCHES:
            i, bounds, product, threshold = _BATCHES[batch]
            while True:
                state = z = (state + _GAMMA) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if (x * product) & _MASK >= threshold:  # the draw's leftover: unbiased
                    break
            for b in bounds:
                x *= b
                j = i + (x >> 64)
                x &= _MASK
                items[i], items[j] = items[j], items[i]
                i += 1
            batch += 1
            self._fixed = i if batch < _NUM_BATCHES else 52
        self._state, self._batch = state, batch
        prefix = self.prefix
        prefix += items[self._start + len(prefix):self._fixed]

    def fix(self, i: int) -> None:
        """Make prefix cover pile[i]."""
        self._extend(self._start + i + 1)

    def __len__(self) -> int:
        return 52 - self._start

    def __getitem__(self, i):
        if isinstance(i, slice):
            self._extend(52)
            return self.prefix[i]
        if i < 0:
            i += 52 - self._start
        if not 0 <= i < 52 - self._start:
            raise IndexError("pile index out of range")
        if i >= len(self.prefix):
            self.fix(i)
        return self.prefix[i]

    def __eq__(self, other) -> bool:
        return list(self) == list(other) if isinstance(other, Sequence) else NotImplemented

    def __repr__(self) -> str:
        return f"ShuffledPile({list(self)})"
