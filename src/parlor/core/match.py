"""The multi-deal driver: deals from the seed or explicit deals, dealer rotation, totals, winners.

A Match is the authoritative game: it takes action strings, refuses illegal ones with a reason
(changing nothing) and moves from deal to deal. Deals that end with no action (an instant win)
are scored as soon as they are dealt.

A match made by `Match.dealt_outside` deals nothing itself: each deal is given to it (`deal`)
by whoever owns the chance (an OpenSpiel chance node, a sampled world), and between deals it
waits for the next one (`state` is None).
"""

from .errors import ActionError, BadTable, IllegalAction
from .fair import Fair
from .rng import Rng
from .rules import Deal, DealContext, DealResult, Rules, World
from .view import last_trick
from .words import N_, Reason


class Match:
    seed: int | None  # None: dealt outside
    explicit: list[Deal]
    names: list[str] | None
    fair: Fair | None  # the seeds of a fair match (core/fair.py)
    _rng: Rng | None

    def __init__(self, rules: Rules, seed: int = 0, deals: list[Deal] | None = None,
                 names: list[str] | None = None, fair: Fair | None = None):
        """`fair`: the shuffles come from its seeds (core/fair.py) instead of `seed`."""
        self._blank(rules)
        self.seed = seed
        self.explicit = list(deals or [])
        self.names = names
        self.fair = fair
        limit = rules.max_deals()
        if limit is not None and len(self.explicit) > limit:
            raise BadTable(f"deals has {len(self.explicit)} entries but the match has only {limit} deals")
        rng = Rng(seed)
        first = self.explicit[0].dealer if self.explicit else None
        self.first_dealer = rules.first_dealer(first, rng if fair is None or first is not None
                                               else Rng(self._fair_seed("first dealer", 1)))
        for i, deal in enumerate(self.explicit):
            want = rules.dealer_of(self.first_dealer, i + 1)
            if deal.dealer != want:
                raise BadTable(f"deals[{i}].dealer must be seat {want} (the rotation), not {deal.dealer}")
        self._rng = rng  # each deal draws its own seed from here, explicit or not
        self._next_deal()
        self._settle()

    @classmethod
    def dealt_outside(cls, rules: Rules, first_dealer: int, first_deal: int = 1,
                      last_deal: int | None = None, scores: list[int] | None = None,
                      results: list[DealResult] | None = None) -> "Match":
        """A match whose deals are given to it (`deal`), not shuffled from a seed: from deal
        `first_deal` (the totals `scores` and the `results` of the deals before it) to the end of
        the match or of deal `last_deal`, whichever comes first. It waits for its first deal."""
        m = cls.__new__(cls)
        m._blank(rules)
        m.first_dealer = first_dealer
        m._number = first_deal - 1
        m._last_deal = last_deal
        m._outside = True
        if scores is not None:
            m.scores = list(scores)
        if results is not None:
            m.results = list(results)
        return m

    def _blank(self, rules: Rules) -> None:
        """The fields of a match before its first deal."""
        self.rules = rules
        self.seed = None
        self.explicit = []
        self.names = None
        self.fair = None
        self.first_dealer = 0
        self._rng = None
        self._outside = False  # deals come from deal(), not from _rng
        self._number = 0  # the deal in play (or the last one)
        self._last_deal: int | None = None
        self.actions: list[str] = []  # every action string played in this match
        # One entry an action: (deal number, seat, the action as each seat saw it made).
        self.log: list[tuple[int, int, list[str]]] = []
        self.deal_actions: list[int] = []  # the deal in play's action ids from its start
        self.results: list[DealResult] = []
        self.scores: list[int] = [0] * rules.seats
        self.deals: list[Deal] = []  # every deal dealt so far
        self.current_deal: Deal | None = None  # the deal in play's cards (None: taken up as a state)
        self.finished = False
        self.state = None
        self.closed_state = None  # the last finished deal as it ended (its last trick, its melds)
        self._closed_tricks: dict = {}  # seat -> the last trick it saw in that deal

    def copy(self) -> "Match":
        """An independent copy: playing on it leaves this match as it is."""
        m = Match.__new__(Match)
        m.__dict__.update(self.__dict__)
        m.explicit, m.actions, m.log = self.explicit[:], self.actions[:], self.log[:]
        m.deal_actions, m.results, m.scores = self.deal_actions[:], self.results[:], self.scores[:]
        m.deals, m._closed_tricks = self.deals[:], dict(self._closed_tricks)
        if self._rng is not None:
            m._rng = Rng(0)
            m._rng.state = self._rng.state
        if self.state is not None:
            m.state = self.rules.copy(self.state)
        return m  # closed_state is shared: a finished deal's state is never played on

    # --- reading
    @property
    def deal_number(self) -> int:
        return self._number

    def to_act(self) -> int | None:
        return None if self.finished or self.state is None else self.rules.to_act(self.state)

    def legal(self) -> list[str]:
        return [] if self.finished or self.state is None else self.rules.legal(self.state)

    def view(self, seat: int) -> dict:
        """What `seat` sees now; after the match, the last deal's final view."""
        return self.rules.view(self.state, seat)

    def closed_view(self, seat: int) -> dict | None:
        """What `seat` saw at the end of the last finished deal (None before one has ended):
        the summary between deals shows its final trick."""
        return None if self.closed_state is None else self.rules.view(self.closed_state, seat)

    def last_trick(self, seat: int, view: dict | None = None) -> dict | None:
        """The last finished trick `seat` saw (core/view.py last_trick): of the deal in play, or until
        its first trick is done, of the deal before. `view`: the seat's view now, if at hand."""
        last = last_trick(self.view(seat) if view is None else view)
        if last is None and self.closed_state is not None:
            if seat not in self._closed_tricks:  # that deal is over: read it once
                self._closed_tricks[seat] = last_trick(self.closed_view(seat))
            last = self._closed_tricks[seat]
        return last

    def winners(self) -> list[int]:
        return self.rules.winners(self.scores) if self.finished else []

    # --- playing
    def apply(self, text: str) -> None:
        """Play one action string; ActionError (naming index, action, seat) changes nothing."""
        index = len(self.actions)
        self._check_playing(index, text)
        seat = self.rules.to_act(self.state)
        try:
            action = self.rules.check_action(self.state, text)
        except ActionError as e:  # the same cause, told where it happened
            raise type(e)(e.reason, index, text, seat) from None
        self._play(seat, action, text)

    def apply_id(self, action: int) -> None:
        """Play one action id (of rules.legal_ids); IllegalAction with the rules' reason, when it
        is not legal here, changes nothing."""
        index = len(self.actions)
        self._check_playing(index, str(action))
        reason = self.rules.why_illegal_id(self.state, action)
        if reason is not None:
            raise IllegalAction(reason, index, str(action), self.rules.to_act(self.state))
        self._play(self.rules.to_act(self.state), action, self.rules.action_str(self.state, action))

    def deal(self, dealt: Deal | World) -> None:
        """Start the next deal of a match dealt outside: a Deal from its first action, or a World
        (a deal under way: its context and its actions so far are the world's)."""
        if not self._outside or self.finished or self.state is not None:
            raise BadTable("this match is not waiting for a deal from outside")
        number = self._number + 1
        dealer = self.rules.dealer_of(self.first_dealer, number)
        if isinstance(dealt, World):
            if (dealt.ctx.number, dealt.ctx.dealer) != (number, dealer):
                raise BadTable(f"the world is of deal {dealt.ctx.number} dealt by seat {dealt.ctx.dealer}, "
                               f"not deal {number} dealt by seat {dealer}")
            state, deal, actions = self.rules.replay_world(dealt), dealt.deal, list(dealt.actions)
        else:
            if dealt.dealer != dealer:
                raise BadTable(f"deal {number} is dealt by seat {dealer}, not {dealt.dealer}")
            ctx = DealContext(number, dealer, tuple(self.scores), self._earlier_results())
            state, deal, actions = self.rules.start(dealt, ctx), dealt, []
        self._number = number
        self.deals.append(deal)
        self.current_deal, self.state, self.deal_actions = deal, state, actions
        self._settle()

    def take_up(self, state) -> None:
        """Start the next deal of a match dealt outside from a state of it as it stands (a tool
        holding one): its cards and earlier actions stay unknown."""
        if not self._outside or self.finished or self.state is not None:
            raise BadTable("this match is not waiting for a deal from outside")
        self._number += 1
        self.current_deal, self.state, self.deal_actions = None, state, []
        self._settle()

    def _check_playing(self, index: int, action: str) -> None:
        if self.finished:
            raise IllegalAction(Reason(N_("the match is over")), index, action, None)
        if self.state is None:
            raise IllegalAction(Reason(N_("the next deal has not been dealt")), index, action, None)

    def _play(self, seat: int, action: int, text: str) -> None:
        seen = [self.rules.public_action(self.state, action, v) for v in range(self.rules.seats)]
        self.rules.apply_id(self.state, action)
        self.actions.append(text)
        self.deal_actions.append(action)
        self.log.append((self.deal_number, seat, seen))
        self._settle()

    def _settle(self) -> None:
        while self.rules.deal_over(self.state):
            result = self.rules.deal_result(self.state)
            self.results.append(result)
            self.scores = [a + b for a, b in zip(self.scores, result.points)]
            self.closed_state = self.state
            self._closed_tricks = {}
            if self.rules.match_over(self.results, self.scores) or self._number == self._last_deal:
                self.finished = True
                return
            if self._outside:  # wait for deal()
                self.state = None
                return
            self._next_deal()

    def _next_deal(self) -> None:
        number = self._number = len(self.deals) + 1
        dealer = self.rules.dealer_of(self.first_dealer, number)
        assert self._rng is not None  # a match dealt outside waits for deal() instead
        deal_rng = Rng(self._rng.next_u64())
        if number <= len(self.explicit):
            deal = self.explicit[number - 1]
        else:
            deal = self._shuffle(number, dealer, deal_rng)
        self.deals.append(deal)
        self.current_deal = deal
        ctx = DealContext(number, dealer, tuple(self.scores), self._earlier_results())
        self.state = self.rules.start(deal, ctx)
        self.deal_actions = []

    def _earlier_results(self) -> tuple:
        return tuple(self.results) if self.rules.reads_results else ()

    def _shuffle(self, number: int, dealer: int, rng: Rng) -> Deal:
        """Deal `number` shuffled: from the fair seeds in a fair match, else from `rng`."""
        if self.fair is not None:
            rng = Rng(self._fair_seed(f"deal {number}", number))
        return self.rules.shuffle_deal(number, dealer, rng)

    def _fair_seed(self, label: str, deal: int) -> int:
        assert self.fair is not None
        if self.fair.server_seed is None:
            raise BadTable(f"the record's deals end before its {label}, and its server seed is still secret")
        return self.fair.seed_for(label, deal)

    # --- output
    def report(self) -> dict:
        """Where the match stands, in the replay format of records.md."""
        return {
            "game": self.rules.id,
            "finished": self.finished,
            "deal": self.deal_number,
            "to_act": self.to_act(),
            "legal": self.legal(),
            "deal_results": [{"dealer": r.dealer, "points": list(r.points), "detail": r.detail}
                             for r in self.results],
            "scores": list(self.scores),
            "winners": self.winners(),
        }

    def record(self, reveal: bool | None = None) -> dict:
        """The record of the match so far; every deal dealt is written out, so it replays
        even without the seed's shuffle. A fair match's server seed is in it when `reveal`
        (by default: once the match is over)."""
        rec = {"game": self.rules.id, "options": dict(self.rules.options),
               "seats": self.rules.seats}
        if self.names:
            rec["names"] = list(self.names)
        rec["seed"] = self.seed
        if self.fair is not None:
            rec["fair"] = self.fair.to_json(self.finished if reveal is None else reveal)
        deals = self.deals + self.explicit[len(self.deals):]
        rec["deals"] = [self.rules.deal_to_json(d) for d in deals]
        rec["actions"] = list(self.actions)
        return rec


def fair_deals(rules: Rules, fair: Fair, count: int) -> list[Deal]:
    """The first `count` deals a match deals from `fair`'s seeds alone (no explicit deals)."""
    match = Match(rules, 0, fair=fair)
    return [match._shuffle(n, rules.dealer_of(match.first_dealer, n), Rng(0)) for n in range(1, count + 1)]
