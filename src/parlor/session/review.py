"""The review of a match: every decision of one seat weighed by the search, from that seat's view.

    review(record, seat, budget=BUDGET, seed=0, progress=None) -> dict (plain data, JSON-ready)

In three steps, so that a server can run the slow middle one elsewhere and count it:

    plan(record, seat) -> Plan      replay the record; at each of the seat's choices keep its view
    weigh(rules, choice, budget, seed) -> dict   the search's verdict on one choice
    summary(plan, weighed) -> dict   per deal and in all: the points lost, the costliest choices

A choice is weighed from the seat's view alone (`rules.view(state, seat)`, what the seat knew
when it moved): the replayed state never reaches the search. The search is the hints' (bots/hints.py)
in its flat, determinized form: every legal move is tried in the same `budget` imagined deals
(worlds consistent with the view, weighed by the others' bids) with the same playouts, so the
move played and the best move are compared on equal terms, and each gets the hint's reason, kept
as data (`why`, bots/hints.py) and said by `summary` in the language in use. A
move's value is the seat's expected points from the deal after it; the points lost at a choice
are the best move's value less the value of the move played (0 when it was the best).
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from parlor import records
from parlor.bots.hints import figure, said_reason, weigh_moves
from parlor.core.errors import UsageError
from parlor.core.language import ENGLISH
from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.core.rules import Rules
from parlor.core.words import Seats, say, say_n

# Imagined deals per legal move at a choice: a Joker match of 24 deals is reviewed in about a
# minute on one core (docs/decisions.md); a move's expected points are then known to a few points.
BUDGET = 400
TOP = 5  # the costliest choices shown


@dataclass
class Choice:
    """One decision of the seat: the action's index in the record, its deal, what the seat saw
    (its view: legal moves included) and the move it played."""
    index: int
    deal: int
    view: dict
    played: str


@dataclass
class Plan:
    rules: Rules
    seat: int
    names: list[str]  # the record's names of the seats ([]: none; the review says "seat 3")
    choices: list[Choice]
    forced: int  # the seat's moves that had no alternative (not weighed)
    deals: list[dict] = field(default_factory=list)  # each finished deal: the points, the running scores
    finished: bool = False


def seat_of(record: dict, text: str | int | None) -> int:
    """The seat asked for ("2", 2, or a name of the record), or UsageError in one line."""
    match = records.new_match(record)
    seats = match.rules.seats
    names = record.get("names") or []
    if text is None:
        return 0
    if isinstance(text, str) and text in names:
        return names.index(text)
    try:
        seat = int(text)
    except (TypeError, ValueError):
        seat = -1
    if 0 <= seat < seats:
        return seat
    if names:
        raise UsageError(say("no seat {seat}: the seats are 0 to {last}, or by name {names}", seat=text,
                             last=seats - 1, names=", ".join(names)))
    raise UsageError(say("no seat {seat}: the seats are 0 to {last}", seat=text, last=seats - 1))


def plan(record: dict, seat: int) -> Plan:
    """Replay `record` (BadRecord or ActionError if it does not replay), keeping each choice of
    `seat` as the seat saw it."""
    actions = records.actions_of(record)
    match = records.new_match(record)
    rules = match.rules
    if not 0 <= seat < rules.seats:
        raise UsageError(say("no seat {seat}: the seats are 0 to {last}", seat=seat, last=rules.seats - 1))
    names = list(record.get("names") or [])
    out = Plan(rules, seat, names, [], 0)

    def deals_ended() -> None:  # by the last action, or dealt and over at once (Tőr's instant wins)
        for result in match.results[len(out.deals):]:
            running = out.deals[-1]["scores"] if out.deals else [0] * rules.seats
            out.deals.append({"deal": len(out.deals) + 1, "points": list(result.points),
                              "scores": [a + b for a, b in zip(running, result.points)]})
    deals_ended()
    for index, action in enumerate(actions):
        if match.to_act() == seat:
            legal = match.legal()
            if len(legal) > 1:
                out.choices.append(Choice(index, match.deal_number, match.view(seat), action))
            else:
                out.forced += 1
        match.apply(action)
        deals_ended()
    out.finished = match.finished
    return out


def verdicts(rules: Rules, view: dict, index: int, budget: int = BUDGET, seed: int = 0) -> list[dict]:
    """Every legal move at a choice, from the seat's view: its expected points and its reason
    as data, `why` (the practice positions, session/puzzles.py, keep them all). `index` is the choice's action
    index in its record, which seeds the imagined deals: the same choice twice, the same figures."""
    rng = Rng(seed * 1_000_003 + index)
    return weigh_moves(rules, view, "strong", rng, mode="flat", per_move=budget, steps=None)


def weigh(rules: Rules, choice: Choice, budget: int = BUDGET, seed: int = 0) -> dict:
    """The search's verdict on one choice, from the seat's view: each move's expected points,
    the best move and the move played with their reasons (data), and the points lost."""
    moves = verdicts(rules, choice.view, choice.index, budget, seed)
    best = max(moves, key=lambda m: (m["value"], m["action"] == choice.played))
    played = next(m for m in moves if m["action"] == choice.played)
    return {"index": choice.index, "deal": choice.deal, "played": played["action"],
            "value": played["value"], "why": played["why"],
            "best": best["action"], "best_value": best["value"], "best_why": best["why"],
            "lost": round(best["value"] - played["value"], 3), "moves": len(moves)}


def summary(p: Plan, weighed: list[dict], budget: int = BUDGET) -> dict:
    """The review as plain data: every weighed choice, each deal's points lost, the costliest;
    each choice's reasons said in the language in use (`reason`, `best_reason`) beside their data."""
    weighed = [{**w, "reason": said_reason(w["why"]), "best_reason": said_reason(w["best_why"])} for w in weighed]
    lost_by_deal: dict[int, float] = {}
    for w in weighed:
        lost_by_deal[w["deal"]] = lost_by_deal.get(w["deal"], 0.0) + w["lost"]
    deals = [{**d, "lost": round(lost_by_deal.get(d["deal"], 0.0), 3)} for d in p.deals]
    if len(p.deals) < max(lost_by_deal, default=0):  # the record stops in a deal: its choices count too
        deals.append({"deal": len(p.deals) + 1, "points": None, "scores": None,
                      "lost": round(lost_by_deal[len(p.deals) + 1], 3)})
    costly = sorted((w for w in weighed if w["lost"] > 0), key=lambda w: (-w["lost"], w["index"]))[:TOP]
    return {"game": p.rules.id, "title": p.rules.title, "seat": p.seat,
            "names": seat_names(p), "budget": budget,
            "finished": p.finished, "forced": p.forced,
            "lost": round(sum(w["lost"] for w in weighed), 3),
            "deals": deals, "choices": weighed, "costliest": costly}


def seat_names(p: Plan) -> list[str]:
    """Every seat's name in the review: the record's, else "seat 3"."""
    return [Seats(p.names)(s) for s in range(p.rules.seats)]


def review(record: dict, seat: int, budget: int = BUDGET, seed: int = 0,
           progress: Callable[[int, int], Any] | None = None) -> dict:
    """The whole review, here and now; `progress(done, total)` after each choice weighed."""
    p = plan(record, seat)
    weighed = []
    for k, choice in enumerate(p.choices):
        weighed.append(weigh(p.rules, choice, budget, seed))
        if progress is not None:
            progress(k + 1, len(p.choices))
    return summary(p, weighed, budget)


_RULES: dict[tuple, Rules] = {}  # in a worker process: the rules of each table weighed for


def weigh_in_worker(game: str, options: dict, seats: int, choices: list[Choice], budget: int,
                    seed: int, lang: str = ENGLISH) -> list[dict]:
    """weigh() for some choices of one match, in another process (sent the rules by name). The
    reasons come back as data, said by `summary` in the asker's language: `lang` is not needed."""
    key = (game, repr(sorted(options.items())), seats)
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = make_rules(game, options, seats)
    return [weigh(rules, c, budget, seed) for c in choices]


def lines(data: dict) -> list[str]:
    """The review for a person to read (the command line, the terminal table)."""
    seat, count = data["seat"], len(data["choices"])
    out = [say_n("Review of {who} in {game}: {count} choice weighed.",
                 "Review of {who} in {game}: {count} choices weighed.",
                 count, who=data["names"][seat], game=data["title"]),
           say_n("Each legal move was tried in {count} imagined deal.",
                 "Each legal move was tried in {count} imagined deals.", data["budget"])]
    if data["forced"]:
        out.insert(1, say_n("{count} forced move was not weighed.", "{count} forced moves were not weighed.",
                            data["forced"]))
    out.append(say("Expected points lost in all: {lost}", lost=figure(data["lost"], 1)))
    out.append("")
    out.append(say("The costliest choices:"))
    if not data["costliest"]:
        out.append(say("  none: every move played was the search's best"))
    for k, c in enumerate(data["costliest"], 1):
        out.append(say("{k}. deal {deal}, move {move}: played {played} (expected {value}), "
                       "better {best} (expected {best_value}): {lost} points lost",
                       k=k, deal=c["deal"], move=c["index"] + 1, played=c["played"],
                       value=figure(c["value"], 1, signed=True), best=c["best"],
                       best_value=figure(c["best_value"], 1, signed=True), lost=figure(c["lost"], 1)))
        out.append(say("   the better move: {reason}", reason=c["best_reason"]))
        out.append(say("   the move played: {reason}", reason=c["reason"]))
    out.append("")
    out.append(say("Deal by deal (points of the deal, running score, expected points lost):"))
    for d in data["deals"]:
        if d["points"] is None:
            out.append(say("  deal {deal}: not finished; {lost} lost", deal=d["deal"], lost=figure(d["lost"], 1)))
        else:
            out.append(say("  deal {deal}: {points}, score {score}; {lost} lost", deal=d["deal"],
                           points=figure(d["points"][seat], 0, signed=True),
                           score=figure(d["scores"][seat], 0, signed=True), lost=figure(d["lost"], 1)))
    return out
