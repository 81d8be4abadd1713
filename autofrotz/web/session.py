"""One browser's live WebSocket session: the game so far from the database, then live turns, no gaps."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from autofrotz.web.live import LiveHub, Subscriber, turn_message
from autofrotz.web.readers import ReaderPool

log = logging.getLogger(__name__)

FINISHED = {"won", "lost", "abandoned", "finished", "ended", "crashed"}


def dumps(message: dict[str, Any]) -> str:
    """JSON text for the wire; unknown types become strings rather than errors."""
    return json.dumps(message, default=str)


class LiveSession:
    """Streams one game to one WebSocket, resuming after the last turn the browser has seen."""

    def __init__(self, ws: WebSocket, game_id: int, after: int, hub: LiveHub, pool: ReaderPool) -> None:
        self.ws = ws
        self.game_id = game_id
        self.last_sent = after
        self.hub = hub
        self.pool = pool

    async def run(self) -> None:
        """Serve until the browser leaves (or the stream fails)."""
        sub = self.hub.subscribe(self.game_id)  # subscribe before reading history so nothing falls between
        sender = asyncio.create_task(self._send_loop(sub))
        receiver = asyncio.create_task(self._receive_until_closed())
        try:
            await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (sender, receiver):
                task.cancel()
            results = await asyncio.gather(sender, receiver, return_exceptions=True)
            self.hub.unsubscribe(sub)
        failure = results[0]
        if isinstance(failure, Exception) and not isinstance(failure, WebSocketDisconnect | RuntimeError):
            log.warning("live session for game %s ended: %r", self.game_id, failure)
            with contextlib.suppress(Exception):
                await self.ws.close(code=1011)

    async def _receive_until_closed(self) -> None:
        """Read (and ignore) browser messages; returns when the socket closes."""
        while True:
            message = await self.ws.receive()
            if message["type"] == "websocket.disconnect":
                return

    async def _send_loop(self, sub: Subscriber) -> None:
        await self._send({"type": "hello", "game_id": self.game_id, "after": self.last_sent})
        game = await self._catch_up()
        await self._send({"type": "caught_up", "last_turn": self.last_sent, "game": game})
        if game and game.get("status") in FINISHED:
            await self._send({"type": "game_end", "game_id": self.game_id, "status": game.get("status")})
        while True:
            message = await sub.queue.get()
            if sub.lagged:
                sub.lagged = False  # messages were dropped for us: the database has them all
                await self._catch_up()
            await self._deliver(message)
            sub.delivered += 1

    async def _deliver(self, message: dict[str, Any]) -> None:
        if message.get("type") != "turn":
            await self._send(message)
            return
        n = int(message["turn_number"])
        if n <= self.last_sent:
            return
        if n > self.last_sent + 1:
            await self._catch_up()
            if n <= self.last_sent:
                return
        await self._send(message)
        self.last_sent = n

    async def _catch_up(self) -> dict[str, Any] | None:
        """Send every recorded turn after the last one sent; returns the game row."""
        game, rows = await run_in_threadpool(self._read_since, self.last_sent)
        if rows:
            turns = [turn_message(row, live=False) for row in rows]
            await self._send({"type": "turns", "live": False, "turns": turns})
            self.last_sent = turns[-1]["turn_number"]
        return game

    def _read_since(self, after: int) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
        reader = self.pool.get()
        game = reader.game(self.game_id)
        rows = [r for r in reader.turns(self.game_id) if int(r["turn_number"]) > after]
        rows.sort(key=lambda r: int(r["turn_number"]))
        return game, rows

    async def _send(self, message: dict[str, Any]) -> None:
        await self.ws.send_text(dumps(message))
