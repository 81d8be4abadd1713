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
