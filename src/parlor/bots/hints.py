"""Hints: the best moves for the seat to act, with an estimated value and a reason a person reads.

    hint(rules, view, level="strong", rng=None) -> [{"action", "value", "reason"}, ...] best first
    weigh_moves(...) -> [{"action", "value", "why"}, ...]   the same, the reason kept as data
    said_reason(why) -> str                                  that data said as a sentence

`value` is the seat's expected points from this deal after the move (in the game's points), as
the search estimated it over the worlds it imagined. The order is the search's: the move it
explored most (which also weighs the match standing near the end of a match), not always the
highest `value`. `reason` is said in the language in use. The same function serves every front
end.

A reason kept (the practice positions' files, a review's choices) is data, not a sentence, so
that it is said in the reader's language when shown: {"kind": ..., and its figures}, one kind
for each sentence:

    only, unexplored                     no figures
    bid_exact   tricks, share, points    bid         tricks, points
    trick, team_trick, tricks, ahead     share (or tricks), points, count

`points` the expected points (the move's value), `tricks` the tricks taken on average (to one
place), `share` a whole percentage, `count` the imagined deals the move was tried in.
"""

from parlor.core.rng import Rng
from parlor.core.rules import Rules
from parlor.core.words import number, percent, say, say_n

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
    return [{"action": m["action"], "value": m["value"], "reason": said_reason(m["why"])}
            for m in weigh_moves(rules, view, level, rng, top, **settings)]


def weigh_moves(rules: Rules, view: dict, level: str = "strong", rng: Rng | None = None,
                top: int | None = None, **settings) -> list[dict]:
    """The hints with their reasons as data (`why`), to keep and say later in any language."""
    legal = view.get("legal") or []
    if not legal:
        return []
    if len(legal) == 1:
        return [{"action": legal[0], "value": 0.0, "why": {"kind": "only"}}]
    rng = rng if rng is not None else Rng(0x41E7)
    conf = {**_settings(level), **settings, "detail": True}
    stats = SearchBot(rules, **conf).analyse(view, rng)
    out = []
    for st in stats[:top] if top else stats:
        value = round(st.points / st.visits, 3) if st.visits else 0.0  # one figure, shown and explained
        out.append({"action": st.action, "value": value, "why": why(st, value, team=rules.team_of is not None)})
    return out


def _share(k: int, n: int) -> int:
    return round(100 * k / n)


def why(st, value: float, team: bool = False) -> dict:
    """A move's reason as data: what the move is likely to bring, in the terms of the move, and
    how often the search tried it (the kinds in the module's docstring)."""
    if st.visits == 0:
        return {"kind": "unexplored"}
    if st.action.startswith("bid ") and st.tricks_n:
        tricks = round(st.tricks / st.tricks_n, 1)
        if st.exact_n:
            return {"kind": "bid_exact", "tricks": tricks, "share": _share(st.exact, st.exact_n), "points": value}
        return {"kind": "bid", "tricks": tricks, "points": value}
    if st.trick_n:  # in team games the search counts the team's tricks
        return {"kind": "team_trick" if team else "trick", "share": _share(st.trick_won, st.trick_n),
                "points": value, "count": st.visits}
    if st.tricks_n:
        return {"kind": "tricks", "tricks": round(st.tricks / st.tricks_n, 1), "points": value, "count": st.visits}
    # a game without tricks (Tőr): how often the move ends in the seat's favour
    return {"kind": "ahead", "share": _share(st.ahead, st.visits), "points": value, "count": st.visits}


def reason(st, value: float, team: bool = False) -> str:
    """A move's reason said at once."""
    return said_reason(why(st, value, team))


def figure(value: float, digits: int = 2, signed: bool = False) -> str:
    """A figure in the reader's language, rounded as the f-strings beside it round ("+0.91" for
    0.905, where Babel's half-even on the decimal "0.905" would say "+0.90")."""
    return number(round(value, digits), digits, signed)


def said_reason(why: dict) -> str:
    """A reason (data, `why`) as one sentence in the language in use; whole templates, one for
    each kind of move."""
    kind = why["kind"]
    if kind == "only":
        return say("the only legal move")
    if kind == "unexplored":
        return say("not explored (too little thinking time)")
    points = figure(why["points"], 2, signed=True)
    tricks = number(why["tricks"], 1) if "tricks" in why else ""
    share = percent(why["share"], 100) if "share" in why else ""
    count = why.get("count", 0)
    if kind == "bid_exact":
        return say("you take about {tricks} tricks on average; this bid keeps you exact in {share} of sampled "
                   "deals; expected {points} points", tricks=tricks, share=share, points=points)
    if kind == "bid":
        return say("you take about {tricks} tricks on average; expected {points} points", tricks=tricks,
                   points=points)
    if kind == "team_trick":
        return say_n("your team takes the trick in {share} of sampled deals; expected {points} points; tried in "
                     "{count} sampled deal", "your team takes the trick in {share} of sampled deals; expected "
                     "{points} points; tried in {count} sampled deals", count, share=share, points=points)
    if kind == "trick":
        return say_n("wins the trick in {share} of sampled deals; expected {points} points; tried in {count} "
                     "sampled deal", "wins the trick in {share} of sampled deals; expected {points} points; "
                     "tried in {count} sampled deals", count, share=share, points=points)
    if kind == "tricks":
        return say_n("you take about {tricks} tricks on average; expected {points} points; tried in {count} "
                     "sampled deal", "you take about {tricks} tricks on average; expected {points} points; "
                     "tried in {count} sampled deals", count, tricks=tricks, points=points)
    if kind == "ahead":
        return say_n("you come out ahead in {share} of sampled deals; expected {points} points; tried in {count} "
                     "sampled deal", "you come out ahead in {share} of sampled deals; expected {points} points; "
                     "tried in {count} sampled deals", count, share=share, points=points)
    raise ValueError(f"no such kind of reason: {kind!r}")
