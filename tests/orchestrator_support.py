"""Shared helpers for the orchestrator tests: configs, a recording observer, the cellar game."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest

from autofrotz.config import Config, config_from_dict
from autofrotz.hooks.base import Event, Observer

ROOT = Path(__file__).resolve().parent.parent
WALKTHROUGH = ROOT / "inform" / "cellar.walkthrough"


def require_cellar() -> None:
    """Skip unless jericho and the compiled cellar game are available."""
    pytest.importorskip("jericho")
    if not (ROOT / "games" / "cellar.z5").exists():
        from autofrotz.games import build

        build()


def walkthrough() -> list[str]:
    """The winning command list of our own game."""
    return [line.strip() for line in WALKTHROUGH.read_text().splitlines() if line.strip()]


def make_config(tmp_path: Path, agents: dict[str, Any], **extra: Any) -> Config:
    """A config for the cellar game, database in tmp_path, no web monitor."""
    raw: dict[str, Any] = {
        "game_file": "cellar",
        "database_path": str(tmp_path / "game.db"),
        "max_turns": 60,
        "save_every": 5,
        "hooks": [],
        "web_server": {"enabled": False},
        "agents": agents,
        "strategy_guide": False,  # the post-mortem call is tested in test_knowledge.py
        **extra,
    }
    return config_from_dict(raw)


def reply(command: str) -> dict[str, Any]:
    """A well-formed game agent reply."""
    return {"reasoning": f"next: {command}", "command": command, "risky": False}


class Recorder(Observer):
    """Keeps every event it receives, in order."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def on_event(self, event: Event) -> None:
        self.events.append(event)

    def names(self) -> list[str]:
        return [e.name for e in self.events]


def run_until_killed(argv: list[str], kill_after_turn: int) -> bool:
    """Run main.py and SIGKILL it once it reports the given turn; False if it finished first."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        words = line.split()
        if len(words) > 1 and words[0] == "turn" and int(words[1]) >= kill_after_turn:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            return True
    proc.wait()
    return False
