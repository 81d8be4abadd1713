"""Databases that are not ours, newer, read-only or busy: one clear line each,
and the file left exactly as it was."""

from __future__ import annotations

import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from autofrotz.storage.database import Database
from autofrotz.storage.guard import DatabaseRefusedError
from autofrotz.storage.locks import is_played
from autofrotz.storage.models import Game
from autofrotz.storage.reader import GameReader

REPO = Path(__file__).resolve().parent.parent


def _main(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _ours(path: Path) -> Path:
    with Database(path) as db:
        gid = db.create_game(Game(None, "cellar.z5", "2026-01-01T00:00:00"))
        db.finish_game(gid, "abandoned")
    return path


def _one_error_line(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and all(w in errors[0] for w in words), done.stderr


def test_a_newer_schema_version_is_refused_and_left_untouched(tmp_path: Path) -> None:
    db = _ours(tmp_path / "g.db")
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 99")
    before = _digest(db)
    with pytest.raises(DatabaseRefusedError, match="schema version 99, newer"):
        Database(db)
    _one_error_line(_main("--no-web", "--db", str(db), "--max-turns", "3"), "newer")
    assert _digest(db) == before
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM games WHERE status = 'playing'").fetchone()[0] == 0


def test_an_unknown_migration_is_refused(tmp_path: Path) -> None:
    db = _ours(tmp_path / "g.db")
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO _migrations VALUES ('m099_from_the_future', '2030-01-01')")
    before = _digest(db)
    with pytest.raises(DatabaseRefusedError, match="m099_from_the_future"):
        Database(db)
    assert _digest(db) == before


def test_a_foreign_sqlite_file_is_not_adopted(tmp_path: Path) -> None:
    db = tmp_path / "notes.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
        conn.execute("INSERT INTO notes VALUES ('mine')")
    before = _digest(db)
    _one_error_line(
        _main("--no-web", "--db", str(db), "--max-turns", "3"), "not an AutoFrotz database", "notes"
    )
    assert _digest(db) == before
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # no WAL switched on
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"notes"}


def test_our_tables_plus_a_foreign_one_are_refused(tmp_path: Path) -> None:
    db = _ours(tmp_path / "g.db")
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE extra_stuff (x)")
    with pytest.raises(DatabaseRefusedError, match="extra_stuff"):
        Database(db)


@pytest.fixture
def read_only_file(tmp_path: Path) -> Iterator[Path]:
    """Our database made read-only: immutable for root (who may write any mode), mode 0444 otherwise."""
    db = _ours(tmp_path / "g.db")
    if os.geteuid() == 0:
        if subprocess.run(["chattr", "+i", str(db)], capture_output=True, check=False).returncode != 0:
            pytest.skip("cannot make a file read-only for root here (chattr +i refused)")
        yield db
        subprocess.run(["chattr", "-i", str(db)], check=False)
    else:
        db.chmod(0o444)
        yield db


def test_a_read_only_database_is_one_clear_line(read_only_file: Path) -> None:
    before = _digest(read_only_file)
    _one_error_line(_main("--no-web", "--db", str(read_only_file), "--max-turns", "3"), "read-only")
    assert _digest(read_only_file) == before


@pytest.mark.parametrize("kind", ["foreign", "newer", "text"])
def test_serve_refuses_a_file_that_is_not_ours(tmp_path: Path, kind: str) -> None:
    db = tmp_path / "x.db"
    if kind == "text":
        db.write_text("hello\n" * 100)
    else:
        with sqlite3.connect(db) as conn:
            conn.execute(
                "CREATE TABLE notes (body TEXT)" if kind == "foreign" else "PRAGMA user_version = 42"
            )
            if kind == "newer":
                conn.execute("CREATE TABLE _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
    before = _digest(db)
    done = _main("serve", "--db", str(db), "--port", "0", timeout=60)
    _one_error_line(done, "cannot serve")
    assert _digest(db) == before


def test_a_second_resume_of_a_game_being_played_is_refused_naming_the_process(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    with Database(db) as holder:
        gid = holder.create_game(Game(None, "cellar", "2026-01-01T00:00:00", seed=42))
        assert is_played(db, gid)
        done = _main("--no-web", "--db", str(db), "--resume", str(gid), "--max-turns", "5")
        _one_error_line(done, f"game {gid} is being played", f"pid {os.getpid()}")
    assert not is_played(db, gid)


def _wait_for_turns(db: Path, at_least: int, proc: subprocess.Popen[bytes]) -> None:
    """Until the playing process has recorded some turns (it may also finish first)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True) as conn:
                row = conn.execute("SELECT MAX(turn_number) FROM turns").fetchone()
            if row and row[0] is not None and row[0] >= at_least:
                return
        except sqlite3.Error:
            pass
        time.sleep(0.05)


def test_a_killed_game_shows_as_interrupted_and_resumes(zork1: Path, tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    cmd = [sys.executable, "main.py", "--no-web", "--db", str(db), "--game", "zork1", "--max-turns", "3000"]
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _wait_for_turns(db, 30, proc)
    assert proc.poll() is None, "the game ended before it could be killed"
    assert is_played(db, 1)
    with GameReader(db) as reader:
        assert reader.game(1)["status"] == "playing"  # type: ignore[index]
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    with GameReader(db) as reader:
        assert reader.game(1)["status"] == "interrupted"  # type: ignore[index]
        assert reader.list_games()[0]["status"] == "interrupted"
    done = _main("--no-web", "--db", str(db), "--resume", "1", "--max-turns", "40")
    assert done.returncode == 0, done.stderr[-600:]
    assert "resumed game 1" in done.stderr


def test_a_database_another_process_holds_a_moment_is_opened_on_a_later_try(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two bench workers creating one new database file at once: the one that finds it locked waits and
    tries again instead of crashing its run; a lock that does not go away still ends in one clear line."""
    from autofrotz import session

    monkeypatch.setattr(time, "sleep", lambda _s: None)
    tries: list[int] = []

    def busy_twice(path: str) -> Database:
        tries.append(1)
        if len(tries) <= 2:
            raise sqlite3.OperationalError("database is locked")
        return Database(path)

    db = session._open_database(busy_twice, str(tmp_path / "new.db"))
    assert len(tries) == 3 and db.conn is not None
    db.close()

    def always_busy(path: str) -> Database:
        raise sqlite3.OperationalError("database is locked")

    with pytest.raises(session.SessionError, match="cannot use database .*locked"):
        session._open_database(always_busy, str(tmp_path / "other.db"))
