"""One search player for every game, through the Rules interface only.

From its seat's view the player imagines the hidden cards (`rules.resample(view, rng)`: worlds
consistent with voids, known cards and every public action), weights the worlds by how likely the
other seats' bids and calls were under the game's heuristic (when the game has one), and, with
`deviation`, how well it explains their card play; then it searches:

- `ismcts` (default): single-observer information-set Monte Carlo tree search (Cowling, Powley and
  Whitehouse 2012). One tree over what the seat can know; each iteration draws a world; a node's
  children are the actions as the searching seat would see them made (a hidden discard is one
  child), and UCB uses availability counts. Each node maximises the utility of the seat that moves
  there; partners share a utility.
- `flat`: determinized Monte Carlo (PIMC): every root action is tried in the same worlds with the
  same playout seeds (common random numbers) and the best average wins. The baseline.

Playouts run to the end of the deal with the game's fast heuristic policy (random where a game has
none). Bids, trump calls, declarations, drops and joker modes are ordinary actions. The value of an
outcome blends deal points with the match standing (bots/utility.py), except in a game played for
stakes, whose kit says play_for_place=False: there only the points count.

Settings: bots/settings.py (SearchSettings, checked once). Budgets: iterations (and optionally
simulated steps) are reproducible under a seed; `seconds` is a wall-clock limit for people. A
forced move (one legal action) is answered at once. `lanes` splits the budget into independent
searches whose root statistics are summed (root parallelism);
`processes` runs the lanes in that many OS processes (bots/pool.py; in a worker process, such as
an arena's, they run in that process); the answer depends on `lanes`, never on `processes`.

Hints (`detail`) collect more about each root action through a HintStats observer; in play there
is none, and the search's loops pay one test for it.
"""

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from parlor.core.rng import Rng
from parlor.core.rules import Rules

from .base import Bot
from .kit import kit
from .pool import run_lanes, searches_here
from .settings import SearchSettings
from .utility import Utility
from .worlds import Worlds


class Node:
    __slots__ = ("children", "n", "avail", "w", "memo")

    def __init__(self) -> None:
        self.children: dict = {}
        self.n = 0
        self.avail = 1
        self.w = 0.0
        self.memo: dict | None = None  # another seat's node: world index -> (its move there, the child)


@dataclass
class ActionStats:
    """What the search learned about one root action."""
    action: str
    visits: int = 0
    value: float = 0.0  # summed utility for the seat (mean = value / visits)
    square: float = 0.0  # summed squared utility (for the spread of the mean)
    points: float = 0.0  # summed deal points of the seat
    ahead: int = 0  # outcomes where the seat's deal points are above zero
    tricks: float = 0.0  # summed tricks the seat took (games whose results report tricks)
    tricks_n: int = 0
    exact: int = 0  # outcomes where the seat's tricks equal its bid (games with bids)
    exact_n: int = 0
    trick_won: int = 0  # the seat won the trick in progress
    trick_n: int = 0
    hist: dict = field(default_factory=dict)  # tricks taken -> count

    @property
    def mean(self) -> float:
        return self.value / self.visits if self.visits else float("-inf")

    @property
    def var_of_mean(self) -> float:
        """The variance of the mean's estimate (infinite below two visits)."""
        n = self.visits
        if n < 2:
            return float("inf")
        m = self.value / n
        return max(0.0, self.square / n - m * m) / (n - 1)

    def merge(self, other: "ActionStats") -> None:
        for name in ("visits", "value", "square", "points", "ahead", "tricks", "tricks_n", "exact", "exact_n",
                     "trick_won", "trick_n"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for k, v in other.hist.items():
            self.hist[k] = self.hist.get(k, 0) + v


class HintStats:
    """The observer that collects what a hint says about a root action, beyond its value: how
    often the seat came out ahead, the tricks it took and whether it made its bid, and, for a card
    played to a trick, how often that trick was the seat's. Made only for hints (`detail`)."""

    def __init__(self, rules: Rules, seat: int, tricks_won: Callable[[Any], list[int] | None] | None) -> None:
        self.rules, self.seat, self.tricks_won = rules, seat, tricks_won
        self.before: list[int] | None = None  # tricks per seat before the root card, its trick open
        self.won: bool | None = None  # whether the seat won that trick, once it is over

    def root_action(self, s: Any, a: int) -> None:
        """Before the root action `a` is applied to `s`: watch its trick when it plays a card."""
        self.won = None
        if self.tricks_won is None or not self.rules.action_str(s, a).startswith("play "):
            self.before = None
        else:
            self.before = self.tricks_won(s)

    def forget(self) -> None:
        """A new iteration, no root action yet."""
        self.before = self.won = None

    def trick_open(self) -> bool:
        return self.before is not None and self.won is None

    def after_step(self, s: Any) -> None:
        """After an action: has the root card's trick been completed, and by whom?"""
        if self.before is None or self.won is not None or self.tricks_won is None:
            return
        now = self.tricks_won(s)
        if now is None or sum(now) <= sum(self.before):
            return
        self.won = now[self.seat] > self.before[self.seat]

    def record(self, st: ActionStats, s: Any, points: Sequence[float]) -> None:
        """An outcome `s` (its deal points `points`) of root action `st`."""
        seat = self.seat
        st.ahead += points[seat] > 0
        data = self.rules.deal_result(s).data or {}
        tricks = data.get("tricks")
        if isinstance(tricks, (list, tuple)) and len(tricks) == self.rules.seats:
            t = tricks[seat]
            st.tricks += t
            st.tricks_n += 1
            st.hist[t] = st.hist.get(t, 0) + 1
            bids = data.get("bids")
            if isinstance(bids, (list, tuple)) and len(bids) == self.rules.seats and bids[seat] is not None:
                st.exact_n += 1
                st.exact += bids[seat] == t
        if self.won is not None:
            st.trick_n += 1
            st.trick_won += self.won


class Search:
    """One search from one view. `run()` returns {action id: ActionStats}.

    `Search(rules, view, rng, settings)`, or the settings by name: `Search(rules, view, rng,
    iterations=400)`. `budget` (iterations, steps) is one lane's share of the settings' budget."""

    def __init__(self, rules: Rules, view: dict, rng: Rng, settings: SearchSettings | None = None,
                 budget: tuple[int, int | None] | None = None, **values: Any) -> None:
        if settings is None:
            settings = SearchSettings.of(**values)
        elif values:
            raise TypeError("give the settings or their values, not both")
        self.settings = settings
        self.rules, self.view, self.rng = rules, view, rng
        self.seat = view["seat"]
        self.iterations, self.steps_limit = budget if budget is not None else (settings.iterations,
                                                                                settings.steps)
        self.mode, self.c, self.seconds = settings.mode, settings.c, settings.seconds
        game = kit(rules)
        self.policy = game.playout_policy(rules, settings.assume) if settings.playout == "rules" else None
        self.epsilon, self.others, self.widen = settings.epsilon, settings.others, settings.widen
        # the game's way unless asked: Tőr, played for stakes, plays for them to the end
        match_aware = game.play_for_place if settings.match_aware is None else settings.match_aware
        self.utility = Utility(rules, view, match_aware)
        if game.spread is not None:
            self.utility.set_spread(game.spread(rules, view))
        self.hints = HintStats(rules, self.seat, game.tricks_won) if settings.detail else None
        self.worlds = Worlds(rules, view, rng, max(1, min(settings.pool, self.iterations)), settings.infer,
                             settings.deviation, self.policy, settings.assume)
        self.steps = 0
        self.done = 0
        self.remember = True  # see _run_ismcts (tests turn it off to compare)
        self.lo_u = self.hi_u = 0.0  # the range of the searching seat's utilities so far

    def run(self) -> dict:
        start = time.perf_counter()
        if self.mode == "flat":
            return self._run_flat(start)
        return self._run_ismcts(start)

    def _over(self, start: float) -> bool:
        if self.done >= self.iterations:
            return True
        if self.steps_limit is not None and self.steps >= self.steps_limit:
            return True
        if self.seconds is not None and self.done % 8 == 0 and time.perf_counter() - start > self.seconds:
            return True
        return False

    # --- the shared pieces
    def _playout(self, s: Any, rng: Rng) -> None:
        """Play the deal out: the game's policy (with `epsilon` random moves), else at random."""
        rules = self.rules
        to_act, legal_ids, apply_id = rules.to_act, rules.legal_ids, rules.apply_id
        policy, eps = self.policy, self.epsilon
        below, rand = rng.below, rng.random
        steps = 0
        if policy is None:
            while to_act(s) >= 0:
                ids = legal_ids(s)
                n = len(ids)
                apply_id(s, ids[below(n)] if n > 1 else ids[0])
                steps += 1
        else:
            while to_act(s) >= 0:
                ids = legal_ids(s)
                n = len(ids)
                if n == 1:
                    a = ids[0]
                elif eps and rand() < eps:
                    a = ids[below(n)]
                else:
                    a = policy(s, ids, rng)
                apply_id(s, a)
                steps += 1
        self.steps += steps

    def _playout_watched(self, s: Any, rng: Rng, hints: HintStats) -> None:
        """The playout of a hint: to the end of the root card's trick (without `epsilon`), watched,
        then on as any playout."""
        rules = self.rules
        to_act, legal_ids, apply_id = rules.to_act, rules.legal_ids, rules.apply_id
        policy, below = self.policy, rng.below
        steps = 0
        while hints.trick_open() and to_act(s) >= 0:
            ids = legal_ids(s)
            n = len(ids)
            apply_id(s, ids[0] if n == 1 else policy(s, ids, rng) if policy else ids[below(n)])
            steps += 1
            hints.after_step(s)
        self.steps += steps
        self._playout(s, rng)

    def _record(self, st: ActionStats, s: Any, points: Sequence[float], u: Sequence[float]) -> None:
        seat = self.seat
        st.visits += 1
        v = u[seat]
        st.value += v
        st.square += v * v
        st.points += points[seat]
        if self.hints is not None:
            self.hints.record(st, s, points)

    # --- flat determinized Monte Carlo
    def _run_flat(self, start: float) -> dict:
        rules, hints = self.rules, self.hints
        world0 = self.worlds.worlds[0]
        ids = rules.legal_ids(world0)
        stats = {a: ActionStats(rules.action_str(world0, a)) for a in ids}
        while not self._over(start):
            world = self.worlds.worlds[self.worlds.next()]
            seed = self.rng.next_u64()
            for a in ids:
                s = rules.copy(world)
                if hints is None:
                    rules.apply_id(s, a)
                    self._playout(s, Rng(seed))
                else:
                    hints.root_action(s, a)
                    rules.apply_id(s, a)
                    hints.after_step(s)
                    self._playout_watched(s, Rng(seed), hints)
                points = rules.deal_points(s)
                self._record(stats[a], s, points, self.utility(points))
            self.done += len(ids)
        return stats

    # --- information-set MCTS
    def _run_ismcts(self, start: float) -> dict:
        """Each iteration: draw a world, walk the tree from the root choosing and expanding
        (_descend), play the deal out, and back the outcome up the path walked."""
        rules, hints, rng = self.rules, self.hints, self.rng
        root = Node()
        world0 = self.worlds.worlds[0]
        stats = {a: ActionStats(rules.action_str(world0, a)) for a in rules.legal_ids(world0)}
        worlds, next_world = self.worlds.worlds, self.worlds.next
        # Playout policies are deterministic functions of the state, and in one world the path
        # through the tree fixes the state: another seat's move at a node is remembered per world.
        self._memo = self.remember and self.policy is not None and not self.epsilon
        while not self._over(start):
            wi = next_world()
            s = rules.copy(worlds[wi])
            if hints is not None:
                hints.forget()
            path, first = self._descend(root, s, wi)
            if hints is not None and hints.trick_open():
                self._playout_watched(s, rng, hints)
            else:
                self._playout(s, rng)
            points = rules.deal_points(s)
            u = self.utility(points)
            self._backup(path, u)
            if first is not None:
                self._record(stats[first], s, points, u)
            self.done += 1
        return stats

    def _descend(self, root: Node, s: Any, wi: int) -> tuple[list, int | None]:
        """Selection and expansion in world `wi` (applied to `s`): down the tree until a node is
        added or the deal ends. The path walked, as (node, the seat that moved into it), and the
        root action taken."""
        rules = self.rules
        to_act, legal_ids, apply_id, public = rules.to_act, rules.legal_ids, rules.apply_id, rules.public_action
        root_seat, hints, rng = self.seat, self.hints, self.rng
        policy, eps, remember = self.policy, self.epsilon, self._memo
        others_by_policy = self.others == "policy"
        node = root
        path = []
        first = None
        steps = 0
        while True:
            mover = to_act(s)
            if mover < 0:
                break
            if others_by_policy and mover != root_seat:
                # The other seats play their heuristic (with `epsilon`, at random), from their
                # own cards in this world; the tree only branches on what the searching seat sees
                # them do. The move is remembered for the world (see _run_ismcts).
                memo = node.memo
                remembered = memo.get(wi) if memo is not None else None
                if remembered is None:
                    ids = legal_ids(s)
                    n = len(ids)
                    if n == 1:
                        a = ids[0]
                    elif policy is None or (eps and rng.random() < eps):
                        a = ids[rng.below(n)]
                    else:
                        a = policy(s, ids, rng)
                    k = public(s, a, root_seat)
                    ch = node.children.get(k)
                    if ch is None:
                        ch = node.children[k] = Node()
                    if remember:
                        if memo is None:
                            memo = node.memo = {}
                        memo[wi] = (a, ch)
                else:
                    a, ch = remembered
                apply_id(s, a)
                steps += 1
                if hints is not None:
                    hints.after_step(s)
                node = ch
                continue
            a, ch, added = self._choose(node, s, mover, node is root)
            if node is root:
                first = a
                if hints is not None:
                    hints.root_action(s, a)
            apply_id(s, a)
            steps += 1
            if hints is not None:
                hints.after_step(s)
            path.append((ch, mover))
            node = ch
            if added:
                break
        self.steps += steps
        return path, first

    def _choose(self, node: Node, s: Any, mover: int, at_root: bool) -> tuple[int, Node, bool]:
        """The move of `mover` at a tree node: the best child by UCB over the children available
        here, or a new child (always at the root while some action has none; below it, as the
        node is visited more: progressive widening). The action, its child, and whether the child
        is new."""
        ids = self.rules.legal_ids(s)
        children = node.children
        keys: list
        if mover == self.seat:
            keys = ids
        else:
            public, root_seat = self.rules.public_action, self.seat
            keys = [public(s, a, root_seat) for a in ids]
        fresh = []
        best: Node | None = None
        best_a, best_val = -1, -1e300
        lo_u, hi_u = self.lo_u, self.hi_u
        explore = self.c * (hi_u - lo_u if hi_u > lo_u else 1.0)
        log, sqrt = math.log, math.sqrt
        for a, k in zip(ids, keys):
            ch = children.get(k)
            if ch is None:
                fresh.append((a, k))
                continue
            ch.avail += 1
            val = ch.w / ch.n + explore * sqrt(log(ch.avail) / ch.n)
            if val > best_val:
                best, best_a, best_val = ch, a, val
        widen = self.widen
        expand = bool(fresh) and (
            best is None or at_root or not widen
            or len(ids) - len(fresh) < 1 + int(widen * sqrt(node.n)))
        if not expand:  # then some child was scored
            assert best is not None
            return best_a, best, False
        policy, rng = self.policy, self.rng
        if best is None and policy is not None and not at_root and len(fresh) > 1:
            # The first child of a new node is the heuristic's move; the others are added as the
            # node is visited more (progressive widening), so that long deals are not averaged
            # over random first tries.
            pa = policy(s, ids, rng)
            a, k = next((x for x in fresh if x[0] == pa), fresh[0])
        else:
            a, k = fresh[rng.below(len(fresh))] if len(fresh) > 1 else fresh[0]
        ch = children[k] = Node()
        return a, ch, True

    def _backup(self, path: list, u: Sequence[float]) -> None:
        """Each node walked gets the outcome's utility for the seat that moved into it."""
        for ch, mover in path:
            ch.n += 1
            ch.w += u[mover]
        v = u[self.seat]
        if v < self.lo_u:
            self.lo_u = v
        if v > self.hi_u:
            self.hi_u = v


def search_stats(rules: Rules, view: dict, rng: Rng, settings: SearchSettings | None = None,
                 **values: Any) -> list[ActionStats]:
    """Run the search (in `lanes` independent parts) and return the root actions' statistics,
    best first (most visited, then best mean). The settings, or their values by name."""
    if settings is None:
        settings = SearchSettings.of(**values)
    elif values:
        raise TypeError("give the settings or their values, not both")
    lanes, iterations, steps = settings.lanes, settings.iterations, settings.steps
    seeds = [rng.next_u64() for _ in range(lanes)]
    budgets = [(iterations // lanes + (i < iterations % lanes), None if steps is None else steps // lanes)
               for i in range(lanes)]
    if searches_here(lanes, settings.processes, iterations):
        parts = [Search(rules, view, Rng(seed), settings, budget).run() for seed, budget in zip(seeds, budgets)]
    else:
        parts = run_lanes(rules, view, seeds, settings, budgets, min(settings.processes, lanes))
    merged: dict = {}
    for part in parts:
        for a, st in part.items():
            if a in merged:
                merged[a].merge(st)
            else:
                merged[a] = st
    return sorted(merged.values(), key=lambda st: (-st.visits, -st.mean, st.action))


class SearchBot(Bot):
    """The search player (see the module's docstring); settings as SearchSettings: those of one
    search, `lanes` and `processes` for root parallelism, `per_move` for a budget per legal move,
    and `anchor`: keep the game's heuristic move unless the search finds another better by more
    than `anchor` standard errors (0: always the search's move). Long, noisy deals (Tőr) need it:
    a move chosen on noise is worse than the heuristic."""

    name = "search"

    def __init__(self, rules: Rules, **settings: Any) -> None:
        super().__init__(rules)
        self.search = SearchSettings.of(**settings)  # refuses a bad setting (BadSettings)
        self.settings = settings  # as asked, for a name and for comparisons
        game = kit(rules)
        self._prior = game.rules_bot(rules) if self.search.anchor and game.rules_bot is not None else None

    def analyse(self, view: dict, rng: Rng) -> list[ActionStats]:
        settings = self.search
        if settings.per_move:  # a budget per legal move (beginner: a few looks at each)
            settings = replace(settings, iterations=settings.per_move * len(view["legal"]))
        return search_stats(self.rules, view, rng, settings)

    def choose(self, view: dict, rng: Rng) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        stats = self.analyse(view, rng)
        best = stats[0]
        if self._prior is None:
            return best.action
        prior = self._prior.choose(view, rng.copy())
        if prior == best.action:
            return prior
        other = next((st for st in stats if st.action == prior), None)
        if other is None or other.visits < 2 or best.visits < 2:
            return best.action
        spread = math.sqrt(best.var_of_mean + other.var_of_mean)
        return best.action if best.mean - other.mean > self.search.anchor * spread else prior
