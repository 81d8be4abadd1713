"""MapManager: maze groups, markers, the LLM parser and hybrid mode."""

from __future__ import annotations

import json

import pytest

from autofrotz.llm.errors import PermanentError
from autofrotz.llm.mock_llm import MockLLM
from autofrotz.managers import map_llm
from autofrotz.managers.map_manager import MapManager

MAZE = "Maze\nYou are in a maze of twisty little passages, all alike.\n"
ENTRY = "Dead End Corridor\nYou are at the end of a corridor leading west into a confusing maze.\n"


@pytest.fixture
def maze() -> MapManager:
    manager = MapManager()
    manager.update_from_game_output(ENTRY, None, 0)
    for turn, command in enumerate(["w", "n", "e"], start=1):
        manager.update_from_game_output(MAZE, command, turn)
    return manager


def test_three_alike_rooms_open_a_maze_group(maze: MapManager) -> None:
    assert maze.is_maze_active()
    group = maze.mazes.get_active_maze()
    assert group is not None and group.entry_room_id == "dead_end_corridor"
    assert len(maze.mazes.get_maze_rooms(group.group_id)) == 3
    assert [g.group_id for g in maze.maze_groups()] == [group.group_id]
    assert any(c["kind"] == "maze_detected" for c in maze.store.changes)


def test_new_rooms_in_active_maze_get_maze_ids(maze: MapManager) -> None:
    update = maze.update_from_game_output(MAZE, "s", 4)
    group = maze.mazes.get_active_maze()
    assert group is not None
    assert update.room_id == f"maze_{group.group_id}_4" and update.room_id in group.room_ids


def test_markers_identify_rooms_and_completion_clears_flag(maze: MapManager) -> None:
    group = maze.mazes.get_active_maze()
    assert group is not None
    room = maze.mazes.get_maze_rooms(group.group_id)[1]
    maze.mazes.assign_maze_marker(room, "leaflet")
    assert maze.mazes.identify_maze_room_by_marker("leaflet") == room
    assert maze.mazes.identify_maze_room_by_marker("sword") is None
    assert group.markers == {room: "leaflet"}
    maze.mazes.complete_maze(group.group_id, turn=9)
    assert not maze.is_maze_active() and group.fully_mapped and group.completed_turn == 9


def test_distinct_descriptions_do_not_trigger_maze() -> None:
    manager = MapManager()
    texts = [ENTRY, "Hall\nYou are in a long hall.\n", "Kitchen\nYou are in a kitchen with a stove.\n"]
    for turn, text in enumerate(texts):
        manager.update_from_game_output(text, "n" if turn else None, turn)
    assert not manager.is_maze_active() and not manager.mazes.check_maze_condition(
        "hall", "You are in a long hall."
    )


def test_backtracking_failures_flag_all_different_maze() -> None:
    manager = MapManager()
    manager.update_from_game_output("Room 0\nYou are in room zero.\n", None, 0)
    for turn in range(1, 10):
        command = "n" if turn % 2 else "s"
        manager.update_from_game_output(f"Room {turn}\nYou are in passage number {turn}.\n", command, turn)
    assert manager.is_maze_active()


def test_correct_current_room_folds_a_fresh_room(maze: MapManager) -> None:
    group = maze.mazes.get_active_maze()
    assert group is not None
    first = maze.mazes.get_maze_rooms(group.group_id)[0]
    maze.update_from_game_output(MAZE, "u", 5)
    fresh = maze.current_room
    maze.store.correct_current_room(first, turn=5)
    assert maze.current_room == first and fresh not in maze.graph


def test_maze_state_round_trips(maze: MapManager) -> None:
    copy = MapManager.from_dict(json.loads(json.dumps(maze.to_dict())))
    assert copy.maze_groups() == maze.maze_groups() and copy.is_maze_active()


def test_prompt_renders_every_variable() -> None:
    text = map_llm.render_prompt("Attic\nDusty.", "u", "Kitchen")
    assert "Attic" in text and "Command: u" in text and "Kitchen" in text and "$" not in text


def test_llm_mode_uses_the_model_reading() -> None:
    llm = MockLLM(role="map_parser")
    llm.enqueue({"room_name": "Attic", "description": "A dusty attic.", "is_dark": False, "no_exit": False,
                 "blocked_reason": "", "exits": ["down"]})  # fmt: skip
    manager = MapManager(llm=llm, mode="llm")
    update = manager.update_from_game_output("whatever the game said", None, 0)
    assert update.used_llm and update.room_name == "Attic" and update.exits == ["down"]
    assert llm.history and llm.history[0]["schema"] == map_llm.SCHEMA


def test_hybrid_calls_llm_only_when_unsure() -> None:
    llm = MockLLM(role="map_parser")
    manager = MapManager(llm=llm, mode="hybrid")
    manager.update_from_game_output("Kitchen\nYou are in a kitchen.\n", None, 0)
    manager.update_from_game_output("Taken.", "take knife", 1)
    assert llm.history == []  # a queue-less MockLLM would have raised on any call
    llm.enqueue({"room_name": "Garden", "description": "You are in a garden.", "is_dark": False,
                 "no_exit": False, "blocked_reason": "", "exits": []})  # fmt: skip
    update = manager.update_from_game_output("You climb through the window and drop down.", "climb window", 2)
    assert update.used_llm and update.moved and manager.room(update.room_id or "")["name"] == "Garden"


def test_llm_failure_keeps_the_rules_reading() -> None:
    llm = MockLLM(role="map_parser", max_retries=0, max_repairs=0)
    llm.enqueue(PermanentError("down"))
    manager = MapManager(llm=llm, mode="llm")
    update = manager.update_from_game_output("Kitchen\nYou are in a kitchen.\n", None, 0)
    assert update.room_name == "Kitchen" and not update.used_llm
