"""One browser's live WebSocket session: the game so far from the database, then live turns, no gaps."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Iterator
from typing import Any

import anyio
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from autofrotz.web.live import LiveHub, Subscriber, control_message, turn_message
from autofrotz.web.readers import ReaderPool

log = logging.getLogger(__name__)

BATCH_CHARS = 200_000  # catch-up messages stay well under WebSocket clients' frame limits
FINISHED = {"won", "lost", "abandoned", "finished", "ended", "crashed"}


def dumps(message: dict[str, Any]) -> str:
    """JSON text for the wire; unknown types become strings rather than errors."""
    return json.dumps(message, default=str)


def batches(rows: list[dict[str, Any]], max_chars: int = BATCH_CHARS) -> Iterator[list[dict[str, Any]]]:
    """Split turn rows into messages of bounded size (by game text length).

    >>> [len(b) for b in batches([{"output": "x" * 40}] * 5, max_chars=100)]
    [3, 2]
    """
    batch: list[dict[str, Any]] = []
    size = 0
    for row in rows:
        batch.append(row)
        size += len(str(row.get("output") or "")) + len(str(row.get("reasoning") or ""))
        if size >= max_chars:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


class LiveSession:
    """Streams one game to one WebSocket, resuming after the last turn the browser has seen."""

    def __init__(self, ws: WebSocket, game_id: int, after: int, hub: LiveHub, pool: ReaderPool) -> None:
        self.ws = ws
        self.game_id = game_id
        self.last_sent = after
        self.hub = hub
        self.pool = pool
        self.ended = False

    async def run(self) -> None:
        """Serve until the browser leaves (or the stream fails)."""
        sub = self.hub.subscribe(self.game_id)  # subscribe before reading history so nothing falls between
        try:
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._send_guarded, sub, tg.cancel_scope)
                await self._receive_until_closed()
                tg.cancel_scope.cancel()
        finally:
            self.hub.unsubscribe(sub)

    async def _send_guarded(self, sub: Subscriber, scope: anyio.CancelScope) -> None:
        """Run the send loop; a failure ends the session instead of escaping as an error group."""
        try:
            await self._send_loop(sub)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the browser went away while we were sending
        except Exception as exc:
            log.warning("live session for game %s failed: %r", self.game_id, exc)
            with contextlib.suppress(Exception):
                await self.ws.close(code=1011)
        scope.cancel()

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
        await self._end_if_finished(game)
        control = self.hub.control(self.game_id)
        await self._send(control_message(self.game_id, control.status() if control is not None else None))
        while True:
            message = await sub.queue.get()
            if sub.lagged:
                sub.lagged = False  # messages were dropped for us: the database has them all
                await self._end_if_finished(await self._catch_up())
            await self._deliver(message)
            sub.delivered += 1

    async def _end_if_finished(self, game: dict[str, Any] | None) -> None:
        if game and game.get("status") in FINISHED:
            await self._deliver({"type": "game_end", "game_id": self.game_id, "status": game.get("status")})

    async def _deliver(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "game_end":
            if not self.ended:  # it may come both from the database and from the live event
                self.ended = True
                await self._send(message)
            return
        if kind != "turn":
            await self._send(message)
            return
        n = int(message["turn_number"])
        if n > self.last_sent + 1:
            await self._catch_up()  # fill the gap from the database
        if n <= self.last_sent:
            return
        await self._send(message)
        self.last_sent = n

    async def _catch_up(self) -> dict[str, Any] | None:
        """Send every recorded turn after the last one sent; returns the game row."""
        game, rows = await run_in_threadpool(self._read_since, self.last_sent)
        for batch in batches(rows):
            turns = [turn_message(row, live=False) for row in batch]
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
