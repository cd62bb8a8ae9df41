"""parlor review RECORD [--seat S] [--json] [--budget N] [--plot FILE.png]: every choice of a seat
weighed by the search from its view (session/review.py)."""

import json

from parlor import records
from parlor.core.errors import UsageError
from parlor.core.words import say
from parlor.session import review as rv

from .common import positive_int, progress


def add_parser(sub) -> None:
    p = sub.add_parser("review", help=say("weigh every choice a seat made in a match, from its view"))
    p.add_argument("file", metavar="FILE", help=say("a record (JSON), or - for standard input"))
    p.add_argument("--seat", help=say("the seat to review, by number or by the record's name (default 0)"))
    p.add_argument("--budget", type=positive_int, default=rv.BUDGET,
                   help=say("imagined deals per legal move at each choice (default {budget})", budget=rv.BUDGET))
    p.add_argument("--seed", type=int, default=0, help=say("seed of the search (same seed, same review)"))
    p.add_argument("--json", action="store_true", help=say("print the review as JSON"))
    p.add_argument("--plot", metavar="FILE.png", help=say("draw the match: running scores and points lost per deal"))
    p.set_defaults(run=run)


def run(args) -> int:
    if args.plot:
        from parlor.bots.arena import check_plot
        check_plot(args.plot)  # before the minutes of searching, not after
    record = records.read(args.file)
    seat = rv.seat_of(record, args.seat)
    with progress() as bar:
        task = bar.add_task(say("weighing the choices"), total=None)
        data = rv.review(record, seat, args.budget, args.seed,
                         progress=lambda done, total: bar.update(task, completed=done, total=total))
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        print("\n".join(rv.lines(data)))
    if args.plot:
        plot(data, args.plot)
        if not args.json:
            print(say("plot: {path}", path=args.plot))
    return 0


def plot(data: dict, path) -> None:
    """The match in two panels: each seat's running score, and the seat's expected points lost per deal."""
    from parlor.bots.arena import _pyplot
    plt = _pyplot()
    names = data["names"]
    deals = [d for d in data["deals"] if d["scores"] is not None]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 6), sharex=True)
    numbers = [d["deal"] for d in deals]
    for s in range(len(deals[0]["scores"]) if deals else 0):
        top.plot(numbers, [d["scores"][s] for d in deals], marker="o", markersize=3,
                 linewidth=2.5 if s == data["seat"] else 1.2, label=names[s])
    top.set_title(say("{game}: running scores", game=data["title"]))
    top.legend(fontsize=8)
    bottom.bar([d["deal"] for d in data["deals"]], [d["lost"] for d in data["deals"]], color="#b5503c")
    bottom.set_title(say("{who}: expected points lost per deal", who=names[data["seat"]]))
    bottom.set_xlabel(say("deal"))
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=100)
    except OSError as e:
        raise UsageError(say("cannot draw {path}: {reason}", path=path, reason=e.strerror)) from None
    finally:
        plt.close(fig)
