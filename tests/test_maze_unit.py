"""The maze solver against a small scripted maze (no interpreter), its state, and `bench maze`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autofrotz.bench import maze as bench
from autofrotz.games import GameNotFoundError, resolve_game
from autofrotz.maze.solver import MazeListener, MazeSolver, SolverOptions, drive, safest_first
from autofrotz.maze.state import Knowledge, MazeRoom
from autofrotz.maze.text import OPPOSITE, parse_view
from autofrotz.reading import read_reply
from autofrotz.storage.models import MazeGroup

ALIKE = "You are in a maze of twisty little passages, all alike."
Links = dict[str, dict[str, str | list[str]]]


class ScriptedMaze:
    """A tiny text game: rooms, links (a list is a link that takes turns between rooms), items."""

    def __init__(self, links: Links, outside: dict[str, str], carried: list[str], start: str = "M1") -> None:
        self.links, self.outside, self.carried, self.at = links, outside, list(carried), start
        self.items: dict[str, list[str]] = {}
        self.turns: dict[tuple[str, str], int] = {}
        self.commands: list[str] = []

    def send(self, command: str) -> str:
        self.commands.append(command)
        verb, _, noun = command.partition(" ")
        if command == "look":
            return self.view()
        if command == "inventory":
            return "You are carrying:\n" + "".join(f"  a {c}\n" for c in self.carried)
        if verb == "drop" and noun in self.carried:
            self.carried.remove(noun)
            self.items.setdefault(self.at, []).append(noun)
            return "Dropped."
        if verb == "take" and noun in self.items.get(self.at, []):
            self.items[self.at].remove(noun)
            self.carried.append(noun)
            return "Taken."
        if command in OPPOSITE:
            return self.go(command)
        return "You can't see any such thing."

    def go(self, direction: str) -> str:
        target = self.links.get(self.at, {}).get(direction)
        if target is None:
            return "You can't go that way."
        if isinstance(target, list):
            n = self.turns.get((self.at, direction), 0)
            self.turns[(self.at, direction)] = n + 1
            target = target[n % len(target)]
        self.at = target
        return self.view()

    def view(self) -> str:
        name, desc = ("Maze", ALIKE) if self.at not in self.outside else (self.at, self.outside[self.at])
        things = self.items.get(self.at, [])
        listing = f"\nYou can see {' and '.join('a ' + t for t in things)} here.\n" if things else ""
        return f"{name}\n{desc}\n{listing}"


MARKERS = ["red apple", "paper cup", "tin whistle", "clay pot", "wool mitten", "bone button", "pine cone"]
OUTSIDE = {"Hall": "A plain hall with a maze to the north.", "Garden": "A garden of roses."}


def small_maze() -> Links:
    return {
        "M1": {"s": "Hall", "n": "M2", "e": "M3"},
        "M2": {"s": "M1", "e": ["M4", "M3"]},  # a link that alternates between two rooms
        "M3": {"w": "M1", "n": "M4"},
        "M4": {"w": "M2", "s": "M3", "e": "Garden"},
        "Hall": {"n": "M1"},
        "Garden": {"w": "M4"},
    }


class Notes(MazeListener):
    def __init__(self) -> None:
        self.warnings: list[str] = []
        self.completed: list[MazeGroup] = []

    def warning(self, message: str) -> None:
        self.warnings.append(message)

    def group_completed(self, group: MazeGroup) -> None:
        self.completed.append(group)


def solve(game: ScriptedMaze, **options: object) -> tuple[MazeSolver, Notes]:
    notes = Notes()
    opts = SolverOptions(entry_name="Hall", **options)  # type: ignore[arg-type]
    return drive(MazeSolver(options=opts, listener=notes), game.send), notes


def test_step_api_issues_commands_one_at_a_time() -> None:
    game = ScriptedMaze(small_maze(), OUTSIDE, MARKERS)
    solver = MazeSolver(options=SolverOptions(entry_name="Hall"))
    first = solver.next_command()
    assert first == "inventory"
    solver.observe(read_reply(first, game.send(first)))
    assert solver.next_command() == "look"
    assert solver.turns == 1 and not solver.done


def test_random_link_is_recorded_with_every_destination_and_the_maze_is_left() -> None:
    game = ScriptedMaze(small_maze(), OUTSIDE, MARKERS)
    solver, notes = solve(game)
    rooms = {r.room_id: r for r in solver.know.rooms.values()}
    assert sum(not r.boundary for r in rooms.values()) == 4
    assert solver.solved and game.at == "Garden"
    assert sorted(game.carried) == sorted(MARKERS), "every marker comes back"
    random_links = [c for c in solver.connections() if c.random]
    walked_twice = game.turns.get(("M2", "e"), 0) >= 2
    assert bool(random_links) == walked_twice
    for link in random_links:
        assert len(link.observed_destinations) == 2
    assert notes.completed and notes.completed[0].fully_mapped


def test_a_solver_rebuilt_from_its_saved_state_finishes_the_job() -> None:
    game = ScriptedMaze(small_maze(), OUTSIDE, MARKERS)
    first = MazeSolver(options=SolverOptions(entry_name="Hall"))
    for _ in range(25):
        command = first.next_command()
        assert command is not None
        first.observe(read_reply(command, game.send(command)))
    saved = json.loads(json.dumps(first.to_dict()))
    assert saved["knowledge"]["placed"], "markers were down when the state was saved"
    second = drive(MazeSolver.from_dict(saved, options=SolverOptions(entry_name="Hall")), game.send)
    assert second.solved and game.at == "Garden"
    assert sorted(game.carried) == sorted(MARKERS)
    assert second.groups()[0].fully_mapped and len(second.groups()[0].room_ids) == 4


def test_too_few_markers_warns_and_still_finds_the_way_out() -> None:
    links: Links = {f"M{i}": {"n": f"M{i + 1}", "s": f"M{i - 1}"} for i in range(2, 8)}
    links["M1"] = {"s": "Hall", "n": "M2"}
    links["M8"] = {"s": "M7", "e": "Garden"}
    links.update(Hall={"n": "M1"}, Garden={"w": "M8"})
    game = ScriptedMaze(links, OUTSIDE, MARKERS[:3])
    solver, notes = solve(game, min_markers=8)
    assert any("only 3 markers" in w for w in notes.warnings)
    assert solver.solved and game.at == "Garden"
    assert sorted(game.carried) == sorted(MARKERS[:3])


def test_light_budget_warning_and_lamp_never_dropped() -> None:
    game = ScriptedMaze(small_maze(), OUTSIDE, ["brass lantern", *MARKERS])
    solver, notes = solve(game, light_turns_left=20)
    assert any("light has about 20 turns" in w for w in notes.warnings)
    assert "drop brass lantern" not in game.commands
    assert "brass lantern" in game.carried


def test_markers_safest_first() -> None:
    assert safest_first(["sword", "leaflet", "lamp", "nasty knife", "garlic"]) == [
        "leaflet",
        "garlic",
        "sword",
        "nasty knife",
    ]


def test_knowledge_paths_prefer_steady_links_and_round_trip() -> None:
    know = Knowledge(groups=[MazeGroup("1", None)], active="1")
    a, b, c = (know.new_maze_room("1", "Maze", ALIKE, "k") for _ in range(3))
    a.record("n", b.room_id)
    a.record("e", c.room_id)
    a.record("e", b.room_id)  # e has led to two rooms: random
    b.record("e", c.room_id)
    assert a.is_random("e") and not a.is_random("n")
    assert know.path(a.room_id, c.room_id) == [("n", b.room_id), ("e", c.room_id)]
    again = Knowledge.from_dict(json.loads(json.dumps(know.to_dict())))
    assert again.to_dict() == know.to_dict()


def test_merge_folds_one_room_into_another() -> None:
    know = Knowledge(groups=[MazeGroup("1", None)], active="1")
    a, b, c = (know.new_maze_room("1", "Maze", ALIKE, "k") for _ in range(3))
    a.record("n", c.room_id)
    c.record("s", a.room_id)
    c.record("w", b.room_id)
    know.merge(a.room_id, c.room_id)
    assert c.room_id not in know.rooms and know.group("1").room_ids == [a.room_id, b.room_id]
    assert know.rooms[a.room_id].edges == {"n": a.room_id, "s": a.room_id, "w": b.room_id}


def test_room_text_parsing() -> None:
    view = parse_view(read_reply("look", "\n\nMaze\n" + ALIKE + "\n\nYou can see a clay pot here.\n"))
    assert (view.name, view.core, view.rest, view.dark) == (
        "Maze",
        ALIKE,
        "You can see a clay pot here.",
        False,
    )
    assert parse_view(read_reply("look", "Darkness\nIt is pitch dark, and you can't see a thing.")).dark
    assert MazeRoom("x", "Maze", ALIKE, "k", "1").tried("n") is False


def _installed(name: str) -> bool:
    try:
        resolve_game(name)
    except GameNotFoundError:
        return False
    return True


@pytest.mark.skipif(not _installed("maze_plain"), reason="run `python -m autofrotz.games build` first")
def test_bench_maze_on_our_plain_maze() -> None:
    figures = bench.run("maze_plain", seed=1)
    assert {"solved", "turns", "llm_calls", "rooms", "exits"} <= set(figures)
    assert figures["solved"] is True and figures["llm_calls"] == 0 and figures["rooms"] == 10


@pytest.mark.skipif(not _installed("zork1"), reason="zork1.z5 is not installed")
def test_bench_maze_reaches_the_cyclops_room_in_zork() -> None:
    figures = bench.run("zork1", seed=1)
    assert figures["solved"] is True, figures
    assert figures["reached"] == "Cyclops Room" and figures["llm_calls"] == 0
    assert isinstance(figures["turns"], int) and figures["turns"] > 0


def test_truth_files_name_every_maze_room() -> None:
    for path in sorted(Path(__file__).resolve().parent.parent.glob("inform/maze_*.truth.json")):
        truth = json.loads(path.read_text())
        assert set(truth["edges"]) == set(truth["maze_rooms"])
        assert sorted(r for g in truth["groups"] for r in g) == sorted(truth["maze_rooms"])
