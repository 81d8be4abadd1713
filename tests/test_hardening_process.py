"""Whole-process behaviour under attack: stdout stays ours, Ctrl-C ends in one line."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.ctrl_c import default_ctrl_c

REPO = Path(__file__).resolve().parent.parent
# Python's own start-up, before any line of ours runs: importing site, or checking argv[0] for sys.path
PYTHON_STARTUP = ("init_import_site", "Failed checking if argv[0] is an import path entry")


@pytest.fixture(scope="module")
def bell_story(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A one-room Inform game that rings the bell at start and on RING (jericho writes BEL to fd 1)."""
    import shutil

    from autofrotz.games import build_one

    if shutil.which("inform6") is None:
        pytest.skip("inform6 is not installed")
    out = tmp_path_factory.mktemp("bell")
    build_one(REPO / "tests" / "support" / "bell.inf", out)
    return out / "bell.z5"


def _main(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=REPO, capture_output=True, timeout=timeout, check=False
    )


def test_json_output_stays_one_clean_object_when_the_game_rings_the_bell(bell_story: Path) -> None:
    done = _main("bench", "llm-economy", "--game", str(bell_story), "--turns", "3", "--json")
    assert done.returncode == 0, done.stderr[-500:]
    assert b"\a" not in done.stdout
    assert json.loads(done.stdout)["turns"] == 3
    assert b"\a" in done.stderr  # the bell went somewhere: to standard error


def _interrupt_after(delay: float, db: Path) -> tuple[int, str]:
    proc = subprocess.Popen(
        [sys.executable, "main.py", "--game", "cellar", "--max-turns", "400", "--no-web", "--db", str(db)],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_ctrl_c,  # noqa: PLW1509
    )
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err


def _before_our_code(err: str) -> bool:
    """True when the interrupt stopped the interpreter before a line of ours ran: Python's own start-up
    failed (a fatal error naming the start-up step), or the traceback has no frame of this repository
    (under load, 0.05 s can still be inside the interpreter's imports), or its only frame of ours is
    main.py at line 0, the module entered before its first line ran."""
    if any(step in err for step in PYTHON_STARTUP) or "Fatal Python error" in err:
        return True
    if "Traceback" not in err:
        return False
    frames = re.findall(r'File "([^"]+)", line (\d+)', err)
    ours = [(path, line) for path, line in frames if str(REPO) in path or path == "main.py"]
    # Line 0 of main.py is the module's frame before its first line ran (the interpreter's own set-up).
    return all(line == "0" for _, line in ours)


@pytest.mark.parametrize("delay", [0.05, 0.1, 0.2, 0.35, 0.6, 1.0, 2.0])
def test_ctrl_c_at_any_moment_ends_in_one_line(delay: float, tmp_path: Path) -> None:
    code, err = _interrupt_after(delay, tmp_path / "g.db")
    if _before_our_code(err):
        pytest.skip("the signal came while Python itself was starting, before our code")
    assert "Traceback" not in err, err[-800:]
    assert code in (130, -signal.SIGINT, 0), err[-300:]


def test_an_error_raised_in_place_of_ctrl_c_ends_as_an_interrupt() -> None:
    """A library that catches the KeyboardInterrupt and raises its own error (pydantic's SchemaError text
    ends with it), or raises while handling it, still ends the run as an interrupt; other errors do not."""
    sys.path.insert(0, str(REPO))
    from main import _is_interrupt

    assert _is_interrupt(KeyboardInterrupt())
    assert _is_interrupt(RuntimeError('Error building "model" validator:\n  KeyboardInterrupt: '))
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise ValueError("cleanup failed") from None
    except ValueError as raised:
        assert _is_interrupt(raised)  # the interrupt is still its context
    assert not _is_interrupt(RuntimeError("a parser bug"))
    assert not _is_interrupt(SystemExit(0))
