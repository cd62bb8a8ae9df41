"""Hints: the best moves for the seat to act, with an estimated value and a reason a person reads.

    hint(rules, view, level="strong", rng=None) -> [{"action", "value", "reason"}, ...] best first

`value` is the seat's expected points from this deal after the move (in the game's points), as
the search estimated it over the worlds it imagined. The order is the search's: the move it
explored most (which also weighs the match standing near the end of a match), not always the
highest `value`. The same function serves every front end.
"""

from parlor.core.rng import Rng
from parlor.core.rules import Rules, plural

from .levels import level_settings
from .search import SearchBot


def _settings(level: str) -> dict:
    """A level's own budget. A game may lower a level's budget to space its computer players
    (its kit's `budgets`); a hint is advice, and keeps the level's full thinking (about a second)."""
    conf = level_settings(level)
    if conf.pop("kind") == "rules":  # the heuristic itself has no numbers: search a little
        conf = {"mode": "ismcts", "iterations": 600, "steps": 12_000}
    return conf


def hint(rules: Rules, view: dict, level: str = "strong", rng: Rng | None = None,
         top: int | None = None, **settings) -> list[dict]:
    legal = view.get("legal") or []
    if not legal:
        return []
    if len(legal) == 1:
        return [{"action": legal[0], "value": 0.0, "reason": "the only legal move"}]
    rng = rng if rng is not None else Rng(0x41E7)
    conf = {**_settings(level), **settings, "detail": True}
    stats = SearchBot(rules, **conf).analyse(view, rng)
    out = []
    for st in stats[:top] if top else stats:
        value = round(st.points / st.visits, 3) if st.visits else 0.0  # one figure, shown and explained
        out.append({"action": st.action, "value": value,
                    "reason": reason(st, value, team=rules.team_of is not None)})
    return out


def _pct(k: int, n: int) -> str:
    return f"{round(100 * k / n)}%"


def reason(st, value: float, team: bool = False) -> str:
    """One line: what the move is likely to bring, in the terms of the move."""
    parts = []
    action = st.action
    if st.visits == 0:
        return "not explored (too little thinking time)"
    if action.startswith("bid ") and st.tricks_n:
        bid = action[4:]
        avg = st.tricks / st.tricks_n
        parts.append(f"you take about {avg:.1f} tricks on average")
        if st.exact_n:
            parts.append(f"{bid} keeps you exact in {_pct(st.exact, st.exact_n)} of sampled deals")
        text = "; ".join(parts)
        return f"{action}: {text}; expected {value:+.2f} points"
    if st.trick_n:
        who = "your team takes" if team else "wins"  # in team games the search counts the team's tricks
        parts.append(f"{who} the trick in {_pct(st.trick_won, st.trick_n)} of sampled deals")
    elif st.tricks_n:
        parts.append(f"you take about {st.tricks / st.tricks_n:.1f} tricks on average")
    else:  # a game without tricks (Tőr): how often the move ends in the seat's favour
        parts.append(f"you come out ahead in {_pct(st.ahead, st.visits)} of sampled deals")
    parts.append(f"expected {value:+.2f} points")
    # this move's own share of the search's simulations
    parts.append(f"tried in {plural(st.visits, 'sampled deal')}")
    return "; ".join(parts)
