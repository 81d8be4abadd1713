"""The play command line: exit codes, clear errors, the missing-key fallback, one line per turn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autofrotz.app import main
from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import require_cellar


def write(tmp_path: Path, **raw: object) -> str:
    config = {"database_path": str(tmp_path / "g.db"), "hooks": [], "web_server": {"enabled": False}, **raw}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    return str(path)


def test_unknown_game_is_a_clear_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--config", write(tmp_path), "--game", "no_such_game", "--no-web"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "no_such_game" in err


def test_broken_config_is_a_clear_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"max_turns": "many"}')
    assert main(["--config", str(path), "--no-web"]) == 2
    assert "max_turns" in capsys.readouterr().err
    assert main(["--config", str(tmp_path / "missing.json")]) == 2
    assert "not found" in capsys.readouterr().err


def test_resume_of_unknown_game_fails_cleanly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--config", write(tmp_path), "--resume", "99", "--no-web"]) == 2
    assert "no game with id 99" in capsys.readouterr().err


def test_missing_keys_fall_back_to_builtin_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    for var in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    agents = {
        "game_agent": {"provider": "anthropic", "model": "claude-x"},
        "puzzle_agent": {"provider": "openai", "model": "gpt-x"},
        "map_parser": {"provider": "openai", "model": "gpt-y", "mode": "hybrid"},
    }
    providers = {
        "anthropic": {"api_key_env": "ANTHROPIC_API_KEY"},
        "openai": {"api_key_env": "OPENAI_API_KEY"},
    }
    config = write(tmp_path, agents=agents, providers=providers)
    assert main(["--config", config, "--no-web", "--max-turns", "4"]) == 0
    out, err = capsys.readouterr()
    notices = [line for line in err.splitlines() if "API key" in line]
    assert len(notices) == 1
    assert "ANTHROPIC_API_KEY" in notices[0] and "OPENAI_API_KEY" in notices[0] and "export" in notices[0]
    assert sum(line.startswith("turn ") for line in out.splitlines()) == 4
    turns = GameReader(tmp_path / "g.db").turns(1)
    assert [t["turn_number"] for t in turns] == [0, 1, 2, 3, 4]
    assert turns[1]["reasoning"]  # the built-in agent explains its choice
