"""The single writer of a game database: creates and migrates it, and writes one turn per transaction.

World-model rows are versioned (valid_from_turn .. valid_to_turn), so the world as known at any turn
can be rebuilt. The writer keeps each game's current rows in memory and writes only what changed.
"""

from __future__ import annotations

import copy
import hashlib
import sqlite3
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from autofrotz.storage import queries
from autofrotz.storage.codec import (
    ENTITY_TABLES,
    EntityTable,
    dumps,
    encode_extra,
    entity_from_row,
    entity_values,
    extra_fields,
    key_getter,
    pack_text,
)
from autofrotz.storage.facts import write_facts
from autofrotz.storage.guard import DatabaseRefusedError, check_database
from autofrotz.storage.locks import GameLock
from autofrotz.storage.migrations import migrate
from autofrotz.storage.models import Game, LLMCall, Metric, Turn, TurnBundle, WorldSnapshot
from autofrotz.storage.recording import metrics_for
from autofrotz.storage.states import referenced_states, state_ref

_GAME_FIELDS = [
    "game_file", "start_time", "end_time", "status", "total_turns", "seed", "backend", "config_json",
    "final_score", "max_score",
]  # fmt: skip
_TURN_FIELDS = [
    "command_sent", "game_output", "room_id", "agent_reasoning", "timestamp", "score", "moves", "event",
    "decided_by", "agent_rule",
]  # fmt: skip
_METRIC_FIELDS = [
    "agent_name", "provider", "model", "input_tokens", "output_tokens", "cached_tokens", "cost_estimate",
    "latency_ms",
]  # fmt: skip
_CALL_FIELDS = [
    "agent", "provider", "model", "input_tokens", "output_tokens", "cached_tokens", "cache_write_tokens",
    "cost_estimate", "latency_ms", "error", "attempt",
]  # fmt: skip
_CALL_STORED = [*_CALL_FIELDS, "system_prompt", "messages", "raw_response", "parsed_result", "game_id",
                "turn_number"]  # fmt: skip


# key -> (version_id of the current row, a private copy of the object it holds)
_Current = dict[Any, tuple[int, Any]]


class TurnOrderError(ValueError):
    """A turn was written out of order (turn numbers must follow each other without gaps)."""


@dataclass
class _GameCache:
    """What the writer knows about one game without reading the database again."""

    last_turn: int | None
    current: dict[str, _Current] = field(default_factory=dict)  # table -> key -> (version_id, object)


def connect(path: str | Path) -> sqlite3.Connection:
    """A read-write connection in autocommit mode, WAL journal, with a busy timeout."""
    conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA busy_timeout = 5000")
    conn.execute("PRAGMA journal_mode = WAL")
    # NORMAL in WAL mode survives a killed process; only power loss could drop the last commits.
    conn.execute("PRAGMA synchronous = NORMAL")
    return conn


MADE_JUST_NOW_S = 10.0  # a file younger than this may be one another process is still creating


def check_new_database(path: Path) -> None:
    """check_database, waiting a little for a file another process is creating this very moment (its
    schema half made): two runs of a benchmark may open a new record together."""
    deadline = time.monotonic() + 5.0
    while True:
        try:
            check_database(path)
            return
        except DatabaseRefusedError as exc:
            young = path.exists() and time.time() - path.stat().st_mtime < MADE_JUST_NOW_S
            half_made = "lacks the table" in str(exc)  # a schema part written, the rest not yet
            if not (young and half_made) or time.monotonic() > deadline:
                raise
            time.sleep(0.2)


class Database:
    """Read-write access for the game loop: the only writer of a database file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        check_new_database(self.path)  # before connecting: a file we refuse is left exactly as it was
        self.conn = connect(self.path)
        migrate(self.conn)
        self._games: dict[int, _GameCache] = {}
        self._texts: dict[str, int] = {}
        self._locks: dict[int, GameLock] = {}

    def claim(self, game_id: int) -> None:
        """Hold the game's lock until close(); GameLockedError when another process has it."""
        if game_id in self._locks or str(self.path) == ":memory:":
            return
        lock = GameLock(self.path, game_id)
        lock.acquire()
        self._locks[game_id] = lock

    # -- games -------------------------------------------------------------------------------------

    def create_game(self, game: Game) -> int:
        """Insert a game row and return its id (also stored into game.game_id)."""
        extra = encode_extra(game, extra_fields(Game, ["game_id", *_GAME_FIELDS]))
        cols = ", ".join(_GAME_FIELDS)
        marks = ", ".join("?" * (len(_GAME_FIELDS) + 1))
        values = [getattr(game, f) for f in _GAME_FIELDS]
        with self._transaction():
            cur = self.conn.execute(f"INSERT INTO games ({cols}, extra) VALUES ({marks})", (*values, extra))
        game_id = int(cur.lastrowid or 0)
        game.game_id = game_id
        self.claim(game_id)  # the writer of a game holds its lock, so a second resume is refused
        self._games[game_id] = _GameCache(last_turn=None, current={s.table: {} for s in ENTITY_TABLES})
        return game_id

    def finish_game(self, game_id: int, status: str, final_score: int | None = None) -> None:
        """Record the end of a game."""
        end = datetime.now(UTC).isoformat(timespec="seconds")
        with self._transaction():
            self.conn.execute(
                "UPDATE games SET status = ?, final_score = COALESCE(?, final_score), end_time = ?"
                " WHERE game_id = ?",
                (status, final_score, end, game_id),
            )

    def game(self, game_id: int) -> Game | None:
        """One game's metadata."""
        return queries.load_game(self.conn, game_id)

    # -- turns -------------------------------------------------------------------------------------

    def write_turn(self, game_id: int, bundle: TurnBundle) -> None:
        """Write everything one turn produced in a single transaction.

        The turn number must be the previous one plus one (any number for a game's first turn).
        Only world-model rows that changed since the previous turn are closed and re-inserted.
        """
        cache = self._cache(game_id)
        n = bundle.turn.turn_number
        if cache.last_turn is not None and n != cache.last_turn + 1:
            raise TurnOrderError(f"game {game_id}: turn {n} written after turn {cache.last_turn}")
        try:
            with self._transaction():
                pending = self._write_world(game_id, n, bundle.world, cache)
                self._insert_turn(game_id, bundle.turn, bundle.world)
                self._insert_metrics(game_id, n, bundle.metrics)
                self._insert_calls(game_id, n, bundle.llm_calls)
                if bundle.saved_before is not None:  # a save before the command, kept with its turn
                    self._insert_state(game_id, n - 1, *bundle.saved_before)
                if bundle.interpreter_state is not None:
                    self._insert_state(game_id, n, bundle.interpreter_state)
                if bundle.knowledge is not None:
                    write_facts(self.conn, bundle.knowledge[0], game_id, n, bundle.knowledge[1])
                self.conn.execute("UPDATE games SET total_turns = ? WHERE game_id = ?", (n, game_id))
        except BaseException:
            # The rolled-back rows are gone: forget their ids and reload this game's state when next needed.
            self._texts.clear()
            self._games.pop(game_id, None)
            raise
        cache.current.update(pending)
        cache.last_turn = n

    def write_calls(self, game_id: int, turn_number: int, calls: list[LLMCall]) -> None:
        """Record LLM calls made outside a turn (the post-mortem after the last one), with their metrics."""
        if not calls:
            return
        with self._transaction():
            self._insert_calls(game_id, turn_number, calls)
            self._insert_metrics(game_id, turn_number, metrics_for(calls, game_id, turn_number))

    def save_state(self, game_id: int, turn_number: int, data: bytes, slot: str = "auto") -> None:
        """Store an interpreter state outside a turn (e.g. right after the game started)."""
        with self._transaction():
            self._insert_state(game_id, turn_number, data, slot)

    def latest_state(self, game_id: int) -> tuple[int, bytes | None, int]:
        """(last turn written, newest saved interpreter state or None, the turn of that state).

        With no saved state the state turn is 0: replay every command after turn 0.
        """
        last = queries.last_turn(self.conn, game_id)
        row = self.conn.execute(
            "SELECT turn_number, data FROM interpreter_states WHERE game_id = ?"
            " ORDER BY turn_number DESC, state_id DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        if row is None:
            return (last if last is not None else 0, None, 0)
        return (last if last is not None else 0, bytes(row["data"]), int(row["turn_number"]))

    def state_by_ref(self, game_id: int, ref: str) -> bytes | None:
        """The stored state a save rotation names by its ref (see states.state_ref), if it is kept."""
        for (data,) in self.conn.execute("SELECT data FROM interpreter_states WHERE game_id = ?", (game_id,)):
            if state_ref(bytes(data)) == ref:
                return bytes(data)
        return None

    def turns_after(self, game_id: int, turn_number: int) -> list[Turn]:
        """The turns numbered above turn_number, in order (their commands replay a resumed game)."""
        return queries.load_turns(self.conn, game_id, after=turn_number)

    def last_death(self, game_id: int) -> int | None:
        """The turn of the game's most recent recorded death, or None."""
        return queries.last_event_turn(self.conn, game_id, "death")

    def state_at(self, game_id: int, turn_number: int) -> WorldSnapshot:
        """The world model as known at the end of turn_number."""
        with self._transaction(write=False):
            return queries.snapshot_at(self.conn, game_id, turn_number)

    def close(self) -> None:
        """Close the connection (SQLite checkpoints the WAL on the last close) and free the games."""
        self.conn.close()
        for lock in self._locks.values():
            lock.release()
        self._locks.clear()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals ---------------------------------------------------------------------------------

    def _transaction(self, write: bool = True) -> _Txn:
        return _Txn(self.conn, "BEGIN IMMEDIATE" if write else "BEGIN")

    def _cache(self, game_id: int) -> _GameCache:
        """The in-memory current state of a game, loaded once from the database (e.g. on resume)."""
        cache = self._games.get(game_id)
        if cache is None:
            if queries.load_game(self.conn, game_id) is None:
                raise KeyError(f"no game {game_id} in {self.path}")
            cache = _GameCache(last_turn=queries.last_turn(self.conn, game_id))
            for spec in ENTITY_TABLES:
                cache.current[spec.table] = self._load_current(spec, game_id)
            self._games[game_id] = cache
        return cache

    def _load_current(self, spec: EntityTable, game_id: int) -> _Current:
        cols = ", ".join(spec.names)
        sql = (
            f"SELECT version_id, {cols}, extra FROM {spec.table}"
            f" WHERE game_id = ? AND valid_to IS NULL ORDER BY version_id"
        )
        rows = self.conn.execute(sql, (game_id,)).fetchall()
        objects = [entity_from_row(spec, tuple(r)[1:]) for r in rows]
        return {
            key: (int(r[0]), obj) for key, r, obj in zip(keys_of(spec, objects), rows, objects, strict=True)
        }

    def _write_world(
        self, game_id: int, n: int, world: WorldSnapshot, cache: _GameCache
    ) -> dict[str, _Current]:
        """Close changed or vanished rows, insert changed or new ones; return the new current maps."""
        pending = {}
        for spec in ENTITY_TABLES:
            objects = getattr(world, spec.table)
            pending[spec.table] = self._diff_table(spec, game_id, n, objects, cache.current[spec.table])
        return pending

    def _diff_table(
        self, spec: EntityTable, game_id: int, n: int, objects: list[Any], old: _Current
    ) -> _Current:
        # Comparing field dicts is much cheaper than encoding: only changed objects get encoded.
        cols = ", ".join(spec.names)
        marks = ", ".join("?" * (len(spec.names) + 3))
        sql = f"INSERT INTO {spec.table} (game_id, {cols}, extra, valid_from) VALUES ({marks})"
        result: _Current = {}
        old_get = old.get
        for key, obj in zip(keys_of(spec, objects), objects, strict=True):
            kept = old_get(key)
            if kept is not None and kept[1].__dict__ == obj.__dict__:
                result[key] = kept
                continue
            cur = self.conn.execute(sql, (game_id, *entity_values(spec, obj), n))
            # A private copy, so later in-place changes by the managers still show up as changes.
            result[key] = (int(cur.lastrowid or 0), copy.deepcopy(obj))
        closing = [(n, entry[0]) for key, entry in old.items() if result.get(key) is not entry]
        if closing:
            self.conn.executemany(f"UPDATE {spec.table} SET valid_to = ? WHERE version_id = ?", closing)
        return result

    def _insert_turn(self, game_id: int, turn: Turn, world: WorldSnapshot) -> None:
        extra = encode_extra(
            turn,
            extra_fields(
                Turn, ["game_id", "turn_number", "inventory_snapshot", "agent_vetoes", *_TURN_FIELDS]
            ),
        )
        counts = (
            len(world.rooms),
            len(world.connections),
            len(world.items),
            sum(1 for p in world.puzzles if p.status == "solved"),
        )
        cols = ", ".join(_TURN_FIELDS)
        self.conn.execute(
            f"INSERT INTO turns (game_id, turn_number, inventory_snapshot, agent_vetoes, {cols},"
            " current_room, inventory, extra, rooms_known, connections_known, items_known, puzzles_solved)"
            f" VALUES ({', '.join('?' * (len(_TURN_FIELDS) + 11))})",
            (
                game_id,
                turn.turn_number,
                dumps(turn.inventory_snapshot),
                dumps(turn.agent_vetoes),
                *(getattr(turn, f) for f in _TURN_FIELDS),
                world.current_room,
                dumps(world.inventory),
                extra,
                *counts,
            ),
        )

    def _insert_metrics(self, game_id: int, n: int, metrics: list[Metric]) -> None:
        if not metrics:
            return
        extra_names = extra_fields(Metric, ["game_id", "turn_number", *_METRIC_FIELDS])
        cols = ", ".join(_METRIC_FIELDS)
        rows = [
            (game_id, n, *(getattr(m, f) for f in _METRIC_FIELDS), encode_extra(m, extra_names))
            for m in metrics
        ]
        marks = ", ".join("?" * (len(_METRIC_FIELDS) + 3))
        self.conn.executemany(
            f"INSERT INTO metrics (game_id, turn_number, {cols}, extra) VALUES ({marks})", rows
        )

    def _insert_calls(self, game_id: int, n: int, calls: list[LLMCall]) -> None:
        if not calls:
            return
        extra_names = extra_fields(LLMCall, _CALL_STORED)
        cols = ", ".join(_CALL_FIELDS)
        marks = ", ".join("?" * (len(_CALL_FIELDS) + 8))
        sql = (
            f"INSERT INTO llm_calls (game_id, turn_number, seq, system_prompt_id, messages, raw_response,"
            f" parsed_result, {cols}, extra) VALUES ({marks})"
        )
        rows = [
            (
                game_id,
                n,
                seq,
                self._text_id(call.system_prompt),
                pack_text(dumps(call.messages)),
                pack_text(call.raw_response),
                dumps(call.parsed_result),
                *(getattr(call, f) for f in _CALL_FIELDS),
                encode_extra(call, extra_names),
            )
            for seq, call in enumerate(calls)
        ]
        self.conn.executemany(sql, rows)

    def _text_id(self, text: str) -> int:
        """Id of a stored system prompt; identical prompts are stored once."""
        sha = hashlib.sha1(text.encode("utf-8")).hexdigest()
        text_id = self._texts.get(sha)
        if text_id is None:
            row = self.conn.execute("SELECT text_id FROM llm_texts WHERE sha1 = ?", (sha,)).fetchone()
            if row is None:
                cur = self.conn.execute(
                    "INSERT INTO llm_texts (sha1, body) VALUES (?, ?)", (sha, pack_text(text))
                )
                text_id = int(cur.lastrowid or 0)
            else:
                text_id = int(row[0])
            self._texts[sha] = text_id
        return text_id

    def _insert_state(self, game_id: int, n: int, data: bytes, slot: str = "auto") -> None:
        self.conn.execute(
            "INSERT INTO interpreter_states (game_id, turn_number, slot, data) VALUES (?, ?, ?, ?)",
            (game_id, n, slot, sqlite3.Binary(data)),
        )
        rows = self.conn.execute(
            "SELECT state_id, turn_number, slot, substr(data, 1, 36) FROM interpreter_states"
            " WHERE game_id = ?",
            (game_id,),
        ).fetchall()
        named = referenced_states(data)  # the saves the newest state's rotation still needs
        drop = thin_states([(int(r[0]), int(r[1]), str(r[2])) for r in rows], n)
        head = {int(r[0]): bytes(r[3]) for r in rows}
        drop = [i for i in drop if state_ref(head[i]) not in named]
        if drop:  # freed pages are reused by later rows, so the file stops growing with the states
            self.conn.executemany("DELETE FROM interpreter_states WHERE state_id = ?", [(i,) for i in drop])

    def interpreter_state_at(self, game_id: int, turn_number: int) -> tuple[int, bytes] | None:
        """The newest kept interpreter state at or before turn_number, with its turn (replay the
        recorded commands after it to reach turn_number exactly); None when none is kept."""
        row = self.conn.execute(
            "SELECT turn_number, data FROM interpreter_states WHERE game_id = ? AND turn_number <= ?"
            " ORDER BY turn_number DESC, state_id DESC LIMIT 1",
            (game_id, turn_number),
        ).fetchone()
        return None if row is None else (int(row[0]), bytes(row[1]))


# Interpreter states are thinned as a game grows: a resume needs only the newest, and any other turn
# is reached from the newest state before it by replaying the recorded commands.
STATES_RECENT_TURNS = 50  # every state of the last 50 turns is kept
STATES_KEEP_EVERY = 100  # before that, the first state of each 100-turn stretch (and turn 0's)


def thin_states(rows: list[tuple[int, int, str]], newest_turn: int) -> list[int]:
    """Ids of the states to drop, from one game's (state_id, turn, slot) rows.

    Kept: every state of the recent turns, the first state of each older stretch of
    STATES_KEEP_EVERY turns, and the newest state of each save slot (and, by the caller, every save
    the newest state's rotation names, so a resume rebuilds the rotation whole).

    >>> rows = [(i + 1, t, "auto") for i, t in enumerate(range(0, 301, 10))]
    >>> kept = sorted(t for i, t, _ in rows if i not in thin_states(rows, 300))
    >>> kept
    [0, 100, 200, 260, 270, 280, 290, 300]
    """
    keep: set[int] = set()
    newest_of_slot: dict[str, int] = {}
    first_of_stretch: dict[int, int] = {}
    for state_id, turn, slot in sorted(rows):  # state ids grow in the order states were stored
        newest_of_slot[slot] = state_id
        first_of_stretch.setdefault(turn // STATES_KEEP_EVERY, state_id)
        if turn > newest_turn - STATES_RECENT_TURNS:
            keep.add(state_id)
    keep |= set(newest_of_slot.values()) | set(first_of_stretch.values())
    return [state_id for state_id, _, _ in rows if state_id not in keep]


class _Txn:
    """BEGIN on enter; COMMIT on success, ROLLBACK on any exception."""

    def __init__(self, conn: sqlite3.Connection, begin: str) -> None:
        self.conn = conn
        self.begin = begin

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute(self.begin)
        return self.conn

    def __exit__(self, exc_type: object, *rest: object) -> None:
        if exc_type is None:
            try:
                self.conn.execute("COMMIT")
                return
            except sqlite3.Error:
                # A failed COMMIT (disk full, I/O error) can leave the transaction open.
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")


def keys_of(spec: EntityTable, objects: list[Any]) -> list[Any]:
    """Each object's key in its table; a key seen twice gets an occurrence number so nothing is lost."""
    keys = list(map(key_getter(spec), objects))
    if len(set(keys)) == len(keys):
        return keys
    seen: dict[Any, int] = {}
    numbered = []
    for key in keys:
        seen[key] = seen.get(key, -1) + 1
        numbered.append((key, seen[key]) if seen[key] else key)
    return numbered
