"""main.py, SIGKILLed inside the transaction that stores the first save at or after a given turn.

``python tests/support/kill_in_save.py TURN main.py-arguments...``: the save is stored, the transaction
not yet committed, when the process dies; what a crash inside a save leaves behind.
"""

from __future__ import annotations

import os
import runpy
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from autofrotz.storage.database import Database  # noqa: E402

TARGET = int(sys.argv[1])
_insert_state = Database._insert_state


def _insert_then_die(self: Database, game_id: int, n: int, data: bytes, slot: str = "auto") -> None:
    _insert_state(self, game_id, n, data, slot)
    if n >= TARGET:
        os.kill(os.getpid(), signal.SIGKILL)


Database._insert_state = _insert_then_die  # type: ignore[method-assign]
sys.argv = [str(ROOT / "main.py"), *sys.argv[2:]]
runpy.run_path(str(ROOT / "main.py"), run_name="__main__")
