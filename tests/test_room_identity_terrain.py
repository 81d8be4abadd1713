"""Room identity rules for look-alike rooms: open terrain kept as one room, mazes kept apart."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager

CAMP = "Center of Camp\nThis is the center of your camp. East is open desert.\n"
DESERT = "In the Desert\nAll you can see in any direction is sand and sunlight. You are sweating.\n"
MAZE = "Maze\nYou are in a maze of twisty little passages, all alike.\n"
ODD = "Odd Room\nThis is a room with oddly angled walls and passages in all directions.\n"


def walk(manager: MapManager, steps: list[tuple[str | None, str]]) -> list[str | None]:
    """Feed (command, output) pairs; return the current room after each."""
    rooms = []
    for turn, (command, text) in enumerate(steps):
        manager.update_from_game_output(text, command, turn)
        rooms.append(manager.current_room)
    return rooms


def test_steps_across_open_terrain_stay_in_one_room() -> None:
    rooms = walk(MapManager(), [(None, CAMP), ("e", DESERT), ("e", DESERT), ("n", DESERT), ("s", DESERT)])
    assert rooms[1:] == ["in_the_desert"] * 4


def test_identical_maze_rooms_stay_apart() -> None:
    rooms = walk(MapManager(), [(None, CAMP), ("e", MAZE), ("e", MAZE), ("n", MAZE)])
    assert len(set(rooms[1:])) == 3


def test_passages_in_all_directions_are_no_open_terrain() -> None:
    rooms = walk(MapManager(), [(None, CAMP), ("e", ODD), ("ne", ODD)])
    assert rooms[1] != rooms[2]
