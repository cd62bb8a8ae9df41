"""How each card of a game looks in the browser, as the game catalogue sends it: the game's faces
(its text module, core/text.py) in the browser's four letters."""

from parlor.core.registry import faces_of


def faces(game_id: str) -> dict:
    """code -> {"r": rank as printed, "s": suit sign, "c": colour class, "t": title, "e": the suit's
    emblem (static/cards.js draws it), "n": the rank's name}."""
    return {code: {"r": f.rank, "s": f.mark, "c": f.tone, "t": f.title, "e": f.emblem, "n": f.name}
            for code, f in faces_of(game_id).items()}
