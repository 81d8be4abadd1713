"""Read queries shared by the writer (Database) and the readers (GameReader).

Every function takes an open connection and runs plain SELECTs; the caller decides the transaction.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from autofrotz.storage.codec import ENTITY_TABLES, EntityTable, entity_from_row, loads, unpack_text
from autofrotz.storage.models import Game, LLMCall, Metric, Turn, WorldSnapshot

TURN_COLUMNS = (
    "turn_number, command_sent, game_output, room_id, inventory_snapshot, agent_reasoning, timestamp,"
    " score, moves, event, current_room, inventory, extra,"
    " rooms_known, connections_known, items_known, puzzles_solved, decided_by, agent_rule, agent_vetoes"
)
GAME_COLUMNS = (
    "game_id, game_file, start_time, end_time, status, total_turns, seed, backend, config_json,"
    " final_score, max_score, extra"
)
CALL_COLUMNS = (
    "c.game_id, c.turn_number, c.agent, c.provider, c.model, t.body, c.messages, c.raw_response,"
    " c.parsed_result, c.input_tokens, c.output_tokens, c.cached_tokens, c.cache_write_tokens,"
    " c.cost_estimate, c.latency_ms, c.error, c.attempt, c.extra"
)


def entities_at(conn: sqlite3.Connection, spec: EntityTable, game_id: int, n: int) -> list[Any]:
    """The rows of one versioned table that were valid at the end of turn n, ordered by key."""
    cols = ", ".join(spec.names)
    order = ", ".join(spec.key)
    sql = (
        f"SELECT {cols}, extra FROM {spec.table} WHERE game_id = ? AND valid_from <= ?"
        f" AND (valid_to IS NULL OR valid_to > ?) ORDER BY {order}, version_id"
    )
    return [entity_from_row(spec, row) for row in conn.execute(sql, (game_id, n, n))]


def turn_row_at(conn: sqlite3.Connection, game_id: int, n: int) -> sqlite3.Row | None:
    """The latest turn row numbered n or lower."""
    sql = (
        f"SELECT {TURN_COLUMNS} FROM turns WHERE game_id = ? AND turn_number <= ?"
        " ORDER BY turn_number DESC LIMIT 1"
    )
    row: sqlite3.Row | None = conn.execute(sql, (game_id, n)).fetchone()
    return row


def snapshot_at(conn: sqlite3.Connection, game_id: int, n: int) -> WorldSnapshot:
    """The world model as known at the end of turn n (empty before the first turn)."""
    row = turn_row_at(conn, game_id, n)
    tables = {spec.table: entities_at(conn, spec, game_id, n) for spec in ENTITY_TABLES}
    return WorldSnapshot(
        current_room=row["current_room"] if row else None,
        rooms=tables["rooms"],
        connections=tables["connections"],
        items=tables["items"],
        puzzles=tables["puzzles"],
        maze_groups=tables["maze_groups"],
        inventory=(loads(row["inventory"]) or []) if row else [],
    )


def last_turn(conn: sqlite3.Connection, game_id: int) -> int | None:
    """The highest turn number written for a game, or None."""
    row = conn.execute("SELECT MAX(turn_number) FROM turns WHERE game_id = ?", (game_id,)).fetchone()
    return None if row[0] is None else int(row[0])


def last_event_turn(conn: sqlite3.Connection, game_id: int, event: str) -> int | None:
    """The highest turn number whose recorded event is `event` (e.g. "death"), or None."""
    row = conn.execute(
        "SELECT MAX(turn_number) FROM turns WHERE game_id = ? AND event = ?", (game_id, event)
    ).fetchone()
    return None if row[0] is None else int(row[0])


def game_from_row(row: sqlite3.Row) -> Game:
    """A Game dataclass from a games row."""
    data = {k: row[k] for k in row.keys() if k != "extra"}  # noqa: SIM118 (Row iterates values)
    data.update(loads(row["extra"]) or {})
    return Game(**data)


def load_game(conn: sqlite3.Connection, game_id: int) -> Game | None:
    """One game's metadata."""
    row = conn.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE game_id = ?", (game_id,)).fetchone()
    return None if row is None else game_from_row(row)


def turn_from_row(game_id: int, row: sqlite3.Row) -> Turn:
    """A Turn dataclass from a turns row selected with TURN_COLUMNS."""
    turn = Turn(
        game_id=game_id,
        turn_number=row["turn_number"],
        command_sent=row["command_sent"],
        game_output=row["game_output"],
        room_id=row["room_id"],
        inventory_snapshot=loads(row["inventory_snapshot"]) or [],
        agent_reasoning=row["agent_reasoning"],
        timestamp=row["timestamp"],
        score=row["score"],
        moves=row["moves"],
        event=row["event"],
        decided_by=row["decided_by"],
        agent_rule=row["agent_rule"],
        agent_vetoes=loads(row["agent_vetoes"]) or [],
    )
    for key, value in (loads(row["extra"]) or {}).items():
        setattr(turn, key, value)
    return turn


def load_turns(conn: sqlite3.Connection, game_id: int, after: int = -1) -> list[Turn]:
    """The turns of a game numbered above ``after``, in order."""
    sql = f"SELECT {TURN_COLUMNS} FROM turns WHERE game_id = ? AND turn_number > ? ORDER BY turn_number"
    return [turn_from_row(game_id, row) for row in conn.execute(sql, (game_id, after))]


def call_from_row(row: sqlite3.Row) -> LLMCall:
    """An LLMCall dataclass from a row selected with CALL_COLUMNS."""
    values = list(row)
    extra = loads(values.pop())
    game_id, turn_number, agent, provider, model, system, messages, raw, parsed, *usage = values
    call = LLMCall(
        agent=agent,
        provider=provider,
        model=model,
        system_prompt=unpack_text(system) or "",
        messages=loads(unpack_text(messages)) or [],
        raw_response=unpack_text(raw) or "",
        parsed_result=loads(parsed),
        input_tokens=usage[0],
        output_tokens=usage[1],
        cached_tokens=usage[2],
        cache_write_tokens=usage[3],
        cost_estimate=usage[4],
        latency_ms=usage[5],
        error=usage[6],
        attempt=usage[7],
        game_id=game_id,
        turn_number=turn_number,
    )
    for key, value in (extra or {}).items():
        setattr(call, key, value)
    return call


def load_llm_calls(conn: sqlite3.Connection, game_id: int, n: int | None = None) -> list[LLMCall]:
    """LLM calls of one turn (or of the whole game when n is None), in the order they were made."""
    where = "c.game_id = ?" + ("" if n is None else " AND c.turn_number = ?")
    params: tuple[int, ...] = (game_id,) if n is None else (game_id, n)
    sql = (
        f"SELECT {CALL_COLUMNS} FROM llm_calls c LEFT JOIN llm_texts t ON t.text_id = c.system_prompt_id"
        f" WHERE {where} ORDER BY c.turn_number, c.seq"
    )
    return [call_from_row(row) for row in conn.execute(sql, params)]


def load_metrics(conn: sqlite3.Connection, game_id: int) -> list[Metric]:
    """The per-turn metrics rows of a game, in the order written."""
    sql = (
        "SELECT game_id, turn_number, agent_name, provider, model, input_tokens, output_tokens,"
        " cached_tokens, cost_estimate, latency_ms, extra FROM metrics WHERE game_id = ? ORDER BY metric_id"
    )
    out = []
    for row in conn.execute(sql, (game_id,)):
        metric = Metric(*tuple(row)[:-1])
        for key, value in (loads(row["extra"]) or {}).items():
            setattr(metric, key, value)
        out.append(metric)
    return out
