"""`bench games --config` / `--configs A,B`: cost, calls, tokens and cache share per configuration."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from autofrotz.bench import games as bench
from autofrotz.bench.compare import config_row
from tests.orchestrator_support import require_cellar

PER_CONFIG_KEYS = {
    "config",
    "mean_score",
    "cost_usd",
    "cost_per_point",
    "calls_per_turn",
    "input_tokens_per_turn",
    "cache_hit_share",
}
ROLES = ("game_agent", "puzzle_agent", "map_parser", "item_parser")


def write_config(path: Path, model: str, price: float) -> str:
    """A config with the fake provider on every role, its model priced at `price` per million tokens."""
    raw: dict[str, Any] = {
        "agents": {role: {"provider": "fake", "model": model} for role in ROLES},
        "prices": {model: {"input": price, "output": 4 * price, "cache_read": price / 10}},
        "web_server": {"enabled": False},
    }
    path.write_text(json.dumps(raw))
    return str(path)


def test_two_configurations_side_by_side(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    require_cellar()
    big = write_config(tmp_path / "big.json", "fake-big", 10.0)
    small = write_config(tmp_path / "small.json", "fake-small", 1.0)
    db = str(tmp_path / "cmp.db")
    args = ["--games", "cellar", "--turns", "12", "--seeds", "1", "--workers", "2", "--db", db]
    args += ["--configs", f"{big},{small}", "--report-dir", str(tmp_path / "reports")]
    assert bench.main([*args, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    rows = {r["config"]: r for r in figures["per_config"]}
    assert list(rows) == ["big", "small"]
    assert all(set(r) >= PER_CONFIG_KEYS for r in rows.values())
    # The fake answers the same way whatever it costs, so the same games and seeds use the same
    # calls and tokens, and the costs differ exactly by the price ratio.
    b, s = rows["big"], rows["small"]
    assert b["calls_per_turn"] == s["calls_per_turn"] >= 1.0  # at least the game agent every turn
    assert b["input_tokens_per_turn"] == s["input_tokens_per_turn"] > 0
    assert b["cache_hit_share"] == s["cache_hit_share"] > 0
    assert b["cost_usd"] == pytest.approx(10 * s["cost_usd"], rel=1e-3) and s["cost_usd"] > 0
    roles = {p["role"]: p for p in b["per_role"]}
    assert roles["game_agent"]["calls_per_turn"] == 1.0
    assert (tmp_path / "cmp.big.db").exists() and (tmp_path / "cmp.small.db").exists()
    table = (tmp_path / "reports" / "configs.md").read_text()
    assert "| | big | small |" in table and "| cost per game ($) |" in table
    assert "| game_agent: calls per turn | 1 | 1 |" in table and "| cellar: mean score |" in table
    # Again, as text: finished runs are skipped and the table is printed.
    assert bench.main(args) == 0
    out, err = capsys.readouterr()
    assert "| | big | small |" in out and err.count("resuming: 1 finished runs") == 2


def test_a_single_config_adds_its_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    require_cellar()
    config = write_config(tmp_path / "one.json", "fake-big", 10.0)
    args = ["--games", "cellar", "--turns", "5", "--seeds", "1", "--workers", "1", "--no-report"]
    assert bench.main([*args, "--db", str(tmp_path / "one.db"), "--config", config, "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["per_config"]
    assert row["config"] == "one" and set(row) >= PER_CONFIG_KEYS and row["cost_usd"] > 0


def test_configs_need_two_existing_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    require_cellar()
    one = write_config(tmp_path / "one.json", "fake", 1.0)
    assert bench.main(["--games", "cellar", "--configs", one, "--db", str(tmp_path / "x.db")]) == 2
    assert "name two or more" in capsys.readouterr().err
    assert (
        bench.main(["--games", "cellar", "--configs", f"{one},nope.json", "--db", str(tmp_path / "x.db")])
        == 2
    )
    assert "not found: nope.json" in capsys.readouterr().err


def test_cost_per_point_divides_by_the_points_scored(tmp_path: Path) -> None:
    from autofrotz.storage.database import Database
    from autofrotz.storage.models import Game, LLMCall, Metric, Turn, TurnBundle, WorldSnapshot

    db = str(tmp_path / "p.db")
    with Database(db) as writer:
        game_id = writer.create_game(Game(None, "cellar.z5", "2026-01-01T00:00:00"))
        for n, cost in ((1, 0.25), (2, 0.75)):
            metric = Metric(game_id, n, "game_agent", "fake", "m", 100, 5, 40, cost, 1.0)
            call = LLMCall("game_agent", "fake", "m", "s", [], cost_estimate=cost)
            bundle = TurnBundle(Turn(game_id, n, "look", "", None), WorldSnapshot(), [metric], [call])
            writer.write_turn(game_id, bundle)
    runs = [{"game_id": game_id, "score": 4, "turns": 2}]
    row = config_row(db, "x", runs)
    assert row["cost_usd"] == 1.0 and row["cost_per_point"] == 0.25
    assert (
        row["calls_per_turn"] == 1.0 and row["input_tokens_per_turn"] == 100 and row["cache_hit_share"] == 40
    )
    assert config_row(db, "x", [{**runs[0], "score": 0}])["cost_per_point"] is None
