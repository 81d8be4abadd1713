"""dfrotz-only behaviour: the styled-text probe, a dying process, the read deadline, key pauses."""

from __future__ import annotations

import stat
import subprocess
from pathlib import Path

import pytest

from autofrotz.backends.dfrotz_backend import DfrotzBackend, probe_keeps_styled_text
from autofrotz.game_interface import InterpreterDiedError, UnsafeInterpreterError, open_game

DFROTZ = "/usr/games/dfrotz"
needs_dfrotz = pytest.mark.skipif(not Path(DFROTZ).is_file(), reason=f"{DFROTZ} is not installed")


class UnprobedDfrotz(DfrotzBackend):
    """Skips the probe so fake interpreters (shell scripts) can be driven."""

    def _check_probe(self) -> None:
        return None


def _script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


@needs_dfrotz
def test_installed_dfrotz_drops_bold_text_and_the_probe_catches_it(probe_path: Path) -> None:
    shown = subprocess.run(
        [DFROTZ, "-q", "-m", str(probe_path)], capture_output=True, timeout=10, check=False
    )
    assert b"PROBE-START" in shown.stdout and b"PROBE-END" in shown.stdout
    assert b"BOLDMARKER" not in shown.stdout  # Debian's dfrotz 2.54: the bold word is gone
    assert probe_keeps_styled_text(DFROTZ, probe_path) is False


@needs_dfrotz
def test_dfrotz_back_end_refuses_by_default_naming_jericho(zork1: Path, tmp_path: Path) -> None:
    # Refused when opened, before anything (a game record, a process) has been created.
    with pytest.raises(UnsafeInterpreterError, match="jericho"):
        open_game(zork1, "dfrotz", save_dir=tmp_path)


def test_probe_accepts_an_interpreter_that_keeps_styled_text(tmp_path: Path, probe_path: Path) -> None:
    good = _script(
        tmp_path, "good-frotz", "echo PROBE-START; echo BOLDMARKER; echo ULINEMARKER; echo PROBE-END\n"
    )
    assert probe_keeps_styled_text(good, probe_path) is True


@needs_dfrotz
def test_killed_interpreter_raises_a_typed_error(zork1: Path, tmp_path: Path) -> None:
    game = UnprobedDfrotz(zork1, 12, save_dir=tmp_path)
    game.start()
    assert game._proc is not None
    game._proc.kill()
    with pytest.raises(InterpreterDiedError):
        game.send("look")
    assert "West of House" in game.start()  # the orchestrator can start again
    game.close()


def test_silent_interpreter_hits_the_deadline(tmp_path: Path, zork1: Path) -> None:
    silent = _script(tmp_path, "silent-frotz", "exec sleep 30\n")
    game = UnprobedDfrotz(zork1, 1, dfrotz_path=silent, save_dir=tmp_path, timeout_s=0.5)
    with pytest.raises(InterpreterDiedError, match="no prompt within"):
        game.start()
    assert game._proc is None  # the hung process was killed


def test_press_a_key_intro_is_answered(tmp_path: Path, zork1: Path) -> None:
    body = (
        'printf "A Tale\\n[Press any key to begin.]"\n'
        "read key\n"
        'printf "\\nFirst Room\\nA plain room.\\n\\n>"\n'
        'while read line; do printf "\\nYou said: %s\\n\\n>" "$line"; done\n'
    )
    keyed = _script(tmp_path, "keyed-frotz", body)
    with UnprobedDfrotz(zork1, 1, dfrotz_path=keyed, save_dir=tmp_path, key_wait_s=0.2) as game:
        intro = game.start()
        assert "First Room" in intro and "Press any key" in intro
        assert game.send("look").text.strip() == "You said: look"


@needs_dfrotz
def test_a_raw_backslash_line_would_reach_dfrotz_but_send_neutralises_it(zork1: Path, tmp_path: Path) -> None:
    raw = subprocess.run(
        [DFROTZ, "-q", "-m", str(zork1)], input=b"\\help\n", capture_output=True, timeout=10, check=False
    )
    assert b"runtime help" in raw.stdout  # the danger is real: dfrotz obeys backslash lines
    with UnprobedDfrotz(zork1, 12, save_dir=tmp_path) as game:
        game.start()
        text = game.send("\\help").text
    assert "runtime help" not in text and "help" in text  # the game itself answered "help"
