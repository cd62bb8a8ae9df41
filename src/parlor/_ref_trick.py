# A verbatim copy of shared/bench/ref_trick.py (the speed yardstick), so that `parlor bench`
# measures it in the same run as the engines. Do not edit; copy it again if the original changes.
"""The speed yardstick: a bare pure-Python trick game, measured beside parlor's engines.

4 players, 36 cards (4 suits x 9 ranks), 9 cards each, 9 tricks, follow suit if able,
a random trump, highest trump else highest card of the led suit wins, winner leads.
Uniform random play, hands as lists of ints. No rules engine could be simpler, so its
speed is close to the limit of pure Python for a Joker-sized deal.

Usage: ref_trick.py [SECONDS]   prints deals/s and card plays/s (median of 5 runs).
Machines are noisy: run it right before or after `parlor bench` and compare ratios.
"""
import random
import statistics
import sys
import time

SUITS, RANKS, PLAYERS, TRICKS = 4, 9, 4, 9
CARDS = SUITS * RANKS


def play_deals(n, rng):
    deck0 = list(range(CARDS))
    choice = rng.choice
    for _ in range(n):
        deck = deck0[:]
        rng.shuffle(deck)
        hands = [deck[i * TRICKS:(i + 1) * TRICKS] for i in range(PLAYERS)]
        trump = rng.randrange(SUITS)
        leader = 0
        for _ in range(TRICKS):
            card = choice(hands[leader])
            hands[leader].remove(card)
            led = card // RANKS
            best, winner = card, leader
            for k in range(1, PLAYERS):
                seat = (leader + k) % PLAYERS
                hand = hands[seat]
                card = choice([c for c in hand if c // RANKS == led] or hand)
                hand.remove(card)
                if card // RANKS == best // RANKS:
                    if card > best:
                        best, winner = card, seat
                elif card // RANKS == trump:
                    best, winner = card, seat
            leader = winner


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    rng = random.Random(12345)
    rates = []
    for _ in range(5):
        n, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            play_deals(200, rng)
            n += 200
        rates.append(n / (time.perf_counter() - start))
    deals = statistics.median(rates)
    print(f"ref_trick: {deals:,.0f} deals/s, {deals * CARDS:,.0f} card plays/s (median of 5)")


if __name__ == "__main__":
    main()
