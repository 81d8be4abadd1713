"""Live game events: a hub the game thread feeds without waiting, and the observer that feeds it.

The game thread calls LiveHub.publish(), which only schedules a dispatch on the server's event loop
(call_soon_threadsafe) and returns. Each browser has a bounded queue; when it is full the message is
dropped and the subscriber marked lagged, and the browser's session catches up from the database,
which holds every turn anyway. So a slow or vanished browser costs a turn nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from autofrotz.control import GameControl
from autofrotz.hooks.base import Event, Observer
from autofrotz.web.turn_feed import NOTED, TurnFeed

log = logging.getLogger(__name__)

DEFAULT_QUEUE_SIZE = 64  # a browser further behind than this catches up from the database

# Hook event fields that a turn message takes over, under the names the page reads.
TURN_FIELD_ALIASES: dict[str, str] = {
    "command_sent": "command",
    "game_output": "output",
    "agent_reasoning": "reasoning",
}


@dataclass(eq=False)
class Subscriber:
    """One browser's bounded queue of messages for one game."""

    game_id: int
    queue: asyncio.Queue[dict[str, Any]]
    lagged: bool = False
    dropped: int = 0
    high_water: int = 0
    delivered: int = 0


@dataclass
class HubStats:
    """Counters for tests and the bench."""

    published: int = 0
    dispatched: int = 0
    dropped: int = 0
    undelivered: int = 0  # published while no server loop was attached
    latest_turn: dict[int, int] = field(default_factory=dict)


class LiveHub:
    """Fan-out of live game messages from the game thread to browser sessions."""

    def __init__(self, queue_size: int = DEFAULT_QUEUE_SIZE) -> None:
        self.queue_size = queue_size
        self.stats = HubStats()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._subscribers: dict[int, set[Subscriber]] = {}
        self._lock = threading.Lock()
        self._controls: dict[int, tuple[GameControl, Callable[[dict[str, Any]], None]]] = {}
        self._sockets = 0  # open live sockets, counted apart so other threads read it safely
        self._page_seen_at: float | None = None

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Bind to the server's event loop (done at server start-up)."""
        self._loop = loop

    def detach(self) -> None:
        """Forget the loop; later publishes are counted as undelivered."""
        self._loop = None

    @property
    def attached(self) -> bool:
        """Whether a server loop is receiving messages."""
        return self._loop is not None and not self._loop.is_closed()

    def publish(self, game_id: int, message: dict[str, Any]) -> None:
        """Hand a message to the server loop and return at once (safe from any thread)."""
        with self._lock:
            self.stats.published += 1
            if message.get("type") == "turn":
                self.stats.latest_turn[game_id] = int(message.get("turn_number", 0))
        loop = self._loop
        if loop is None or loop.is_closed():
            self.stats.undelivered += 1
            return
        try:
            loop.call_soon_threadsafe(self._dispatch, game_id, message)
        except RuntimeError:  # the loop closed between the check and the call
            self.stats.undelivered += 1

    def register_control(self, game_id: int, control: GameControl) -> None:
        """Let the page control a game this process plays; its status changes go to the page live."""

        def tell(status: dict[str, Any]) -> None:
            self.publish(game_id, control_message(game_id, status))

        with self._lock:
            self._controls[game_id] = (control, tell)
        control.listeners.append(tell)
        tell(control.status())

    def unregister_control(self, game_id: int, control: GameControl) -> None:
        """The game is over (or stopped): the page can no longer control it."""
        with self._lock:
            entry = self._controls.get(game_id)
            if entry is None or entry[0] is not control:
                return
            del self._controls[game_id]
        if entry[1] in control.listeners:
            control.listeners.remove(entry[1])
        self.publish(game_id, control_message(game_id, None))

    def control(self, game_id: int) -> GameControl | None:
        """The control of a game played by this process, or None."""
        with self._lock:
            entry = self._controls.get(game_id)
        return entry[0] if entry is not None else None

    def subscribe(self, game_id: int) -> Subscriber:
        """Register a browser session (call on the server loop)."""
        sub = Subscriber(game_id, asyncio.Queue(maxsize=self.queue_size))
        self._subscribers.setdefault(game_id, set()).add(sub)
        with self._lock:
            self._sockets += 1
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        """Remove a browser session (call on the server loop)."""
        subs = self._subscribers.get(sub.game_id)
        if subs is not None and sub in subs:
            subs.discard(sub)
            with self._lock:
                self._sockets -= 1

    def note_page(self) -> None:
        """A page asked for something (any HTTP request): it is open."""
        self._page_seen_at = time.monotonic()

    def page_open(self, within_s: float) -> bool:
        """Whether a page holds a live socket, or asked for something in the last within_s seconds."""
        seen = self._page_seen_at
        with self._lock:
            sockets = self._sockets
        return sockets > 0 or (seen is not None and time.monotonic() - seen < within_s)

    def subscribers(self, game_id: int) -> list[Subscriber]:
        """The sessions listening to one game (for tests and the bench)."""
        return list(self._subscribers.get(game_id, ()))

    def subscriber_count(self, game_id: int | None = None) -> int:
        """How many sessions listen (to one game, or in all)."""
        if game_id is not None:
            return len(self._subscribers.get(game_id, ()))
        return sum(len(s) for s in self._subscribers.values())

    def _dispatch(self, game_id: int, message: dict[str, Any]) -> None:
        """Put a message in every subscriber's queue without waiting; drop it for full queues."""
        self.stats.dispatched += 1
        for sub in list(self._subscribers.get(game_id, ())):
            try:
                sub.queue.put_nowait(message)
            except asyncio.QueueFull:
                sub.dropped += 1
                sub.lagged = True
                self.stats.dropped += 1
                continue
            sub.high_water = max(sub.high_water, sub.queue.qsize())


_default_hub: LiveHub | None = None
_default_lock = threading.Lock()


def default_hub() -> LiveHub:
    """The process-wide hub shared by the web server runner and the web_monitor observer."""
    global _default_hub
    with _default_lock:
        if _default_hub is None:
            _default_hub = LiveHub()
        return _default_hub


def control_message(game_id: int, status: dict[str, Any] | None) -> dict[str, Any]:
    """A "control" message: who plays and how fast, or ``controllable: false`` once nobody can.

    >>> control_message(3, None)
    {'type': 'control', 'game_id': 3, 'controllable': False}
    """
    return {"type": "control", "game_id": game_id, "controllable": status is not None, **(status or {})}


def event_name(event: object) -> str:
    """The event's ``name`` (hooks.base events carry one), else its class name in snake case.

    >>> class TurnEndEvent: ...
    >>> event_name(TurnEndEvent())
    'turn_end'
    >>> class MazeRoomMarked: ...
    >>> event_name(MazeRoomMarked())
    'maze_room_marked'
    """
    name = getattr(event, "name", None)
    if isinstance(name, str) and name != "event":
        return name
    cls = type(event).__name__
    cls = cls.removesuffix("Event") or cls
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls).lower()


def event_fields(event: object) -> dict[str, Any]:
    """The fields of a dataclass event (or of a plain object) as a dict."""
    if dataclasses.is_dataclass(event) and not isinstance(event, type):
        return {f.name: getattr(event, f.name) for f in dataclasses.fields(event)}
    return dict(vars(event)) if hasattr(event, "__dict__") else {}


def turn_message(fields: dict[str, Any], live: bool) -> dict[str, Any]:
    """A "turn" message from a turn row or a turn-end event's fields.

    >>> turn_message({"turn_number": 3, "command_sent": "look", "game_output": "Hall."}, True)["command"]
    'look'
    """
    msg: dict[str, Any] = {"type": "turn", "live": live}
    for key, value in fields.items():
        msg[TURN_FIELD_ALIASES.get(key, key)] = value
    msg.setdefault("command", "")
    msg.setdefault("output", "")
    msg["turn_number"] = int(msg.get("turn_number", 0))
    return msg


def event_message(event: object) -> tuple[str, dict[str, Any]]:
    """Name and wire message for one hook event."""
    name = event_name(event)
    fields = event_fields(event)
    if name == "turn_end":
        return name, turn_message(fields, live=True)
    if name == "game_end":
        return name, {"type": "game_end", **fields}
    return name, {"type": "event", "name": name, **fields}


class WebMonitor(Observer):
    """The "web_monitor" observer: forwards every hook event to the live hub, never waiting."""

    def __init__(self, hub: LiveHub | None = None, game_id: int | None = None) -> None:
        self.hub = hub if hub is not None else default_hub()
        self.game_id = game_id
        self.feed = TurnFeed()  # the turn's item and puzzle events, for its turn message

    def on_event(self, event: Event) -> None:
        """Forward one event; the game id comes from the event or from the last game start."""
        self.notify(event)

    def notify(self, event: object) -> None:
        """Forward any event-like object (a dataclass with a name)."""
        name, message = event_message(event)
        if name in NOTED:  # most events are not kept: their fields are not read a second time
            self.feed.note(name, event_fields(event))
        if name == "turn_end":
            message = self.feed.turn(message)
        game_id = message.get("game_id")
        if isinstance(game_id, int):
            self.game_id = game_id
        if self.game_id is None:
            log.debug("web_monitor: %s before any game id; not forwarded", name)
            return
        message["game_id"] = self.game_id
        self.hub.publish(self.game_id, message)
