"""The llm-economy bench: figures with the agreed keys, and counts that add up."""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.bench import llm_economy
from tests.orchestrator_support import ROOT


def test_short_economy_run_reports_consistent_figures(tmp_path: Path) -> None:
    pytest.importorskip("jericho")
    if not (ROOT / "games" / "zork1.z5").exists():
        pytest.skip("zork1.z5 not installed (python -m autofrotz.games install)")
    result = llm_economy.run("zork1", 25, tmp_path / "economy.db")
    assert {"turns", "calls_per_turn", "input_tokens_per_turn", "stable_prefix_share", "per_role"} <= set(
        result
    )
    assert result["turns"] == 25
    roles = {r["role"]: r for r in result["per_role"]}
    assert roles["game_agent"]["calls"] == 25  # one decision per turn
    total = sum(r["calls"] for r in result["per_role"])
    assert result["calls_per_turn"] == pytest.approx(total / 25, abs=1e-3)
    assert 0 < result["stable_prefix_share"] < 100


def test_minimal_reply_satisfies_nested_schema() -> None:
    schema = {
        "type": "object",
        "properties": {
            "rooms": {"type": "array"},
            "mode": {"type": ["string", "null"]},
            "ok": {"type": "boolean"},
        },
        "required": ["rooms", "mode", "ok"],
    }
    assert llm_economy.minimal(schema) == {"rooms": [], "mode": "", "ok": False}
