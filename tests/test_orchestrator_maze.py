"""Maze mode: while the map reports an active maze, commands come from the solver, not the LLM."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from autofrotz.llm import MockLLM
from autofrotz.managers.map_manager import MapManager, RoomUpdate
from autofrotz.orchestrator import Orchestrator
from autofrotz.reading import Reading
from autofrotz.session import Session
from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import make_config, reply, require_cellar


class FakeSolver:
    """Issues a fixed list of commands, recording what it observed."""

    def __init__(self, commands: list[str]) -> None:
        self.commands = list(commands)
        self.observed: list[str] = []
        self.map: MapManager | None = None

    def started(self, orch: Orchestrator) -> FakeSolver:
        self.map = orch.p.map
        return self

    def next_command(self) -> str | None:
        return self.commands.pop(0) if self.commands else None

    def observe(self, reply: Reading) -> None:
        self.observed.append(reply.text)

    def reasoning(self, command: str) -> str:
        return "maze solver"

    def sync(self, turn: int) -> RoomUpdate:
        """The fake maps nothing: the player stays where the map had them."""
        return RoomUpdate(False, self.map.current_room if self.map else None, None, decided_by="maze_solver")

    def to_dict(self) -> dict[str, Any]:
        return {"commands": self.commands}


@pytest.fixture(autouse=True)
def _cellar() -> Iterator[None]:
    require_cellar()
    MockLLM.reset()
    yield
    MockLLM.reset()


def test_maze_mode_bypasses_the_game_agent(tmp_path: Path) -> None:
    MockLLM.preload("game_agent", [reply("w"), reply("take lamp"), reply("e")])
    config = make_config(tmp_path, {"game_agent": {"provider": "mock", "model": "m"}}, max_turns=6)
    solver = FakeSolver(["look", "inventory", "look"])
    with Session.open(config, web=False, console=False) as session:
        orch = session.orchestrator
        orch.p.maze_solver_factory = solver.started
        active = {"on": False}

        def is_maze_active() -> bool:
            return active["on"]

        orch.p.map.is_maze_active = is_maze_active  # type: ignore[method-assign]
        orch.start()
        for _ in range(2):
            orch.run_turn()
        active["on"] = True  # the map reports a maze after turn 2
        for _ in range(3):
            orch.run_turn()
        active["on"] = False  # the solver is done; the map left maze mode
        orch.run_turn()
        orch.finish("abandoned")
        turns = GameReader(tmp_path / "game.db").turns(orch.game_id)
    assert [t["command"] for t in turns[1:]] == ["w", "take lamp", "look", "inventory", "look", "e"]
    assert [t["reasoning"] for t in turns[3:6]] == ["maze solver"] * 3
    assert len(MockLLM.instances["game_agent"].history) == 3  # no game agent call in maze mode
    assert len(solver.observed) == 3 and "carrying" in solver.observed[1].lower()


def test_maze_solver_turns_neither_ask_the_puzzle_model_nor_count_as_stuck(tmp_path: Path) -> None:
    MockLLM.preload("game_agent", [reply("w"), reply("e")])
    empty = {"new_puzzles": [], "suggestions": [], "solved": []}
    MockLLM.preload("puzzle_agent", [empty])  # the first turn's look; an empty queue fails the test
    mock = {"provider": "mock", "model": "m"}
    config = make_config(tmp_path, {"game_agent": mock, "puzzle_agent": mock}, max_turns=7)
    solver = FakeSolver(["xyzzy"] * 4)  # refused four times in one room: stuck, had the agent typed it
    with Session.open(config, web=False, console=False) as session:
        orch = session.orchestrator
        orch.p.maze_solver_factory = solver.started
        active = {"on": False}
        orch.p.map.is_maze_active = lambda: active["on"]  # type: ignore[method-assign]
        orch.start()
        orch.run_turn()
        active["on"] = True
        for _ in range(4):
            orch.run_turn()
        active["on"] = False
        orch.run_turn()
        orch.finish("abandoned")
    assert len(MockLLM.instances["puzzle_agent"].history) == 1
    briefing = str(MockLLM.instances["game_agent"].history[-1]["messages"])
    assert "xyzzy" in briefing and "Stuck warning" not in briefing


def test_maze_events_follow_the_map_groups() -> None:
    from autofrotz.agents.puzzle_agent import PuzzleAgent
    from autofrotz.hooks import base as ev
    from autofrotz.mind import Mind, maze_events
    from autofrotz.storage.models import MazeGroup

    group = MazeGroup("1", "archway", ["m1", "m2", "m3"])

    class Map:
        def maze_groups(self) -> list[Any]:
            return [group]

    mind = Mind(parts=None)
    puzzles = PuzzleAgent()
    first = maze_events(mind, Map(), puzzles, 5)
    assert [type(e) for e in first] == [ev.MazeDetected]
    assert [p.kind for p in puzzles.open_puzzles()] == ["maze"]
    group.markers["m1"] = "leaflet"
    assert [type(e) for e in maze_events(mind, Map(), puzzles, 6)] == [ev.MazeRoomMarked]
    group.completed_turn = 9
    group.exit_room_ids.append("m3")
    done = maze_events(mind, Map(), puzzles, 9)
    assert done == [ev.MazeCompleted("1", 3, 1)]
    assert puzzles.open_puzzles() == [] and maze_events(mind, Map(), puzzles, 10) == []
