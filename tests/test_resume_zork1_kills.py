"""Ten SIGKILLs at random turns of a 2,000-turn zork1 game, one inside a save, each resumed.

The built-in agent plays (about 90 turns a second); deaths restore saves, and the save rotation, the
deaths per slot and the older-save ladder decide which. The crashed game's record must equal an
uninterrupted run's with the same seed, turn for turn, in every recorded field but the clock.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import ROOT, run_until_killed

TURNS = 2000
KILLS = 10
KILL_IN_SAVE = ROOT / "tests" / "support" / "kill_in_save.py"

pytestmark = pytest.mark.slow


def write_config(tmp_path: Path, name: str) -> Path:
    config = {
        "game_file": "zork1",
        "database_path": str(tmp_path / f"{name}.db"),
        "max_turns": TURNS,
        "seed": 42,
        "hooks": [],
        "web_server": {"enabled": False},
        "agents": {},
        "strategy_guide": False,
    }
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(config))
    return path


def arguments(config: Path, *extra: str) -> list[str]:
    return ["--config", str(config), "--no-web", "--fresh", *extra]


def record(db: Path) -> list[dict]:
    reader = GameReader(db)
    rows = [{k: v for k, v in turn.items() if k not in ("timestamp", "turn_id")} for turn in reader.turns(1)]
    reader.close()
    return rows


def test_ten_kills_one_inside_a_save_resume_to_the_uninterrupted_record(zork1: Path, tmp_path: Path) -> None:
    main = [sys.executable, str(ROOT / "main.py")]
    reference_config = write_config(tmp_path, "reference")
    subprocess.run(main + arguments(reference_config), cwd=ROOT, check=True, capture_output=True, timeout=300)
    reference = record(tmp_path / "reference.db")
    assert len(reference) == TURNS + 1
    assert sum(t["event"] == "death" for t in reference) > 20  # deaths that restore saves, ladder included

    config = write_config(tmp_path, "crashed")
    targets = sorted(random.Random(35).sample(range(20, TURNS - 20), KILLS))
    inside_save = targets[KILLS // 2]
    for i, target in enumerate(targets):
        again = () if i == 0 else ("--resume", "1")
        if target == inside_save:
            argv = [sys.executable, str(KILL_IN_SAVE), str(target), *arguments(config, *again)]
            died = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300)
            assert died.returncode == -9, died.stderr[-2000:]
        else:
            assert run_until_killed(main + arguments(config, *again), target)
    finish = subprocess.run(
        main + arguments(config, "--resume", "1"), cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert finish.returncode == 0, finish.stderr[-2000:]

    crashed = record(tmp_path / "crashed.db")
    assert [t["turn_number"] for t in crashed] == list(range(TURNS + 1))
    differing = [t["turn_number"] for t, r in zip(crashed, reference, strict=True) if t != r]
    assert differing == [], f"{len(differing)} turns differ, the first {differing[:5]}"
