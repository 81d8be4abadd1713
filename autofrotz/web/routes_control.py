"""Routes to control a live game (pause, step, pace, take over) and to download a game's record."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Path, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel

from autofrotz.control import ControlError
from autofrotz.web.guard import Access
from autofrotz.web.live import LiveHub
from autofrotz.web.readers import ReaderPool

GameId = Annotated[int, Path(ge=0, le=2**62)]


class ControlBody(BaseModel):
    """One request from the page: an action and, for some, its value."""

    action: str
    pace_s: float | None = None
    command: str | None = None


_ERROR_BODY = {
    "application/json": {"schema": {"type": "object", "properties": {"error": {"type": "string"}}}}
}
# What a control request can be refused with, documented so clients (and the schema test) know them.
CONTROL_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {
        "description": "A request the game cannot take (an unknown action, a refused command)",
        "content": _ERROR_BODY,
    },
    403: {"description": "Control needs the token printed by the terminal", "content": _ERROR_BODY},
    409: {"description": "The game is not being played by this server", "content": _ERROR_BODY},
}


def add_control_routes(app: FastAPI, hub: LiveHub, access: Access, game: Any) -> None:
    """GET the control status of a game; POST a request (``game(id)`` gives the row or a 404)."""

    @app.get("/api/games/{game_id}/control")
    def control_status(game_id: GameId, request: Request) -> JSONResponse:
        return JSONResponse(_status(hub, access, game_id, request))

    @app.post("/api/games/{game_id}/control", responses=CONTROL_ERRORS)
    def control(game_id: GameId, body: ControlBody, request: Request) -> JSONResponse:
        game(game_id)
        if not access.may_control(request.headers):
            raise HTTPException(
                403, "this page is read-only: open the URL the terminal printed (with its token)"
            )
        target = hub.control(game_id)
        if target is None:
            raise HTTPException(409, f"game {game_id} is not being played by this server")
        value = body.pace_s if body.action == "pace" else body.command
        try:
            target.request(body.action, value)
        except ControlError as exc:
            raise HTTPException(400, str(exc)) from None
        return JSONResponse(_status(hub, access, game_id, request))


def _status(hub: LiveHub, access: Access, game_id: GameId, request: Request) -> dict[str, Any]:
    target = hub.control(game_id)
    status = target.status() if target is not None else {}
    allowed = access.may_control(request.headers)
    return {"game_id": game_id, "controllable": target is not None, "allowed": allowed, **status}


def add_export_routes(app: FastAPI, pool: ReaderPool, game: Any) -> None:
    """A game's transcript as text and its full record as JSON, as downloads."""

    @app.get("/api/games/{game_id}/transcript.txt", response_class=PlainTextResponse)
    def transcript(game_id: GameId) -> Response:
        row = game(game_id)
        text = transcript_text(row, pool.get().turns(game_id))
        name = f"autofrotz-game-{game_id}.txt"
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.get("/api/games/{game_id}/record.json")
    def record(game_id: GameId) -> Response:
        row = game(game_id)
        reader = pool.get()
        body = {
            "game": row,
            "turns": reader.turns(game_id),
            "llm_calls": reader.llm_calls(game_id),
            "metrics": reader.metrics(game_id),
            "final_state": {
                "map": reader.map(game_id),
                "items": reader.items(game_id),
                "puzzles": reader.puzzles(game_id),
            },
        }
        data = json.dumps(body, ensure_ascii=False, indent=1, default=str).encode("utf-8")
        name = f"autofrotz-game-{game_id}.json"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(data, media_type="application/json", headers=headers)


def transcript_text(game: dict[str, Any], turns: list[dict[str, Any]]) -> str:
    """The game as a player would have seen it: each command after a prompt, then the reply.

    >>> transcript_text({"game_file": "x.z5", "game_id": 1}, [{"turn_number": 1, "command": "look",
    ...     "output": "Hall.", "agent": "human"}]).splitlines()[2:4]
    ['[turn 1, typed by a human]', '> look']
    """
    lines = [f"AutoFrotz game {game.get('game_id')}: {game.get('game_file')} ({game.get('status', '')})", ""]
    for t in turns:
        who = ", typed by a human" if t.get("agent") == "human" else ""
        lines.append(f"[turn {t['turn_number']}{who}]")
        if t.get("command"):
            lines.append(f"> {t['command']}")
        lines.append(str(t.get("output") or "").strip())
        if t.get("event"):
            lines.append(f"({t['event']})")
        lines.append("")
    return "\n".join(lines)
