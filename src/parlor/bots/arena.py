"""Duplicate tournaments between bots.

The seating pattern is the entrants' list repeated around the table (`A,B` at three seats is
A B A; `A,B,B,B` at four is one A against three Bs). Every deal set (one match seed) is played once
for every distinct rotation of that pattern, so each entrant holds every seat's cards equally
often; for team games the rotations swap the teams. Per deal set and entrant we take the mean final
score of its seats minus the mean of the other seats: the paired difference against the field. The
report gives its mean over the deal sets with a 95% bootstrap interval (resampling deal sets, never
the correlated rotations), each entrant's share of the matches won (a win shared by several seats
is split among them; a team's win goes to the entrant holding the team) beside its fair share
(the seats it held), and
the time of its decisions that were not forced (p50, p95).

Every job (deal set, rotation) is independent and seeded from the arena seed alone, so the report's
numbers (not the timings) are the same whichever backend runs the jobs: in process, local
processes (`workers`) or a Ray cluster (`ray_address`).

With `save_dir` each match's record is written as the match ends, and the matches whose records
are already there are not played again: an arena stopped part way (Meri and Tőr arenas take hours)
is finished by running it again. Their decision times are not in the records, so the report's
times cover the matches played in the last run.
"""

import json
import os
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from parlor import records
from parlor.core.errors import BadRecord, ParlorError, UsageError
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng, _mix
from parlor.core.rules import plural

from .base import bots_by_seat, make_bot


def rotations(pattern: list[str], seats: int) -> list[list[str]]:
    """Distinct cyclic shifts of the entrants' list repeated around the table."""
    base = [pattern[s % len(pattern)] for s in range(seats)]
    out = []
    for r in range(seats):
        seating = base[r:] + base[:r]
        if seating not in out:
            out.append(seating)
    return out


def _job_seed(seed: int, k: int) -> int:
    """The match seed of deal set k (every rotation plays the same deals)."""
    return _mix((seed * 1_000_003 + k) & ((1 << 64) - 1)) & ((1 << 62) - 1)


_BOT_CACHE: dict = {}


def play_job(job: dict) -> dict:
    """One match: job = {game, options, seats, seating, match_seed, rotation, save}. Returns
    scores, winners, each seat's decision times, and the record if asked."""
    key = (job["game"], json.dumps(job["options"], sort_keys=True), job["seats"])
    rules = _BOT_CACHE.get(key)
    if rules is None:
        rules = _BOT_CACHE[key] = make_rules(job["game"], job["options"], job["seats"])
    bots = []
    for name in job["seating"]:
        bkey = key + (name,)
        bot = _BOT_CACHE.get(bkey)
        if bot is None:
            bot = _BOT_CACHE[bkey] = make_bot(name, rules)
        bots.append(bot)
    seed = job["match_seed"]
    match = Match(rules, seed)
    rngs = [Rng(_mix((seed ^ (job["rotation"] << 40) ^ (s << 32) ^ 0xB075) & ((1 << 64) - 1)))
            for s in range(rules.seats)]
    times: list[list[float]] = [[] for _ in range(rules.seats)]
    clock = time.perf_counter
    while not match.finished:
        seat = match.to_act()
        assert seat is not None, "a match not finished has a seat to act"
        view = match.view(seat)
        forced = len(view["legal"]) == 1
        t0 = clock()
        action = bots[seat].choose(view, rngs[seat])
        if not forced:
            times[seat].append(clock() - t0)
        match.apply(action)
    out = {"k": job["k"], "rotation": job["rotation"], "seating": job["seating"],
           "scores": list(match.scores), "winners": match.winners(), "times": times}
    if job.get("save"):
        out["record"] = match.record()
    return out


@dataclass
class EntrantReport:
    name: str
    seats_held: int = 0  # seat-matches played
    diff_mean: float = 0.0
    diff_lo: float = 0.0
    diff_hi: float = 0.0
    mean_score: float = 0.0
    win_share: float = 0.0  # share of the matches won (shared wins split among the winning seats)
    fair_share: float = 0.0  # the share its seats would win if every player were equal
    p50: float | None = None
    p95: float | None = None
    decisions: int = 0
    diffs: list = field(default_factory=list, repr=False)
    scores: list = field(default_factory=list, repr=False)

    def numbers(self) -> dict:
        """The report's numbers without timings (identical across backends)."""
        return {"name": self.name, "seats_held": self.seats_held, "diff_mean": self.diff_mean,
                "diff_lo": self.diff_lo, "diff_hi": self.diff_hi, "mean_score": self.mean_score,
                "win_share": self.win_share, "decisions": self.decisions}


@dataclass
class ArenaReport:
    game: str
    options: dict
    seats: int
    matches: int  # deal sets
    seed: int
    rotations: list
    entrants: list[EntrantReport]
    results: list = field(repr=False, default_factory=list)

    def numbers(self) -> dict:
        return {"game": self.game, "options": self.options, "seats": self.seats,
                "matches": self.matches, "seed": self.seed, "rotations": self.rotations,
                "entrants": [e.numbers() for e in self.entrants],
                "results": [{"k": r["k"], "seating": r["seating"], "scores": r["scores"],
                             "winners": r["winners"]} for r in self.results]}

    def text(self) -> str:
        n_jobs = len(self.results)
        lines = [f"{self.game}: {plural(self.matches, 'deal set')} x "
                 f"{plural(len(self.rotations), 'rotation')} = "
                 f"{plural(n_jobs, 'match', 'matches')}, seed {self.seed}, seats {self.seats}"
                 + (f", options {json.dumps(self.options)}" if self.options else ""),
                 "seatings: " + " | ".join(" ".join(r) for r in self.rotations),
                 f"{'entrant':<28} {'diff vs field':>14} {'95% interval':>22} {'mean':>9} "
                 f"{'wins':>9} {'(fair)':>7} {'p50 ms':>8} {'p95 ms':>8}"]
        for e in self.entrants:
            p50 = "-" if e.p50 is None else f"{e.p50 * 1000:.1f}"
            p95 = "-" if e.p95 is None else f"{e.p95 * 1000:.1f}"
            lines.append(f"{e.name:<28} {e.diff_mean:>+14.3f} [{e.diff_lo:>+9.3f}, {e.diff_hi:>+9.3f}] "
                         f"{e.mean_score:>9.2f} {e.win_share:>9.3f} {e.fair_share:>7.3f} {p50:>8} {p95:>8}")
        return "\n".join(lines)

    def to_json(self) -> dict:
        d = self.numbers()
        for e, row in zip(self.entrants, d["entrants"]):
            row["p50_ms"] = None if e.p50 is None else e.p50 * 1000
            row["p95_ms"] = None if e.p95 is None else e.p95 * 1000
            row["fair_share"] = e.fair_share
        return d


def bootstrap_interval(values: list[float], seed: int, rounds: int = 2000) -> tuple[float, float]:
    """95% percentile bootstrap interval of the mean (deterministic under `seed`)."""
    n = len(values)
    if n < 2:
        v = values[0] if values else 0.0
        return v, v
    rng = Rng(seed)
    means = []
    for _ in range(rounds):
        total = 0.0
        for _ in range(n):
            total += values[rng.below(n)]
        means.append(total / n)
    means.sort()
    return means[int(0.025 * rounds)], means[int(0.975 * rounds) - 1]


def _percentile(xs: list[float], q: float) -> float | None:
    if not xs:
        return None
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))
    return xs[i]


def make_jobs(game: str, pattern: list[str], matches: int, seed: int, options: dict | None,
              seats: int | None, save: bool = False) -> tuple[list[dict], list, object]:
    rules = make_rules(game, options, seats)
    bots_by_seat(pattern, rules)  # fail early on an unknown bot or setting, or too many entrants
    rots = rotations(pattern, rules.seats)
    jobs = []
    for k in range(matches):
        ms = _job_seed(seed, k)
        for r, seating in enumerate(rots):
            jobs.append({"game": game, "options": dict(rules.options), "seats": rules.seats,
                         "seating": seating, "match_seed": ms, "k": k, "rotation": r, "save": save})
    return jobs, rots, rules


def _ignore_interrupts() -> None:
    """In an arena's worker: Ctrl-C at a terminal reaches every process of the group; only the
    parent handles it (it stops the workers), so a worker never turns it into a match's error."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_indexed(item: tuple[int, dict]) -> tuple[int, dict]:
    i, job = item
    return i, play_job(job)


def run_jobs(jobs: list[dict], workers: int = 1, ray_address: str | None = None, on_done=None) -> list[dict]:
    """Run the jobs on the chosen backend; results in job order."""
    results: list = [None] * len(jobs)
    if ray_address:
        from .ray_backend import run_on_ray
        for i, res in run_on_ray(jobs, ray_address):
            results[i] = res
            if on_done:
                on_done(res)
    elif workers > 1:
        from .pool import process_context
        # Leaving the block terminates the workers: on Ctrl-C (or an error) the matches still
        # running stop at once and no queued match starts; those finished are already reported.
        with process_context().Pool(workers, initializer=_ignore_interrupts) as pool:
            for i, res in pool.imap_unordered(_play_indexed, enumerate(jobs)):
                results[i] = res
                if on_done:
                    on_done(res)
    else:
        for i, job in enumerate(jobs):
            results[i] = res = play_job(job)
            if on_done:
                on_done(res)
    return results


def summarize(game: str, rules, pattern: list[str], rots: list, matches: int, seed: int,
              results: list[dict]) -> ArenaReport:
    names = list(dict.fromkeys(pattern))
    n = rules.seats
    by_k: dict[int, list[dict]] = {}
    for res in results:
        by_k.setdefault(res["k"], []).append(res)
    entrants = []
    for idx, name in enumerate(names):
        e = EntrantReport(name)
        times = []
        wins = 0.0
        for k in sorted(by_k):
            mine: list[float] = []
            field_: list[float] = []
            for res in by_k[k]:
                for s in range(n):
                    (mine if res["seating"][s] == name else field_).append(res["scores"][s])
            if field_:
                e.diffs.append(statistics.fmean(mine) - statistics.fmean(field_))
            else:
                e.diffs.append(0.0)
            e.scores.extend(mine)
        for res in results:
            w = res["winners"]
            for s in range(n):
                if res["seating"][s] == name:
                    e.seats_held += 1
                    times.extend(res["times"][s])
                    if s in w:
                        wins += 1.0 / len(w)
        e.diff_mean = statistics.fmean(e.diffs) if e.diffs else 0.0
        e.diff_lo, e.diff_hi = bootstrap_interval(e.diffs, seed * 7 + idx)
        e.mean_score = statistics.fmean(e.scores) if e.scores else 0.0
        e.win_share = wins / len(results) if results else 0.0
        e.fair_share = e.seats_held / (n * len(results)) if results else 0.0
        e.p50, e.p95 = _percentile(times, 0.5), _percentile(times, 0.95)
        e.decisions = len(times)
        entrants.append(e)
    return ArenaReport(game, dict(rules.options), n, matches, seed, rots, entrants, results)


def arena(game: str, bots: list[str], matches: int, seed: int, options: dict | None = None,
          seats: int | None = None, workers: int = 1, ray_address: str | None = None,
          save_dir=None, on_start=None, on_done=None) -> ArenaReport:
    """Play the tournament and summarise it. on_start(matches to play) and on_done(result)
    report progress. With save_dir, records are saved and earlier ones reused (module docstring)."""
    pattern = [b.strip() for b in bots if b.strip()]
    jobs, rots, rules = make_jobs(game, pattern, matches, seed, options, seats, save=save_dir is not None)
    done, kept = on_done, {}
    if save_dir is not None:
        def name_of(job):
            return f"{game}-{seed}-{job['k']:04d}-r{job['rotation']}.json"
        path = records.folder_for(save_dir, name_of(jobs[-1]))  # the last job's name is the longest

        def file_of(job):
            return path / name_of(job)
        for i, job in enumerate(jobs):
            saved = file_of(job)
            if saved.exists():
                kept[i] = _saved_result(job, saved)

        def save_then_report(res):
            rec = res.pop("record")
            rec["names"] = list(res["seating"])
            records.keep(rec, file_of(res))
            if on_done:
                on_done(res)
        done = save_then_report
    todo = [job for i, job in enumerate(jobs) if i not in kept]
    if on_start:
        on_start(len(todo))
    played = iter(run_jobs(todo, workers, ray_address, done))
    results = [kept[i] if i in kept else next(played) for i in range(len(jobs))]
    return summarize(game, rules, pattern, rots, matches, seed, results)


def _saved_result(job: dict, path: Path) -> dict:
    """The result of a job from the record an earlier run of the same arena saved (no times)."""
    try:
        rec = records.read(path)
        match = records.replay(rec)
    except ParlorError as e:
        raise BadRecord(f"{path}: {e}") from None
    if (rec.get("names") != job["seating"] or rec.get("seed") != job["match_seed"]
            or rec.get("game") != job["game"] or dict(match.rules.options) != job["options"]):
        raise UsageError(f"{path} is the record of another arena (other bots, seed or options); "
                        f"save this one in another folder")
    if not match.finished:
        raise UsageError(f"{path} is the record of an unfinished match")
    return {"k": job["k"], "rotation": job["rotation"], "seating": job["seating"],
            "scores": list(match.scores), "winners": match.winners(),
            "times": [[] for _ in job["seating"]]}


def _pyplot():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UsageError("--plot needs matplotlib (pip install 'parlor[plot]')") from None
    return plt


def check_plot(path) -> None:
    """Refuse a plot file that could not be drawn before the matches are played, not after."""
    _pyplot()
    from matplotlib.figure import Figure
    kinds = Figure().canvas.get_supported_filetypes()
    kind = Path(path).suffix.lstrip(".").lower()
    if kind not in kinds:
        raise UsageError(f"--plot {path}: the file name must end in one of .{', .'.join(sorted(kinds))}")
    folder = Path(path).parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise UsageError(f"--plot {path}: {folder} is not a folder this program can write in")


def plot(report: ArenaReport, path) -> None:
    """Score distributions per entrant (a histogram of final scores, and the paired differences)."""
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for e in report.entrants:
        axes[0].hist(e.scores, bins=30, alpha=0.5, label=e.name)
        axes[1].hist(e.diffs, bins=30, alpha=0.5, label=e.name)
    axes[0].set_title(f"{report.game}: final scores per seat")
    axes[1].set_title("score difference against the field, per deal set")
    for ax in axes:
        ax.legend(fontsize=8)
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=100)
    except OSError as e:
        raise UsageError(f"cannot draw {path}: {e.strerror}") from None
    finally:
        plt.close(fig)
