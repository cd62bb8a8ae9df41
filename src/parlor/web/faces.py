"""How each card of a game looks in the browser, as the game catalogue sends it: the game's faces
(its text module, core/text.py) in the browser's four letters, and its suits for naming a trump."""

from parlor.core.registry import faces_of, text_class
from parlor.core.text import FRENCH, suit_and_rank


def faces(game_id: str) -> dict:
    """code -> {"r": rank as printed, "s": suit sign, "c": colour class, "t": title, "e": the suit's
    emblem (static/cards.js draws it), "n": the rank's name}."""
    return {code: {"r": f.rank, "s": f.mark, "c": f.tone, "t": f.title, "e": f.emblem, "n": f.name}
            for code, f in faces_of(game_id).items()}


def suits(game_id: str) -> dict:
    """suit letter (as a view's `trump` names it) -> {"n": its name, "e": emblem, "c": colour
    class}: the table's header draws the trump with it."""
    drawn = faces_of(game_id)
    split = suit_and_rank(list(drawn))
    named = text_class(game_id).suits or FRENCH
    out: dict = {}
    for code, f in drawn.items():
        letter = split[code][0]
        if f.emblem != "joker" and letter not in out:
            suit = named.get(letter)
            out[letter] = {"n": suit.name if suit else letter, "e": f.emblem, "c": f.tone}
    return out
