"""A person's move as they typed it or clicked its card: the legal move it names, or why it
names none, in the rules' own words."""

from parlor.core.errors import ActionError, UnknownAction


def _unordered(action: str) -> tuple:
    verb, *rest = action.split(" ")
    return verb, sorted(rest)


LETTERS = "abcdefghijklmnopqrstuvwxyz"


def card_moves(legal: list[str], hand: list[str], deck) -> dict[str, list[str]]:
    """Each card of the hand that a legal move names alone -> those moves."""
    held = set(hand)
    by_card: dict[str, list[str]] = {}
    for a in legal:
        cards = [w for w in a.split(" ") if deck.card(w) is not None]
        if len(cards) == 1 and cards[0] in held:
            by_card.setdefault(cards[0], []).append(a)
    return by_card


def move_keys(legal: list[str], hand: list[str], deck, numbered: int | None = None) -> dict[str, str]:
    """Every legal move by the key that names it, in the order a list of the moves shows them:
    the one numbering of the hand everywhere (issue 32). A card's only move has the card's
    number in the hand (1 for the first card) and comes in the hand's order; every other move
    has a letter. `numbered`: how many cards have a number (the table's keys 1-9 and 0 reach
    ten); a card beyond them has a letter too."""
    place = {acts[0]: hand.index(c) for c, acts in card_moves(legal, hand, deck).items() if len(acts) == 1}
    reach = len(hand) if numbered is None else numbered
    ordered = sorted(legal, key=lambda a: place.get(a, reach))
    letters = iter(LETTERS)
    return {str(place[a] + 1) if place.get(a, reach) < reach else next(letters, a): a for a in ordered}


def match_input(text: str, legal: list[str], keys: dict[str, str] | None = None) -> str | None:
    """The legal move a person's typing names, or None when it names none or several: its key
    in `keys` (move_keys), the move itself, or a short form naming it alone."""
    text = " ".join(text.split())
    if keys and text in keys:
        return keys[text]
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
