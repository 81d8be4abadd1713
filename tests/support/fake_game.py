"""A fake story for side-copy tests: its whole state is one value that save and restore copy."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from autofrotz.game_interface import GameInterface


class SlotGame(GameInterface):
    """Subclasses give `_start` and `_step` and keep everything they change in `self.state`."""

    backend = "fake"

    def __init__(self, state: Any) -> None:
        super().__init__(Path("fake.z5"), None)
        self.state = state
        self.slots: dict[str, Any] = {}
        self.commands: list[str] = []

    def _save(self, slot: str) -> None:
        self.slots[slot] = copy.deepcopy(self.state)

    def _restore(self, slot: str) -> None:
        self.state = copy.deepcopy(self.slots[slot])

    def _close(self) -> None:
        pass

    def export_state(self, slot: str) -> bytes:
        return repr(self.slots[slot]).encode()

    def import_state(self, slot: str, data: bytes) -> None:
        raise NotImplementedError
