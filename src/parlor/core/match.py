"""The multi-deal driver: deals from the seed or explicit deals, dealer rotation, totals, winners.

A Match is the authoritative game: it takes action strings, refuses illegal ones with a reason
(changing nothing) and moves from deal to deal. Deals that end with no action (an instant win)
are scored as soon as they are dealt.
"""

from .errors import ActionError, BadTable, IllegalAction
from .rng import Rng
from .rules import Deal, DealContext, DealResult, Rules
from .view import last_trick


class Match:
    def __init__(self, rules: Rules, seed: int = 0, deals: list[Deal] | None = None,
                 names: list[str] | None = None):
        self.rules = rules
        self.seed = seed
        self.explicit: list[Deal] = list(deals or [])
        self.names = names
        limit = rules.max_deals()
        if limit is not None and len(self.explicit) > limit:
            raise BadTable(f"deals has {len(self.explicit)} entries but the match has only {limit} deals")
        rng = Rng(seed)
        self.first_dealer = rules.first_dealer(self.explicit[0].dealer if self.explicit else None, rng)
        for i, deal in enumerate(self.explicit):
            want = rules.dealer_of(self.first_dealer, i + 1)
            if deal.dealer != want:
                raise BadTable(f"deals[{i}].dealer must be seat {want} (the rotation), not {deal.dealer}")
        self._rng = rng  # each deal draws its own seed from here, explicit or not
        self.actions: list[str] = []
        # One entry an action: (deal number, seat, the action as each seat saw it made).
        self.log: list[tuple[int, int, list[str]]] = []
        self.results: list[DealResult] = []
        self.scores: list[int] = [0] * rules.seats
        self.deals: list[Deal] = []  # every deal dealt so far
        self.finished = False
        self.state = None
        self.closed_state = None  # the last finished deal as it ended (its last trick, its melds)
        self._closed_tricks: dict = {}  # seat -> the last trick it saw in that deal
        self._next_deal()
        self._settle()

    # --- reading
    @property
    def deal_number(self) -> int:
        return len(self.deals)

    def to_act(self) -> int | None:
        return None if self.finished else self.rules.to_act(self.state)

    def legal(self) -> list[str]:
        return [] if self.finished else self.rules.legal(self.state)

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
        if self.finished:
            raise IllegalAction("the match is over", index, text, None)
        seat = self.rules.to_act(self.state)
        try:
            action = self.rules.check_action(self.state, text)
        except ActionError as e:  # the same cause, told where it happened
            raise type(e)(e.reason, index, text, seat) from None
        seen = [self.rules.public_action(self.state, action, v) for v in range(self.rules.seats)]
        self.rules.apply_id(self.state, action)
        self.actions.append(text)
        self.log.append((self.deal_number, seat, seen))
        self._settle()

    def _settle(self) -> None:
        while self.rules.deal_over(self.state):
            result = self.rules.deal_result(self.state)
            self.results.append(result)
            self.scores = [a + b for a, b in zip(self.scores, result.points)]
            self.closed_state = self.state
            self._closed_tricks = {}
            if self.rules.match_over(self.results, self.scores):
                self.finished = True
                return
            self._next_deal()

    def _next_deal(self) -> None:
        number = len(self.deals) + 1
        dealer = self.rules.dealer_of(self.first_dealer, number)
        deal_rng = Rng(self._rng.next_u64())
        if number <= len(self.explicit):
            deal = self.explicit[number - 1]
        else:
            deal = self.rules.shuffle_deal(number, dealer, deal_rng)
        self.deals.append(deal)
        ctx = DealContext(number, dealer, tuple(self.scores), tuple(self.results))
        self.state = self.rules.start(deal, ctx)

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

    def record(self) -> dict:
        """The record of the match so far; every deal dealt is written out, so it replays
        even without the seed's shuffle."""
        rec = {"game": self.rules.id, "options": dict(self.rules.options),
               "seats": self.rules.seats}
        if self.names:
            rec["names"] = list(self.names)
        rec["seed"] = self.seed
        deals = self.deals + self.explicit[len(self.deals):]
        rec["deals"] = [self.rules.deal_to_json(d) for d in deals]
        rec["actions"] = list(self.actions)
        return rec
