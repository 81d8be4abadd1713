"""Paths are the project's, not the current folder's; --port 0 is honoured (issue 35, point 10)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from autofrotz import config as config_module
from autofrotz.config import ConfigError, load_config_or_defaults
from tests.orchestrator_support import ROOT

MAIN = str(ROOT / "main.py")


def test_without_any_config_file_the_defaults_apply_and_say_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(config_module, "PROJECT_CONFIG", tmp_path / "config.json")
    config, note = load_config_or_defaults(None)
    assert note is not None and "playing with the defaults" in note
    assert config.agent("game_agent").provider == "builtin"
    with pytest.raises(ConfigError, match="not found"):
        load_config_or_defaults(str(tmp_path / "missing.json"))  # a file given and missing stays an error


def test_played_from_another_folder(cellar_path: Path, tmp_path: Path) -> None:
    argv = [
        sys.executable,
        MAIN,
        "--max-turns",
        "3",
        "--no-web",
        "--db",
        str(tmp_path / "g.db"),
        "--game",
        "cellar",
    ]
    done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-1000:]
    assert "config file not found" not in done.stderr and (tmp_path / "g.db").is_file()


def test_eval_perception_finds_the_project_games_from_another_folder(tmp_path: Path) -> None:
    from autofrotz.evals.perception import DEFAULT_GAMES_DIR, DEFAULT_INFORM_DIR

    assert DEFAULT_GAMES_DIR == ROOT / "games" and DEFAULT_INFORM_DIR == ROOT / "inform"


def test_serve_on_port_0_prints_the_port_it_listens_on(tmp_path: Path) -> None:
    argv = [sys.executable, MAIN, "serve", "--port", "0", "--db", str(tmp_path / "s.db")]
    proc = subprocess.Popen(argv, cwd=tmp_path, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        line = ""
        while "monitor:" not in line:
            line = proc.stderr.readline()
            assert line, "serve ended before it listened"
        port = int(re.search(r":(\d+)/", line).group(1))  # type: ignore[union-attr]
        assert port != 0
        assert httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=10).status_code == 200
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_play_keeps_port_0_from_the_command_line(tmp_path: Path) -> None:
    from autofrotz.app import configure, parse_args

    config = configure(parse_args(["--port", "0", "--db", str(tmp_path / "g.db")]))
    assert config.web_server.port == 0
