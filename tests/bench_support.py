"""Reading a benchmark database back as comparable data: what two executors must record alike."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from autofrotz.storage.reader import GameReader

PER_GAME_TABLES = ("rooms", "connections", "items", "puzzles", "metrics", "llm_calls", "interpreter_states")


def record(db: str) -> dict[tuple[str, int], dict[str, Any]]:
    """Per (game, seed): the game row, every turn and the row counts of each per-game table."""
    out = {}
    conn = sqlite3.connect(db)
    with GameReader(db) as reader:
        for game in reader.list_games():
            gid = game["game_id"]
            turns = [
                {k: t[k] for k in ("turn_number", "command", "output", "room_id", "score", "event")}
                for t in reader.turns(gid)
            ]
            counts = {
                t: conn.execute(f"SELECT COUNT(*) FROM {t} WHERE game_id = ?", (gid,)).fetchone()[0]
                for t in PER_GAME_TABLES
            }
            config = json.loads(game["config_json"])
            row = {k: game[k] for k in ("game_file", "status", "final_score", "total_turns", "max_score")}
            key = (Path(game["game_file"]).stem, int(game["seed"]))
            out[key] = {"game": row, "config": config, "turns": turns, "counts": counts}
    conn.close()
    return out
