"""Room identity: titles inside documents, and a start room the intro never shows."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager
from tests.support.map_walk import walk

ROOM = "Room 6\nA large, sunny classroom crowded with desks and computers. The exit is to the east.\n"
LIST = (
    "This is a list that shows the deliveries you are scheduled to make this period. It reads:\n\n"
    "DELIVERED--Recipient: Ed Dibbles\nTeacher: Ms. Empirious\nRoom: 8\n\n"
    "DELIVERED--Recipient: Andrea\nTeacher: Ms. Fuerstein\n"
    "Not on our list, but Ms. Fuerstein said Joanie had bought a candy gram for Andrea.\n"
)


def test_a_title_quoted_in_what_we_look_at_is_no_room() -> None:
    maps = MapManager()
    rooms = walk(maps, [(None, ROOM), ("look at list", LIST), ("talk to teacher", "He nods.")])
    assert rooms == [rooms[0]] * 3
    assert len(maps.graph.nodes) == 1


def test_the_start_room_an_intro_does_not_show_gets_the_header_seen_on_return() -> None:
    maps = MapManager()
    rooms = walk(
        maps,
        [
            (None, "THE GAME\nCopyright (c) 1995.\n[Press any key to continue...]"),
            ("nw", "Office\nA cluttered office. Doors lead to the southeast and north.\n"),
            ("se", "Lobby\nA faded lobby of an old theatre. Doors lead northwest.\n"),
            ("nw", "Office\n"),
        ],
    )
    assert rooms[0] is not None
    assert rooms[2] == rooms[0]  # the room we started in, named at last
    assert maps.room(rooms[0] or "")["name"] == "Lobby"
    assert rooms[3] == rooms[1]


def test_a_note_whose_opening_line_ends_in_reads_is_no_room() -> None:
    maps = MapManager()
    note = 'The note, in a hastily written scrawl, reads:\n"Please stop by the chapel as soon as you can."'
    rooms = walk(maps, [(None, ROOM), ("read note", note)])
    assert rooms[1] == rooms[0]


SNOW = (
    "Snowy Intersection\nYou are at a snow-filled crossroads in a mountain trail. Paths lead north "
    "towards the top of the mountain, east, west, and south towards the base of the mountain.\n"
)


def test_a_place_the_text_calls_familiar_yet_different_is_another_room() -> None:
    maps = MapManager()
    rooms = walk(
        maps,
        [
            (None, SNOW),
            ("n", "Mountain Top\nThe wind howls across the bare summit. A trail leads south.\n"),
            (
                "push purple",
                "Your surroundings change!\n\nGiant Cavern\nA huge cavern. To the west is a void.\n",
            ),
            (
                "jump",
                "You leap out of the cave!\n\n" + SNOW + "\nSomething seems familiar, yet different, here.\n",
            ),
        ],
    )
    assert rooms[3] != rooms[0]


CUBE = (
    "On Giant White Cube\nAs far as you can tell, you are standing on a large white stone cube that "
    "somehow floats in a terrifyingly large underground chamber. There is a ladder up to a hole here.\n"
)
LOWER = (
    "On Giant White Cube\nYou are on the surface of a floating stone cube. The red light is brighter here.\n"
)


def test_jumping_into_a_hole_back_to_the_namesake_whose_long_text_it_prints() -> None:
    maps = MapManager()
    rooms = walk(
        maps,
        [
            (None, CUBE),
            ("w", "On wood beam\nYou are walking along a narrow wood beam that runs east to west.\n"),
            ("w", LOWER),
            ("enter hole", "You jump straight into the hole! There is a bright flash of light...\n\n" + CUBE),
        ],
    )
    assert rooms[2] != rooms[0]
    assert rooms[3] == rooms[0]
