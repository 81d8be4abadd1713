"""A story that stops answering ends the game as interpreter_hung with one line; Ctrl-C always works.

tests/support/loop.inf plays three turns, then loops forever inside the interpreter (in C, in our
process) on the next step, a side step included. It passes the trial run a story outside the
manifest gets, as such a story would.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from autofrotz.games import build_one
from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import ROOT
from tests.support.ctrl_c import default_ctrl_c

SHORT = ROOT / "tests" / "support" / "short_watchdog.py"


@pytest.fixture(scope="module")
def looping(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("jericho")
    folder = tmp_path_factory.mktemp("loop")
    build_one(ROOT / "tests" / "support" / "loop.inf", folder, force=True)
    return folder / "loop.z5"


def _config(tmp_path: Path, story: Path) -> Path:
    config = {
        "game_file": str(story),
        "database_path": str(tmp_path / "game.db"),
        "max_turns": 40,
        "hooks": [],
    }
    config |= {"web_server": {"enabled": False}, "agents": {}, "strategy_guide": False}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    return path


def _scratch_env(tmp_path: Path) -> dict[str, str]:
    """The environment with the interpreter's scratch folders made under tmp_path/scratch."""
    (tmp_path / "scratch").mkdir()
    return {**os.environ, "TMPDIR": str(tmp_path / "scratch")}


def _scratch_left(tmp_path: Path) -> list[str]:
    """The scratch folders the process left behind (os._exit runs no finalizer)."""
    return [p.name for p in (tmp_path / "scratch").glob("autofrotz-cwd-*")]


def _status(tmp_path: Path) -> str:
    reader = GameReader(tmp_path / "game.db")
    try:
        return str(reader.game(1)["status"])
    finally:
        reader.close()


def test_a_story_that_stops_answering_ends_as_interpreter_hung(looping: Path, tmp_path: Path) -> None:
    argv = [sys.executable, str(SHORT), "2", "--config", str(_config(tmp_path, looping)), "--no-web"]
    started = time.monotonic()
    env = _scratch_env(tmp_path)
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert time.monotonic() - started < 60
    assert done.returncode == 3, done.stderr[-1000:]
    assert done.stderr.strip().splitlines()[-1].startswith("error: the story did not answer within")
    assert _status(tmp_path) == "interpreter_hung"
    assert _scratch_left(tmp_path) == []
    again = subprocess.run(argv + ["--resume", "1"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert again.returncode == 2 and "has ended (interpreter_hung)" in again.stderr  # no replay into the hang


def test_ctrl_c_inside_the_hang_ends_the_process_with_one_line(looping: Path, tmp_path: Path) -> None:
    argv = [sys.executable, str(SHORT), "600", "--config", str(_config(tmp_path, looping)), "--no-web"]
    proc = subprocess.Popen(
        argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=default_ctrl_c, env=_scratch_env(tmp_path),  # noqa: PLW1509
    )  # fmt: skip
    assert proc.stdout is not None
    guard = threading.Timer(90, proc.kill)  # the test never waits for ever on a silent process
    guard.start()
    for line in proc.stdout:
        if line.startswith("turn    2"):
            break
    time.sleep(4)  # the loop starts on the next turn or two, in ms: now inside it, past the grace
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("Ctrl-C did not end the process")
    finally:
        guard.cancel()
    assert proc.returncode == 130, err[-1000:]
    assert "interrupted inside a step of the story; continue with: python main.py --resume 1" in err
    assert _status(tmp_path) == "interrupted"  # still resumable: a playing game no process holds
    assert _scratch_left(tmp_path) == []
