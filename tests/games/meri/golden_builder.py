"""Builds the Meri golden records of tests/games/meri/golden/ (run: python golden_builder.py).

Each scenario fixes the tricks that matter (trick 1, sometimes trick 2, sometimes the automatic
trick 9) and lets `build` fill the other tricks in a way whose outcome is obvious by hand:

* nobody ever leads a trump in a filler trick, so no Meri, no follow duty (8.2 row 6);
* every trump not in a fixed trick or the pile is held by the *filler team* F; each filler trick
  holds at least one trump, all of team F: team F wins it, and it makes no combo (a combo needs
  an opposing trump, 10.2).

So the deal's points are: the fixed tricks, worked out by hand in each scenario's comment, plus
one trick for team F per filler trick. The `expected` reports below are written by hand from the
spec, never copied from the engine; the engine's own trump order is not used here either.
"""

import json
from pathlib import Path

SUITS = "PIKOG"
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "Ka", "Re", "Ro", "So", "Un", "Su")
DECK = [s + r for s in SUITS for r in RANKS]
OUT = Path(__file__).parent / "golden"


def trumps_of(t: str) -> list[str]:
    """Trumps strongest first, by spec 7.1 (written out again here, independent of the engine)."""
    nums = [t + n for n in ("987654321" if t in "PI" else "123456789")]
    order = [t + "Su", t + "Un", t + "So", "PRo"] + ([] if t == "P" else [t + "Ro"])
    return order + [t + "Re", t + "Ka"] + nums


def build(dealer, pile, declarer, fixed, filler_team, ninth=None, discard=None):
    """One deal and its actions. `fixed`: [(leader, [cards in play order])] for tricks 1..m;
    `ninth`: {seat: card} for the automatic trick 9, or None to fill it."""
    t = pile[0][0]
    trumps = trumps_of(t)
    robai = t + "Ro"
    taker = dealer if declarer is None else declarer
    played = {s: [] for s in range(8)}
    for leader, cards in fixed:
        for i, c in enumerate(cards):
            played[(leader + i) % 8].append(c)
    used = set(pile) | {c for cs in played.values() for c in cs} | set((ninth or {}).values())
    ind_played = pile[0] in played[taker] or (ninth or {}).get(taker) == pile[0]  # by the taker
    assert len(used) == (len(pile) + sum(len(c) for _, c in fixed) + len(ninth or {})
                         - ind_played), "a card twice"
    pool = [c for c in DECK if c not in used]
    if discard is None:
        discard = next(c for c in pool if c not in trumps)
    pool.remove(discard)
    pinned = {}  # trumps that must stay with one seat: the indicator, a declared Robai
    if not ind_played:
        pinned[pile[0]] = taker
    if declarer is not None and robai in pool:
        pinned[robai] = declarer
    team = [s for s in range(8) if s % 2 == filler_team]
    for c, s in pinned.items():
        assert s % 2 == filler_team, f"{c} stays with seat {s}, not of the filler team"
    pool_trumps = [c for c in pool if c in trumps]
    plains = [c for c in pool if c not in trumps]
    free = [c for c in pool_trumps if c not in pinned]  # given out as they are played
    pinned_left = {s: [c for c, p in pinned.items() if p == s] for s in team}
    first = len(fixed) + 1
    last = 8 if ninth else 9
    leader = _winner(fixed[-1][0], fixed[-1][1], trumps, t)
    actions_tricks = []
    for k in range(first, last + 1):
        remaining = len(free) + sum(len(v) for v in pinned_left.values())
        tricks_left = last - k + 1
        seats = [(leader + i) % 8 for i in range(8)]
        # Team F seats other than the leader play the trumps: a pinned trump as soon as its
        # seat can, free trumps as many as can be spared while one is kept for each later trick.
        quota = max(1, remaining - (tricks_left - 1))
        cards = []
        for i, s in enumerate(seats):
            c = None
            if i > 0 and s % 2 == filler_team:
                if pinned_left[s]:
                    c = pinned_left[s].pop()
                elif free and quota > 0:
                    c = free.pop(0)
            if c is None:
                c = plains.pop(0)
            else:
                quota -= 1
            cards.append(c)
        assert any(c in trumps for c in cards), f"filler trick {k} has no trump"
        assert all(c not in trumps or seats[i] % 2 == filler_team for i, c in enumerate(cards))
        for i, c in enumerate(cards):
            played[seats[i]].append(c)
        if k < 9:
            actions_tricks.append((leader, cards))
        leader = _winner(leader, cards, trumps, t)
    assert not plains and not free and not any(pinned_left.values()), "cards left over"
    if ninth:
        for s, c in ninth.items():
            played[s].append(c)
    hands = []
    for s in range(8):
        cards = list(played[s])
        if s == taker:
            cards.remove(pile[0])
            cards.append(discard)
        assert len(cards) == 9, (s, cards)
        hands.append(cards)
    actions = []
    for i in range(8):
        s = (dealer + 1 + i) % 8
        if s == declarer:
            actions.append("declare")
            break
        actions.append("pass")
    actions.append("discard " + discard)
    for _, cards in fixed + actions_tricks:
        actions += ["play " + c for c in cards]
    return {"dealer": dealer, "hands": hands, "pile": list(pile)}, actions


def _winner(leader, cards, trumps, t):
    """Who wins a trick of tricks 1-8 (only used to know who leads the next filler trick)."""
    seats = [(leader + i) % 8 for i in range(8)]
    tr = [(trumps.index(c), s) for c, s in zip(cards, seats) if c in trumps]
    if tr:
        return min(tr)[1]
    led = cards[0][0]
    order = _plain_order(led)
    return min((order.index(c), s) for c, s in zip(cards, seats) if c[0] == led)[1]


def _plain_order(s):
    courts = [s + r for r in ("Su", "Un", "Re", "Ka", "So")]
    nums = [s + n for n in ("987654321" if s in "PI" else "123456789")]
    if s == "P":
        return courts + nums
    if s == "I":
        return courts + nums[:-1] + ["IRo"] + nums[-1:]
    return courts + [s + "Ro"] + nums


def team_points(a, b):
    return [a, b] * 4


def write(name, deals, actions, points, seed=1):
    """A golden file; `points`: the hand-computed team points (A, B) of each deal."""
    n = len(deals)
    record = {"game": "meri", "options": {"num_deals": n}, "seed": seed, "deals": deals,
              "actions": actions}
    scores = [sum(p[s % 2] for p in points) for s in range(8)]
    a, b = scores[0], scores[1]
    expected = {
        "game": "meri", "finished": True, "deal": n, "to_act": None, "legal": [],
        "deal_results": [{"dealer": d["dealer"], "points": team_points(*p)} for d, p in zip(deals, points)],
        "scores": scores,
        "winners": [0, 2, 4, 6] if a > b else [1, 3, 5, 7] if b > a else [],
    }
    (OUT / f"{name}.json").write_text(json.dumps({"record": record, "expected": expected}, indent=1) + "\n")


def one(name, points, **kw):
    deal, actions = build(**kw)
    write(name, [deal], actions, [points])


def worked_example():
    """Section 16, completed into a whole deal by hand (tricks 1-3 and trick 9 are the spec's;
    tricks 4-8 are filled so that every play is legal):
    T1 (6 leads O3): GSu (2, A) over GUn (7, B) face down: Sun-Un +2 A.   A
    T2 (2 leads G7, Meri): GRo (6) wins; GRe opposing, but Meri: no combo. A
    T3 (6 leads I5, Monchi): Tenka (2) face down, the only trump.          A
    T4 (2 leads GSo, Meri: the last six trumps; 4 and 0 hold none): GSo.   A
    T5 (2 leads PSu): everybody follows Pao; PSu.                          A
    T6 (2 leads K1): everybody follows Koppu; KSu (3).                     B
    T7 (3 leads O6): everybody follows Ouru; OSu (2).                      A
    T8 (2 leads PUn): 4 and 7 follow with PSo, PRe; the others hold no Pao. A
    T9: I6 O4 K5 P3 O2 I8 P9 O7 (seats 1..7, 0): no trump, the dealer's O7 makes Ouru led,
        O2 is the highest Ouru (round suit): seat 5.                      B
    A 7 tricks + 2 = 9; B 2 - 2 = 0."""
    hands = [
        ["O5", "I2", "I3", "I1", "P1", "KRe", "ORo", "ISo", "O7"],
        ["G2", "G8", "I9", "G5", "PKa", "KRo", "OUn", "IRe", "I6"],
        ["GSu", "G7", "PRo", "GSo", "PSu", "K1", "OSu", "PUn", "O4"],
        ["O1", "GRe", "I4", "G6", "P4", "KSu", "O6", "KSo", "K5"],
        ["I7", "K2", "K8", "KUn", "P5", "K3", "O8", "PSo", "P3"],
        ["OSo", "G1", "IKa", "G9", "P6", "K4", "O9", "ISu", "O2"],
        ["O3", "GRo", "I5", "P7", "K7", "OKa", "IUn", "I8", "K9"],
        ["GUn", "G3", "IRo", "GKa", "P8", "KKa", "ORe", "PRe", "P9"],
    ]
    deal = {"dealer": 0, "hands": hands, "pile": ["G4", "K6", "P2"]}
    tricks = [
        "O3 GUn O5 G2 GSu O1 I7 OSo", "G7 GRe K2 G1 GRo G3 I2 G8", "I5 IRo I3 I9 PRo I4 K8 IKa",
        "GSo G6 KUn G9 G4 GKa I1 G5", "PSu P4 P5 P6 P7 P8 P1 PKa", "K1 KSu K3 K4 K7 KKa KRe KRo",
        "O6 O8 O9 OKa ORe ORo OUn OSu", "PUn KSo PSo ISu IUn PRe ISo IRe",
    ]
    head = ["pass"] * 5 + ["declare", "discard K9"]
    plays = [["play " + c for c in tr.split()] for tr in tricks]
    write("worked_example", [deal], head + sum(plays, []), [(9, 0)])
    # The same record stopped after trick 3: seat 2 (Tenka won trick 3) leads trick 4 with any
    # of its six cards; no deal is finished.
    record = {"game": "meri", "options": {"num_deals": 1}, "seed": 1, "deals": [deal],
              "actions": head + sum(plays[:3], [])}
    expected = {"game": "meri", "finished": False, "deal": 1, "to_act": 2,
                "legal": ["play GSo", "play K1", "play O4", "play OSu", "play PSu", "play PUn"],
                "deal_results": [], "scores": [0] * 8, "winners": []}
    (OUT / "worked_example_three_tricks.json").write_text(
        json.dumps({"record": record, "expected": expected}, indent=1) + "\n")


def main():
    worked_example()
    G = ["G4", "K6", "P2"]
    # Un-Sota: seat 7 (B) wins trick 1 with GUn face down, the strongest A trump is GSo: +2 B.
    # A: 8 filler tricks - 2 = 6; B: 1 + 2 = 3.
    one("combo_un_sota", (6, 3), dealer=0, pile=G, declarer=6, filler_team=0,
        fixed=[(6, ["O3", "GUn", "O5", "O1", "GSo", "O2", "I7", "OSo"])])
    # Sota-Robai with the declared Robai (2): the declarer (taker, seat 3) leads trick 1, so the
    # combo comes in trick 2. Trick 1: G5 (seat 5, B) alone wins. Trick 2 (seat 5 leads O1):
    # GSo (seat 6, A) beats the declared GRo (seat 3, B): +2 A. A 1 + 2 = 3; B 1 + 7 - 2 = 6.
    one("combo_sota_robai_declared", (3, 6), dealer=0, pile=G, declarer=3, filler_team=1,
        fixed=[(3, ["K1", "K2", "G5", "K3", "K4", "K5", "K7", "KKa"]),
               (5, ["O1", "GSo", "O2", "O3", "O4", "O5", "GRo", "O6"])])
    # Sota-Robai with a hidden Robai (5): seat 3 holds GRo and passes, nobody declares, the
    # dealer takes. GSo (seat 2, A) beats GRo (seat 3): +5 A. A 9 + 5 = 14; B -5.
    one("combo_sota_robai_hidden", (14, -5), dealer=0, pile=G, declarer=None, filler_team=0,
        fixed=[(0, ["O1", "O2", "GSo", "GRo", "O3", "O4", "O5", "O6"])])
    # Robai-Rei with a hidden Robai (5): GRo (seat 5, B, passed) beats GRe (seat 2, A): +5 B.
    # A 8 - 5 = 3; B 1 + 5 = 6.
    one("combo_robai_rei_hidden", (3, 6), dealer=0, pile=G, declarer=None, filler_team=0,
        fixed=[(0, ["K1", "K2", "GRe", "K3", "K4", "GRo", "K5", "K7"])])
    # Robai-Rei with the declared Robai (2): seat 6 declares and leads trick 1 (P1); PKa
    # (seat 5, B) is the highest Pao (plain Pao: Su Un Re Ka So 9..1). Trick 2 (seat 5 leads
    # O1): GRo (seat 6, A) beats GRe (seat 7, B): +2 A. A 1 + 7 + 2 = 10; B 1 - 2 = -1.
    one("combo_robai_rei_declared", (10, -1), dealer=0, pile=G, declarer=6, filler_team=0,
        fixed=[(6, ["P1", "P3", "P4", "P5", "P6", "P7", "P8", "PKa"]),
               (5, ["O1", "GRo", "GRe", "O2", "O3", "O4", "O5", "O6"])])
    # Round low pair: GRo lies in pile[1] (nobody can declare, 8 forced passes). G8 (seat 4, A)
    # beats G9 (seat 1, B): round trumps rank 8 above 9: +2 A. A 9 + 2 = 11; B -2.
    one("combo_low_pair_round", (11, -2), dealer=0, pile=["G4", "GRo", "P2"], declarer=None,
        filler_team=0, fixed=[(0, ["I1", "G9", "I2", "I3", "G8", "I4", "I5", "I6"])])
    # Long low pair, Isu trump: seat 2 declares IRo. I2 (seat 6, A) beats I1 (seat 3, B): +2 A.
    # A 9 + 2 = 11; B -2.
    one("combo_low_pair_long", (11, -2), dealer=0, pile=["I5", "K6", "P2"], declarer=2,
        filler_team=0, fixed=[(2, ["O1", "I1", "O2", "O3", "O4", "O5", "I2", "O6"])])
    # A combo in trick 9 is worth 5: trick 1 is all Pao, P9 (seat 3, B) wins; A wins tricks
    # 2-8; trick 9: GSu (seat 2, A) over GUn (seat 1, B): +5 A. A 8 + 5 = 13; B 1 - 5 = -4.
    one("combo_ninth_trick", (13, -4), dealer=0, pile=G, declarer=4, filler_team=0,
        fixed=[(4, ["P1", "P3", "P4", "P5", "P6", "P7", "P8", "P9"])],
        ninth={1: "GUn", 2: "GSu", 3: "K1", 4: "K2", 5: "K3", 6: "K4", 7: "K5", 0: "K7"})
    # Trick 9 and a hidden Robai do not stack: GRo (seat 3, B, passed) over GRe (seat 4, A) in
    # trick 9 is 5, not 10. Trick 1: P9 (seat 7, B). A 7 - 5 = 2; B 2 + 5 = 7.
    one("combo_ninth_hidden_no_stacking", (2, 7), dealer=0, pile=G, declarer=None, filler_team=0,
        fixed=[(0, ["P1", "P3", "P4", "P5", "P6", "P7", "P8", "P9"])],
        ninth={1: "O1", 2: "O2", 3: "GRo", 4: "GRe", 5: "O3", 6: "O4", 7: "O5", 0: "O6"})
    # Pao trump: Tenka is the trump Robai. Seat 1 holds PRo and passes (hidden). PSo (seat 4,
    # A) beats PRo (seat 1, B): Sota-Robai with the hidden Robai, +5 A. A 14; B -5.
    one("combo_pao_trump_tenka_robai", (14, -5), dealer=0, pile=["P5", "K6", "I2"], declarer=None,
        filler_team=0, fixed=[(0, ["O1", "PRo", "O2", "O3", "PSo", "O4", "O5", "O6"])])
    # The winner's partner's pair card does not count: GSu (seat 2) wins, its partner seat 6
    # plays GUn, the only opposing trump is G6: no combo. GRo is in pile[2]. A 9; B 0.
    one("no_combo_partner_pair", (9, 0), dealer=0, pile=["G4", "K6", "GRo"], declarer=None,
        filler_team=0, fixed=[(0, ["K1", "G6", "GSu", "K2", "K3", "K4", "GUn", "K5"])])
    # Tenka never stands in for the trump Robai (two deals). Deal 1: GSo (seat 2, A) beats
    # PRo (seat 7, B): not Sota-Robai. Deal 2 (dealer 1, seat 2 declares): PRo (seat 4, A)
    # beats GRe (seat 3, B): not Robai-Rei. A 9 and 9; B 0 and 0.
    d1, a1 = build(dealer=0, pile=G, declarer=6, filler_team=0,
                   fixed=[(6, ["O1", "PRo", "O2", "O3", "GSo", "O4", "O5", "O6"])])
    d2, a2 = build(dealer=1, pile=G, declarer=2, filler_team=0,
                   fixed=[(2, ["K1", "GRe", "PRo", "K2", "K3", "K4", "K5", "K7"])])
    write("no_combo_tenka", [d1, d2], a1 + a2, [(9, 0), (9, 0)])
    # The indicator is the trump Robai ORo: 8 forced passes, the dealer takes it, not hidden.
    # Trick 1 (seat 0 leads K9): K1 (seat 2) is the highest Koppu. Trick 2 (seat 2 leads P1):
    # ORo (seat 0, A) beats ORe (seat 3, B): Robai-Rei worth 2, not 5. A 9 + 2 = 11; B -2.
    one("indicator_robai_not_hidden", (11, -2), dealer=0, pile=["ORo", "K6", "P2"], declarer=None,
        filler_team=0, fixed=[(0, ["K9", "K2", "K1", "K3", "K4", "K5", "K7", "K8"]),
                              (2, ["P1", "ORe", "P3", "P4", "P5", "P6", "ORo", "P7"])])
    # Several combos in one deal: trick 1 Un-Sota +2 B (GUn seat 5 over GSo seat 6); trick 9
    # low pair G8 (seat 2, A) over G9 (seat 1, B) +5 A. A 8 + 5 - 2 = 11; B 1 + 2 - 5 = -2.
    one("several_combos", (11, -2), dealer=0, pile=G, declarer=4, filler_team=0,
        fixed=[(4, ["O1", "GUn", "GSo", "O2", "O3", "O4", "O5", "O6"])],
        ninth={1: "G9", 2: "G8", 3: "K1", 4: "K2", 5: "K3", 6: "K4", 7: "K5", 0: "K7"})
    # A draw: A takes all of deal 1 (G5 face down wins trick 1, then every filler trick), B all
    # of deal 2 (Koppu trump, seat 3 declares KRo, K5 wins trick 1): 9 - 9, winners [].
    d1, a1 = build(dealer=0, pile=G, declarer=6, filler_team=0,
                   fixed=[(6, ["O1", "O2", "O3", "O4", "G5", "O5", "O6", "O7"])])
    d2, a2 = build(dealer=1, pile=["K4", "G6", "P2"], declarer=3, filler_team=1,
                   fixed=[(3, ["O1", "O2", "K5", "O3", "O4", "O5", "O6", "O7"])])
    write("draw", [d1, d2], a1 + a2, [(9, 0), (0, 9)])


if __name__ == "__main__":
    main()
