"""Control of a running game from the page: pause, step, pace and a human taking over.

The web server only puts requests on a thread-safe queue; the game thread reads them between turns
(``next_turn``), so the orchestrator stays one synchronous loop and the server never touches the game.
Waiting for the pace is a wait on that queue with a deadline, so a pause lands at once, not a turn late.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

ACTIONS = ("pause", "resume", "step", "pace", "take_over", "hand_back", "command")
MAX_PACE_S = 60.0
MAX_TYPED = 20  # commands typed ahead of the game; more are refused rather than queued forever
WAIT_SLICE_S = 1.0  # an unbounded wait is cut into slices so Ctrl-C is seen promptly on every platform
HUMAN = "human"  # the agent name a typed command is recorded under


class ControlError(ValueError):
    """A page request that cannot be carried out (unknown action, bad pace, too many commands)."""


@dataclass(frozen=True)
class ControlRequest:
    """One request from the page."""

    action: str
    value: Any = None


@dataclass
class ControlStatus:
    """What the page shows about who plays and how fast."""

    paused: bool = False
    pace_s: float = 0.0
    human: bool = False  # the page has taken over: only typed commands are played
    typed: list[str] = field(default_factory=list)  # typed commands not yet played
    steps: int = 0  # turns the agent may play while paused
    turns_played: int = 0
    version: int = 0  # grows with every change, so the page can drop a status older than one it has


def check_pace(value: Any) -> float:
    """A pace in seconds per turn, from 0 to MAX_PACE_S.

    >>> check_pace("0.5")
    0.5
    >>> check_pace(-1)
    Traceback (most recent call last):
    ...
    autofrotz.control.ControlError: pace must be between 0 and 60 seconds, got -1
    """
    try:
        pace = float(value)
    except (TypeError, ValueError):
        raise ControlError(f"pace must be a number of seconds, got {value!r}") from None
    if not 0 <= pace <= MAX_PACE_S or pace != pace:
        raise ControlError(f"pace must be between 0 and {MAX_PACE_S:g} seconds, got {value!r}")
    return pace


def checked_command(value: Any, word_chars: int = 6, aliases: frozenset[str] = frozenset()) -> str:
    """A typed command after the same check_command every agent's command passes (with the story's
    dictionary length and its own spellings of control verbs, when the game gives them).

    >>> checked_command("  open mailbox ")
    'open mailbox'
    >>> checked_command("save")
    Traceback (most recent call last):
    ...
    autofrotz.control.ControlError: 'save' controls the interpreter: the page does not send it
    """
    from autofrotz.words.commands import (
        ForbiddenCommandError,
        GameInterfaceError,
        check_command,
        forbidden_verb,
    )

    if not isinstance(value, str) or not value.strip():
        raise ControlError("type a command to send")
    try:
        return check_command(value, word_chars, aliases)
    except ForbiddenCommandError:  # said to the person who typed it, not to an agent
        verb = forbidden_verb(value.strip().lower()) or value.split()[0]
        raise ControlError(f"'{verb}' controls the interpreter: the page does not send it") from None
    except GameInterfaceError as exc:
        raise ControlError(str(exc)) from None


class GameControl:
    """The queue between the page (any thread) and the game thread (between turns)."""

    def __init__(self, pace_s: float = 0.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._queue: queue.Queue[ControlRequest] = queue.Queue()
        self._status = ControlStatus(pace_s=check_pace(pace_s))
        self._typed: deque[str] = deque()
        self._lock = threading.Lock()
        self._clock = clock
        self._last_turn: float | None = None
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        self.page_open: Callable[[], bool] = lambda: False  # whether a page is watching this game now
        self.story_words: tuple[int, frozenset[str]] = (
            6,
            frozenset(),
        )  # the game's word length, control words

    # ----- any thread (the web server) ----------------------------------------------------------
    def request(self, action: str, value: Any = None) -> None:
        """Queue a request for the game thread; bad requests are refused here, with the reason."""
        if action not in ACTIONS:
            raise ControlError(f"unknown action {action!r}; valid: {', '.join(ACTIONS)}")
        if action == "pace":
            value = check_pace(value)
        if action == "command":
            value = checked_command(value, *self.story_words)
            with self._lock:
                waiting = len(self._status.typed) + self._queue.qsize()
            if waiting >= MAX_TYPED:
                raise ControlError(f"{waiting} typed commands are already waiting to be played")
        self._queue.put(ControlRequest(action, value))

    def status(self) -> dict[str, Any]:
        """A copy of the current status, safe to read from any thread."""
        with self._lock:
            return asdict(self._status)

    # ----- the game thread ----------------------------------------------------------------------
    def next_turn(self) -> str | None:
        """Wait until the next turn may start; returns a typed command (a human turn), else None."""
        while True:
            self._drain()
            typed = self._take_typed()
            if typed is not None:
                return typed
            wait = self._wait_time()
            if wait is not None and wait <= 0:
                self._take_step()
                return None
            self._wait_for_request(WAIT_SLICE_S if wait is None else min(wait, WAIT_SLICE_S))

    def turn_done(self) -> None:
        """Start the pace clock for the next turn and count the turn."""
        self._last_turn = self._clock()
        with self._lock:
            self._status.turns_played += 1

    def _wait_time(self) -> float | None:
        """Seconds until the agent may play (0: now), or None while only a request can unblock the game."""
        s = self._status
        if s.human or (s.paused and s.steps == 0):
            return None
        if s.paused or self._last_turn is None:
            return 0.0  # a step plays at once, and so does the first turn
        return self._last_turn + s.pace_s - self._clock()

    def _take_step(self) -> None:
        with self._lock:
            if self._status.paused and self._status.steps > 0:
                self._status.steps -= 1

    def _take_typed(self) -> str | None:
        with self._lock:
            if not self._typed:
                return None
            command = self._typed.popleft()
            self._status.typed = list(self._typed)
        self._changed()
        return command

    def _wait_for_request(self, timeout: float) -> None:
        try:
            request = self._queue.get(timeout=timeout)
        except queue.Empty:
            return
        self._apply(request)

    def _drain(self) -> None:
        while True:
            try:
                request = self._queue.get_nowait()
            except queue.Empty:
                return
            self._apply(request)

    def _apply(self, request: ControlRequest) -> None:
        """Change the status as one request asks, then tell the listeners (the page)."""
        with self._lock:
            s = self._status
            if request.action == "pause":
                s.paused, s.steps = True, 0
            elif request.action == "resume":
                s.paused, s.steps = False, 0
            elif request.action == "step":
                s.paused, s.steps = True, s.steps + 1
            elif request.action == "pace":
                s.pace_s = float(request.value)
            elif request.action == "take_over":
                s.human = True
            elif request.action == "hand_back":
                s.human = False
                self._typed.clear()
            elif request.action == "command":
                s.human = True
                self._typed.append(str(request.value))
            s.typed = list(self._typed)
        self._changed()

    def _changed(self) -> None:
        with self._lock:
            self._status.version += 1
        status = self.status()
        for listener in list(self.listeners):
            listener(status)
