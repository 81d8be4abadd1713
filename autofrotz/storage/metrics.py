"""Aggregated LLM usage and progress series for one game (the web UI's charts read this).

Usage comes from ``llm_calls`` (every attempt, with cache-write tokens and errors) when the game has
any; otherwise from the coarser per-turn ``metrics`` rows, so the two are never counted twice.
"""

from __future__ import annotations

import sqlite3
from typing import Any

_CALL_USAGE = (
    "COUNT(*), SUM(input_tokens), SUM(output_tokens), SUM(cached_tokens), SUM(cache_write_tokens),"
    " SUM(cost_estimate), AVG(latency_ms), SUM(error IS NOT NULL)"
)
_METRIC_USAGE = (
    "COUNT(*), SUM(input_tokens), SUM(output_tokens), SUM(cached_tokens), 0,"
    " SUM(cost_estimate), AVG(latency_ms), 0"
)
_USAGE_KEYS = (
    "calls", "input_tokens", "output_tokens", "cached_tokens", "cache_write_tokens", "cost",
    "mean_latency_ms", "errors",
)  # fmt: skip
_SERIES = ("score", "rooms_known", "connections_known", "items_known", "puzzles_solved")


def cache_hit_rate(cached: int, total_input: int) -> float:
    """Cached input tokens as a percentage of all input tokens.

    >>> cache_hit_rate(25, 100)
    25.0
    >>> cache_hit_rate(0, 0)
    0.0
    """
    return 100.0 * cached / total_input if total_input else 0.0


def usage_dict(row: tuple[Any, ...]) -> dict[str, Any]:
    """One aggregate row as named usage figures with its cache hit rate."""
    out = {k: (v or 0) for k, v in zip(_USAGE_KEYS, row, strict=True)}
    out["cost"] = float(out["cost"])
    out["mean_latency_ms"] = float(out["mean_latency_ms"])
    out["cache_hit_rate"] = cache_hit_rate(out["cached_tokens"], out["input_tokens"])
    return out


def _source(conn: sqlite3.Connection, game_id: int) -> tuple[str, str, str]:
    """(source name, table, aggregate expression) for this game's usage."""
    has_calls = conn.execute("SELECT 1 FROM llm_calls WHERE game_id = ? LIMIT 1", (game_id,)).fetchone()
    if has_calls:
        return "llm_calls", "llm_calls", _CALL_USAGE
    return "metrics", "metrics", _METRIC_USAGE


def _grouped(conn: sqlite3.Connection, game_id: int, column: str) -> list[dict[str, Any]]:
    name, table, usage = _source(conn, game_id)
    col = "agent_name" if (table == "metrics" and column == "agent") else column
    sql = f"SELECT {col}, {usage} FROM {table} WHERE game_id = ? GROUP BY {col} ORDER BY {col}"
    return [{column: r[0], **usage_dict(tuple(r)[1:])} for r in conn.execute(sql, (game_id,))]


def _series(conn: sqlite3.Connection, game_id: int) -> dict[str, list[Any]]:
    """Per-turn progress and usage, as parallel lists keyed by figure."""
    _, table, _ = _source(conn, game_id)
    sql = (
        f"SELECT t.turn_number, {', '.join('t.' + s for s in _SERIES)},"
        f" COALESCE(u.tokens, 0), COALESCE(u.cost, 0) FROM turns t LEFT JOIN"
        f" (SELECT turn_number, SUM(input_tokens + output_tokens) AS tokens, SUM(cost_estimate) AS cost"
        f"  FROM {table} WHERE game_id = ? GROUP BY turn_number) u ON u.turn_number = t.turn_number"
        f" WHERE t.game_id = ? ORDER BY t.turn_number"
    )
    keys = ("turn", *_SERIES, "tokens", "cost")
    series: dict[str, list[Any]] = {k: [] for k in keys}
    total_cost = 0.0
    for row in conn.execute(sql, (game_id, game_id)):
        for key, value in zip(keys, row, strict=True):
            series[key].append(value)
        total_cost += row[-1]
        series["cost"][-1] = total_cost  # cumulative, so the chart shows spend so far
    return series


def game_metrics(conn: sqlite3.Connection, game_id: int) -> dict[str, Any]:
    """Totals, per agent, per provider and series over turns for one game."""
    source, table, usage = _source(conn, game_id)
    totals = usage_dict(
        tuple(conn.execute(f"SELECT {usage} FROM {table} WHERE game_id = ?", (game_id,)).fetchone())
    )
    return {
        "source": source,
        "totals": totals,
        "cache_hit_rate": totals["cache_hit_rate"],
        "by_agent": _grouped(conn, game_id, "agent"),
        "by_provider": _grouped(conn, game_id, "provider"),
        "by_model": _grouped(conn, game_id, "model"),
        "series": _series(conn, game_id),
    }
