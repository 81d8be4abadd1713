"""The maze solver plays our six Inform maze games through the real interpreter (jericho back end).

Each run must map every maze room and exit exactly as the game's truth file says, leave by an exit,
and get every marker back except those a thief holds. The solver never calls a model.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from autofrotz.game_interface import open_game
from autofrotz.maze.solver import MazeListener, MazeSolver, SolverOptions, drive
from autofrotz.maze.state import Knowledge
from autofrotz.storage.models import MazeGroup

ROOT = Path(__file__).resolve().parent.parent
INFORM = ROOT / "inform"
GAMES = ["maze_plain", "maze_random", "maze_dark", "maze_thief", "maze_nested", "maze_different"]


def story(name: str, tmp_root: Path) -> Path:
    """The compiled game: games/NAME.z5 when built, else compiled here with inform6."""
    built = ROOT / "games" / f"{name}.z5"
    if built.exists() and built.stat().st_mtime >= (INFORM / f"{name}.inf").stat().st_mtime:
        return built
    if shutil.which("inform6") is None:
        pytest.skip("inform6 is not installed")
    out = tmp_root / f"{name}.z5"
    if not out.exists():
        cmd = [
            "inform6",
            "-v5",
            "+include_path=/usr/share/inform6/library",
            str(INFORM / f"{name}.inf"),
            str(out),
        ]
        subprocess.run(cmd, check=True, capture_output=True)
    return out


class Recorder(MazeListener):
    """Keeps every callback so tests can check the notifications."""

    def __init__(self) -> None:
        self.marked: list[tuple[str, str]] = []
        self.thefts: list[str] = []
        self.completed: list[str] = []
        self.warnings: list[str] = []

    def room_marked(self, group: MazeGroup, room_id: str, marker: str) -> None:
        self.marked.append((room_id, marker))

    def thief_suspected(self, group: MazeGroup, room_id: str, marker: str) -> None:
        self.thefts.append(marker)

    def group_completed(self, group: MazeGroup) -> None:
        self.completed.append(group.group_id)

    def warning(self, message: str) -> None:
        self.warnings.append(message)


def match_truth(know: Knowledge, truth: dict[str, Any]) -> dict[str, str]:
    """Map solver rooms onto truth rooms, asserting every link agrees; returns solver id -> truth id."""
    edges, outside = truth["edges"], truth["outside"]
    first = know.start
    assert first is not None
    mapping, queue = {first: truth["start"]}, [first]
    while queue:
        sid = queue.pop()
        room, tid = know.rooms[sid], mapping[sid]
        assert set(room.edges) == set(edges[tid]), f"{sid}={tid}: exits {sorted(room.edges)} vs {edges[tid]}"
        for direction, target in edges[tid].items():
            seen = room.observed[direction]
            if isinstance(target, list):
                assert {mapping.get(s, s) for s in seen} <= set(target) | set(seen)
                continue
            assert len(set(seen)) == 1, f"{sid} {direction} seen as {seen}"
            dest = know.rooms[seen[0]]
            if target in outside:
                assert dest.boundary and dest.name == outside[target], f"{sid} {direction} -> {dest.name}"
            elif seen[0] in mapping:
                assert mapping[seen[0]] == target, f"{sid} {direction}: {mapping[seen[0]]} vs {target}"
            else:
                assert not dest.boundary, f"{sid} {direction} reached {dest.name}, a maze room in truth"
                mapping[seen[0]] = target
                queue.append(seen[0])
    for sid, tid in list(mapping.items()):
        for direction, target in edges[tid].items():
            if isinstance(target, list):
                for seen in know.rooms[sid].observed[direction]:
                    assert mapping.get(seen) in target, f"random {tid} {direction} led to {seen}"
    assert sorted(mapping.values()) == sorted(truth["maze_rooms"]), "not every maze room was mapped"
    assert len(set(mapping.values())) == len(mapping), "two solver rooms for one game room"
    return mapping


def play(name: str, tmp_root: Path, seed: int = 1) -> tuple[MazeSolver, Recorder, Any, dict[str, Any]]:
    """Walk into the maze, then let the solver run to the end."""
    truth = json.loads((INFORM / f"{name}.truth.json").read_text())
    game = open_game(story(name, tmp_root), "jericho", seed=seed)
    game.start()
    for command in truth["entry_moves"]:
        game.send(command)
    listener = Recorder()
    options = SolverOptions(entry_name="Archway", all_different=name == "maze_different", max_turns=900)
    solver = drive(MazeSolver(options=options, listener=listener), lambda c: game.send(c).text)
    return solver, listener, game, truth


@pytest.fixture(scope="module")
def tmp_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("maze_games")


@pytest.mark.parametrize(
    ("name", "seed"),
    [(g, 1) for g in GAMES] + [(g, s) for g in ("maze_random", "maze_thief") for s in (2, 3, 7, 8)],
)
def test_maze_game_mapped_left_and_markers_recovered(name: str, seed: int, tmp_root: Path) -> None:
    solver, listener, game, truth = play(name, tmp_root, seed)
    try:
        mapping = match_truth(solver.know, truth)
        groups = [sorted(mapping[r] for r in g.room_ids) for g in solver.groups()]
        assert groups == [sorted(g) for g in truth["groups"]]
        assert all(g.fully_mapped for g in solver.groups())
        assert solver.solved and game.ground_truth().room_name in [
            truth["outside"][e] for e in truth["exits_beyond"]
        ]
        held = set(game.ground_truth().inventory)
        missing = set(truth["markers"]) - held
        assert missing == set(solver.know.lost) if truth["thief"] else not missing, (
            f"markers not recovered: {missing}"
        )
        assert solver.figures()["llm_calls"] == 0
        assert len(listener.marked) >= len(truth["maze_rooms"])
        assert listener.completed == [g.group_id for g in solver.groups()]
    finally:
        game.close()


def test_random_link_seen_both_ways_is_flagged(tmp_root: Path) -> None:
    solver, _, game, truth = play("maze_random", tmp_root, seed=7)
    game.close()
    mapping = match_truth(solver.know, truth)
    random = [c for c in solver.connections() if c.random]
    assert [(mapping[c.from_room_id], c.direction) for c in random] == [("M2", "e")]
    assert sorted(mapping[d] for d in random[0].observed_destinations) == ["M4", "M5"]


def test_thief_is_noticed_and_markers_redropped(tmp_root: Path) -> None:
    solver, listener, game, _ = play("maze_thief", tmp_root)
    game.close()
    assert listener.thefts, "the thief stole markers but nobody noticed"
    assert solver.groups()[0].thief_suspected


def test_dark_maze_is_lit_before_mapping(tmp_root: Path) -> None:
    solver, _, game, _ = play("maze_dark", tmp_root)
    game.close()
    commands = [c for c, _ in solver.transcript]
    assert "turn on brass lamp" in commands
    assert "drop brass lamp" not in commands


def test_solver_state_round_trips_through_json(tmp_root: Path) -> None:
    solver, _, game, _ = play("maze_plain", tmp_root)
    game.close()
    data = json.loads(json.dumps(solver.to_dict()))
    again = MazeSolver.from_dict(data)
    assert again.know.to_dict() == solver.know.to_dict()
    assert [g.room_ids for g in again.groups()] == [g.room_ids for g in solver.groups()]
