"""Bad input gets one clear line and a non-zero exit, never a traceback (issue 35, point 7)."""

from __future__ import annotations

import json
import random
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.orchestrator_support import ROOT

HUGE = "9" * 400


def _run(*argv: str, limit_bytes: int | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    def cap_file_size() -> None:  # a full disk, as SQLite meets it: writes past the limit fail
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        assert limit_bytes is not None
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=180,
        preexec_fn=cap_file_size if limit_bytes else None,
    )


def _one_line(done: subprocess.CompletedProcess[str], said: str) -> None:
    lines = [line for line in done.stderr.splitlines() if line.strip() and not line.startswith("turn ")]
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr[-1500:]
    assert said in lines[-1], done.stderr[-1500:]


def _config(tmp_path: Path, **extra: object) -> Path:
    config = {"game_file": "cellar", "database_path": str(tmp_path / "game.db"), "max_turns": 40, "hooks": []}
    config |= {"web_server": {"enabled": False}, "agents": {}, "strategy_guide": False, **extra}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    return path


@pytest.mark.parametrize("flag", ["--max-turns", "--seed"])
def test_a_400_digit_number_on_the_command_line(flag: str, tmp_path: Path) -> None:
    _one_line(_run("--config", str(_config(tmp_path)), "--no-web", flag, HUGE), "a number of about")


@pytest.mark.parametrize("digits", [400, 5000])
def test_a_huge_integer_in_the_config(digits: int, tmp_path: Path) -> None:
    path = _config(tmp_path)
    path.write_text(path.read_text().replace('"max_turns": 40', f'"max_turns": {"9" * digits}'))
    _one_line(_run("--config", str(path), "--no-web"), "max_turns" if digits < 4300 else "too long to read")


def test_a_script_file_that_is_not_utf8(tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_bytes(b"look\n\xff\xfe take\n")
    path = _config(tmp_path, agents={"game_agent": {"provider": "script", "model": str(script)}})
    _one_line(_run("--config", str(path), "--no-web"), "cannot read script")


@pytest.mark.parametrize(
    "argv, said",
    [
        (["bench", "interface", "--game", "nosuch"], "unknown game 'nosuch'"),
        (["bench", "maze", "--game", "nosuch"], "unknown game 'nosuch'"),
        (["bench", "games", "--games", "nosuch"], "unknown game 'nosuch'"),
        (["bench", "maze", "--game", "curses"], "bench maze plays zork1 or one of our maze games"),
        (["bench", "interface", "--steps", "-5"], "not a whole number from 1"),
        (["bench", "web", "--requests", "-1"], "not a whole number from 1"),
        (["bench", "storage", "--seed", HUGE], "is not a seed"),
    ],
)
def test_bench_arguments(argv: list[str], said: str) -> None:
    _one_line(_run(*argv), said)


def test_a_full_disk_during_play_and_at_resume(zork1: Path, tmp_path: Path) -> None:
    path = _config(tmp_path, game_file="zork1", max_turns=1500)
    full = _run(
        "--config", str(path), "--no-web", "--fresh", limit_bytes=700_000
    )  # above the interpreter's library
    _one_line(full, "continue with: python main.py --resume 1")
    again = _run(
        "--config", str(path), "--no-web", "--resume", "1", limit_bytes=(tmp_path / "game.db").stat().st_size
    )
    assert again.returncode != 0 and "Traceback" not in again.stderr, again.stderr[-1500:]
    done = _run("--config", str(path), "--no-web", "--resume", "1")
    assert done.returncode == 0, done.stderr[-1500:]


@pytest.mark.parametrize("seed", [1, 4])
def test_bench_interface_on_a_crafted_story(seed: int, cellar_path: Path, tmp_path: Path) -> None:
    """Code bytes replaced at random, checksum made to match: refused by the trial run, or the
    interpreter's failure is one line; never a segfault of the bench itself."""
    data = bytearray(cellar_path.read_bytes())
    start = int.from_bytes(data[6:8], "big")
    rng = random.Random(seed)
    for i in range(start, min(len(data), start + 4000)):
        data[i] = rng.randrange(256)
    data[0x1C:0x1E] = (sum(data[64:]) % 65536).to_bytes(2, "big")
    story = tmp_path / "crafted.z5"
    story.write_bytes(bytes(data))
    done = _run("bench", "interface", "--game", str(story), "--steps", "5")
    assert done.returncode == 2, done.stderr[-1500:]
    _one_line(done, "crafted.z5")
