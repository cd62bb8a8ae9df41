"""A person's move as they typed it or clicked its card: the legal move it names, or why it
names none, in the rules' own words."""

from parlor.core.errors import ActionError, UnknownAction


def _unordered(action: str) -> tuple:
    verb, *rest = action.split(" ")
    return verb, sorted(rest)


def match_input(text: str, legal: list[str]) -> str | None:
    """The legal move a person's typing names, or None when it names none or several."""
    text = " ".join(text.split())
    if text.isdigit() and 1 <= int(text) <= len(legal):
        return legal[int(text) - 1]
    if text in legal:
        return text
    low = text.lower()
    if low.count(" ") > 1:  # cards typed in another order than the canonical one ("meld KS KD KH")
        typed = _unordered(low)
        hits = [a for a in legal if _unordered(a.lower()) == typed]
        if len(hits) == 1:
            return hits[0]
    hits = [a for a in legal if a.lower().endswith(" " + low) or a.lower() == low]
    if len(hits) != 1:
        hits = [a for a in legal if a.lower().startswith(low)] if low else []
    return hits[0] if len(hits) == 1 else None


def short_form(action: str, legal: list[str]) -> str:
    """The shortest ending of `action` that names it alone among `legal` ("6L" for "play 6L"),
    or the action itself: what the help offers as an example of typing less."""
    words = action.split(" ")
    for k in range(len(words) - 1, 0, -1):
        shorter = " ".join(words[k:])
        if match_input(shorter, legal) == action:
            return shorter
    return action


def why_not(rules, state, legal: list[str], text: str) -> str | None:
    """Why the typed or clicked `text` makes no legal move, in the rules' own words, read as the
    move it was meant to be: card codes in any case, cards without their verb ("1t" for "play
    1T", tried with each verb of a legal move of that shape); None when it names no move at all."""
    words = [w.upper() if rules.deck.card(w.upper()) is not None else w for w in text.split()]
    typed = " ".join(words)
    tries = [typed, text]
    if words and rules.deck.card(words[0]) is not None:
        verbs = {a.split(" ")[0] for a in legal if a.count(" ") == len(words)
                 and rules.deck.card(a.split(" ")[1]) is not None}
        tries += [f"{verb} {typed}" for verb in sorted(verbs)]
    for t in tries:
        try:
            rules.check_action(state, t)
        except UnknownAction:  # in no form of the game's moves: read it the next way
            continue
        except ActionError as e:
            return e.reason
    return None
