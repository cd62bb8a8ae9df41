"""Hints: the best moves for the seat to act, with an estimated value and a reason a person reads.

    hint(rules, view, level="strong", rng=None) -> [{"action", "value", "reason"}, ...] best first

`value` is the seat's expected points from this deal after the move (in the game's points), as
the search estimated it over the worlds it imagined. The order is the search's: the move it
explored most (which also weighs the match standing near the end of a match), not always the
highest `value`. `reason` is said in the language in use. The same function serves every front
end.
"""

from parlor.core.rng import Rng
from parlor.core.rules import Rules
from parlor.core.words import say, say_n

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
        return [{"action": legal[0], "value": 0.0, "reason": say("the only legal move")}]
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
    """One sentence, said in the language in use: what the move is likely to bring, in the terms
    of the move, and how often the search tried it. Whole templates: one for each kind of move."""
    if st.visits == 0:
        return say("not explored (too little thinking time)")
    points = f"{value:+.2f}"
    if st.action.startswith("bid ") and st.tricks_n:
        tricks = f"{st.tricks / st.tricks_n:.1f}"
        if st.exact_n:
            return say("you take about {tricks} tricks on average; this bid keeps you exact in {share} of sampled "
                       "deals; expected {points} points", tricks=tricks, share=_pct(st.exact, st.exact_n),
                       points=points)
        return say("you take about {tricks} tricks on average; expected {points} points", tricks=tricks,
                   points=points)
    if st.trick_n and team:  # in team games the search counts the team's tricks
        return say_n("your team takes the trick in {share} of sampled deals; expected {points} points; tried in "
                     "{count} sampled deal", "your team takes the trick in {share} of sampled deals; expected "
                     "{points} points; tried in {count} sampled deals", st.visits,
                     share=_pct(st.trick_won, st.trick_n), points=points)
    if st.trick_n:
        return say_n("wins the trick in {share} of sampled deals; expected {points} points; tried in {count} "
                     "sampled deal", "wins the trick in {share} of sampled deals; expected {points} points; "
                     "tried in {count} sampled deals", st.visits, share=_pct(st.trick_won, st.trick_n),
                     points=points)
    if st.tricks_n:
        return say_n("you take about {tricks} tricks on average; expected {points} points; tried in {count} "
                     "sampled deal", "you take about {tricks} tricks on average; expected {points} points; "
                     "tried in {count} sampled deals", st.visits, tricks=f"{st.tricks / st.tricks_n:.1f}",
                     points=points)
    # a game without tricks (Tőr): how often the move ends in the seat's favour
    return say_n("you come out ahead in {share} of sampled deals; expected {points} points; tried in {count} "
                 "sampled deal", "you come out ahead in {share} of sampled deals; expected {points} points; "
                 "tried in {count} sampled deals", st.visits, share=_pct(st.ahead, st.visits), points=points)
