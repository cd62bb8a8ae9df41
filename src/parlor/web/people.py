"""People in the browser: the account page's routes (sign up, log in, log out, change password)
and the leaderboards. The accounts themselves are web/accounts.py's; this module is HTTP only.

The session is an httponly cookie, SameSite=Lax, so another site's page cannot send it with a
request that changes anything; the app's Guard refuses a request whose Origin names another
site, and these routes take only JSON bodies, which a plain cross-site form cannot send.
Failed log-ins are counted per name and per address: past the limit, log-ins for that name (or
from that address) are refused for a while, whatever the password.
"""

import asyncio
import json
import time
from collections import deque

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from parlor import records
from parlor.bots.levels import OFFERED, computer_words
from parlor.core.errors import ParlorError, shown
from parlor.core.stats import facts_of, match_entry, summary
from parlor.core.ratings import computer_rating, level_mu
from parlor.core.registry import games
from parlor.core.words import say

from .accounts import SESSION_DAYS, AccountError, Accounts, name_key
from .server import BadRequest, read_json

SESSION_COOKIE = "parlor-session"
FAILS_PER_NAME = 5  # failed log-ins for one name in FAIL_WINDOW_S
FAILS_PER_ADDRESS = 20  # from one address, whatever the names
FAIL_WINDOW_S = 15 * 60
MAX_FORM = 4096  # bytes: a name and two passwords
MAX_REMEMBERED = 10_000  # names and addresses with failures kept at most (old ones forgotten)
MAX_ENTRIES = 20_000  # matches' statistics kept replayed (all forgotten past it)


class Throttle:
    """Failed attempts per key (a name, an address) within the last `window` seconds."""

    def __init__(self, window: float = FAIL_WINDOW_S, clock=time.monotonic):
        self.window, self.clock = window, clock
        self.fails: dict[str, deque[float]] = {}

    def count(self, key: str) -> int:
        times = self.fails.get(key)
        if times is None:
            return 0
        while times and times[0] <= self.clock() - self.window:
            times.popleft()
        if not times:
            del self.fails[key]
        return len(times)

    def failed(self, key: str) -> None:
        if len(self.fails) >= MAX_REMEMBERED:
            for old in list(self.fails):
                self.count(old)  # drops the keys whose failures are all past the window
        self.fails.setdefault(key, deque()).append(self.clock())


class People:
    """The account routes of one server: its Accounts made on first use, after the store opens."""

    def __init__(self, server, clock=time.monotonic) -> None:
        self.server = server
        self._accounts: Accounts | None = None
        self._making = asyncio.Lock()
        self.throttle = Throttle(clock=clock)
        self.entries: dict[tuple[str, int], dict | None] = {}  # (table, seat) -> its match_entry

    async def accounts(self) -> Accounts:
        async with self._making:
            if self._accounts is None:
                self._accounts = await self.server.db(Accounts, self.server.open_store)
        return self._accounts

    async def who(self, request: HTTPConnection) -> dict | None:
        """The account this request's session cookie names, or None (a guest)."""
        accounts = await self.accounts()
        return await self.server.db(accounts.account_of, request.cookies.get(SESSION_COOKIE))

    async def seats_held(self, account: dict | None) -> dict[str, str]:
        """Table id -> seat token of the seats this account holds (a guest: none)."""
        if account is None:
            return {}
        accounts = await self.accounts()
        return await self.server.db(accounts.seats_held, account["key"])

    def routes(self) -> list[Route]:
        return [
            Route("/api/account", self.api_account),
            Route("/api/account/signup", self.api_signup, methods=["POST"]),
            Route("/api/account/login", self.api_login, methods=["POST"]),
            Route("/api/account/logout", self.api_logout, methods=["POST"]),
            Route("/api/account/password", self.api_password, methods=["POST"]),
            Route("/api/leaderboard/{game}", self.api_leaderboard),
            Route("/api/people/{name:path}", self.api_person),
        ]

    async def api_account(self, request: Request):
        account = await self.who(request)
        return JSONResponse({"name": account["name"] if account else None})

    async def api_signup(self, request: Request):
        body = await _form(request, "name", "password")
        if isinstance(body, Response):
            return body
        accounts = await self.accounts()
        try:
            cookie = await self.server.db(accounts.register, body["name"], body["password"])
        except AccountError as e:
            return _error(e.reason)
        return _signed_in(request, body["name"].strip(), cookie)

    async def api_login(self, request: Request):
        body = await _form(request, "name", "password")
        if isinstance(body, Response):
            return body
        by_name = "name:" + name_key(body["name"])
        by_address = "address:" + (request.client.host if request.client else "")
        if (self.throttle.count(by_name) >= FAILS_PER_NAME
                or self.throttle.count(by_address) >= FAILS_PER_ADDRESS):
            return _error(say("too many failed log-ins; wait {minutes} minutes and try again",
                              minutes=FAIL_WINDOW_S // 60), 429)
        accounts = await self.accounts()
        try:
            cookie = await self.server.db(accounts.log_in, body["name"], body["password"])
        except AccountError as e:
            self.throttle.failed(by_name)
            self.throttle.failed(by_address)
            return _error(e.reason)
        account = await self.server.db(accounts.account_of, cookie)
        return _signed_in(request, account["name"], cookie)

    async def api_logout(self, request: Request):
        """Ends every session of the account (its other browsers too) and this browser's cookie."""
        body = await _form(request)
        if isinstance(body, Response):
            return body
        accounts = await self.accounts()
        await self.server.db(accounts.log_out_everywhere, request.cookies.get(SESSION_COOKIE))
        response = JSONResponse({"name": None})
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response

    async def api_password(self, request: Request):
        body = await _form(request, "old", "new")
        if isinstance(body, Response):
            return body
        accounts = await self.accounts()
        try:
            cookie = await self.server.db(accounts.change_password, request.cookies.get(SESSION_COOKIE),
                                          body["old"], body["new"])
        except AccountError as e:
            return _error(e.reason)
        account = await self.server.db(accounts.account_of, cookie)
        return _signed_in(request, account["name"], cookie)

    async def api_leaderboard(self, request: Request):
        """A game's rated people and, among them, the computer levels at their fixed ratings."""
        game = request.path_params["game"]
        catalogue = games()
        if game not in catalogue:
            return _error(say("no game {game}; the games are {games}", game=shown(game),
                              games=", ".join(catalogue)), 404)
        accounts = await self.accounts()
        board = await self.server.db(accounts.leaderboard, game)
        mu = level_mu(game)
        levels = [{"level": level, "name": computer_words(level),
                   "rating": computer_rating(game, level).shown}
                  for level in sorted(mu, key=mu.__getitem__, reverse=True) if level in OFFERED]
        return JSONResponse({"game": game, "title": catalogue[game].title, "board": board, "levels": levels})


    async def api_person(self, request: Request):
        """A person's statistics per game, from the records of the finished matches their
        account played, and their ratings."""
        accounts = await self.accounts()
        account = await self.server.db(accounts.find, request.path_params["name"])
        if account is None:
            return _error(say("nobody has an account named {name}", name=shown(request.path_params["name"])), 404)
        played = await self.server.db(accounts.finished_seats, account["key"])
        rated = await self.server.db(accounts.ratings_of, account["key"])
        entries = await self.server.requested(self._entries, played)
        catalogue = games()
        out = []
        for game, row in summary(entries).items():
            if game not in catalogue:
                continue
            facts = [{"key": f.key, "label": f.label(), "count": row["facts"].get(f.key, 0)} for f in facts_of(game)]
            mine = rated.get(game, {})
            out.append({"game": game, "title": catalogue[game].title, "matches": row["matches"], "wins": row["wins"],
                        "average_score": round(row["average_score"], 1), "facts": facts,
                        "rating": mine.get("rating"), "rated_matches": mine.get("matches", 0)})
        return JSONResponse({"name": account["name"], "games": out})

    def _entries(self, played: list[tuple[str, int, str]]) -> list[dict]:
        """Each finished match's entry for the seat (core/stats.py), replayed from its record
        once: a finished record never changes. A record that no longer replays counts nowhere."""
        if len(self.entries) > MAX_ENTRIES:
            self.entries.clear()
        out = []
        for table_id, seat, record in played:
            key = (table_id, seat)
            if key not in self.entries:
                try:
                    self.entries[key] = match_entry(records.replay(json.loads(record)), seat)
                except (ParlorError, ValueError, KeyError, ImportError):
                    self.entries[key] = None
            entry = self.entries[key]
            if entry is not None:
                out.append(entry)
        return out


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _form(request: Request, *fields: str):
    """The request's JSON body with these text fields, or the one-line answer to send back. A
    body that is not JSON is refused: a cross-site HTML form can send only other kinds."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        return _error(say("send the form as JSON"), 415)
    raw = await request.body()
    if len(raw) > MAX_FORM:
        return _error(say("request too large"))
    try:
        body = read_json(raw or b"null")
    except BadRequest as e:
        return _error(say("bad request body: {why}", why=e.reason))
    if not isinstance(body, dict):
        body = {}
    for field in fields:
        if not isinstance(body.get(field), str):
            return _error(say("the form needs the field {field}", field=field))
    return body


def _signed_in(request: Request, name: str, cookie: str) -> JSONResponse:
    response = JSONResponse({"name": name})
    response.set_cookie(SESSION_COOKIE, cookie, max_age=SESSION_DAYS * 86400, path="/", httponly=True,
                        samesite="lax", secure=request.url.scheme == "https")
    return response
