"""What the web front end draws from a view: card codes in it, the cards beside the trick, table
lines, the seats' facts in words, card roles. The spectator's view itself is a core concept (parlor.core.spectator)."""

from parlor.core.text import GameText
from parlor.core.view import Card, Cards, Optional, View


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


def sent_view(view: View) -> View:
    """A view as a message carries it: without the deal's history, which would resend the whole
    deal at every move; the message's log brings each move once."""
    return {k: v for k, v in view.items() if k != "history"}


def table_lines(words: GameText, view: View) -> list[str]:
    """The game's table lines, or nothing if the game cannot describe this (public) view."""
    try:
        return list(words.table_lines(view))
    except Exception:  # noqa: BLE001 - a spectator's view may lack what a seat's view has
        return []


def _holds_cards(kind) -> bool:
    """A kind of a card or a list of cards, or either of them optional."""
    kind = kind.item if isinstance(kind, Optional) else kind
    return isinstance(kind, (Card, Cards))


def shown_cards(words: GameText, view: View) -> list[tuple[str, list[str]]]:
    """The cards the browser draws beside the trick, in the view's order, as (label, codes): each
    face-up place of the table (`face_up`) and every game key declared a card or cards (a
    face-up card, your discard) but the game's `unplaced`, labelled in the game's words; empty
    ones left out."""
    out = []
    for key, value in view.items():
        if key == "face_up":
            out += [(words.pile_words(e["label"], e["state"]), e["cards"]) for e in value if e["cards"]]
        elif value and key not in words.unplaced and _holds_cards(words.rules.view_schema.get(key)):
            out.append((words.pile_words(key), [value] if isinstance(value, str) else value))
    return out


def seat_facts(words: GameText, view: View) -> list[dict[str, str]]:
    """Each seat's facts that are words (`seat_facts`: a bid said, "pass"), in the game's words;
    the browser shows its numbers itself."""
    return [{k: words.fact_words(k, x) for k, x in facts.items() if isinstance(x, str)}
            for facts in view.get("seat_facts") or ()]


def roles(words: GameText, view: View) -> dict:
    """The role's words (trump, Oracle...) of every card drawn from the view that has one."""
    out = {}
    rules = words.rules
    drawn = set(view["hand"]) | {c for _, c in view["trick"]}
    drawn.update(c for _, codes in shown_cards(words, view) for c in codes)
    for code in sorted(drawn & rules.deck.index.keys()):
        try:
            role = words.card_role(view, code)
        except Exception:  # noqa: BLE001
            role = None
        if role:
            out[code] = role.words
    return out
