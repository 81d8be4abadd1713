"""Maze mode end to end: a real session walks into our maze games (jericho back end), the map
detects the maze, the solver maps it with no game-agent call, and the recorded map shows the maze.

The game agent is a MockLLM holding only the walk-in moves: any call during maze mode meets an empty
queue and fails the test. Each run stops on the turn maze mode ends.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from autofrotz.config import Config, config_from_dict
from autofrotz.hooks import base as ev
from autofrotz.llm import MockLLM
from autofrotz.resume import resume
from autofrotz.session import Session
from autofrotz.storage.reader import GameReader
from autofrotz.words.directions import edge_label
from tests.orchestrator_support import Recorder, reply

ROOT = Path(__file__).resolve().parent.parent
RULES = {"provider": "builtin", "mode": "rules"}


@pytest.fixture(autouse=True)
def _games() -> Iterator[None]:
    pytest.importorskip("jericho")
    if not all((ROOT / "games" / f"maze_{g}.z5").exists() for g in ("plain", "thief", "nested")):
        from autofrotz.games import build

        build()
    MockLLM.reset()
    yield
    MockLLM.reset()


def truth_of(game: str) -> dict[str, Any]:
    return dict(json.loads((ROOT / "inform" / f"{game}.truth.json").read_text()))


def walk_in(truth: dict[str, Any], steps: int = 2) -> list[str]:
    """The entry moves (with a light on in a dark maze), then steps deeper that never turn back."""
    moves, room, last = list(truth["entry_moves"]), truth["start"], None
    if truth["dark"]:
        moves.insert(0, "turn on brass lamp")
    for _ in range(steps):
        options = [
            (d, t)
            for d, t in truth["edges"][room].items()
            if t in truth["maze_rooms"] and t != room and edge_label(d) != _back(last)
        ]
        direction, room = options[0]
        moves.append(direction)
        last = direction
    return moves


def _back(direction: str | None) -> str | None:
    from autofrotz.words.directions import opposite

    return opposite(edge_label(direction)) if direction else None


def make_config(tmp_path: Path, game: str) -> Config:
    return config_from_dict(
        {
            "game_file": game,
            "database_path": str(tmp_path / "game.db"),
            "max_turns": 900,
            "save_every": 5,
            "hooks": [],
            "strategy_guide": False,
            "web_server": {"enabled": False},
            "agents": {
                "game_agent": {"provider": "mock", "model": "m"},
                "puzzle_agent": {"provider": "builtin"},
                "map_parser": RULES,
                "item_parser": RULES,
            },
        }
    )


class Run:
    """One session played until maze mode ends."""

    def __init__(self, session: Session, recorder: Recorder) -> None:
        self.session = session
        self.orch = session.orchestrator
        self.recorder = recorder
        self.seen_maze = False
        self.solver: Any = None  # the last maze mode the orchestrator ran

    def turn(self) -> None:
        self.orch.run_turn()
        self.seen_maze = self.seen_maze or self.orch.p.map.is_maze_active()
        self.solver = self.orch.maze_solver or self.solver

    def until_maze_done(self, limit: int = 700) -> None:
        while self.orch.turn < limit:
            self.turn()
            if self.seen_maze and not self.orch.p.map.is_maze_active():
                return
        raise AssertionError(f"maze mode did not end by turn {limit} (seen: {self.seen_maze})")


def open_run(tmp_path: Path, game: str, resume_id: int | None = None) -> Run:
    recorder = Recorder()
    session = Session.open(
        make_config(tmp_path, game), resume_id=resume_id, web=False, console=False, observers=[recorder]
    )
    return Run(session, recorder)


def match_map(recorded: dict[str, Any], truth: dict[str, Any]) -> dict[str, str]:
    """Map recorded maze nodes onto truth rooms, asserting every exit agrees; node id -> truth id."""
    nodes = {n["id"]: n for n in recorded["nodes"]}
    out: dict[str, dict[str, str]] = {}
    for e in recorded["edges"]:
        out.setdefault(e["source"], {})[edge_label(e["direction"]) or e["direction"]] = e["target"]
    edges = {t: {edge_label(d) or d: x for d, x in ds.items()} for t, ds in truth["edges"].items()}
    start_exit = next((d, x) for d, x in edges[truth["start"]].items() if x in truth["outside"])
    anchors = [
        n
        for n in nodes
        if nodes[n]["maze_group"]
        and nodes.get(out.get(n, {}).get(start_exit[0], ""), {}).get("name")
        == truth["outside"][start_exit[1]]
    ]
    assert len(anchors) == 1, f"no single maze room leads {start_exit} out: {anchors}"
    mapping, queue = {anchors[0]: truth["start"]}, [anchors[0]]
    while queue:
        nid = queue.pop()
        tid = mapping[nid]
        assert set(out.get(nid, {})) == set(edges[tid]), f"{nid}={tid}: {sorted(out.get(nid, {}))}"
        for direction, target in edges[tid].items():
            dest = out[nid][direction]
            if isinstance(target, list):  # a random link: checked by the solver's own tests
                continue
            if target in truth["outside"]:
                assert not nodes[dest]["maze_group"] and nodes[dest]["name"] == truth["outside"][target]
            elif dest in mapping:
                assert mapping[dest] == target, f"{nid} {direction}: {mapping[dest]} vs {target}"
            else:
                assert nodes[dest]["maze_group"], f"{nid} {direction} reached {dest}, a maze room in truth"
                mapping[dest] = target
                queue.append(dest)
    maze_nodes = [n for n in nodes if nodes[n]["maze_group"]]
    assert sorted(mapping.values()) == sorted(truth["maze_rooms"]), "not every maze room was mapped"
    assert sorted(mapping) == sorted(maze_nodes), "maze nodes the truth does not have"
    return mapping


def play_maze(tmp_path: Path, game: str, steps: int = 2) -> tuple[Run, dict[str, Any], list[str]]:
    truth = truth_of(game)
    walk = walk_in(truth, steps)
    MockLLM.preload("game_agent", [reply(c) for c in walk])
    run = open_run(tmp_path, game)
    run.orch.start()
    run.until_maze_done()
    return run, truth, walk


def check_recorded_maze(
    run: Run, truth: dict[str, Any], walk: list[str], tmp_path: Path, agent_calls: int | None = None
) -> None:
    orch = run.orch
    with GameReader(tmp_path / "game.db") as reader:
        turns = reader.turns(orch.game_id)
        recorded = reader.map(orch.game_id, orch.turn)
        calls = reader.llm_calls(orch.game_id)
    mapping = match_map(recorded, truth)
    groups = recorded["maze_groups"]
    assert sorted(sorted(mapping[r] for r in g["room_ids"]) for g in groups) == sorted(
        sorted(g) for g in truth["groups"]
    )
    assert all(g["fully_mapped"] and g["completed_turn"] for g in groups)
    assert groups[0]["entry_room_id"] == "archway"
    labels = {n["id"]: n["maze_marker_item"] for n in recorded["nodes"] if n["maze_group"]}
    assert all(labels.values()) and set(labels.values()) <= set(truth["markers"]), labels
    # every turn from the first after the walk-in to the end came from the solver
    assert [t["command"] for t in turns[1 : len(walk) + 1]] == walk
    maze_turns = turns[len(walk) + 1 :]
    assert maze_turns and all(t["reasoning"].startswith("maze solver") for t in maze_turns)
    assert any(t["reasoning"] == "maze solver: drop marker" for t in maze_turns)
    expected = len(walk) if agent_calls is None else agent_calls
    assert len(MockLLM.instances["game_agent"].history) == expected
    assert [c for c in calls if c["agent"] == "game_agent" and c["turn_number"] > len(walk)] == []
    # left by an exit beyond the maze, markers back in hand except what a thief holds
    gt = orch.p.game.ground_truth()
    assert gt.room_name in [truth["outside"][e] for e in truth["exits_beyond"]]
    missing = set(truth["markers"]) - set(gt.inventory)
    assert missing == (set(run.solver.solver.know.lost) if truth["thief"] else set())
    here = next(n for n in recorded["nodes"] if n["id"] == recorded["current_room"])
    assert here["name"] == gt.room_name and not here["maze_group"]  # the map knows we are out
    # markers came from the item manager's safest-first list, after one look at the inventory
    assert run.solver.markers and set(run.solver.markers) <= set(truth["markers"])
    assert maze_turns[0]["command"] == "inventory"


def check_events(run: Run, groups: int) -> None:
    names = run.recorder.names()
    detected = [e for e in run.recorder.events if isinstance(e, ev.MazeDetected)]
    assert len(detected) == groups and detected[0].entry_room_id == "archway"  # nested: one more
    assert names.index("maze_detected") < names.index("maze_room_marked") < names.index("maze_completed")
    assert names.count("maze_completed") == groups
    kinds = [p.kind for p in run.orch.p.puzzle_agent.puzzles]
    assert "maze" in kinds


@pytest.mark.parametrize(
    ("game", "steps"),
    [("maze_plain", 2), ("maze_thief", 2), ("maze_nested", 2), ("maze_different", 5), ("maze_dark", 2)],
)
def test_session_detects_and_solves_the_maze(game: str, steps: int, tmp_path: Path) -> None:
    run, truth, walk = play_maze(tmp_path, game, steps)
    try:
        check_recorded_maze(run, truth, walk, tmp_path)
        check_events(run, len(truth["groups"]))
        if truth["thief"]:
            assert run.orch.p.map.mazes.groups["1"].thief_suspected
        # normal play resumes: the next turn is the game agent's again
        MockLLM.instances["game_agent"].enqueue(reply("look"))
        run.turn()
        assert run.orch.maze_solver is None and run.orch.mind.last_command == "look"
        assert len(MockLLM.instances["game_agent"].history) == len(walk) + 1
    finally:
        run.session.close()


def test_resume_mid_maze_carries_on_where_it_was(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    straight, truth, walk = play_maze(tmp_path / "a", "maze_plain")
    commands = [t["command"] for t in GameReader(tmp_path / "a" / "game.db").turns(straight.orch.game_id)]
    straight.session.close()
    MockLLM.reset()
    MockLLM.preload("game_agent", [reply(c) for c in walk])
    first = open_run(tmp_path, "maze_plain")
    first.orch.start()
    for _ in range(len(walk) + 43):  # stop mid-maze, between two saves, as a crash would
        first.turn()
    assert first.orch.p.map.is_maze_active()
    game_id = first.orch.game_id
    first.session.close()
    again = open_run(tmp_path, "maze_plain", resume_id=game_id)
    resume(again.orch, game_id)
    again.until_maze_done()
    try:
        resumed = [t["command"] for t in GameReader(tmp_path / "game.db").turns(game_id)]
        assert resumed == commands  # the same maze run, not one started over
        check_recorded_maze(again, truth, walk, tmp_path, agent_calls=0)  # the replay asks no model
    finally:
        again.session.close()


def test_death_restore_mid_maze_continues_the_solver(tmp_path: Path) -> None:
    truth = truth_of("maze_plain")
    walk = walk_in(truth)
    MockLLM.preload("game_agent", [reply(c) for c in walk])
    run = open_run(tmp_path, "maze_plain")
    run.orch.start()
    for _ in range(len(walk) + 30):
        run.turn()
    saved = run.orch.saves.latest()
    assert saved is not None and saved.mind["maze_solver"]["log"]
    logged = len(saved.mind["maze_solver"]["log"])
    run.orch._recover_from_death(run.orch.turn, "n", "You have died")
    run.until_maze_done()
    try:
        assert len(run.solver.log) > logged and run.solver.log[0][0] == "inventory"
        assert sum(1 for c, _ in run.solver.log if c == "inventory") == 1  # never started over
        check_recorded_maze(run, truth, walk, tmp_path)
    except AssertionError:
        run.session.close()
        raise
    run.session.close()
