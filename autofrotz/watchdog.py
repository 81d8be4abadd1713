"""A watchdog on every in-process interpreter step, and Ctrl-C while a step does not return.

Jericho runs the story inside our process, in C: a story that loops forever holds the main thread,
and Python's Ctrl-C handler only runs when that thread comes back. So a daemon thread watches the
step in progress. A step past ``deadline_s`` ends the process through ``on_stuck("hung")`` (the
session records the game as ``interpreter_hung`` first); a Ctrl-C that arrives while a step has
run longer than ``GRACE_S`` ends it through ``on_stuck("interrupted")``. Any other Ctrl-C is left
to Python (a KeyboardInterrupt in the main thread, as usual). The thread learns of a Ctrl-C through
``signal.set_wakeup_fd``, which the signal's C handler writes to from whichever thread it runs on.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable

STEP_DEADLINE_S = 30.0  # far above any real step (milliseconds), side copies and key pages included
GRACE_S = 1.0  # a Ctrl-C inside a step this old means the step is not coming back
POLL_S = 0.25
EXIT_HUNG = 3
EXIT_INTERRUPTED = 130


def _default_stuck(kind: str, seconds: float) -> None:
    if kind == "hung":
        print(f"error: the story did not answer within {seconds:.0f} s; stopped", file=sys.stderr, flush=True)
        _exit(EXIT_HUNG)
    print("\ninterrupted inside a step of the story that did not return", file=sys.stderr, flush=True)
    _exit(EXIT_INTERRUPTED)


BEFORE_EXIT: list[Callable[[], None]] = []  # what must be undone before the process ends at once


def _exit(code: int) -> None:
    """End the process now (the main thread is held inside the story), first running BEFORE_EXIT: os._exit
    runs no finalizer (an interpreter's scratch folder would stay in /tmp)."""
    for undo in BEFORE_EXIT:
        with contextlib.suppress(Exception):
            undo()
    os._exit(code)


class StepWatchdog:
    """Watches one step at a time (the game thread's); started on the first step."""

    def __init__(self, deadline_s: float = STEP_DEADLINE_S) -> None:
        self.deadline_s = deadline_s
        self.on_stuck: Callable[[str, float], None] = _default_stuck
        self._started: float | None = None
        self._thread: threading.Thread | None = None
        self._wake: int | None = None

    def begin(self) -> None:
        """An interpreter step starts (call end() when it returns, in a finally)."""
        if self._thread is None:
            self._start()
        self._started = time.monotonic()

    def end(self) -> None:
        """The step returned."""
        self._started = None

    @property
    def watching(self) -> bool:
        """Whether a step is being watched now (a side step inside it needs no watch of its own)."""
        return self._started is not None

    def _start(self) -> None:
        if threading.current_thread() is threading.main_thread():
            read, write = os.pipe()
            os.set_blocking(write, False)
            with contextlib.suppress(ValueError):
                signal.set_wakeup_fd(write, warn_on_full_buffer=False)
                self._wake = read
        self._thread = threading.Thread(target=self._watch, name="step-watchdog", daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        fired: float | None = None  # the step on_stuck was called for (once a step)
        while True:
            interrupted = self._ctrl_c()
            started = self._started
            if started is None or started == fired:
                continue
            running = time.monotonic() - started
            kind = (
                "interrupted"
                if interrupted and running > GRACE_S
                else "hung"
                if running > self.deadline_s
                else ""
            )
            if kind:
                fired = started
                self.on_stuck(kind, running)

    def _ctrl_c(self) -> bool:
        """Wait up to POLL_S; whether a Ctrl-C arrived meanwhile."""
        if self._wake is None:
            time.sleep(POLL_S)
            return False
        if not select.select([self._wake], [], [], POLL_S)[0]:
            return False
        return signal.SIGINT in os.read(self._wake, 64)


WATCHDOG = StepWatchdog()


def _forked() -> None:
    """A forked child (a bench worker) has no watchdog thread: it starts its own on its first step."""
    WATCHDOG._thread, WATCHDOG._wake, WATCHDOG._started = None, None, None


os.register_at_fork(after_in_child=_forked)


def game_handler(game_id: Callable[[], int], database_path: str) -> Callable[[str, float], None]:
    """on_stuck for a recorded game: a hung story ends the game as ``interpreter_hung`` (so a resume
    does not replay into the hang), an interrupted one can be resumed; one line, then exit."""

    def stuck(kind: str, seconds: float) -> None:
        gid = game_id()
        if kind == "hung":
            note = _mark_hung(database_path, gid) if gid else "nothing was recorded"
            print(
                f"error: the story did not answer within {seconds:.0f} s; {note}", file=sys.stderr, flush=True
            )
            _exit(EXIT_HUNG)
        hint = f"continue with: python main.py --resume {gid}" if gid else "nothing was recorded"
        print(f"\ninterrupted inside a step of the story; {hint}", file=sys.stderr, flush=True)
        _exit(EXIT_INTERRUPTED)

    return stuck


def _mark_hung(database_path: str, game_id: int) -> str:
    """Record the game as ended by a hung interpreter, from this thread's own connection."""
    import sqlite3
    from datetime import UTC, datetime

    try:
        with contextlib.closing(sqlite3.connect(database_path, timeout=5)) as conn, conn:
            end = datetime.now(UTC).isoformat(timespec="seconds")
            conn.execute(
                "UPDATE games SET status = 'interpreter_hung', end_time = ? WHERE game_id = ?", (end, game_id)
            )
    except sqlite3.Error as exc:
        return f"game {game_id} could not be marked ended ({exc})"
    return f"game {game_id} ended as interpreter_hung"
