"""One process at a time per game: an advisory lock file per game, in a folder beside the database.

The writer holds the lock of every game it creates or resumes until it closes; the kernel drops it
when the process dies (even by SIGKILL), so a 'playing' game whose lock is free was interrupted and
can be resumed. The file holds the owner's process id, for the message a second process gets.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path


class GameLockedError(RuntimeError):
    """Another process is playing this game."""


def lock_path(db_path: str | Path, game_id: int) -> Path:
    """The lock file of one game of a database (DB.locks/game-N.lock)."""
    return Path(f"{db_path}.locks") / f"game-{game_id}.lock"


class GameLock:
    """An exclusive, non-blocking lock on one game."""

    def __init__(self, db_path: str | Path, game_id: int) -> None:
        self.path = lock_path(db_path, game_id)
        self.game_id = game_id
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock or raise GameLockedError naming the process that has it."""
        self.path.parent.mkdir(exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            owner = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise GameLockedError(
                f"game {self.game_id} is being played by another process (pid {owner}); "
                "wait for it to end or stop it first"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        self._fd = fd

    def release(self) -> None:
        """Let the game go (the file stays: removing it could let two processes lock two files)."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, 0)
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None


def is_played(db_path: str | Path, game_id: int) -> bool:
    """Whether some process holds the game's lock right now (read-only callers: the web server)."""
    path = lock_path(db_path, game_id)
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False
