"""The web monitor's FastAPI app: JSON API over read-only database connections, live WebSocket, page."""

from __future__ import annotations

import asyncio
import json
import logging
import pathlib
from collections.abc import AsyncIterator, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Annotated, Any, TypeVar

from fastapi import FastAPI, HTTPException, Path, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from autofrotz.web.guard import Access, GuardMiddleware
from autofrotz.web.live import LiveHub
from autofrotz.web.readers import DatabaseMissingError, ReaderPool
from autofrotz.web.routes_control import add_control_routes, add_export_routes
from autofrotz.web.session import LiveSession

log = logging.getLogger(__name__)

STATIC_DIR = pathlib.Path(__file__).parent / "static"
# Game and model text is only ever set as text by the page; the policy is a second line of defence.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
LOOKUP_ERRORS = (LookupError, ValueError)
MAX_ID = 2**62  # larger numbers cannot be SQLite integers: refuse them as invalid, not as a crash
GameId = Annotated[int, Path(ge=0, le=MAX_ID)]
TurnNumber = Annotated[int, Path(ge=0, le=MAX_ID)]
T = TypeVar("T")


class DataResponse(JSONResponse):
    """JSON straight from the reader's plain dicts: skips FastAPI's per-value encoder (slow on big states)."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False, separators=(",", ":"), default=str).encode("utf-8")


# Documented for every route, so clients (and the schema test) know an error is a JSON {"error": ...}.
_ERROR_BODY = {
    "application/json": {"schema": {"type": "object", "properties": {"error": {"type": "string"}}}}
}
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    404: {"description": "No such game, turn or database", "content": _ERROR_BODY},
}


def create_app(
    db_path: str | pathlib.Path,
    live_hub: LiveHub | None = None,
    host: str = "127.0.0.1",
    access: Access | None = None,
) -> FastAPI:
    """Build the app serving the database at db_path, with live events from live_hub (if any).

    ``host`` is where the server listens: it decides which Host headers are served and whether
    control needs a token (``access`` overrides both).
    """
    pool = ReaderPool(db_path)
    hub = live_hub if live_hub is not None else LiveHub()
    access = access if access is not None else Access.for_host(host)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.attach(asyncio.get_running_loop())
        try:
            yield
        finally:
            hub.detach()
            pool.close()

    # No /docs or /redoc: their pages load scripts from a CDN, which the page's policy (and offline use)
    # forbids. The schema stays at /openapi.json.
    app = FastAPI(
        title="AutoFrotz monitor", lifespan=lifespan, responses=ERROR_RESPONSES, docs_url=None, redoc_url=None
    )
    app.state.pool = pool
    app.state.hub = hub
    app.state.access = access
    app.add_middleware(GuardMiddleware, access=access)
    _install_error_handlers(app)
    _install_security_headers(app, hub)
    _add_game_routes(app, pool)
    _add_state_routes(app, pool)
    _add_live_route(app, pool, hub)
    add_control_routes(app, hub, access, lambda game_id: _game(pool, game_id))
    add_export_routes(app, pool, lambda game_id: _game(pool, game_id))
    _add_page_routes(app)
    return app


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _install_error_handlers(app: FastAPI) -> None:
    """Every error is a JSON object with an "error" key."""

    @app.exception_handler(StarletteHTTPException)  # the router's own 404/405 as well as ours
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        response = _error(exc.status_code, str(exc.detail))
        if exc.status_code == 405:  # every method the path takes (the router names its first route's)
            response.headers["Allow"] = ", ".join(_methods_of(app, request.scope))
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        return _error(422, f"invalid request: {problems}")

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error serving %s", request.url.path)
        return _error(500, f"internal error: {type(exc).__name__}")


def _methods_of(app: FastAPI, scope: MutableMapping[str, Any]) -> list[str]:
    """The methods of every route whose path matches the request's."""
    found: set[str] = set()
    for route in app.router.routes:
        methods = getattr(route, "methods", None)
        if methods and route.matches({**scope, "method": next(iter(methods))})[0] == Match.FULL:
            found |= set(methods)
    return sorted(found)


def _install_security_headers(app: FastAPI, hub: LiveHub) -> None:
    @app.middleware("http")
    async def headers(request: Request, call_next: Callable[[Request], Any]) -> Any:
        response = await call_next(request)
        if response.status_code != 403:  # the guard's refusals are no page of ours
            hub.note_page()  # the play command keeps serving after the game while a page asks
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response


def _call(pool: ReaderPool, what: str, fn: Callable[..., T], *args: Any) -> T:
    """Call a GameReader method; a missing database or an unknown turn becomes a 404."""
    try:
        return fn(pool.get(), *args)
    except DatabaseMissingError as exc:
        raise HTTPException(404, f"no database at {exc}") from exc
    except LOOKUP_ERRORS as exc:
        raise HTTPException(404, f"{what} not found: {exc}") from exc


def _game(pool: ReaderPool, game_id: int) -> dict[str, Any]:
    game = _call(pool, "game", lambda r, g: r.game(g), game_id)
    if game is None:
        raise HTTPException(404, f"no game {game_id}")
    return game


def _check_turn(pool: ReaderPool, game_id: int, turn: int | None) -> None:
    """An unknown game, or a turn past the last recorded one, is a 404 rather than a guess."""
    last = _game(pool, game_id).get("total_turns") or 0
    if turn is not None and turn > last:
        raise HTTPException(404, f"game {game_id} has no turn {turn} (last is {last})")


def _add_game_routes(app: FastAPI, pool: ReaderPool) -> None:
    @app.get("/api/games")
    def list_games() -> Response:
        try:
            return DataResponse(pool.get().list_summaries())
        except DatabaseMissingError:
            return DataResponse([])

    @app.get("/api/games/{game_id}")
    def game(game_id: GameId) -> Response:
        return DataResponse(_game(pool, game_id))

    @app.get("/api/games/{game_id}/turns")
    def turns(game_id: GameId) -> Response:
        _game(pool, game_id)
        return DataResponse(_call(pool, "turns", lambda r: r.turns(game_id)))

    @app.get("/api/games/{game_id}/turns/{turn_number}")
    def turn(game_id: GameId, turn_number: TurnNumber) -> Response:
        _game(pool, game_id)
        row = _call(pool, "turn", lambda r: r.turn(game_id, turn_number))
        if row is None:
            raise HTTPException(404, f"game {game_id} has no turn {turn_number}")
        return DataResponse(row)

    @app.get("/api/games/{game_id}/metrics")
    def metrics(game_id: GameId) -> Response:
        _game(pool, game_id)
        return DataResponse(_call(pool, "metrics", lambda r: r.metrics(game_id)))

    @app.get("/api/games/{game_id}/knowledge")
    def knowledge(game_id: GameId) -> Response:
        _game(pool, game_id)
        return DataResponse(_call(pool, "knowledge", lambda r: r.knowledge(game_id)))


TurnQuery = Query(None, ge=0, le=MAX_ID, description="state as at this turn (default: latest)")


def _add_state_routes(app: FastAPI, pool: ReaderPool) -> None:
    @app.get("/api/games/{game_id}/map")
    def game_map(game_id: GameId, turn: int | None = TurnQuery) -> Response:
        _check_turn(pool, game_id, turn)
        return DataResponse(_call(pool, "map", lambda r: r.map(game_id, turn)))

    @app.get("/api/games/{game_id}/items")
    def items(game_id: GameId, turn: int | None = TurnQuery) -> Response:
        _check_turn(pool, game_id, turn)
        return DataResponse(_call(pool, "items", lambda r: r.items(game_id, turn)))

    @app.get("/api/games/{game_id}/puzzles")
    def puzzles(game_id: GameId, turn: int | None = TurnQuery) -> Response:
        _check_turn(pool, game_id, turn)
        return DataResponse(_call(pool, "puzzles", lambda r: r.puzzles(game_id, turn)))


def _add_live_route(app: FastAPI, pool: ReaderPool, hub: LiveHub) -> None:
    @app.websocket("/ws/live/{game_id}")
    async def live(ws: WebSocket, game_id: GameId, after: int = -1) -> None:
        """Send the game so far (turns after `after`), then live turns, without gaps."""
        await ws.accept()
        try:
            await run_in_threadpool(_game, pool, game_id)
        except HTTPException as exc:
            await ws.send_json({"type": "error", "error": str(exc.detail)})
            await ws.close(code=4404)
            return
        await LiveSession(ws, game_id, after, hub, pool).run()


def _add_page_routes(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html", headers={"Cache-Control": "no-cache"})
