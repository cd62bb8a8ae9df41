"""The ASGI app (Starlette): pages, a small JSON API, and the WebSocket at /ws."""

import contextlib
import json
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from parlor.core.errors import BadTable, ParlorError, one_line
from parlor.session import howto_text, rules_text

from .store import Unavailable
from .server import BadRequest, NotFound, Server, game_catalogue, level_catalogue, read_json

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 16_384  # characters; a move is a few words


def create_app(db_url: str, **server_args) -> Starlette:
    server = Server(db_url, **server_args)

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
        data = server.lobby()
        data["finished"] = await server.finished()
        return JSONResponse(data)

    async def api_create(request: Request):
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        result = await _guard(server.create_table(body), raw=True)
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
        result = await _guard(server.join(table_id, body, held), raw=True)
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
        _hold_seat(response, result["id"], result["token"])
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
        return JSONResponse({"tables": await server.mine(held)})

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
            return _error("step must be an integer")
        return await _guard(server.replay_step(request.path_params["table"], step))

    async def ws_endpoint(ws: WebSocket):
        await ws.accept()
        conn = server.connect(ws.send_text)
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is not None and len(text) > MAX_MESSAGE:
                    conn.error("message too long")
                    continue
                await server.handle(conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            await server.disconnect(conn)

    routes = [
        Route("/", page("index.html")),
        Route("/about", page("about.html")),
        Route("/decks", page("decks.html")),
        Route("/table/{table}", page("table.html")),
        Route("/replay/{table}", page("replay.html")),
        Route("/api/games", api_games),
        Route("/api/games/{game}/howto", api_rules(howto_text)),
        Route("/api/games/{game}/rules", api_rules(rules_text)),
        Route("/api/lobby", api_lobby),
        Route("/api/tables", api_create, methods=["POST"]),
        Route("/api/tables/{table}/join", api_join, methods=["POST"]),
        Route("/api/tables/{table}/again", api_again, methods=["POST"]),
        Route("/api/mine", api_mine, methods=["POST"]),
        Route("/api/tables/{table}/record", api_record),
        Route("/api/tables/{table}/replay", api_replay),
        WebSocketRoute("/ws", ws_endpoint),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": one_line(message)}, status_code=status)


async def _json_body(request: Request):
    raw = await request.body()
    if len(raw) > 65_536:
        return _error("request too large")
    try:
        return read_json(raw or b"null")
    except BadRequest as e:
        return _error(f"bad request body: {e.reason}")


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
