"""Look-alike rooms told apart by the things a player dropped in them (map_markers, map_rules_markers),
and the exploration driver that drops them like a player would (evals/explore_habits)."""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.evals.corpus import CorpusGame
from autofrotz.evals.explore_habits import MazeHabits
from autofrotz.evals.perception import play
from autofrotz.evals.perception_metrics import room_scores
from autofrotz.managers.map_manager import MapManager
from tests.support.map_walk import walk

ARCH = "Archway\nA crumbling archway. Beyond it the ground drops into dim passages.\n"
ALIKE = "Maze\nYou are in a maze of twisty little passages, all alike.\n"
INVENTORY = "You are carrying:\n  a red apple\n  a paper cup\n  a brass lamp\n"


def seen_with(thing: str) -> str:
    return ALIKE + f"\nYou can see a {thing} here.\n"


def _walk_marked_maze(manager: MapManager) -> list[str | None]:
    """Archway -> A (north) -> B (north, apple dropped) -> A (south, cup dropped) -> C (east) -> A -> B."""
    return walk(manager, [
        (None, ARCH), ("north", ALIKE), ("north", ALIKE), ("drop red apple", "Dropped.\n"),
        ("south", ALIKE), ("drop paper cup", "Dropped.\n"), ("east", ALIKE),
        ("west", seen_with("paper cup")), ("north", seen_with("red apple")),
    ])  # fmt: skip


def test_look_alike_rooms_are_told_apart_by_what_was_dropped_in_them() -> None:
    manager = MapManager()
    rooms = _walk_marked_maze(manager)
    a, b, c = rooms[1], rooms[2], rooms[6]
    assert len({a, b, c}) == 3
    assert rooms[4] == a  # back south into the one unmarked room the way north came from
    assert rooms[7] == a and rooms[8] == b
    assert manager.mazes.left_in(a or "") == ["paper cup"] and manager.mazes.left_in(b or "") == ["red apple"]


def test_the_marker_rules_name_themselves_and_can_be_switched_off() -> None:
    manager = MapManager()
    _walk_marked_maze(manager)
    assert manager.fired["marked_lookalike"] == 2 and manager.fired["unmarked_lookalike"] >= 2
    ablated = MapManager(switched_off=frozenset({"marked_lookalike", "unmarked_lookalike"}))
    _walk_marked_maze(ablated)
    for maps in (manager, ablated):
        maps.update_from_game_output(seen_with("paper cup"), "east", 9)
    # a passage that bends (east from B into A): only the cup says where it led
    assert manager.current_room == manager.store.rooms_named("Maze")[0]
    assert ablated.current_room != ablated.store.rooms_named("Maze")[0]


def test_a_room_showing_none_of_the_markers_when_every_namesake_is_marked_is_new() -> None:
    manager = MapManager()
    rooms = _walk_marked_maze(manager)
    update = manager.update_from_game_output(ALIKE, "east", 9)  # from B by an exit never walked
    assert update.decided_by == "unmarked_lookalike" and update.is_new
    assert manager.current_room not in rooms


def test_a_marker_taken_back_marks_its_room_no_more() -> None:
    manager = MapManager()
    rooms = _walk_marked_maze(manager)
    manager.update_from_game_output("Taken.\n", "take red apple", 9)
    assert manager.mazes.left_in(rooms[8] or "") == []
    manager.update_from_game_output("red apple: Dropped.\npaper cup: Dropped.\n", "drop all", 10)
    assert manager.mazes.left_in(rooms[8] or "") == ["red apple", "paper cup"]
    assert manager.mazes.left_in(rooms[1] or "") == []  # the cup was picked up somewhere: it is here now


def test_rooms_all_different_by_text_find_their_one_unmarked_namesake() -> None:
    first = "Maze\nYou are in a maze of twisty little passages, all different.\n"
    second = "Maze\nYou are in a little maze of twisting passages, all different.\n"
    manager = MapManager()
    rooms = walk(manager, [
        (None, ARCH), ("north", first), ("east", second), ("drop red apple", "Dropped.\n"),
        ("up", first),  # by an exit never walked, yet no marked room reads like this: the first room
    ])  # fmt: skip
    assert rooms[4] == rooms[1] != rooms[2]


def test_markers_say_nothing_where_only_one_room_bears_the_name() -> None:
    manager = MapManager()
    hall = "Hall\nA long hall. A door leads north.\n"
    rooms = walk(manager, [
        (None, hall), ("drop red apple", "Dropped.\n"), ("north", "Kitchen\nA small kitchen.\n"),
        ("south", hall),  # the apple is gone (someone took it): the hall is still the hall
    ])  # fmt: skip
    assert rooms[3] == rooms[0]


# ----- the exploration driver's habits -----
def test_a_player_lights_a_carried_lamp_in_the_dark() -> None:
    habits = MazeHabits()
    habits.observe("It is pitch dark, and you can't see a thing.\n", "north", moved=True)
    assert habits.next_command() == "inventory"
    habits.observe(INVENTORY, "inventory", moved=False)
    assert habits.next_command() == "turn on brass lamp"
    assert habits.next_command() is None


def test_a_player_marks_each_look_alike_room_once_and_never_with_the_lamp() -> None:
    habits = MazeHabits()
    habits.observe(INVENTORY, "inventory", moved=False)
    habits.observe(ARCH, "north", moved=True)
    habits.observe(ALIKE, "north", moved=True)
    assert habits.next_command() is None  # the first of them: nothing says yet that it is a maze
    habits.observe(ALIKE, "north", moved=True)  # a move from a room of that name into another one
    assert habits.next_command() == "drop red apple"
    habits.observe("Dropped.\n", "drop red apple", moved=False)
    habits.observe(ALIKE, "south", moved=True)
    assert habits.next_command() == "drop paper cup"
    habits.observe("Dropped.\n", "drop paper cup", moved=False)
    habits.observe(seen_with("red apple"), "north", moved=True)  # a marked room: nothing to do
    assert habits.next_command() is None
    habits.observe(ALIKE, "east", moved=True)
    assert habits.next_command() is None  # only the lamp is left, and a light is never left behind


def test_a_game_that_answers_inventory_in_no_known_shape_is_asked_once() -> None:
    habits = MazeHabits()
    habits.observe(ALIKE, "north", moved=True)
    habits.observe(ALIKE, "north", moved=True)
    assert habits.next_command() == "inventory"
    habits.observe("Huh?\n", "inventory", moved=False)
    assert habits.next_command() is None


@pytest.mark.parametrize("name", ["maze_dark", "maze_different"])
def test_exploring_our_maze_games_maps_every_look_alike_room(name: str) -> None:
    path = Path(__file__).resolve().parent.parent / "games" / f"{name}.z5"
    if not path.is_file():
        pytest.skip(f"games/{name}.z5 is missing: run python -m autofrotz.games build")
    run, _ = play(CorpusGame(name, path, "own", "dev", None, None), "rules", with_items=False, turns=120)
    assert any(c.startswith("drop ") for c in run.driver_commands)
    assert room_scores(run.pairs)["room_tracking"] >= 95.0
