"""parlor selfplay GAME --games N --seed S [--bots a,b,...] [--save DIR]: whole matches between bots."""

from parlor import records
from parlor.core.words import say, say_n
from parlor.bots import bots_by_seat, make_bot
from parlor.core.match import Match
from parlor.core.rng import Rng
from parlor.session import fresh_seed

from .common import add_game_arg, add_table_args, bot_list, positive_int, progress, rules_from_args


def add_parser(sub) -> None:
    p = sub.add_parser("selfplay", help=say("play whole matches between computer players"))
    add_game_arg(p)
    p.add_argument("--games", type=positive_int, default=10, help=say("number of matches (default 10)"))
    p.add_argument("--bots", default=["random"], type=bot_list,
                   help=say("bots by seat, comma-separated; the list repeats (default random)"))
    p.add_argument("--save", metavar="DIR", help=say("write each match's record into DIR"))
    add_table_args(p)
    p.set_defaults(run=run)


def play_match(rules, bots, seed: int) -> Match:
    """One match; bot k plays seat k and decides from that seat's view only."""
    match = Match(rules, seed)
    rngs = [Rng(seed * 1000 + s + 1) for s in range(rules.seats)]
    while not match.finished:
        seat = match.to_act()
        assert seat is not None  # the match is not finished
        match.apply(bots[seat].choose(match.view(seat), rngs[seat]))
    return match


def run(args) -> int:
    rules = rules_from_args(args.game, args)
    bots = [make_bot(name, rules) for name in bots_by_seat(args.bots, rules)]
    first = args.seed if args.seed is not None else fresh_seed()
    last = first + args.games - 1
    save = None
    if args.save:  # the longest record name is the first seed's or the last's (seeds may be negative)
        save = records.folder_for(args.save, max(f"{rules.id}-{first}.json", f"{rules.id}-{last}.json", key=len))
    totals = [0] * rules.seats
    wins = [0] * rules.seats
    draws = 0
    with progress() as bar:
        task = bar.add_task(say("{game} self-play", game=rules.id), total=args.games)
        for k in range(args.games):
            match = play_match(rules, bots, first + k)
            totals = [t + s for t, s in zip(totals, match.scores)]
            for w in match.winners():
                wins[w] += 1
            draws += not match.winners()
            if save:
                records.keep(match.record(), save / f"{rules.id}-{first + k}.json")
            bar.advance(task)
    print(say_n("{count} match of {game}, seed {first}", "{count} matches of {game}, seed {first}", args.games,
                game=rules.id, first=first) if first == last else
          say_n("{count} match of {game}, seeds {first}..{last}", "{count} matches of {game}, seeds {first}..{last}",
                args.games, game=rules.id, first=first, last=last))
    for s in range(rules.seats):
        print(say("  seat {seat} ({player}): mean score {mean:+.2f}, won {wins} ({share:.0f}%)", seat=s,
                  player=bots[s].name, mean=totals[s] / args.games, wins=wins[s], share=100 * wins[s] / args.games))
    if draws:
        print(say("  draws: {count}", count=draws))
    return 0
