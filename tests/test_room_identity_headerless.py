"""Room identity in a game without headers: a way back guessed from the move out gives way to a text
that introduces another room, while a revisit's short wording still follows the known exit."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.room_parser import headerless_description
from tests.support.map_walk import walk

HUT = "You are standing outside the door of a small hut.\nThere are paths off to the east and south."
FLOWERS = "You are in a garden of luxurious flowers. There are paths to\nthe north, east and south"
ROCKS = "You are in a rock garden. There are paths to the east, southeast\nand south"
VEGETABLES = "You are in a garden of exotic vegetables. There are paths to the\nnorth, east and south"
FLOWERS_AGAIN = "You are in the flower garden"


def test_a_first_visit_text_overrules_a_guessed_way_back() -> None:
    rooms = walk(MapManager(), [(None, HUT), ("s", FLOWERS), ("n", ROCKS), ("s", VEGETABLES)])
    assert rooms[3] not in (rooms[1], rooms[2])  # south of the rock garden is not where we came from


def test_a_revisit_wording_follows_the_guessed_way_back() -> None:
    rooms = walk(MapManager(), [(None, HUT), ("s", FLOWERS), ("n", ROCKS), ("s", FLOWERS_AGAIN)])
    assert rooms[3] == rooms[1]


def test_a_room_line_after_an_event_in_the_same_paragraph_is_read() -> None:
    text = "OK.\nThe old man runs off.\nYou are in a rock garden. There are paths to the east."
    assert headerless_description(text) == "You are in a rock garden. There are paths to the east."
    assert headerless_description("The old man runs off and you are in a garden.") is None


ANTE = "You are in the ante-room to the dungeons. There are steps up\nand a passage to the south."
ANTE_BACK = "The troll lets you pass. You return.\nYou are in the ante-room to the dungeons."


def test_a_move_that_prints_the_rooms_short_form_keeps_the_room() -> None:
    rooms = walk(MapManager(), [(None, HUT), ("s", FLOWERS), ("d", ANTE), ("s", ANTE_BACK)])
    assert rooms[3] == rooms[2]


HALL_S = "Hall\nYou're at the south end of a long hall. You can go east.\n\nA fountain buzzes here.\n"
HALL_E = "Hall\nYou're at the east end of a long hall. You can go west.\n"
MAZE = "Maze of Twisty Passages\nYou are in a maze of twisty little passages, all alike.\n"


def test_leaving_a_maze_upwards_returns_to_the_room_that_led_into_it() -> None:
    steps = [(None, HALL_S), ("e", HALL_E), ("w", HALL_S), ("go panel", MAZE), ("e", MAZE), ("e", MAZE)]
    rooms = walk(MapManager(), [*steps, ("w", MAZE), ("u", "Hall\n\nThe fountain has been moved.\n")])
    assert rooms[-1] == rooms[0]  # entered off the compass from there, whichever maze room we left by
