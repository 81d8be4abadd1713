"""Bad input gets one clear line and a non-zero exit; nothing recorded is lost or left half-written.

Unknown games, files that are not stories, broken configs, an interpreter that dies mid-game and
Ctrl-C during a game (a real main.py sent SIGINT), each followed by a check of the database.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from autofrotz import session as session_module
from autofrotz.app import main
from autofrotz.backends.dfrotz_backend import DfrotzBackend
from autofrotz.backends.jericho_backend import JerichoBackend
from autofrotz.config import load_config
from autofrotz.game_interface import InterpreterDiedError
from autofrotz.hooks.base import Observer, TurnEnd
from autofrotz.session import Session
from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import ROOT, require_cellar
from tests.support.ctrl_c import default_ctrl_c

websockets_sync = pytest.importorskip("websockets.sync.client")


def write_config(tmp_path: Path, **raw: object) -> Path:
    config = {"database_path": str(tmp_path / "g.db"), "hooks": [], "web_server": {"enabled": False}, **raw}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    return path


def run_main(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """A real `python main.py ...` with no API keys in its environment."""
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def integrity(db: Path) -> str:
    with sqlite3.connect(db) as conn:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])


def turn_numbers(db: Path, game_id: int = 1) -> list[int]:
    return [t["turn_number"] for t in GameReader(db).turns(game_id)]


@pytest.mark.parametrize("game", ["nosuch", "/tmp/no/such/story.z5"])
def test_unknown_game_is_one_line_listing_installed_games_and_makes_no_database(
    tmp_path: Path, game: str
) -> None:
    require_cellar()
    done = run_main("--config", str(write_config(tmp_path)), "--game", game, "--no-web")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: unknown game '{game}'")
    assert "installed games" in lines[0] and "cellar.z5" in lines[0]
    assert not (tmp_path / "g.db").exists()  # nothing half-written for a game that never started


def test_a_file_that_is_not_a_story_is_refused_before_the_interpreter(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.z5"
    bogus.write_bytes(b"this is not a story file\n")
    done = run_main("--config", str(write_config(tmp_path)), "--game", str(bogus), "--no-web")
    assert done.returncode == 2, done.stderr  # jericho itself would exit the process with status 1
    assert "Traceback" not in done.stderr and "Fatal error" not in done.stderr
    assert "is not a playable Z-machine story file" in done.stderr and str(bogus) in done.stderr
    assert not (tmp_path / "g.db").exists()


BROKEN_CONFIGS = {
    "invalid_json": ('{"max_turns": 5,', "not valid JSON"),
    "unknown_key": ('{"max_turnz": 5}', "unknown key(s) ['max_turnz']"),
    "wrong_type": ('{"web_server": {"port": "eighty"}}', "web_server.port: expected int, got str"),
    "not_an_object": ("[1, 2]", "expected an object, got list"),
    "unknown_role": ('{"agents": {"boss": {}}}', "unknown role(s) ['boss']"),
    "not_utf8": (b"\xff\xfe{}", "not UTF-8"),
}


@pytest.mark.parametrize("case", sorted(BROKEN_CONFIGS))
def test_broken_config_names_the_problem_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    content, expected = BROKEN_CONFIGS[case]
    path = tmp_path / "broken.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    assert main(["--config", str(path), "--no-web"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error:") and expected in err[0]


def test_missing_or_unreadable_config_file_exits_2_without_traceback(tmp_path: Path) -> None:
    cases = ((tmp_path / "missing.json", "config file not found"), (tmp_path, "Is a directory"))
    for path, expected in cases:
        done = run_main("--config", str(path), "--no-web")
        assert done.returncode == 2
        assert "Traceback" not in done.stderr and expected in done.stderr and str(path) in done.stderr
    done = run_main("serve", "--config", str(tmp_path / "missing.json"))
    assert done.returncode == 2 and "config file not found" in done.stderr


def test_unusable_database_is_a_clear_error_and_left_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    not_a_db = tmp_path / "notes.db"
    not_a_db.write_bytes(b"my notes, not a database\n" * 10)
    config = str(write_config(tmp_path, game_file="cellar", max_turns=2))
    missing_dir = tmp_path / "no" / "dir.db"
    cases = (
        (not_a_db, f"{not_a_db} is not an SQLite database; give another --db path"),
        (missing_dir, f"cannot use database {missing_dir}: unable to open database file"),
    )
    for db, expected in cases:
        for extra in ([], ["--resume", "1"]):
            assert main(["--config", config, "--no-web", "--db", str(db), *extra]) == 2
            err = capsys.readouterr().err.strip().splitlines()
            assert len(err) == 1 and err[0] == f"error: {expected}"
    assert not_a_db.read_bytes() == b"my notes, not a database\n" * 10


class DiesAfter(JerichoBackend):
    """Jericho whose interpreter 'dies' on the n-th command sent after start."""

    def __init__(self, path: Path, seed: int | None, n: int) -> None:
        super().__init__(path, seed)
        self.n = n
        self.sent = 0

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        self.sent += 1
        if self.sent >= self.n:  # a dead interpreter stays dead (side copies send commands too)
            raise InterpreterDiedError("injected: the interpreter process ended")
        return super()._step(command)


def test_interpreter_dying_mid_game_keeps_earlier_turns_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    script = tmp_path / "script.txt"
    script.write_text("look\nw\ns\ne\nlook\ninventory\nn\nlook\n" * 4)
    agents = {"game_agent": {"provider": "script", "model": str(script)}}
    config = str(write_config(tmp_path, game_file="cellar", max_turns=20, save_every=3, agents=agents))
    db = tmp_path / "g.db"
    monkeypatch.setattr(
        session_module, "_open_game", lambda path, cfg: DiesAfter(path, cfg.seed, n=80), raising=True
    )
    assert main(["--config", config, "--no-web"]) == 1
    err = capsys.readouterr().err
    assert "the interpreter failed" in err and "continue with: python main.py --resume 1" in err
    assert "Traceback" not in err
    assert integrity(db) == "ok"
    before = turn_numbers(db)
    assert before == list(range(len(before))) and len(before) >= 4  # whole turns only, none lost
    monkeypatch.undo()
    assert main(["--config", config, "--no-web", "--resume", "1"]) == 0
    assert "resumed game 1" in capsys.readouterr().err
    after = turn_numbers(db)
    assert after[: len(before)] == before and after == list(range(21))
    assert integrity(db) == "ok"


class KilledAfter(DfrotzBackend):
    """dfrotz whose child process is killed (SIGKILL) just before the n-th command."""

    def __init__(self, path: Path, seed: int | None, n: int) -> None:
        super().__init__(path, seed, force=True)  # this dfrotz drops bold room names; fine here
        self.n = n
        self.sent = 0

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        self.sent += 1
        if self.sent == self.n and self._proc is not None:
            self._proc.kill()
            self._proc.wait()
        return super()._step(command)


def test_dfrotz_killed_mid_game_stops_cleanly_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    if not Path("/usr/games/dfrotz").is_file():
        pytest.skip("dfrotz is not installed (apt-get install frotz)")
    script = tmp_path / "script.txt"
    script.write_text("look\nw\ns\ne\nlook\ninventory\nn\nlook\n" * 3)
    agents = {"game_agent": {"provider": "script", "model": str(script)}}
    raw = {"game_file": "cellar", "backend": "dfrotz", "max_turns": 12, "save_every": 2, "agents": agents}
    config = str(write_config(tmp_path, **raw))
    db = tmp_path / "g.db"
    monkeypatch.setattr(session_module, "_open_game", lambda path, cfg: KilledAfter(path, cfg.seed, n=6))
    assert main(["--config", config, "--no-web"]) == 1
    err = capsys.readouterr().err
    assert "interpreter failed" in err and "--resume 1" in err and "Traceback" not in err
    assert integrity(db) == "ok"
    before = turn_numbers(db)
    assert before == list(range(len(before))) and len(before) >= 4
    monkeypatch.setattr(session_module, "_open_game", lambda path, cfg: KilledAfter(path, cfg.seed, n=0))
    assert main(["--config", config, "--no-web", "--resume", "1"]) == 0
    assert turn_numbers(db) == list(range(13)) and integrity(db) == "ok"


def test_ctrl_c_during_a_game_prints_the_resume_hint_and_the_game_resumes(tmp_path: Path) -> None:
    require_cellar()
    script = tmp_path / "script.txt"
    # a long game: its 5000 turns took about ten seconds, and under load the game could end while the
    # test still read turn 30 from the pipe, before the interrupt arrived
    script.write_text("look\n" * 100_000)
    agents = {"game_agent": {"provider": "script", "model": str(script)}}
    config = str(write_config(tmp_path, game_file="cellar", max_turns=100_000, save_every=5, agents=agents))
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    proc = subprocess.Popen(
        [sys.executable, "-u", str(ROOT / "main.py"), "--config", config, "--no-web"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_ctrl_c,  # noqa: PLW1509
    )
    assert proc.stdout is not None
    seen: list[str] = []
    for line in proc.stdout:  # interrupt once the game is well under way
        seen.append(line)
        if line.startswith("turn") and int(line.split()[1]) >= 30:
            break
    assert proc.poll() is None, f"the game ended before the interrupt: {seen[-5:]} {proc.stderr.read()}"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "interrupted; continue with: python main.py --resume 1" in err and "Traceback" not in err
    db = tmp_path / "g.db"
    assert integrity(db) == "ok"
    before = turn_numbers(db)
    assert 30 <= len(before) < 100_001 and before == list(range(len(before)))
    done = run_main("--config", config, "--no-web", "--resume", "1", "--max-turns", str(len(before) + 5))
    assert done.returncode == 0, done.stderr
    assert turn_numbers(db) == list(range(len(before) + 6))


class DroppingBrowser(Observer):
    """At given turns, a browser connects to the live feed, reads a message, and vanishes (no close frame)."""

    def __init__(self, drop_at: set[int]) -> None:
        self.drop_at = drop_at
        self.url = ""
        self.greetings: list[str] = []

    def on_turn_end(self, event: TurnEnd) -> None:
        if event.turn_number not in self.drop_at:
            return
        with websockets_sync.connect(f"{self.url}ws/live/{event.game_id}") as ws:
            self.greetings.append(json.loads(ws.recv(timeout=10))["type"])
            ws.socket.shutdown(2)  # the tab died: the TCP connection ends with no WebSocket close


def test_browser_vanishing_mid_game_does_not_stop_the_game(tmp_path: Path) -> None:
    require_cellar()
    script = tmp_path / "script.txt"
    script.write_text("look\nw\ns\ne\nlook\ninventory\nn\nlook\n" * 5)
    agents = {"game_agent": {"provider": "script", "model": str(script)}}
    web = {"enabled": True, "host": "127.0.0.1", "port": 0}
    hooks = ["web_monitor"]
    path = write_config(
        tmp_path, game_file="cellar", max_turns=30, agents=agents, web_server=web, hooks=hooks
    )
    browser = DroppingBrowser({3, 10, 11})
    with Session.open(load_config(path), observers=[browser], console=False) as session:
        assert session.web_handle is not None
        browser.url = session.web_handle.url.replace("http://", "ws://")
        session.play()
        with websockets_sync.connect(f"{browser.url}ws/live/1") as later:
            first = json.loads(later.recv(timeout=10))
    assert browser.greetings == ["hello"] * 3 and first["type"] == "hello"
    assert turn_numbers(tmp_path / "g.db") == list(range(31))


def test_ctrl_c_while_the_interpreter_starts_records_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()

    def interrupted(path: Path, cfg: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(session_module, "_open_game", interrupted)
    config = str(write_config(tmp_path, game_file="cellar", max_turns=2))
    assert main(["--config", config, "--no-web"]) == 130
    assert "interrupted before the game started" in capsys.readouterr().err
    with sqlite3.connect(tmp_path / "g.db") as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
