"""Hachinin Meri scoring: trick combos and their values, deal points and match results
(rules: shared/rules/meri.md, sections 10 and 11). Pure functions, table-tested on their own."""

from .cards import COMBOS, KEY, TRUMP

TEAM_NAMES = "AB"

Combo = tuple[str, int, int, int]  # (name, W, O, value): the combo's name, its two cards, its points


def trick_combo(trump: int, trick: list[int], seats: list[int], winner: int, ninth: bool,
                hidden: bool) -> Combo | None:
    """The combo a trick makes, or None (10.2, 10.3). `trick` holds the cards, `seats` who played
    each; `winner` is the winning seat. The caller says whether the trick is eligible: this
    function is for tricks 1-8 with a plain lead, or trick 9 (`ninth`).
    Returns (name, W, O, value)."""
    key = KEY[trump][TRUMP]
    team = winner & 1
    w = o = -1
    ok = 0
    for c, s in zip(trick, seats):
        k = key[c]
        if not k:
            continue
        if s == winner:
            w = c
        elif s & 1 != team and k > ok:
            o, ok = c, k
    if w < 0 or o < 0:
        return None
    found = COMBOS[trump].get((w, o))
    if found is None:
        return None
    name, robai = found
    value = 5 if ninth or (robai and hidden) else 2
    return name, w, o, value


def deal_points(tricks_won: list[int], combo_points: list[int]) -> list[int]:
    """Team points for the deal: tricks plus combo values won minus combo values lost."""
    return [tricks_won[0] + combo_points[0], tricks_won[1] + combo_points[1]]


def seat_points(team_points: list[int]) -> list[int]:
    """Each seat shows its team's figure (team of seat s = s mod 2)."""
    return [team_points[s & 1] for s in range(8)]


def match_winners(scores: list[int]) -> list[int]:
    """The four seats of the team with the higher total; equal totals are a draw: []."""
    a, b = scores[0], scores[1]
    if a == b:
        return []
    team = 0 if a > b else 1
    return [s for s in range(8) if s & 1 == team]
