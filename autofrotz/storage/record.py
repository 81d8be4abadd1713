"""The record as the turn loop and the session use it: one Protocol that the Database keeps.

The orchestrator, the session and the resume read and write a game's record through this seam only,
so a test or a tool may hand in any object that keeps it.
"""

from __future__ import annotations

import sqlite3
from typing import Protocol

from autofrotz.storage.models import Game, LLMCall, Turn, TurnBundle, WorldSnapshot


class Record(Protocol):
    """What a played game writes and a resume reads (storage/database.py keeps it)."""

    conn: sqlite3.Connection  # the learning layer reads and writes its facts in the turn's transaction

    def claim(self, game_id: int) -> None: ...

    def create_game(self, game: Game) -> int: ...

    def finish_game(self, game_id: int, status: str, final_score: int | None = None) -> None: ...

    def game(self, game_id: int) -> Game | None: ...

    def write_turn(self, game_id: int, bundle: TurnBundle) -> None: ...

    def write_calls(self, game_id: int, turn_number: int, calls: list[LLMCall]) -> None: ...

    def latest_state(self, game_id: int) -> tuple[int, bytes | None, int]: ...

    def state_by_ref(self, game_id: int, ref: str) -> bytes | None: ...

    def turns_after(self, game_id: int, turn_number: int) -> list[Turn]: ...

    def last_death(self, game_id: int) -> int | None: ...

    def state_at(self, game_id: int, turn_number: int) -> WorldSnapshot: ...

    def close(self) -> None: ...
