"""A malformed, empty or failing reply on any role never crashes a run."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from autofrotz.llm import MockLLM, PermanentError, TransientError
from autofrotz.model_health import STATUS as MODEL_ERROR
from autofrotz.session import Session
from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import make_config, require_cellar

ROLES = ("game_agent", "puzzle_agent", "map_parser", "item_parser")
BAD = ["this is not json", "", PermanentError("provider said no"), {"unexpected": "shape"}, "[1, 2"]


@pytest.fixture(autouse=True)
def _cellar() -> Iterator[None]:
    require_cellar()
    MockLLM.reset()
    yield
    MockLLM.reset()


def test_every_role_failing_still_plays_and_records_errors(tmp_path: Path) -> None:
    for role in ROLES:
        MockLLM.preload(role, BAD * 80)
    agents = {role: {"provider": "mock", "model": "m", "mode": "llm"} for role in ROLES}
    config = make_config(tmp_path, agents, max_turns=6)
    with Session.open(config, web=False, console=False) as session:
        status = session.play()
    assert status == "abandoned"
    reader = GameReader(tmp_path / "game.db")
    gid = session.orchestrator.game_id
    turns = reader.turns(gid)
    assert [t["turn_number"] for t in turns] == list(range(7))
    for turn in turns[1:]:
        assert turn["command"] == "look"  # the safe default
        assert turn["event"] == "error" and "game agent" not in turn["output"]
        assert "errors:" in turn["reasoning"]
    calls = reader.llm_calls(gid)
    assert {c["agent"] for c in calls} >= {"game_agent", "map_parser", "item_parser"}
    assert any(c["error"] for c in calls)


def test_transient_failures_exhaust_retries_into_a_safe_default(tmp_path: Path) -> None:
    MockLLM.preload("game_agent", [TransientError("overloaded")] * 40)
    config = make_config(tmp_path, {"game_agent": {"provider": "mock", "model": "m"}}, max_turns=2)
    with Session.open(config, web=False, console=False) as session:
        assert session.play() == MODEL_ERROR  # 5 attempts a turn: the second turn passes FAILED_ATTEMPTS
    turns = GameReader(tmp_path / "game.db").turns(session.orchestrator.game_id)
    assert [t["command"] for t in turns[1:]] == ["look"]
    assert all(
        "TransientError" in t["reasoning"] or "LLMError" in t["reasoning"] or "overloaded" in t["reasoning"]
        for t in turns[1:]
    )


def test_command_refused_by_the_interface_becomes_the_safe_default(tmp_path: Path) -> None:
    # Full-width letters pass the model path's cleaning; the interface reads them as "save".
    MockLLM.preload(
        "game_agent", [{"reasoning": "sneaky", "command": "north. \uff53\uff41\uff56\uff45", "risky": False}]
    )
    config = make_config(tmp_path, {"game_agent": {"provider": "mock", "model": "m"}}, max_turns=1)
    with Session.open(config, web=False, console=False) as session:
        session.play()
    turn = GameReader(tmp_path / "game.db").turns(session.orchestrator.game_id)[1]
    assert turn["command"] == "look" and turn["event"] == "error"
    assert "refused command 'north. \uff53\uff41\uff56\uff45'" in turn["reasoning"]
