"""What keeps one person from filling the server (issue 35, F5): idle tables expire, the lobby
answers a page at a time, and an account (a guest: an address) keeps at most so many unfinished
tables. Pure functions over the server's live tables; server.py calls them."""

from parlor.core.options import is_int

EXPIRE_AFTER_S = 7 * 86400  # an unfinished table nobody has touched for a week is closed
EXPIRE_CHECK_S = 60.0  # how often the server looks for such tables
MAX_TABLES = 10  # unfinished tables one account, or one address, may keep
PAGE = 20  # tables in one page of a lobby list
MAX_PAGE = 50  # the most a client may ask for in one page


def owner_key(account_key: str | None, address: str | None) -> str:
    """Whom a table (or a seat) is counted against: the account, else the address."""
    return f"account:{account_key}" if account_key is not None else f"address:{address or '?'}"


def kept_by(tables, owner: str) -> int:
    """How many unfinished tables `owner` made and keeps."""
    return sum(1 for t in tables if not t.match.finished and t.settings.get("owner") == owner)


def idle(tables, now: float, after: float) -> list:
    """The unfinished tables nobody has touched for `after` seconds and nobody is seated at."""
    return [t for t in tables if not t.match.finished and now - t.touched >= after
            and not t.seated_here()]


def page_of(items: list, offset, limit) -> dict:
    """One page of a lobby list: its items, where it starts, and the whole list's length
    (a bad or missing offset or limit: the first page, the usual size)."""
    offset = offset if is_int(offset) and offset >= 0 else 0
    limit = min(limit, MAX_PAGE) if is_int(limit) and limit > 0 else PAGE
    return {"items": items[offset:offset + limit], "offset": offset, "limit": limit,
            "total": len(items)}
