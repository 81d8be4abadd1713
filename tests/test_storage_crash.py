"""A writer process killed with SIGKILL at random instants leaves a sound database of whole turns."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from autofrotz.storage.codec import ENTITY_TABLES, key_getter
from autofrotz.storage.database import Database, thin_states
from autofrotz.storage.models import WorldSnapshot
from autofrotz.storage.reader import GameReader
from autofrotz.storage.synthetic import SyntheticGame

KILLS = 20
SEED = 21
PROMPT_WORDS = 20
ROOT = Path(__file__).resolve().parents[1]

# The child resumes the same game each time, so the writer's reload-after-crash path is exercised too.
CHILD = f"""
import sys
from autofrotz.storage.database import Database
from autofrotz.storage.synthetic import SyntheticGame

db = Database(sys.argv[1])
db.conn.execute("PRAGMA busy_timeout = 0")  # a reader blocking the writer would kill it with an error
game = SyntheticGame(seed={SEED}, prompt_words={PROMPT_WORDS})
row = db.conn.execute("SELECT game_id FROM games").fetchone()
gid = row[0] if row else db.create_game(game.game())
last = db.latest_state(gid)[0]
for _ in range(last):
    game.next_bundle()
print("ready", last, flush=True)
while True:
    db.write_turn(gid, game.next_bundle())
"""


def sorted_world(world: WorldSnapshot) -> WorldSnapshot:
    tables = {spec.table: sorted(getattr(world, spec.table), key=key_getter(spec)) for spec in ENTITY_TABLES}
    return WorldSnapshot(current_room=world.current_room, inventory=world.inventory, **tables)


def run_and_kill(path: Path, rng: random.Random) -> int:
    """Start the writer, let it write for a random while, SIGKILL it; return the turn it started from."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True, env=env
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line.startswith("ready"), line
    read_while_writing(path, time.monotonic() + rng.uniform(0.0, 0.12))
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    return int(line.split()[1])


def read_while_writing(path: Path, until: float) -> None:
    """Read the latest turn from this process while the child writes; each read is one whole turn."""
    with GameReader(path) as reader:
        while time.monotonic() < until:
            last = reader.last_turn(1)
            turn = reader.turn(1, last) if last else None
            if turn is not None:
                assert turn["rooms_known"] == len(turn["state"]["rooms"])
                assert turn["items_known"] == len(turn["state"]["items"])
                assert len(turn["llm_calls"]) >= 2


def check_whole_turns(path: Path) -> int:
    """Integrity, gap-free numbering and every part of every turn present; return the last turn."""
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    numbers = [r[0] for r in conn.execute("SELECT turn_number FROM turns WHERE game_id = 1 ORDER BY 1")]
    last = len(numbers)
    assert numbers == list(range(1, last + 1))
    assert conn.execute("SELECT total_turns FROM games WHERE game_id = 1").fetchone()[0] == last
    for table in ("llm_calls", "metrics"):
        per_turn = conn.execute(
            f"SELECT COUNT(DISTINCT turn_number), MAX(turn_number) FROM {table}"
        ).fetchone()
        assert per_turn == (last, last or None), table
    states = conn.execute("SELECT COUNT(*), MAX(turn_number) FROM interpreter_states").fetchone()
    stored = [(i, t, "auto") for i, t in enumerate(range(10, last + 1, 10))]  # one every 10 turns
    assert states[0] == len(stored) - len(thin_states(stored, last)) and (states[1] or 0) <= last
    for spec in ENTITY_TABLES:
        beyond = f"SELECT COUNT(*) FROM {spec.table} WHERE valid_from > ? OR valid_to > ?"
        assert conn.execute(beyond, (last, last)).fetchone()[0] == 0, spec.table
    live = "r.valid_from <= t.turn_number AND (r.valid_to IS NULL OR r.valid_to > t.turn_number)"
    for column, table in (
        ("rooms_known", "rooms"),
        ("items_known", "items"),
        ("connections_known", "connections"),
    ):
        wrong = (
            f"SELECT COUNT(*) FROM turns t WHERE {column} !="
            f" (SELECT COUNT(*) FROM {table} r WHERE r.game_id = t.game_id AND {live})"
        )
        assert conn.execute(wrong).fetchone()[0] == 0, column
    conn.close()
    return last


def test_sigkill_at_random_instants_leaves_only_whole_turns(tmp_path: Path) -> None:
    path = tmp_path / "crash.db"
    rng = random.Random(1234)
    expected = SyntheticGame(seed=SEED, prompt_words=PROMPT_WORDS)
    last = 0
    progressed = 0
    for _ in range(KILLS):
        started = run_and_kill(path, rng)
        assert started == last  # the child resumed exactly where the last whole turn ended
        with GameReader(path) as reader:  # a read-only reader opens a crashed database too
            assert reader.game(1) is not None
        last = check_whole_turns(path)
        progressed += last > started
        while expected.turn < last:
            world = expected.next_bundle().world
        if last:
            with Database(path) as db:
                assert sorted_world(db.state_at(1, last)) == sorted_world(world)
    assert progressed >= KILLS // 2  # most runs really were killed while writing turns
