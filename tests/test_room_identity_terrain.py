"""Room identity rules for look-alike rooms: open terrain kept as one room, mazes kept apart."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager
from tests.support.map_walk import walk

CAMP = "Center of Camp\nThis is the center of your camp. East is open desert.\n"
DESERT = "In the Desert\nAll you can see in any direction is sand and sunlight. You are sweating.\n"
MAZE = "Maze\nYou are in a maze of twisty little passages, all alike.\n"
ODD = "Odd Room\nThis is a room with oddly angled walls and passages in all directions.\n"


def test_steps_across_open_terrain_stay_in_one_room() -> None:
    rooms = walk(MapManager(), [(None, CAMP), ("e", DESERT), ("e", DESERT), ("n", DESERT), ("s", DESERT)])
    assert rooms[1:] == ["in_the_desert"] * 4


def test_identical_maze_rooms_stay_apart() -> None:
    rooms = walk(MapManager(), [(None, CAMP), ("e", MAZE), ("e", MAZE), ("n", MAZE)])
    assert len(set(rooms[1:])) == 3


def test_passages_in_all_directions_are_no_open_terrain() -> None:
    rooms = walk(MapManager(), [(None, CAMP), ("e", ODD), ("ne", ODD)])
    assert rooms[1] != rooms[2]


HALL = "Hall\nYou're in the middle of a long north-south hallway. You can go east here.\n"
ELEVATOR = "Hall Outside Elevator\nYou're in a short east-west hall. You can see an elevator here.\n"
STAIRS = "Stairwell\nYou're in the north stairwell. Stairs lead down.\n"
LOWER_STAIRS = "Lower Stairwell\nYou're in the north stairwell. Stairs lead up.\n"
LOWER_HALL = "Hall\nYou're in the middle of a long north/south hall on the first floor.\n"
LOWER_ELEVATOR = ELEVATOR.rstrip("\n") + " (They forgot the sign.)\n"


def test_longer_text_whose_way_back_leads_elsewhere_is_another_room() -> None:
    steps = [(None, HALL), ("e", ELEVATOR), ("w", "Hall\n"), ("n", STAIRS), ("d", LOWER_STAIRS)]
    steps += [("s", LOWER_HALL), ("e", LOWER_ELEVATOR)]
    rooms = walk(MapManager(), steps)
    assert rooms[6] not in (rooms[1], None)
    assert rooms[2] == rooms[0]


MAZE_ENTRY = "Dead End\nA blank wall. A hole leads down.\n"
MOUSE_MOVE = "You follow the mouse...\n" + MAZE


def test_following_between_identical_maze_rooms_moves() -> None:
    steps = [(None, MAZE_ENTRY), ("d", MAZE), ("e", MAZE), ("follow mouse", MOUSE_MOVE)]
    rooms = walk(MapManager(), steps)
    assert len(set(rooms[1:])) == 3


def test_stepping_back_after_following_returns_to_the_room_followed_from() -> None:
    steps = [(None, MAZE_ENTRY), ("d", MAZE), ("e", MAZE), ("follow mouse", MOUSE_MOVE)]
    steps += [("follow mouse", "You follow the mouse out.\n\nLair\nA small lit room.\n"), ("w", "Maze\n")]
    rooms = walk(MapManager(), steps)
    assert rooms[5] == rooms[3]


CELLAR = "You are in a large quadrangular cellar. Passages lead northeast and east.\nThere is a lamp here.\n"
PASSAGE = "You are in a cobwebbed passage which enters from the southwest and branches.\n"
JUNCTION = "You are at a complicated junction of passages: an east-west passage crosses another.\n"


def test_headerless_revisit_in_short_words_is_the_room_described_at_length() -> None:
    steps = [
        (None, CELLAR),
        ("ne", PASSAGE),
        ("se", JUNCTION),
        ("w", "You are in the cellar.\nThere is a lamp here.\n"),
    ]
    rooms = walk(MapManager(), steps)
    assert rooms[3] == rooms[0]
    assert len(set(rooms)) == 3


def test_headerless_short_text_with_other_words_is_a_new_room() -> None:
    steps = [(None, CELLAR), ("ne", PASSAGE), ("n", "You are in a small alcove north of the passage.\n")]
    rooms = walk(MapManager(), steps)
    assert len(set(rooms)) == 3


INN = "<< Holiday Inn >>\nYou are in the registration room. You can go north.\n"


def test_refusal_that_prints_the_room_again_stays_and_refutes_the_exit() -> None:
    manager = MapManager()
    walk(manager, [(None, CAMP), ("n", INN)])
    update = manager.update_from_game_output("You can't go west from here!\n\n" + INN, "w", 2)
    assert not update.moved and update.room_id == "holiday_inn"
    assert len(manager.rooms()) == 2


def test_numbered_room_title_is_a_header() -> None:
    rooms = walk(MapManager(), [(None, INN), ("n", "<< Room # 30 >>\nYou enter room 30 and look around.\n")])
    assert rooms[1] != rooms[0]


def test_brief_visit_to_namesakes_described_apart_is_no_maze() -> None:
    steps = [
        (None, "Corridor\nA long corridor runs north.\n"),
        ("n", "Store\nA dusty store room full of crates.\n"),
    ]
    steps += [("s", "Corridor\n"), ("e", "Hallway\nA bright hallway.\n")]
    steps += [("n", "Store\nA tidy store room with shelves.\n"), ("s", "Hallway\n"), ("w", "Corridor\n")]
    steps += [("u", "Store\n")]
    manager = MapManager()
    rooms = walk(manager, steps)
    assert rooms[-1] == rooms[1] and len(manager.rooms()) == 4
