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

from parlor.core.rules import Rules

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


def public_view(rules: Rules, views: list[dict]) -> dict:
    """The spectator's view from every seat's view (views[s] = rules.view(state, s)). A private
    key reads None, the hand and the legal moves [] (every view's are lists)."""
    out = {}
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


def codes_in(obj, codes: set[str], skip: tuple = ()) -> set[str]:
    """Every card code in a JSON value: a string that is a code, or a word of a string that is
    one. Keys in `skip` (free text such as rules prose) are not searched."""
    found: set[str] = set()
    stack = [obj]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if v in codes:
                found.add(v)
            else:
                for w in v.replace(",", " ").replace("(", " ").replace(")", " ").split():
                    if w in codes:
                        found.add(w)
        elif isinstance(v, dict):
            stack.extend(x for k, x in v.items() if k not in skip)
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return found


def table_lines(rules: Rules, view: dict) -> list[str]:
    """rules.table_lines, or nothing if the game cannot describe this (public) view."""
    try:
        return list(rules.table_lines(view))
    except Exception:  # noqa: BLE001 - a spectator's view may lack what a seat's view has
        return []


def shown_cards(view: dict, codes) -> set[str]:
    """The cards a front end draws from a view: the hand, the trick, and every top-level value
    that is a card or a list of cards (a face-up card, your discard)."""
    shown = set(view.get("hand") or ())
    shown.update(c for _, c in view.get("trick") or ())
    for value in view.values():
        if isinstance(value, str):
            shown.add(value)
        elif isinstance(value, list) and value and all(isinstance(x, str) for x in value):
            shown.update(value)
    return shown & codes


def roles(rules: Rules, view: dict) -> dict:
    """card_role (trump, Oracle...) of every card drawn from the view that has one."""
    out = {}
    for code in sorted(shown_cards(view, rules.deck.index.keys())):
        try:
            role = rules.card_role(view, code)
        except Exception:  # noqa: BLE001
            role = None
        if role:
            out[code] = role
    return out
