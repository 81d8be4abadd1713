"""Read-only database access for the web server: one GameReader per worker thread."""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path

from autofrotz.storage.reader import GameReader


class DatabaseMissingError(LookupError):
    """The database file does not exist (yet): no game has been recorded there."""


class ReaderPool:
    """Lazily opened read-only GameReaders, one per worker thread so reads run in parallel."""

    def __init__(self, db_path: str | Path) -> None:
        self.db_path = Path(db_path)
        self._local = threading.local()
        self._all: list[GameReader] = []
        self._lock = threading.Lock()
        self._generation = 0  # bumped by close(): a thread's reader from before is not used again

    def get(self) -> GameReader:
        """This thread's reader, opened on first use."""
        reader: GameReader | None = getattr(self._local, "reader", None)
        if reader is not None and getattr(self._local, "generation", -1) != self._generation:
            reader = None  # closed at a shutdown; the app was started again (tests start it often)
        if reader is None:
            if not self.db_path.exists():
                raise DatabaseMissingError(str(self.db_path))
            reader = GameReader(self.db_path)
            self._local.reader = reader
            self._local.generation = self._generation
            with self._lock:
                self._all.append(reader)
        return reader

    def close(self) -> None:
        """Close every reader (at server shutdown)."""
        with self._lock:
            readers, self._all = self._all, []
            self._generation += 1
        for reader in readers:
            with contextlib.suppress(Exception):  # shutting down anyway
                reader.close()
