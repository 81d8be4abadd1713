"""One dispatch point for hook events: failing observers are logged and isolated."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable

from autofrotz.hooks.base import Event, Observer

log = logging.getLogger(__name__)


def _under_pytest() -> bool:
    return "PYTEST_CURRENT_TEST" in os.environ


class HookDispatcher:
    """Delivers events to observers in order; an observer's error never stops the game."""

    def __init__(self, observers: Iterable[Observer] = (), reraise: bool | None = None) -> None:
        self.observers: list[Observer] = list(observers)
        # Under pytest a broken observer should fail the test loudly rather than hide in a log.
        self.reraise = _under_pytest() if reraise is None else reraise
        self.failures: list[tuple[str, str, str]] = []

    def add(self, observer: Observer) -> None:
        """Register one more observer."""
        self.observers.append(observer)

    def emit(self, event: Event) -> None:
        """Send the event to every observer, isolating failures."""
        for observer in self.observers:
            try:
                observer.on_event(event)
            except Exception as exc:
                self._failed(observer, event, exc)

    def close(self) -> None:
        """Close every observer, isolating failures."""
        for observer in self.observers:
            try:
                observer.close()
            except Exception as exc:
                self._failed(observer, None, exc)

    def _failed(self, observer: Observer, event: Event | None, exc: Exception) -> None:
        name = type(observer).__name__
        where = event.name if event is not None else "close"
        self.failures.append((name, where, repr(exc)))
        log.warning("hook %s failed on %s: %r", name, where, exc)
        if self.reraise:
            raise exc
