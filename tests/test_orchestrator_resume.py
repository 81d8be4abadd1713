"""Resume in process: no model is asked for replayed turns; numbering and world continue."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from autofrotz.config import Config
from autofrotz.llm import MockLLM
from autofrotz.session import Session
from autofrotz.storage.database import Database
from autofrotz.storage.reader import GameReader
from autofrotz.storage.states import unpack_state
from tests.orchestrator_support import make_config, reply, require_cellar, walkthrough

MOCK = {"game_agent": {"provider": "mock", "model": "m"}}


@pytest.fixture(autouse=True)
def _cellar() -> Iterator[None]:
    require_cellar()
    MockLLM.reset()
    yield
    MockLLM.reset()


def test_resume_replays_without_model_calls_and_continues_numbering(tmp_path: Path) -> None:
    commands = walkthrough()
    MockLLM.preload("game_agent", [reply(c) for c in commands[:7]])
    config = make_config(tmp_path, MOCK, max_turns=7, save_every=5)
    with Session.open(config, web=False, console=False) as first:
        first.play()
    gid = first.orchestrator.game_id
    before = GameReader(tmp_path / "game.db").state_at(gid, 7)

    MockLLM.reset()
    MockLLM.preload("game_agent", [reply(c) for c in commands[7:9]])  # only the new turns
    with Session.open(replace(config, max_turns=9), resume_id=gid, web=False, console=False) as second:
        orch = second.orchestrator
        from autofrotz.resume import resume

        assert resume(orch, gid) == 2  # turns 6 and 7 replayed from the save after turn 5
        assert orch.turn == 7 and orch.p.map.current_room == before.current_room
        assert sorted(i.name for i in orch.p.items.get_inventory()) == sorted(before.inventory)
        assert orch.run() == "abandoned"
    assert len(MockLLM.instances["game_agent"].history) == 2
    turns = GameReader(tmp_path / "game.db").turns(gid)
    assert [t["turn_number"] for t in turns] == list(range(10))
    assert [t["command"] for t in turns[1:]] == commands[:9]


def test_risky_action_saves_first(tmp_path: Path) -> None:
    MockLLM.preload(
        "game_agent", [reply("w"), reply("take lamp"), {"reasoning": "r", "command": "jump", "risky": False}]
    )
    config = make_config(tmp_path, MOCK, max_turns=3, save_every=100)
    with Session.open(config, web=False, console=False) as session:
        session.play()
    db = Database(tmp_path / "game.db")
    last, packed, state_turn = db.latest_state(session.orchestrator.game_id)
    db.close()
    assert (last, state_turn) == (3, 2)  # saved after turn 2, before the risky jump
    assert packed is not None
    _, mind = unpack_state(packed)
    assert mind is not None and mind["last_command"] == "take lamp"


def test_builtin_agent_resumes_exactly_like_an_uninterrupted_run(tmp_path: Path) -> None:
    """The built-in agent re-decides replayed turns from its saved state: same commands, same world."""

    def rows(db: Path) -> list[tuple]:
        reader = GameReader(db)
        turns = reader.turns(1)
        return [
            (
                t["turn_number"],
                t["command"],
                t["room_id"],
                t["score"],
                tuple(reader.state_at(1, t["turn_number"]).inventory),
            )
            for t in turns
        ]

    def config(name: str, turns: int) -> Config:
        return make_config(tmp_path, {}, database_path=str(tmp_path / name), max_turns=turns, save_every=7)

    with Session.open(config("whole.db", 40), web=False, console=False) as session:
        session.play()
    with Session.open(config("parts.db", 16), web=False, console=False) as session:
        session.play()
    for stop in (27, 40):
        with Session.open(config("parts.db", stop), resume_id=1, web=False, console=False) as session:
            session.play()
    assert rows(tmp_path / "parts.db") == rows(tmp_path / "whole.db")
