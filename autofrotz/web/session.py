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

BATCH_BYTES = 200_000  # encoded size of a catch-up message: well under clients' 1 MiB frame limit
FRAME_LIMIT_BYTES = 256 * 1024  # no message of ours is ever larger
_ENVELOPE = len('{"type": "turns", "live": false, "turns": []}')
POLL_S = 0.5  # with no live message for this long, the database is read for turns another process wrote
FINISHED = {"won", "lost", "abandoned", "finished", "ended", "crashed", "model_error", "interpreter_hung"}


def dumps(message: dict[str, Any]) -> str:
    """JSON text for the wire; unknown types become strings rather than errors."""
    return json.dumps(message, default=str)


def encoded_size(message: dict[str, Any]) -> int:
    """Bytes the message takes on the wire (UTF-8 of its JSON text)."""
    return len(dumps(message).encode("utf-8"))


def fit(message: dict[str, Any], max_bytes: int) -> dict[str, Any]:
    """The message, or a copy whose longest text fields are cut so it fits (marked "truncated").

    The page can still read the whole turn from /api/games/{id}/turns/{n}.

    >>> small = fit({"output": "x" * 5000, "reasoning": "y" * 10}, 1000)
    >>> encoded_size(small) <= 1000, small["truncated"], small["reasoning"]
    (True, True, 'yyyyyyyyyy')
    """
    size = encoded_size(message)
    if size <= max_bytes:
        return message
    cut = dict(message, truncated=True)
    for key in sorted((k for k, v in cut.items() if isinstance(v, str)), key=lambda k: -len(cut[k])):
        while cut[key] and (over := encoded_size(cut) - max_bytes) > 0:
            text = cut[key]
            per_char = max(1.0, (len(json.dumps(text)) - 2) / len(text))  # escapes take up to 6 bytes
            cut[key] = text[: max(0, len(text) - int(over / per_char) - 1)]
    return cut


def batches(messages: list[dict[str, Any]], max_bytes: int = BATCH_BYTES) -> Iterator[list[dict[str, Any]]]:
    """Split turn messages into groups whose encoded "turns" message stays within max_bytes.

    A turn too large for max_bytes goes alone, cut only if it exceeds FRAME_LIMIT_BYTES.

    >>> [len(b) for b in batches([{"output": "x" * 40}] * 5, max_bytes=200)]
    [2, 2, 1]
    >>> [len(b) for b in batches([{"output": "\u00e9" * 30}] * 4, max_bytes=500)]
    [2, 2]
    """
    batch: list[dict[str, Any]] = []
    size = _ENVELOPE
    for message in messages:
        message = fit(message, max(max_bytes, FRAME_LIMIT_BYTES) - _ENVELOPE - 2)  # alone in a frame
        grows = encoded_size(message) + 2  # and the ", " between items
        if batch and size + grows > max_bytes:
            yield batch
            batch, size = [], _ENVELOPE
        batch.append(message)
        size += grows
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
            message = await self._next_message(sub)
            if message is None:
                continue
            if sub.lagged:
                sub.lagged = False  # messages were dropped for us: the database has them all
                await self._end_if_finished(await self._catch_up())
            await self._deliver(message)
            sub.delivered += 1

    async def _next_message(self, sub: Subscriber) -> dict[str, Any] | None:
        """The next live message; while none comes, the database's new turns (None after reading them).

        A game another process plays (`main.py serve` beside `main.py --no-web`) sends no live
        messages here: its turns and its end are read from the database it writes.
        """
        try:
            with anyio.fail_after(POLL_S):
                return await sub.queue.get()
        except TimeoutError:
            if not self.ended:
                await self._end_if_finished(await self._catch_up())
            return None

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
        await self._send(fit(message, FRAME_LIMIT_BYTES))
        self.last_sent = n

    async def _catch_up(self) -> dict[str, Any] | None:
        """Send every recorded turn after the last one sent; returns the game row."""
        game, rows = await run_in_threadpool(self._read_since, self.last_sent)
        for turns in batches([turn_message(row, live=False) for row in rows]):
            await self._send({"type": "turns", "live": False, "turns": turns})
            self.last_sent = turns[-1]["turn_number"]
        return game

    def _read_since(self, after: int) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
        reader = self.pool.get()
        game = reader.game(self.game_id)
        return game, reader.turns(self.game_id, after)

    async def _send(self, message: dict[str, Any]) -> None:
        await self.ws.send_text(dumps(message))
