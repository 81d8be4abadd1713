"""The knowledge tables (migration m005): facts per story, upserted inside each turn's transaction."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

KINDS = ("run", "room", "exit", "item", "maze", "score", "death", "refusal", "puzzle", "trap")


@dataclass(frozen=True)
class Fact:
    """One thing a run learned: ``kind`` (see KINDS), a key unique within the kind, and its details."""

    kind: str
    key: str
    body: dict[str, Any] = field(default_factory=dict)


def story_sha(path: str | Path) -> str:
    """The sha256 of a story file: the key of everything learned about it."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()


_UPSERT = """INSERT INTO knowledge
    (story_sha, kind, key, body, first_game_id, first_turn, game_id, turn_number, seen)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)
    ON CONFLICT(story_sha, kind, key) DO UPDATE SET body = excluded.body, game_id = excluded.game_id,
    turn_number = excluded.turn_number, seen = knowledge.seen + 1"""


def write_facts(conn: sqlite3.Connection, sha: str, game_id: int, turn: int, facts: list[Fact]) -> None:
    """Upsert facts (the caller holds the transaction: the turn's own)."""
    rows = [
        (sha, f.kind, f.key, json.dumps(f.body, sort_keys=True), game_id, turn, game_id, turn) for f in facts
    ]
    conn.executemany(_UPSERT, rows)


def read_facts(conn: sqlite3.Connection, sha: str, before_game: int | None = None) -> list[dict[str, Any]]:
    """The facts of a story first learned by games numbered below ``before_game`` (all when None)."""
    sql = "SELECT kind, key, body, first_game_id, first_turn, seen FROM knowledge WHERE story_sha = ?"
    args: list[Any] = [sha]
    if before_game is not None:
        sql += " AND first_game_id < ?"
        args.append(before_game)
    rows = conn.execute(sql + " ORDER BY first_game_id, first_turn, rowid", args).fetchall()
    return [
        {"kind": r[0], "key": r[1], "body": json.loads(r[2]), "game_id": r[3], "turn": r[4], "seen": r[5]}
        for r in rows
    ]


def run_number(conn: sqlite3.Connection, sha: str, game_id: int) -> int:
    """Which run of its story a game is (1 for the first): its own run fact, else one past the last."""
    row = conn.execute(
        "SELECT body FROM knowledge WHERE story_sha = ? AND kind = 'run' AND key = ?", (sha, str(game_id))
    ).fetchone()
    if row is not None:
        return int(json.loads(row[0])["run"])
    count = conn.execute(
        "SELECT COUNT(*) FROM knowledge WHERE story_sha = ? AND kind = 'run' AND first_game_id < ?",
        (sha, game_id),
    ).fetchone()[0]
    return int(count) + 1


def save_guide(conn: sqlite3.Connection, sha: str, game_id: int, body: str, extra: dict[str, Any]) -> None:
    """Store a post-mortem strategy guide with its run (own transaction)."""
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(
            "INSERT INTO strategy_guides (story_sha, game_id, body, created, extra) VALUES (?, ?, ?, ?, ?)",
            (sha, game_id, body, stamp, json.dumps(extra)),
        )
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def latest_guide(conn: sqlite3.Connection, sha: str, before_game: int) -> tuple[int, str] | None:
    """(game id, text) of the newest guide written by an earlier run of the story."""
    row = conn.execute(
        "SELECT game_id, body FROM strategy_guides WHERE story_sha = ? AND game_id < ?"
        " ORDER BY game_id DESC, guide_id DESC LIMIT 1",
        (sha, before_game),
    ).fetchone()
    return (int(row[0]), str(row[1])) if row is not None else None


USED_MARKS = (
    "known %",
    "fetch for a known%",
    "%[skipped known%",
    "proven path%",
    "rejoin the path%",
    "untried use%",
    "the story's own verb%",
    "%[knowledge stood down%",
)  # reasoning of a turn that used knowledge


def knowledge_view(conn: sqlite3.Connection, game_id: int) -> dict[str, Any]:
    """For the page: what a game started knowing, the turns that used it, and the guide written after it."""
    row = conn.execute("SELECT extra FROM games WHERE game_id = ?", (game_id,)).fetchone()
    extra = json.loads(row[0]) if row is not None and row[0] else {}
    likes = " OR ".join("agent_reasoning LIKE ?" for _ in USED_MARKS)
    turns = conn.execute(
        f"SELECT turn_number, command_sent, agent_reasoning FROM turns WHERE game_id = ? AND ({likes})"
        " ORDER BY turn_number",
        (game_id, *USED_MARKS),
    ).fetchall()
    guide = conn.execute(
        "SELECT body FROM strategy_guides WHERE game_id = ? ORDER BY guide_id DESC LIMIT 1", (game_id,)
    ).fetchone()
    return {
        "story_sha": extra.get("story_sha256"),
        "knew": extra.get("knew"),
        "turns": [{"turn_number": n, "command": c, "reasoning": r} for n, c, r in turns],
        "guide": guide[0] if guide is not None else None,
    }
