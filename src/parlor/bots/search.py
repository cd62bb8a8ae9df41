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
stakes, whose module says PLAY_FOR_PLACE = False: there only the points count.

Budgets: iterations (and optionally simulated steps) are reproducible under a seed; `seconds` is a
wall-clock limit for people. A forced move (one legal action) is answered at once. `lanes` splits
the budget into independent searches whose root statistics are summed (root parallelism);
`processes` runs the lanes in that many OS processes (in a worker process, such as an arena's, they
run in that process); the answer depends on `lanes`, never on `processes`.
"""

import math
import multiprocessing
import time
from dataclasses import dataclass, field

from parlor.core.rng import Rng
from parlor.core.rules import Rules

from .base import Bot
from .heuristics import game_module, inference, playout_policy, refiner
from .utility import Utility


class Node:
    __slots__ = ("children", "n", "avail", "w", "memo")

    def __init__(self):
        self.children: dict = {}
        self.n = 0
        self.avail = 1
        self.w = 0.0
        self.memo = None  # another seat's node: world index -> (its move there, the child)


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


class Worlds:
    """Imagined full states for a view: `pool` samples drawn once, then picked at random in
    proportion to their inference weight (all equal without inference): the game's `inference`
    of bids, and with `deviation` below 1 how well the heuristic explains the others' card play."""

    def __init__(self, rules: Rules, view: dict, rng: Rng, pool: int, infer: bool,
                 deviation: float = 1.0, policy=None, assume: str = "rules"):
        deviations = None
        refine = refiner(rules, view, assume) if infer else None
        read = infer and deviation < 1.0 and policy is not None
        if read and refine is None:
            self.worlds, deviations = [], []
            for _ in range(pool):
                watch = _PlayWatch(rules, view["seat"], policy, rng)
                self.worlds.append(rules.resample(view, rng.fork(), watch))
                deviations.append(watch.count)
        else:
            self.worlds = [rules.resample(view, rng.fork()) for _ in range(pool)]
        if refine is not None:
            self.worlds = [refine(w, rng) for w in self.worlds]
            rebuild = getattr(game_module(rules.id), "rebuild", None)
            if read and rebuild is not None:
                # refining moved cards: read the play in the refined worlds, replayed from the deal
                deviations = []
                for w in self.worlds:
                    watch = _PlayWatch(rules, view["seat"], policy, rng)
                    rebuild(rules, w, watch)
                    deviations.append(watch.count)
        self.weights = None
        weigh = inference(rules, view) if infer else None
        if weigh is not None or deviations is not None:
            w = [1.0] * pool if weigh is None else [max(0.0, float(weigh(x))) for x in self.worlds]
            if deviations is not None and max(deviations):
                w = _tempered(w, deviations, deviation, pool / 4)
            total = sum(w)
            if total > 0 and min(w) != max(w):
                acc, cum = 0.0, []
                for x in w:
                    acc += x / total
                    cum.append(acc)
                self.weights = cum
        self.rng = rng
        self.k = 0

    def next(self) -> int:
        """The index of the next world to play."""
        if self.weights is None:
            i = self.k % len(self.worlds)
            self.k += 1
            return i
        r = self.rng.random()
        cum = self.weights
        lo, hi = 0, len(cum) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if cum[mid] < r:
                lo = mid + 1
            else:
                hi = mid
        return lo


def _ess(w: list[float]) -> float:
    """The effective sample size of weights w."""
    total = sum(w)
    return total * total / sum(x * x for x in w) if total > 0 else 0.0


def _tempered(w: list[float], deviations: list[int], deviation: float, least: float) -> list[float]:
    """w times deviation ** (beta * deviations) for the largest beta <= 1 that leaves an effective
    sample size of at least `least` worlds: over a long deal (Meri: up to 72 cards) the others'
    plays would otherwise single out a handful of worlds, and the search would plan for those."""
    def weighted(beta):
        return [x * deviation ** (beta * d) for x, d in zip(w, deviations)]
    full = weighted(1.0)
    if _ess(full) >= least:
        return full
    lo, hi = 0.0, 1.0
    for _ in range(12):
        mid = (lo + hi) / 2
        if _ess(weighted(mid)) >= least:
            lo = mid
        else:
            hi = mid
    return weighted(lo)


class _PlayWatch:
    """Watches a world being rebuilt from the view's history and counts the cards other seats
    played that their heuristic would not have played with that world's hands (card-play
    inference; bids are the game's `inference`). A game module's `READS` names the actions read
    (by their first words; default: card play)."""

    def __init__(self, rules: Rules, seat: int, policy, rng: Rng):
        self.rules, self.seat, self.policy, self.rng = rules, seat, policy, rng
        self.reads = getattr(game_module(rules.id), "READS", ("play ",))
        self.count = 0

    def __call__(self, s, a) -> None:
        rules = self.rules
        if rules.to_act(s) == self.seat:
            return
        if rules.action_str(s, a).startswith(self.reads):
            ids = rules.legal_ids(s)
            if len(ids) > 1 and self.policy(s, ids, self.rng) != a:
                self.count += 1


class Search:
    """One search from one view. `run()` returns {action id: ActionStats}."""

    def __init__(self, rules: Rules, view: dict, rng: Rng, iterations: int = 1000,
                 mode: str = "ismcts", playout: str = "rules", c: float = 0.7,
                 pool: int = 200, infer: bool = True, steps: int | None = None,
                 seconds: float | None = None, match_aware: bool | None = None, detail: bool = False,
                 epsilon: float = 0.0, others: str = "policy", widen: float = 0.5,
                 deviation: float = 1.0, assume: str = "rules"):
        check_choices(mode=mode, playout=playout, assume=assume, others=others)
        self.rules, self.view, self.rng = rules, view, rng
        self.seat = view["seat"]
        self.iterations, self.mode, self.c = iterations, mode, c
        self.steps_limit, self.seconds = steps, seconds
        self.detail = detail
        self.policy = playout_policy(rules, assume) if playout == "rules" else None
        self.epsilon = epsilon
        self.others = others
        self.widen = widen
        module = game_module(rules.id)
        if match_aware is None:  # the game's way; Tőr, played for stakes, plays for them to the end
            match_aware = getattr(module, "PLAY_FOR_PLACE", True)
        self.utility = Utility(rules, view, match_aware)
        spread = getattr(module, "spread", None) if module is not None else None
        if spread is not None:
            self.utility.set_spread(spread(rules, view))
        self.tricks_of = getattr(module, "tricks_won", None) if (module is not None and detail) else None
        self.worlds = Worlds(rules, view, rng, max(1, min(pool, iterations)), infer, deviation,
                             self.policy, assume)
        self.steps = 0
        self.done = 0
        self.remember = True  # see _run_ismcts (tests turn it off to compare)

    # --- the shared pieces
    def _playout(self, s, rng, probe=None):
        """Play the deal out. With `probe` (tricks per seat before the root action), return
        whether the seat won the trick that was in progress (None when no trick completed)."""
        rules = self.rules
        to_act, legal_ids, apply_id = rules.to_act, rules.legal_ids, rules.apply_id
        policy, eps = self.policy, self.epsilon
        below, rand = rng.below, rng.random
        steps = 0
        won = None
        if probe is not None:  # hints only: watch for the end of the trick, then play on
            won = self._probe_check(s, probe)
            while won is None and to_act(s) >= 0:
                ids = legal_ids(s)
                n = len(ids)
                apply_id(s, ids[0] if n == 1 else policy(s, ids, rng) if policy else ids[below(n)])
                steps += 1
                won = self._probe_check(s, probe)
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
        return won

    def _probe_check(self, s, probe):
        now = self.tricks_of(s)
        if now is None or sum(now) <= sum(probe):
            return None
        return now[self.seat] > probe[self.seat]

    def _probe_start(self, s, a):
        """Tricks per seat before root action `a`, when it plays a card to a trick (hints)."""
        if self.tricks_of is None or not self.rules.action_str(s, a).startswith("play "):
            return None
        return self.tricks_of(s)

    def _record(self, st: ActionStats, s, points, u) -> None:
        seat = self.seat
        st.visits += 1
        v = u[seat]
        st.value += v
        st.square += v * v
        st.points += points[seat]
        if self.detail:
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

    def _over(self, start: float) -> bool:
        if self.done >= self.iterations:
            return True
        if self.steps_limit is not None and self.steps >= self.steps_limit:
            return True
        if self.seconds is not None and self.done % 8 == 0 and time.perf_counter() - start > self.seconds:
            return True
        return False

    def run(self) -> dict:
        start = time.perf_counter()
        if self.mode == "flat":
            return self._run_flat(start)
        return self._run_ismcts(start)

    # --- flat determinized Monte Carlo
    def _run_flat(self, start: float) -> dict:
        rules = self.rules
        world0 = self.worlds.worlds[0]
        ids = rules.legal_ids(world0)
        stats = {a: ActionStats(rules.action_str(world0, a)) for a in ids}
        while not self._over(start):
            world = self.worlds.worlds[self.worlds.next()]
            seed = self.rng.next_u64()
            for a in ids:
                s = rules.copy(world)
                probe = self._probe_start(s, a)
                rules.apply_id(s, a)
                won = self._playout(s, Rng(seed), probe)
                points = rules.deal_points(s)
                st = stats[a]
                self._record(st, s, points, self.utility(points))
                if won is not None:
                    st.trick_n += 1
                    st.trick_won += won
            self.done += len(ids)
        return stats

    # --- information-set MCTS
    def _run_ismcts(self, start: float) -> dict:
        rules = self.rules
        root_seat = self.seat
        to_act, legal_ids, apply_id, copy = rules.to_act, rules.legal_ids, rules.apply_id, rules.copy
        public = rules.public_action
        deal_points, utility = rules.deal_points, self.utility
        rng = self.rng
        below = rng.below
        root = Node()
        world0 = self.worlds.worlds[0]
        root_ids = legal_ids(world0)
        stats = {a: ActionStats(rules.action_str(world0, a)) for a in root_ids}
        c = self.c
        lo_u, hi_u = 0.0, 0.0
        log = math.log
        sqrt = math.sqrt
        others_by_policy = self.others == "policy"
        widen = self.widen
        policy, eps = self.policy, self.epsilon
        # Playout policies are deterministic functions of the state, and in one world the path
        # through the tree fixes the state: another seat's move at a node is remembered per world.
        remember = self.remember and policy is not None and not eps
        worlds, next_world = self.worlds.worlds, self.worlds.next
        while not self._over(start):
            wi = next_world()
            s = copy(worlds[wi])
            node = root
            path = []
            first = None
            probe = won = None
            steps = 0
            # Selection and expansion.
            while True:
                mover = to_act(s)
                if mover < 0:
                    break
                if others_by_policy and mover != root_seat:
                    # The other seats play their heuristic, from their own cards in this world;
                    # the tree only branches on what the searching seat sees them do.
                    memo = node.memo
                    remembered = memo.get(wi) if memo is not None else None
                    if remembered is None:
                        ids = legal_ids(s)
                        n = len(ids)
                        if n == 1:
                            a = ids[0]
                        elif policy is None or (eps and rng.random() < eps):
                            a = ids[below(n)]
                        else:
                            a = policy(s, ids, rng)
                        k = public(s, a, root_seat)
                        children = node.children
                        ch = children.get(k)
                        if ch is None:
                            ch = children[k] = Node()
                        if remember:
                            if memo is None:
                                memo = node.memo = {}
                            memo[wi] = (a, ch)
                    else:
                        a, ch = remembered
                    apply_id(s, a)
                    steps += 1
                    if probe is not None and won is None:
                        won = self._probe_check(s, probe)
                    node = ch
                    continue
                ids = legal_ids(s)
                children = node.children
                if mover == root_seat:
                    keys = ids
                else:
                    keys = [public(s, a, root_seat) for a in ids]
                fresh = []
                best, best_val = None, -1e300
                explore = c * (hi_u - lo_u if hi_u > lo_u else 1.0)
                for a, k in zip(ids, keys):
                    ch = children.get(k)
                    if ch is None:
                        fresh.append((a, k))
                        continue
                    ch.avail += 1
                    val = ch.w / ch.n + explore * sqrt(log(ch.avail) / ch.n)
                    if val > best_val:
                        best, best_a, best_val = ch, a, val
                expand = bool(fresh) and (
                    best is None or node is root or not widen
                    or len(ids) - len(fresh) < 1 + int(widen * sqrt(node.n)))
                if expand:
                    if best is None and policy is not None and node is not root and len(fresh) > 1:
                        # The first child of a new node is the heuristic's move; the others are
                        # added as the node is visited more (progressive widening), so that
                        # long deals are not averaged over random first tries.
                        pa = policy(s, ids, rng)
                        a, k = next((x for x in fresh if x[0] == pa), fresh[0])
                    else:
                        a, k = fresh[below(len(fresh))] if len(fresh) > 1 else fresh[0]
                    ch = Node()
                    children[k] = ch
                else:
                    ch, a = best, best_a
                if node is root:
                    first = a
                    probe = self._probe_start(s, a) if self.tricks_of is not None else None
                apply_id(s, a)
                steps += 1
                if probe is not None and won is None:
                    won = self._probe_check(s, probe)
                path.append((ch, mover))
                node = ch
                if expand:
                    break
            self.steps += steps
            if probe is not None and won is None:
                won = self._playout(s, rng, probe)
            else:
                self._playout(s, rng)
            points = deal_points(s)
            u = utility(points)
            for ch, mover in path:
                ch.n += 1
                ch.w += u[mover]
            v = u[root_seat]
            if v < lo_u:
                lo_u = v
            if v > hi_u:
                hi_u = v
            if first is not None:
                st = stats[first]
                self._record(st, s, points, u)
                if won is not None:
                    st.trick_n += 1
                    st.trick_won += won
            self.done += 1
        return stats


# --- root parallelism over processes -----------------------------------------------------------

_POOL = None
_RULES_CACHE: dict = {}


def process_context():
    """The way lane and arena processes start: a fork server where there is one (safe in a
    process with threads, such as a web server or a progress bar), else the platform's default."""
    try:
        return multiprocessing.get_context("forkserver")
    except ValueError:
        return multiprocessing.get_context()


def _pool(processes: int):
    global _POOL
    if _POOL is None or _POOL._max_workers < processes:
        from concurrent.futures import ProcessPoolExecutor
        if _POOL is not None:
            _POOL.shutdown()
        _POOL = ProcessPoolExecutor(max_workers=processes, mp_context=process_context())
    return _POOL


def _lane(game_id, options, seats, view, seed, settings) -> dict:
    from parlor.core.registry import make_rules
    key = (game_id, repr(sorted(options.items())), seats)
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = _RULES_CACHE[key] = make_rules(game_id, options, seats)
    return Search(rules, view, Rng(seed), **settings).run()


def search_stats(rules: Rules, view: dict, rng: Rng, lanes: int = 1, processes: int = 1,
                 **settings) -> list[ActionStats]:
    """Run the search (in `lanes` independent parts) and return the root actions' statistics,
    best first (most visited, then best mean)."""
    iterations = settings.pop("iterations", 1000)
    lanes = max(1, lanes)
    seeds = [rng.next_u64() for _ in range(lanes)]
    shares = [iterations // lanes + (i < iterations % lanes) for i in range(lanes)]
    steps = settings.pop("steps", None)
    step_shares = [None] * lanes if steps is None else [steps // lanes] * lanes
    jobs = [dict(settings, iterations=shares[i], steps=step_shares[i]) for i in range(lanes)]
    # In a process that is itself a worker (an arena's) the lanes run here: its pool already
    # keeps the cores busy, and a pool within a pool's worker keeps that worker from exiting.
    if lanes > 1 and processes > 1 and multiprocessing.parent_process() is None:
        pool = _pool(min(processes, lanes))
        futures = [pool.submit(_lane, rules.id, rules.options, rules.seats, view, seeds[i], jobs[i])
                   for i in range(lanes)]
        parts = [f.result() for f in futures]
    else:
        parts = [Search(rules, view, Rng(seeds[i]), **jobs[i]).run() for i in range(lanes)]
    merged: dict = {}
    for part in parts:
        for a, st in part.items():
            if a in merged:
                merged[a].merge(st)
            else:
                merged[a] = st
    return sorted(merged.values(), key=lambda st: (-st.visits, -st.mean, st.action))


# The numeric and yes/no settings: (what a value must be, the test). A bad one is refused when the
# bot is made (one line), not at its first move.
_WHOLE = ("a whole number of at least 1", lambda v: _is_number(v) and isinstance(v, int) and v >= 1)
_SETTING_CHECKS = {
    "iterations": _WHOLE, "pool": _WHOLE, "lanes": _WHOLE, "processes": _WHOLE,
    "steps": _WHOLE, "per_move": _WHOLE,  # these two may also be none
    "seconds": ("above 0", lambda v: _is_number(v) and v > 0),
    "c": ("at least 0", lambda v: _is_number(v) and v >= 0),
    "widen": ("at least 0", lambda v: _is_number(v) and v >= 0),
    "anchor": ("at least 0", lambda v: _is_number(v) and v >= 0),
    "epsilon": ("from 0 to 1", lambda v: _is_number(v) and 0 <= v <= 1),
    "deviation": ("above 0 and at most 1", lambda v: _is_number(v) and 0 < v <= 1),
    "infer": ("true or false", lambda v: isinstance(v, bool)),
    "detail": ("true or false", lambda v: isinstance(v, bool)),
    "match_aware": ("true or false", lambda v: isinstance(v, bool)),  # or none: the game's way
}
_MAY_BE_NONE = {"steps", "per_move", "seconds", "match_aware"}
# The settings that name a way of searching: their choices.
_CHOICES = {"mode": ("ismcts", "flat"), "playout": ("rules", "random"),
            "assume": ("rules", "search"), "others": ("tree", "policy")}


def check_choices(**chosen) -> None:
    """Refuse a named choice (mode, playout, assume, others) the search does not have."""
    for key, value in chosen.items():
        if value not in _CHOICES[key]:
            raise TypeError(f"{key} must be {' or '.join(_CHOICES[key])}, not {value!r}")


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _check_numbers(settings: dict) -> None:
    for key, (must, ok) in _SETTING_CHECKS.items():
        if key in settings and not (ok(settings[key]) or settings[key] is None and key in _MAY_BE_NONE):
            raise TypeError(f"{key} must be {must}, not {settings[key]!r}")


class SearchBot(Bot):
    """The search player (see the module's docstring); settings as Search's, plus lanes and
    processes for root parallelism, and `anchor`: keep the game's heuristic move unless the
    search finds another better by more than `anchor` standard errors (0: always the search's
    move). Long, noisy deals (Tőr) need it: a move chosen on noise is worse than the heuristic."""

    name = "search"

    def __init__(self, rules: Rules, **settings):
        super().__init__(rules)
        _check_numbers(settings)
        self.settings = settings
        self.lanes = settings.pop("lanes", 1)
        self.processes = settings.pop("processes", 1)
        self.anchor = settings.pop("anchor", 1.0)
        self.per_move = settings.pop("per_move", None)
        known = {"iterations", "mode", "playout", "c", "pool", "infer", "steps", "seconds",
                 "match_aware", "detail", "epsilon", "others", "widen", "deviation", "assume"}
        unknown = set(settings) - known
        if unknown:
            raise TypeError(f"unknown setting {sorted(unknown)[0]!r}")
        check_choices(**{key: settings[key] for key in _CHOICES if key in settings})
        self._prior = None
        if self.anchor:
            module = game_module(rules.id)
            if module is not None and hasattr(module, "RulesBot"):
                self._prior = module.RulesBot(rules)

    def analyse(self, view: dict, rng: Rng, **extra) -> list[ActionStats]:
        settings = {**self.settings, **extra}
        if self.per_move:  # a budget per legal move (beginner: a few looks at each)
            settings["iterations"] = self.per_move * len(view["legal"])
        return search_stats(self.rules, view, rng, self.lanes, self.processes, **settings)

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
        return best.action if best.mean - other.mean > self.anchor * spread else prior
