"""Interpreter states thinned as a game grows, with any turn still reachable."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from autofrotz.bench.storage import file_figures, play_game
from autofrotz.game_interface import open_game
from autofrotz.storage.database import STATES_KEEP_EVERY, STATES_RECENT_TURNS, Database
from autofrotz.storage.states import referenced_states, state_ref, unpack_state

TURNS = 400


@pytest.fixture(scope="module")
def played(zork1: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("states") / "z.db"
    assert play_game("zork1", TURNS, db) == TURNS
    return db


def test_old_states_are_thinned_to_one_a_stretch(played: Path) -> None:
    with sqlite3.connect(played) as conn:
        states = conn.execute(
            "SELECT turn_number, slot, data FROM interpreter_states ORDER BY state_id"
        ).fetchall()
    named = referenced_states(states[-1][2])  # the saves the newest state's rotation needs are kept too
    rows = [(turn, slot) for turn, slot, data in states if state_ref(data) not in named]
    newest = max(turn for turn, _ in rows)  # the recent turns are counted back from the newest state
    old = [turn for turn, slot in rows if turn <= newest - STATES_RECENT_TURNS and slot == "auto"]
    assert len(old) == len({turn // STATES_KEEP_EVERY for turn in old})  # one per stretch
    assert len(states) - len(rows) <= 3 + 6  # at most the rotating saves and the ladder
    assert max(turn for turn, _ in rows) >= TURNS - 10  # the newest state is kept for resume
    assert len(rows) < TURNS // 10  # a state was stored about every 10 turns; most are gone
    assert file_figures(played, TURNS)["state_bytes_share"] < 60


def test_any_turn_is_rebuilt_from_the_state_before_it_by_replay(played: Path) -> None:
    with Database(played) as db:
        turns = {t.turn_number: t for t in db.turns_after(1, 0)}
        checked = 0
        for target in range(25, TURNS + 1, 25):
            found = db.interpreter_state_at(1, target)
            assert found is not None
            start, packed = found
            if any(turns[n].event for n in range(start + 1, target + 1)):
                continue  # deaths are restored by the orchestrator, not by a command: replayed elsewhere
            with open_game("zork1", "jericho") as game:
                game.start()
                game.import_state("s", unpack_state(packed)[0])
                game.restore("s")
                for n in range(start + 1, target + 1):
                    if turns[n].command_sent:
                        text = game.send(turns[n].command_sent).text
                        assert text == turns[n].game_output, (start, n)
            checked += 1
    assert checked >= 5
