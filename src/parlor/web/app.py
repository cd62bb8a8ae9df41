"""The ASGI app (Starlette): pages, a small JSON API, and the WebSocket at /ws."""

import contextlib
import json
import logging
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request, cookie_parser
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from parlor.core.errors import BadTable, ParlorError, one_line, shown
from parlor.core.language import LANGUAGES, best_match, current, known, translate, translate_n, using
from parlor.locale.catalogs import web_messages
from parlor.core.words import say
from parlor.session import howto_text, rules_text

from . import limits
from .learn import lesson_list, lesson_turn
from .people import People
from .puzzle import puzzle_list, puzzle_turn
from .store import Unavailable
from .server import BadRequest, NotFound, Server, game_catalogue, level_catalogue, read_json

log = logging.getLogger("parlor.web")

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 16_384  # characters; a move is a few words


def create_app(db_url: str, allowed_hosts: set[str] | None = None, **server_args) -> Starlette:
    """The app on the database `db_url`. `allowed_hosts`: the host names a request may be
    addressed to (its Host header; None: any, as under the test client)."""
    server = Server(db_url, **server_args)
    people = People(server)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    def page(name: str):
        async def endpoint(request: Request):
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})
        return endpoint

    async def api_games(request: Request):
        from parlor.session import standin_level
        return JSONResponse({"games": game_catalogue(), "levels": level_catalogue(),
                             "standin": standin_level()})

    async def api_words(request: Request):
        """The browser's catalog in the request's language: each template of the pages and
        their scripts (locale/catalogs.py web_messages) as this language says it, a `tn`'s
        pair as its forms for one and for many; and the languages the menu offers."""
        words, plurals = {}, {}
        for message in web_messages():
            if isinstance(message, tuple):
                one, many = message[:2]
                plurals[one] = [translate_n(one, many, 1), translate_n(one, many, 2)]
            else:
                words[message] = translate(message)
        return JSONResponse({"lang": current(), "languages": LANGUAGES, "words": words,
                             "plurals": plurals}, headers={"Cache-Control": "no-cache"})

    def api_rules(text_of):
        """A game's how-to-play page (its card markers kept, the browser draws them) or full rules."""
        async def endpoint(request: Request):
            try:
                text = text_of(request.path_params["game"])
            except (BadTable, OSError) as e:
                return _error(f"{e}", 404)
            return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")
        return endpoint

    async def api_lobby(request: Request):
        q = request.query_params
        pages = {name: {"offset": _query_int(q.get(name))} for name in ("open", "playing")}
        data = server.lobby(pages)
        data.update(await server.finished(_query_int(q.get("finished"))))
        return JSONResponse(data)

    async def api_create(request: Request):
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        address = request.client.host if request.client else None

        def create(account):  # a table counts against its account, or a guest's address
            owner = limits.owner_key(account["key"] if account else None, address)
            return server.create_table(body, account, owner)
        result = await _guard(_with_account(request, create), raw=True)
        if isinstance(result, Response):
            return result
        response = JSONResponse(result)
        if result["host"] is not None:
            _hold_seat(response, result["id"], result["seats"][result["host"]]["token"])
        return response

    async def api_join(request: Request):
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        table_id = request.path_params["table"]
        held = request.cookies.get(_seat_cookie(table_id))
        address = request.client.host if request.client else None
        result = await _guard(_with_account(request, lambda account: server.join(table_id, body, held, account,
                                                                                 address)), raw=True)
        if isinstance(result, Response):
            return result
        response = JSONResponse(result)
        _hold_seat(response, table_id, result["token"])
        return response

    async def api_again(request: Request):
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        token = body.get("token") if isinstance(body, dict) else None
        result = await _guard(server.play_again(request.path_params["table"], token), raw=True)
        if isinstance(result, Response):
            return result
        response = JSONResponse(result)
        _hold_seat(response, result["id"], result["token"])  # the accounts' seats came along
        return response

    async def api_mine(request: Request):
        """This browser's tables: the seat tokens it sends (kept in localStorage) and those
        its seat cookies hold."""
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        sent = body.get("tables") if isinstance(body, dict) else None
        held = {k: v for k, v in (sent if isinstance(sent, dict) else {}).items()
                if isinstance(k, str) and isinstance(v, str)}
        prefix = _seat_cookie("")
        for name, token in request.cookies.items():
            if name.startswith(prefix):
                held.setdefault(name[len(prefix):], token)
        account = await people.who(request)
        held.update(await people.seats_held(account))  # an account's seats, from any browser
        return JSONResponse({"tables": await server.mine(held), "account": account["name"] if account else None})

    async def api_fair(request: Request):
        """A fresh commitment for the table this browser is about to make (web/fair.py)."""
        return JSONResponse({"commitment": server.commitments.offer()})

    async def api_verify(request: Request):
        """Check a finished fair match's record: its seeds against the commitment, every deal
        against what its seeds deal (the code `parlor verify` runs)."""
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        result = await _guard(server.verify(body), raw=True)
        return result if isinstance(result, Response) else JSONResponse(result)

    async def api_record(request: Request):
        result = await _guard(server.record(request.path_params["table"]), raw=True)
        if isinstance(result, Response):
            return result
        name = f"parlor-{result['game']}-{request.path_params['table']}.json"
        return Response(json.dumps(result, indent=1) + "\n", media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def api_replay(request: Request):
        try:
            step = int(request.query_params.get("step", "0"))
        except ValueError:
            return _error(say("step must be an integer"))
        return await _guard(server.replay_step(request.path_params["table"], step))

    async def api_review(request: Request):
        table_id = request.path_params["table"]
        return await _guard(server.review(table_id, request.query_params.get("seat"),
                                          request.cookies.get(_seat_cookie(table_id))))

    async def api_lessons(request: Request):
        try:
            return JSONResponse(lesson_list(request.path_params["game"]))
        except BadTable as e:
            return _error(e.reason, 404)
        except ParlorError as e:
            return _error(e.reason)

    async def api_lesson(request: Request):
        """One lesson, after the moves the learner made (the page sends them: no state here)."""
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        try:
            number = int(request.path_params["number"])
            return JSONResponse(lesson_turn(request.path_params["game"], number, body))
        except ValueError:
            return _error(say("a lesson is named by its number"), 404)
        except BadTable as e:
            return _error(e.reason, 404)
        except ParlorError as e:
            return _error(e.reason)

    async def api_puzzles(request: Request):
        try:
            return JSONResponse(puzzle_list(request.path_params["game"]))
        except BadTable as e:
            return _error(e.reason, 404)

    async def api_puzzle(request: Request):
        """One practice position; with a move in the body, the verdict on it (no state here)."""
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        try:
            number = int(request.path_params["number"])
            return JSONResponse(puzzle_turn(request.path_params["game"], number, body))
        except ValueError:
            return _error(say("a position is named by its number"), 404)
        except BadTable as e:
            return _error(e.reason, 404)
        except ParlorError as e:
            return _error(e.reason, 404)

    async def _with_account(request, call):
        """`call(account)` with the request's account (None: a guest)."""
        return await call(await people.who(request))

    async def ws_endpoint(ws: WebSocket):
        await ws.accept()
        try:
            account = await people.who(ws)
        except Unavailable:
            account = None  # the database is failing: this socket is a guest's (its writes fail anyway)
        conn = server.connect(ws.send_text, current(), account)  # the language Guard chose
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is not None and len(text) > MAX_MESSAGE:
                    with using(conn.lang):
                        conn.error(say("message too long"))
                    continue
                await server.handle(conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            await server.disconnect(conn)

    routes = [
        Route("/", page("index.html")),
        Route("/about", page("about.html")),
        Route("/verify", page("verify.html")),
        Route("/decks", page("decks.html")),
        Route("/table/{table}", page("table.html")),
        Route("/replay/{table}", page("replay.html")),
        Route("/review/{table}", page("review.html")),
        Route("/learn/{game}", page("learn.html")),
        Route("/account", page("account.html")),
        Route("/leaderboard", page("leaderboard.html")),
        Route("/people/{name:path}", page("person.html")),
        *people.routes(),
        Route("/api/words", api_words),
        Route("/puzzle/{game}", page("puzzle.html")),
        Route("/api/games", api_games),
        Route("/api/games/{game}/howto", api_rules(howto_text)),
        Route("/api/games/{game}/rules", api_rules(rules_text)),
        Route("/api/learn/{game}", api_lessons),
        Route("/api/learn/{game}/{number}", api_lesson, methods=["POST"]),
        Route("/api/puzzle/{game}", api_puzzles),
        Route("/api/puzzle/{game}/{number}", api_puzzle, methods=["POST"]),
        Route("/api/lobby", api_lobby),
        Route("/api/tables", api_create, methods=["POST"]),
        Route("/api/tables/{table}/join", api_join, methods=["POST"]),
        Route("/api/tables/{table}/again", api_again, methods=["POST"]),
        Route("/api/mine", api_mine, methods=["POST"]),
        Route("/api/tables/{table}/record", api_record),
        Route("/api/fair", api_fair, methods=["POST"]),
        Route("/api/verify", api_verify, methods=["POST"]),
        Route("/api/tables/{table}/replay", api_replay),
        Route("/api/tables/{table}/review", api_review),
        WebSocketRoute("/ws", ws_endpoint),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(Guard, allowed_hosts=allowed_hosts)])
    app.state.server = server
    app.state.people = people
    return app


# Every page's scripts, styles and sockets come from this server only; no page may be framed.
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; script-src 'self'; style-src 'self'; "
     b"img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
     b"form-action 'self'; frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]


class Guard:
    """Refuses a request addressed to a host name this server does not answer to (DNS
    rebinding: a page of another site that got its name pointed at this address) and a request
    or socket that a page of another origin makes (its Origin header names another host);
    adds the security headers to every response; answers in the request's language."""

    def __init__(self, app, allowed_hosts: set[str] | None):
        self.app = app
        self.allowed = allowed_hosts

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        with using(request_language(scope.get("query_string", b"").decode("latin-1"), headers)):
            refusal = self.refusal(headers.get("host", ""), headers.get("origin"))
            if refusal is not None:
                log.warning("refused a %s request: %s", scope["type"], refusal)
                if scope["type"] == "websocket":
                    return await send({"type": "websocket.close", "code": 1008})
                return await PlainTextResponse(refusal, 403)(scope, receive, self.headed(send))
            await self.app(scope, receive, self.headed(send))

    def refusal(self, host: str, origin: str | None) -> str | None:
        """Why a request with these Host and Origin headers is refused, or None."""
        if self.allowed is not None and host_name(host) not in self.allowed:
            return say("this server does not answer to the host name {host}", host=shown(host))
        if origin is not None and urlsplit(origin).netloc.lower() != host.lower():
            return say("requests from pages of another site ({origin}) are refused", origin=shown(origin))
        return None

    @staticmethod
    def headed(send):
        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)
        return send_with_headers


LANG_COOKIE = "parlor-lang"  # the language menu's choice (static/common.js)


def request_language(query: str, headers: dict[str, str]) -> str:
    """The language a request reads: its `lang` parameter, else the language menu's cookie,
    else the browser's Accept-Language (a language parlor does not speak is passed over)."""
    asked = parse_qs(query).get("lang", [])
    asked.append(cookie_parser(headers.get("cookie", "")).get(LANG_COOKIE, ""))
    for lang in asked:
        if known(lang):
            return lang
    return best_match(headers.get("accept-language"))


def host_name(host: str) -> str:
    """The name in a Host header, without its port: "[::1]:8000" -> "::1"."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]")[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": one_line(message)}, status_code=status)


async def _json_body(request: Request):
    raw = await request.body()
    if len(raw) > 65_536:
        return _error(say("request too large"))
    try:
        return read_json(raw or b"null")
    except BadRequest as e:
        return _error(say("bad request body: {reason}", reason=e.reason))


def _query_int(text: str | None) -> int | None:
    """A lobby page's offset from the query string (anything else: None, the first page)."""
    return int(text) if text is not None and text.isdigit() and len(text) < 10 else None


def _seat_cookie(table_id: str) -> str:
    return f"parlor-seat-{table_id}"


def _hold_seat(response: Response, table_id: str, token: str) -> None:
    """Remember in the browser the seat it holds at a table, so that it joins no second one
    (a person with two browsers is two people to a server without accounts)."""
    response.set_cookie(_seat_cookie(table_id), token, httponly=True, samesite="strict")


async def _guard(coro, raw: bool = False):
    try:
        result = await coro
    except NotFound as e:
        return _error(e.reason, 404)
    except Unavailable as e:
        return _error(e.reason, 503)
    except ParlorError as e:
        return _error(e.reason)
    return result if raw else JSONResponse(result)


__all__ = ["create_app", "BadRequest"]
