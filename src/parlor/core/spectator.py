"""What a spectator may see: the part of the table every seat sees alike.

The public view drops every view key the game declares private (Rules.private_view_keys: the
seat, the hand, the legal moves and anything else about the viewing seat alone), and keeps the
meet of all seats' views for the rest: a value every seat's view holds identically is public;
where the seats' views differ, what differs is private and is dropped (a card becomes "??",
anything else None). A private key is dropped even when every seat's value is the same, since
that agreement can itself be a secret (no seat has the Sun exception). So the spectator's view
can hold no card that some seat does not see: a card that one seat holds appears only in that
seat's view. Generic over every game.
"""

from .rules import Rules
from .view import View

HIDDEN = "??"


def meet(values: list):
    """What all the values share: equal values stay; differing strings become "??" word by word
    where they have the same number of words (so "discard 3A" / "discard ??" -> "discard ??");
    lists and dicts of the same shape meet element by element; anything else becomes None."""
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, str) for v in values):
        words = [v.split(" ") for v in values]
        if all(len(w) == len(words[0]) for w in words):
            return " ".join(w[0] if all(x[i] == w[0] for x in words) else HIDDEN
                            for i, w in enumerate(zip(*words)))
        return HIDDEN
    if all(isinstance(v, list) for v in values) and all(len(v) == len(first) for v in values):
        return [meet(list(items)) for items in zip(*values)]
    if all(isinstance(v, dict) for v in values) and all(v.keys() == first.keys() for v in values):
        return {k: meet([v[k] for v in values]) for k in first}
    return None


def public_view(rules: Rules, views: list[View]) -> View:
    """The spectator's view from every seat's view (views[s] = rules.view(state, s)). A private
    key reads None, the hand and the legal moves [] (every view's are lists)."""
    out: View = {}
    for key in views[0]:
        if key in ("hand", "legal"):
            out[key] = []
        elif key in rules.private_view_keys:
            out[key] = None
        else:
            out[key] = meet([v.get(key) for v in views])
    return out


def public_action(seen: list[str]) -> str:
    """An action as a spectator sees it: what every seat saw of it."""
    return meet(list(seen))
