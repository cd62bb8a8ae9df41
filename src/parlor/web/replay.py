"""The replay page's data: a finished match after any number of its actions, every hand shown.

Replaying a long match takes long (a 40,000-action Tőr match: most of a second), so it runs on the
server's request thread, never on the event loop, and the last few matches stepped through are
kept at the step last shown: the next step forward costs one action, not a replay from the start.
"""

from collections import OrderedDict

from parlor.core.registry import text_of
from parlor.core.words import say
from parlor.records import Stepper

from . import public

KEEP = 4  # matches kept at their last step


class Replays:
    """Used from the one request thread only (Server.request_pool), so it needs no lock. A
    finished table's record never changes, so a kept match stays true to it."""

    def __init__(self):
        self.steppers: OrderedDict[str, Stepper] = OrderedDict()

    def step(self, table_id: str, record: dict, step: int) -> dict:
        """The match of `record` (the finished table `table_id`) after `step` actions."""
        stepper = self.steppers.pop(table_id, None) or Stepper(record)
        self.steppers[table_id] = stepper
        while len(self.steppers) > KEEP:
            self.steppers.popitem(last=False)
        stepper.go(step)
        match = stepper.match
        names = record.get("names") or [say("seat {seat}", seat=s) for s in range(match.rules.seats)]
        words = text_of(match.rules)
        views = []
        for s in range(match.rules.seats):
            v = public.sent_view(match.view(s))
            v["names"] = names
            views.append(v)
        # the cards beside the trick: a place every seat sees alike (a discard pile, the turned
        # trump) lies on the felt, the others (a seat's own discard) by their seat
        shown = [public.shown_cards(words, v) for v in views]
        felt = [x for x in shown[0] if all(x in other for other in shown[1:])]
        roles: dict = {}
        for v in views:  # every hand is drawn, so every seat's roles
            roles.update(public.roles(words, v))
        return {
            "game": {"id": match.rules.id, "title": match.rules.title, "seats": match.rules.seats},
            "step": step, "total": len(stepper.actions), "names": names, "views": views,
            "lines": [public.table_lines(words, v) for v in views],
            "roles": roles,
            "shown": felt, "seat_shown": [[x for x in own if x not in felt] for own in shown],
            "log": [{"i": i, "deal": match.log[i][0], "seat": match.log[i][1],
                     "action": stepper.actions[i],
                     "text": words.move_words(views[0], match.log[i][1], stepper.actions[i])}
                    for i in range(max(0, step - 12), step)],
            "sheet": words.score_sheet(match.results, names),
            "scores": list(match.scores), "finished": match.finished,
        }
