"""Copying a finished game from one database into another, under a new game id.

A benchmark run played elsewhere (a Ray worker on another machine) records into a database of its
own; the driver copies that game into the benchmark's one record. Every table with a `game_id` column
is copied, its own row ids renumbered, game ids mapped to the new one and system prompts matched by
their sha1; learned facts already in the target are kept (INSERT OR IGNORE). One transaction: a
failed copy leaves the target as it was.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

GAME_ID_COLUMNS = ("game_id", "first_game_id")  # columns that hold a game id, mapped to the new one
TEXT_ID_COLUMNS = {"system_prompt_id"}  # llm_texts ids, matched by sha1
KEEP_EXISTING = {"knowledge"}  # facts keyed by story: an existing row wins


def copy_game(
    source: str | Path,
    target: str | Path,
    game_id: int,
    game_file: str | None = None,
    config: dict[str, Any] | None = None,
) -> int:
    """Copy one game of `source` into `target` (already migrated); returns its id in the target.

    `game_file`: the story name to record instead of the source's (the worker's copy of the story);
    `config`: recorded config values to put in place of the worker's (its temporary paths).
    """
    conn = sqlite3.connect(str(target), isolation_level=None, timeout=60)
    try:
        conn.execute("ATTACH DATABASE ? AS src", (str(source),))
        conn.execute("BEGIN IMMEDIATE")
        try:
            new_id = _copy_game_row(conn, game_id, game_file, config or {})
            conn.execute(
                "INSERT OR IGNORE INTO main.llm_texts (sha1, body) SELECT sha1, body FROM src.llm_texts"
            )
            for table in _game_tables(conn):
                _copy_rows(conn, table, game_id, new_id)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return new_id
    finally:
        conn.close()


def _copy_game_row(
    conn: sqlite3.Connection, game_id: int, game_file: str | None, config: dict[str, Any]
) -> int:
    columns = [c for c in _columns(conn, "games") if c != "game_id"]
    row = conn.execute(f"SELECT {', '.join(columns)} FROM src.games WHERE game_id = ?", (game_id,)).fetchone()
    if row is None:
        raise ValueError(f"no game {game_id} in the source database")
    values = dict(zip(columns, row, strict=True))
    if game_file is not None:
        values["game_file"] = game_file
    if config:
        values["config_json"] = json.dumps({**json.loads(values.get("config_json") or "{}"), **config})
    marks = ", ".join("?" for _ in columns)
    sql = f"INSERT INTO main.games ({', '.join(columns)}) VALUES ({marks})"
    cur = conn.execute(sql, list(values.values()))
    return int(cur.lastrowid or 0)


def _game_tables(conn: sqlite3.Connection) -> list[str]:
    names = [r[0] for r in conn.execute("SELECT name FROM main.sqlite_master WHERE type = 'table'")]
    return [n for n in names if n != "games" and "game_id" in _columns(conn, n)]


def _copy_rows(conn: sqlite3.Connection, table: str, old: int, new: int) -> None:
    """Every row of the old game in one table, with the ids of the target."""
    source_columns = set(_columns(conn, table, "src"))
    columns = [c for c in _columns(conn, table) if c in source_columns and c != _row_id(conn, table)]
    picks = [_pick(c, new) for c in columns]
    verb = "INSERT OR IGNORE" if table in KEEP_EXISTING else "INSERT"
    sql = (
        f"{verb} INTO main.{table} ({', '.join(columns)}) SELECT {', '.join(picks)} "
        f"FROM src.{table} c WHERE c.game_id = ?"
    )
    conn.execute(sql, (old,))


def _pick(column: str, new: int) -> str:
    """The expression that reads one column of a source row into the target."""
    if column in GAME_ID_COLUMNS:
        return str(int(new))
    if column in TEXT_ID_COLUMNS:
        return (
            "(SELECT m.text_id FROM main.llm_texts m JOIN src.llm_texts s ON s.sha1 = m.sha1 "
            f"WHERE s.text_id = c.{column})"
        )
    return f"c.{column}"


def _columns(conn: sqlite3.Connection, table: str, schema: str = "main") -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA {schema}.table_info({table})")]


def _row_id(conn: sqlite3.Connection, table: str) -> str | None:
    """The table's INTEGER PRIMARY KEY column (renumbered in the target), if it has one."""
    keys = [r for r in conn.execute(f"PRAGMA main.table_info({table})") if r[5]]
    return str(keys[0][1]) if len(keys) == 1 and str(keys[0][2]).upper() == "INTEGER" else None
