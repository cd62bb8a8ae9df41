"""What the web front end draws from a view: card codes in it, table lines, card roles.
The spectator's view itself is a core concept (parlor.core.spectator)."""

from parlor.core.rules import Rules


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


def sent_view(view: dict) -> dict:
    """A view as a message carries it: without a view's own log (Tőr keeps its deal's), which
    would resend the whole deal at every move; the message's log brings each move once."""
    return {k: v for k, v in view.items() if k != "log"}


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
