"""main.py, SIGKILLed inside the transaction that stores the first save at or after a given turn.

``python tests/support/kill_in_save.py TURN main.py-arguments...``: the save is stored, the transaction
not yet committed, when the process dies; what a crash inside a save leaves behind.
"""

from __future__ import annotations

import os
import runpy
import signal
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from autofrotz.storage.database import Database  # noqa: E402

_insert_state = Database._insert_state


def _die_after(target: int) -> Callable[..., None]:
    def _insert_then_die(self: Database, game_id: int, n: int, data: bytes, slot: str = "auto") -> None:
        _insert_state(self, game_id, n, data, slot)
        if n >= target:
            os.kill(os.getpid(), signal.SIGKILL)

    return _insert_then_die


def main() -> None:
    """Run main.py with the arguments after TURN, dying inside the first save stored at or after TURN."""
    Database._insert_state = _die_after(int(sys.argv[1]))  # type: ignore[method-assign]
    sys.argv = [str(ROOT / "main.py"), *sys.argv[2:]]
    runpy.run_path(str(ROOT / "main.py"), run_name="__main__")


if __name__ == "__main__":  # a script, never run on import (pytest imports it for doctests)
    main()
