"""A crafted database never crashes the process: states Frotz would not survive, a world model that
is not one, a damaged checksum, a foreign trigger or a dropped column are refused with one line."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from autofrotz.backends.jericho_backend import decode_state, encode_state
from autofrotz.storage.database import Database
from autofrotz.storage.guard import DatabaseRefusedError
from autofrotz.storage.states import pack_state, unpack_state
from tests.orchestrator_support import ROOT


@pytest.fixture(scope="module")
def played(zork1: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 30-turn zork1 game by the built-in agent, stopped as a crash would leave it (resumable)."""
    folder = tmp_path_factory.mktemp("crafted")
    config = {"game_file": "zork1", "database_path": str(folder / "game.db"), "max_turns": 30, "hooks": []}
    config |= {"web_server": {"enabled": False}, "agents": {}, "strategy_guide": False}
    (folder / "config.json").write_text(json.dumps(config))
    subprocess.run(_main(folder), cwd=ROOT, check=True, capture_output=True, timeout=120)
    with sqlite3.connect(folder / "game.db") as conn:
        conn.execute("UPDATE games SET status = 'playing'")
    return folder / "game.db"


def _main(folder: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        str(ROOT / "main.py"),
        "--config",
        str(folder / "config.json"),
        "--no-web",
        *extra,
    ]


def _copy(played: Path, tmp_path: Path) -> Path:
    (tmp_path / "config.json").write_text(
        (played.parent / "config.json").read_text().replace(str(played), str(tmp_path / "game.db"))
    )
    with sqlite3.connect(played) as source, sqlite3.connect(tmp_path / "game.db") as target:
        source.backup(target)
    return tmp_path / "game.db"


def _newest(db: Path, change: Callable[[bytes], bytes]) -> None:
    with sqlite3.connect(db) as conn:
        state_id, data = conn.execute(
            "SELECT state_id, data FROM interpreter_states ORDER BY turn_number DESC, state_id DESC"
        ).fetchone()
        conn.execute(
            "UPDATE interpreter_states SET data = ? WHERE state_id = ?", (change(bytes(data)), state_id)
        )


def _jericho(**fields: Any) -> Callable[[bytes], bytes]:
    """A change to the interpreter part of a state, packed again with a valid checksum."""

    def change(packed: bytes) -> bytes:
        raw, mind = unpack_state(packed)
        ram, stack, pc, sp, fp, frames, opcode, rng, narrative = decode_state(raw)
        values = dict(ram=ram, stack=stack, pc=pc, sp=sp, fp=fp, frames=frames, opcode=opcode) | fields
        state = (*values.values(), rng, narrative)
        return pack_state(encode_state(state), mind or {})

    return change


def _mind(mind: dict[str, Any]) -> Callable[[bytes], bytes]:
    return lambda packed: pack_state(unpack_state(packed)[0], mind)


CRAFTED = {
    "program counter": (_jericho(pc=10**7), "program counter"),
    "stack pointer": (_jericho(sp=70000), "stack pointers"),
    "frame pointer": (_jericho(fp=-4), "stack pointers"),
    "50 MB stack": (_jericho(stack=np.zeros(50 * 1024 * 1024, dtype=np.uint8)), "jericho state"),
    "empty world model": (_mind({}), "world model"),
    "world model without a map": (_mind({"items": {}}), "world model"),
    "damaged checksum": (lambda packed: packed[:-1] + bytes([packed[-1] ^ 1]), "checksum"),
}


@pytest.mark.parametrize("name", sorted(CRAFTED))
def test_a_crafted_state_is_refused_with_one_line(name: str, played: Path, tmp_path: Path) -> None:
    change, said = CRAFTED[name]
    db = _copy(played, tmp_path)
    _newest(db, change)
    done = subprocess.run(
        _main(tmp_path, "--resume", "1"), cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2, done.stderr[-800:]
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and said in lines[0], done.stderr[-800:]


def test_a_foreign_trigger_is_refused_and_nothing_is_deleted(played: Path, tmp_path: Path) -> None:
    db = _copy(played, tmp_path)
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TRIGGER wipe AFTER INSERT ON turns BEGIN DELETE FROM games; END")
    with pytest.raises(DatabaseRefusedError, match="trigger"):
        Database(db)
    done = subprocess.run(
        _main(tmp_path, "--resume", "1"), cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2 and "trigger AutoFrotz did not make" in done.stderr
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 1


@pytest.mark.parametrize(
    "sql, said",
    [
        ("ALTER TABLE turns DROP COLUMN moves", "lacks column moves"),
        ("ALTER TABLE turns ADD COLUMN payload TEXT", "did not make (payload)"),
        ("CREATE VIEW everything AS SELECT * FROM games", "view AutoFrotz did not make"),
    ],
)
def test_columns_and_views_not_ours_are_refused(sql: str, said: str, played: Path, tmp_path: Path) -> None:
    db = _copy(played, tmp_path)
    with sqlite3.connect(db) as conn:
        conn.execute(sql)
    done = subprocess.run(
        _main(tmp_path, "--resume", "1"), cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr, done.stderr[-800:]
