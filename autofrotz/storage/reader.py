"""Read-only access for the web server, metrics and tests.

Connections are opened with ``mode=ro``; each public method runs inside one read transaction, so in
WAL mode it sees a consistent set of whole turns and never blocks the writer.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any, TypeVar

from autofrotz.storage import queries
from autofrotz.storage.codec import loads
from autofrotz.storage.guard import DatabaseRefusedError, schema_problem
from autofrotz.storage.locks import is_played
from autofrotz.storage.metrics import game_metrics
from autofrotz.storage.migrations import MIGRATIONS
from autofrotz.storage.models import Metric, Turn, WorldSnapshot

T = TypeVar("T")


def connect_readonly(path: str | Path) -> sqlite3.Connection:
    """A read-only connection (URI mode=ro) that may be used from any thread."""
    uri = f"{Path(path).resolve().as_uri()}?mode=ro"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA busy_timeout = 5000")
    return conn


class SchemaOutdatedError(RuntimeError):
    """The database predates this code's schema (or is not a game database)."""


class GameReader:
    """Read API shared by the web server and the tests."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if not self.path.exists():
            raise FileNotFoundError(f"no database at {self.path}")
        self.conn = connect_readonly(self.path)
        self._check_schema()
        # One connection shared by web worker threads: serialise its transactions.
        self._lock = threading.Lock()

    def _check_schema(self) -> None:
        """A reader cannot upgrade the file, so an older schema is a clear error, not a failed query."""
        try:
            schema_problem(self.conn, str(self.path))  # newer, foreign or not SQLite at all
        except (DatabaseRefusedError, sqlite3.DatabaseError) as exc:
            self.conn.close()
            raise SchemaOutdatedError(f"{self.path}: {exc}") from None
        try:
            done = {r[0] for r in self.conn.execute("SELECT name FROM _migrations")}
        except sqlite3.OperationalError:
            done = set()
        missing = [name for name, _ in MIGRATIONS if name not in done]
        if missing:
            self.conn.close()
            raise SchemaOutdatedError(
                f"{self.path} lacks migrations {', '.join(missing)}; open it once with Database to upgrade it"
            )

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self.conn.execute("BEGIN")
            try:
                yield self.conn
            finally:
                self.conn.execute("COMMIT")

    def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        with self._read() as conn:
            return fn(conn)

    def list_games(self) -> list[dict[str, Any]]:
        """Every game's metadata, newest first."""
        sql = f"SELECT {queries.GAME_COLUMNS} FROM games ORDER BY game_id DESC"
        games = self._run(lambda c: [_plain(queries.game_from_row(r)) for r in c.execute(sql)])
        return [self._live_status(g) for g in games]

    def list_summaries(self) -> list[dict[str, Any]]:
        """Every game's metadata with its spend, its model calls and the model each role called."""
        games = self.list_games()
        by_game = self._run(_call_summaries)
        for game in games:
            game.update(by_game.get(int(game["game_id"]), {"cost": 0.0, "calls": 0, "models": {}}))
        return games

    def game(self, game_id: int) -> dict[str, Any] | None:
        """One game's metadata, or None."""
        game = self._run(lambda c: queries.load_game(c, game_id))
        return None if game is None else self._live_status(_plain(game))

    def _live_status(self, game: dict[str, Any]) -> dict[str, Any]:
        """A 'playing' game that no process holds (its process died) is shown as 'interrupted'."""
        if game.get("status") == "playing" and not is_played(self.path, int(game["game_id"])):
            game["status"] = "interrupted"
        return game

    def knowledge(self, game_id: int) -> dict[str, Any]:
        """What the game started knowing from earlier runs, and the turns that used it."""
        from autofrotz.storage.facts import knowledge_view

        return self._run(lambda c: knowledge_view(c, game_id))

    def turns(self, game_id: int, after: int = -1) -> list[dict[str, Any]]:
        """Every turn of a game after turn `after`, in order (without world state)."""
        sql = (
            f"SELECT {queries.TURN_COLUMNS} FROM turns WHERE game_id = ? AND turn_number > ?"
            " ORDER BY turn_number"
        )
        return self._run(lambda c: [turn_dict(r) for r in c.execute(sql, (game_id, after))])

    def last_turn(self, game_id: int) -> int | None:
        """The highest turn number written so far, or None."""
        return self._run(lambda c: queries.last_turn(c, game_id))

    def turn(self, game_id: int, n: int) -> dict[str, Any] | None:
        """One turn with the full world state as at that turn and its LLM calls."""
        return self._run(lambda c: _turn_with_state(c, game_id, n))

    def state_at(self, game_id: int, turn_number: int) -> WorldSnapshot:
        """The world model as known at the end of turn_number."""
        return self._run(lambda c: queries.snapshot_at(c, game_id, turn_number))

    def map(self, game_id: int, turn: int | None = None) -> dict[str, Any]:
        """Map at a turn (latest if None): current room, nodes, edges, maze groups."""
        return self._run(lambda c: _map_dict(self._snapshot(c, game_id, turn)))

    def items(self, game_id: int, turn: int | None = None) -> list[dict[str, Any]]:
        """Item registry at a turn (latest if None)."""
        return self._run(lambda c: [_plain(i) for i in self._snapshot(c, game_id, turn).items])

    def puzzles(self, game_id: int, turn: int | None = None) -> list[dict[str, Any]]:
        """Puzzles at a turn (latest if None)."""
        return self._run(lambda c: [_plain(p) for p in self._snapshot(c, game_id, turn).puzzles])

    def llm_calls(self, game_id: int, n: int | None = None) -> list[dict[str, Any]]:
        """LLM calls of one turn, or of the whole game."""
        return self._run(lambda c: [_plain(x) for x in queries.load_llm_calls(c, game_id, n)])

    def metric_rows(self, game_id: int) -> list[Metric]:
        """The raw per-turn metrics rows of a game."""
        return self._run(lambda c: queries.load_metrics(c, game_id))

    def turn_records(self, game_id: int, after: int = -1) -> list[Turn]:
        """Turns numbered above ``after`` as Turn dataclasses (e.g. commands to replay on resume)."""
        return self._run(lambda c: queries.load_turns(c, game_id, after))

    def metrics(self, game_id: int) -> dict[str, Any]:
        """Usage totals by agent and provider, cache hit rates and series over turns."""
        return self._run(lambda c: game_metrics(c, game_id))

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def __enter__(self) -> GameReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @staticmethod
    def _snapshot(conn: sqlite3.Connection, game_id: int, turn: int | None) -> WorldSnapshot:
        if turn is None:
            turn = queries.last_turn(conn, game_id)
        if turn is None:
            return WorldSnapshot()
        return queries.snapshot_at(conn, game_id, turn)


def _call_summaries(conn: sqlite3.Connection) -> dict[int, dict[str, Any]]:
    """Per game: total spend, number of model calls, and "provider/model" per role (agent) that called."""
    sql = (
        "SELECT game_id, agent, provider, model, COUNT(*), COALESCE(SUM(cost_estimate), 0) FROM llm_calls"
        " GROUP BY game_id, agent, provider, model ORDER BY game_id, COUNT(*) DESC"
    )
    out: dict[int, dict[str, Any]] = {}
    for game_id, agent, provider, model, calls, cost in conn.execute(sql):
        row = out.setdefault(int(game_id), {"cost": 0.0, "calls": 0, "models": {}})
        row["cost"] += float(cost)
        row["calls"] += int(calls)
        row["models"].setdefault(str(agent), f"{provider}/{model}")  # the role's most used model
    return out


def turn_dict(row: sqlite3.Row) -> dict[str, Any]:
    """A turns row as the web API shows it (short names plus the model's names)."""
    return {
        "turn_number": row["turn_number"],
        "command": row["command_sent"],
        "output": row["game_output"],
        "room_id": row["room_id"],
        "score": row["score"],
        "moves": row["moves"],
        "reasoning": row["agent_reasoning"],
        "decided_by": row["decided_by"],  # the map rule that placed the player
        "rule": row["agent_rule"],  # the agent's rule that chose the command
        "vetoes": loads(row["agent_vetoes"]) or [],  # the rules that ruled commands out this turn
        "event": row["event"],
        "timestamp": row["timestamp"],
        "inventory": loads(row["inventory_snapshot"]) or [],
        "current_room": row["current_room"],
        "rooms_known": row["rooms_known"],
        "items_known": row["items_known"],
        "puzzles_solved": row["puzzles_solved"],
        **(loads(row["extra"]) or {}),
    }


def _turn_with_state(conn: sqlite3.Connection, game_id: int, n: int) -> dict[str, Any] | None:
    sql = f"SELECT {queries.TURN_COLUMNS} FROM turns WHERE game_id = ? AND turn_number = ?"
    row = conn.execute(sql, (game_id, n)).fetchone()
    if row is None:
        return None
    out = turn_dict(row)
    out["state"] = _plain(queries.snapshot_at(conn, game_id, n))
    out["llm_calls"] = [_plain(x) for x in queries.load_llm_calls(conn, game_id, n)]
    return out


def _map_dict(snap: WorldSnapshot) -> dict[str, Any]:
    """Nodes and edges for drawing; each node has "id", each edge "source" and "target"."""
    return {
        "current_room": snap.current_room,
        "nodes": [{"id": r.room_id, **_plain(r)} for r in snap.rooms],
        "edges": [{"source": c.from_room_id, "target": c.to_room_id, **_plain(c)} for c in snap.connections],
        "maze_groups": [_plain(g) for g in snap.maze_groups],
    }


def _plain(value: Any) -> Any:
    """Dataclasses to dicts for JSON, without asdict's deep copies (the replay API's hot path)."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
