"""End to end: the real interpreter, our cellar game, the fake LLM, the real database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from autofrotz.hooks import base as ev
from autofrotz.llm import MockLLM
from autofrotz.resume import resume
from autofrotz.session import Session
from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import Recorder, make_config, reply, require_cellar, walkthrough

MOCK = {"provider": "mock", "model": "mock-1"}


@pytest.fixture(autouse=True)
def _cellar() -> Iterator[None]:
    require_cellar()
    MockLLM.reset()
    yield
    MockLLM.reset()


def play(
    tmp_path: Path, agents: dict, recorder: Recorder | None = None, **extra: object
) -> tuple[Session, str]:
    config = make_config(tmp_path, agents, **extra)
    session = Session.open(config, web=False, observers=[recorder] if recorder else [], console=False)
    with session:
        status = session.play()
    return session, status


def test_scripted_llm_agent_wins_and_everything_is_recorded(tmp_path: Path) -> None:
    commands = walkthrough()
    MockLLM.preload("game_agent", [reply(c) for c in commands])
    MockLLM.preload("puzzle_agent", [{"new_puzzles": [], "suggestions": [], "solved": []}] * 40)
    recorder = Recorder()
    session, status = play(tmp_path, {"game_agent": MOCK, "puzzle_agent": MOCK}, recorder)

    assert status == "won"
    reader = GameReader(tmp_path / "game.db")
    gid = session.orchestrator.game_id
    turns = reader.turns(gid)
    assert [t["turn_number"] for t in turns] == list(range(len(commands) + 1))
    assert [t["command"] for t in turns[1:]] == commands
    assert turns[-1]["event"] == "victory" and turns[-1]["score"] == 50
    assert reader.game(gid)["status"] == "won"
    game_calls = len(MockLLM.instances["game_agent"].history)
    puzzle_calls = len(MockLLM.instances["puzzle_agent"].history)
    assert game_calls == len(commands) and puzzle_calls >= 1
    calls = reader.llm_calls(gid)
    assert len(calls) == game_calls + puzzle_calls
    assert {c["agent"] for c in calls} == {"game_agent", "puzzle_agent"}
    assert all(c["turn_number"] >= 1 for c in calls)
    metrics = reader.metric_rows(gid)
    assert len(metrics) == len(calls) and all(m.input_tokens > 0 for m in metrics)
    assert_event_order(recorder, len(commands))


def assert_event_order(recorder: Recorder, turns: int) -> None:
    names = recorder.names()
    assert names[0] == "game_start" and names[-1] == "game_end"
    starts = [e.turn_number for e in recorder.events if isinstance(e, ev.TurnStart)]
    ends = [e.turn_number for e in recorder.events if isinstance(e, ev.TurnEnd)]
    assert starts == ends == list(range(1, turns + 1))
    depth = 0
    for name in names[1:-1]:
        depth += {"turn_start": 1, "turn_end": -1}.get(name, 0)
        assert depth in (0, 1), "turn events nest or overlap"
        if name not in ("turn_start", "turn_end"):
            assert depth == 1, f"{name} outside a turn"
    assert "room_enter" in names and "item_taken" in names
    first_room = names.index("room_enter")
    assert names.index("turn_start") < first_room


DEATH_SCRIPT = ["w", "take lamp", "e", "look", "look", "e", "d", "look", "n"]


def test_death_restores_latest_save_and_rolls_back_the_map(tmp_path: Path) -> None:
    MockLLM.preload("game_agent", [reply(c) for c in DEATH_SCRIPT])
    recorder = Recorder()
    agents = {"game_agent": MOCK, "puzzle_agent": {"provider": "builtin"}}
    session, status = play(tmp_path, agents, recorder, max_turns=len(DEATH_SCRIPT))

    assert status == "abandoned"  # reached max turns, still alive
    reader = GameReader(tmp_path / "game.db")
    gid = session.orchestrator.game_id
    turns = reader.turns(gid)
    assert [t["turn_number"] for t in turns] == list(range(len(DEATH_SCRIPT) + 1))
    death = turns[7]
    assert death["event"] == "death" and "well" in death["output"]
    assert death["restored_from"] == 5 and death["restored_score"] == turns[5]["score"]  # shown on the page
    # Saved after turn 5 in the Front Garden: the player is back there, but the orchard (found at turn
    # 6) stays on the map, its way down into the well now warned against.
    state = reader.state_at(gid, 7)
    assert state.current_room == turns[5]["room_id"] == "front_garden"
    orchard = next(r for r in state.rooms if r.room_id == "orchard")
    down = str(orchard.exit_states.get("down") or orchard.refused.get("down") or orchard.exit_states)
    assert "died going this way" in down or "kills (seen in a side copy)" in down  # a side copy's, or ours
    assert any("lamp" in name for name in state.inventory)
    # Play continues from the restored state, and the agent was told what happened.
    assert turns[8]["room_id"] == "front_garden" and turns[9]["room_id"] == "porch"
    note = MockLLM.instances["game_agent"].history[7]["messages"][0]["content"]
    assert "You died after 'd'" in note and "2 turns ago" in note
    assert reader.game(gid)["status"] == "abandoned"


def test_death_without_a_save_ends_the_game(tmp_path: Path) -> None:
    MockLLM.preload("game_agent", [reply(c) for c in ["e", "d"]])
    session, status = play(tmp_path, {"game_agent": MOCK}, save_on_death=False)
    assert status == "lost"
    reader = GameReader(tmp_path / "game.db")
    assert reader.turns(session.orchestrator.game_id)[-1]["event"] == "death"
    assert reader.game(session.orchestrator.game_id)["status"] == "lost"


def test_dying_again_and_again_from_one_save_steps_back_to_an_older_one(tmp_path: Path) -> None:
    # Saves after turns 0 (no lamp yet) and 5; then three deaths in the well. The third must not restore 5
    # again, and the periodic save due at turn 10, a turn after a death, must not be taken.
    script = DEATH_SCRIPT[:7] + ["e", "d", "e", "d", "look"]
    MockLLM.preload("game_agent", [reply(c) for c in script])
    agents = {"game_agent": MOCK, "puzzle_agent": {"provider": "builtin"}}
    session, _ = play(tmp_path, agents, max_turns=len(script))

    reader = GameReader(tmp_path / "game.db")
    gid = session.orchestrator.game_id
    turns = reader.turns(gid)
    assert [t["event"] for t in turns[7:12]] == ["death", None, "death", None, "death"]
    assert reader.state_at(gid, 9).current_room == "front_garden"
    restored = reader.state_at(gid, 11)
    assert restored.current_room == turns[0]["room_id"]
    assert not any("lamp" in name for name in restored.inventory)
    assert [p.turn for p in session.orchestrator.saves.points] == [0, 5]


def test_a_resume_remembers_the_last_death(tmp_path: Path) -> None:
    # Died at turn 7 and stopped at 8; the resumed run must know, or it would take the periodic save
    # due at turn 10 that an unbroken run skips (a save so soon after a death can be a trap).
    MockLLM.preload("game_agent", [reply(c) for c in DEATH_SCRIPT[:8]])
    agents = {"game_agent": MOCK, "puzzle_agent": {"provider": "builtin"}}
    first, _ = play(tmp_path, agents, max_turns=8)
    gid = first.orchestrator.game_id
    assert first.orchestrator.last_death == 7

    again = Session.open(make_config(tmp_path, agents, max_turns=8), resume_id=gid, web=False, console=False)
    with again:
        resume(again.orchestrator, gid)
        assert again.orchestrator.turn == 8 and again.orchestrator.last_death == 7
        assert again.orchestrator._dying(10)
