"""Crash test: a real main.py killed with SIGKILL at random turns, resumed each time.

The record of the crashed game must have every turn number exactly once, and the room, inventory
and score at every turn must equal those of an uninterrupted run with the same seed and script.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import ROOT, require_cellar, run_until_killed, walkthrough

MAX_TURNS = 70
KILLS = 10
WANDER = [
    "w",
    "s",
    "s",
    "e",
    "look",
    "take apple",
    "d",
    "look",
    "w",
    "n",
    "n",
    "e",
    "inventory",
    "w",
    "u",
    "n",
]


def script() -> list[str]:
    """The walkthrough without its winning move, a fatal detour, then wandering."""
    return walkthrough()[:-1] + WANDER + ["look", "w", "n", "s", "e", "d", "u", "n", "s"] * 4


def write_config(tmp_path: Path, name: str) -> Path:
    script_file = tmp_path / "script.txt"
    script_file.write_text("\n".join(script()) + "\n")
    config = {
        "game_file": "cellar",
        "database_path": str(tmp_path / f"{name}.db"),
        "max_turns": MAX_TURNS,
        "save_every": 4,
        "hooks": [],
        "web_server": {"enabled": False},
        "agents": {"game_agent": {"provider": "script", "model": str(script_file)}},
    }
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(config))
    return path


def command(config: Path, *extra: str) -> list[str]:
    return [sys.executable, str(ROOT / "main.py"), "--config", str(config), "--no-web", *extra]


def states(db: Path) -> list[tuple]:
    reader = GameReader(db)
    rows = []
    for turn in reader.turns(1):
        rows.append((turn["turn_number"], turn["command"], turn["room_id"], turn["score"], turn["event"]))
    inventories = [tuple(reader.state_at(1, n).inventory) for n, *_ in rows]
    reader.close()
    return [(*row, inv) for row, inv in zip(rows, inventories, strict=True)]


def test_sigkill_and_resume_matches_an_uninterrupted_run(tmp_path: Path) -> None:
    require_cellar()
    reference_config = write_config(tmp_path, "reference")
    subprocess.run(command(reference_config), cwd=ROOT, check=True, capture_output=True, timeout=120)
    reference = states(tmp_path / "reference.db")
    assert len(reference) == MAX_TURNS + 1 and any(r[4] == "death" for r in reference)

    config = write_config(tmp_path, "crashed")
    rng = random.Random(7)
    targets = sorted(rng.sample(range(2, MAX_TURNS - 2), KILLS))
    kills = 0
    for i, target in enumerate(targets):
        argv = command(config) if i == 0 else command(config, "--resume", "1")
        kills += run_until_killed(argv, target)
    finish = subprocess.run(
        command(config, "--resume", "1"), cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert finish.returncode == 0, finish.stderr
    assert kills >= KILLS

    crashed = states(tmp_path / "crashed.db")
    numbers = [row[0] for row in crashed]
    assert numbers == list(range(MAX_TURNS + 1)), "missing or repeated turn numbers"
    assert crashed == reference
    assert GameReader(tmp_path / "crashed.db").game(1)["status"] == "abandoned"
