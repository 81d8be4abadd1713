"""Room identity in a game without headers: a way back guessed from the move out gives way to a text
that introduces another room, while a revisit's short wording still follows the known exit."""

from __future__ import annotations

from typing import cast

from autofrotz.managers.map_graph import Link
from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.map_rules_named import headerless_known_exit
from autofrotz.managers.map_verdicts import Observation
from autofrotz.managers.map_view import MapView
from autofrotz.managers.room_parser import ParsedOutput
from autofrotz.managers.room_prose import headerless_description
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


CLEARING = "You are in a clearing in a dense forest.\nPaths lead north and east."
FOREST = "You are in a forest of tall trees.\nPaths lead south."


def test_a_parser_complaint_to_a_move_is_no_room() -> None:
    steps = [(None, CLEARING), ("n", FOREST), ("out", "I don't understand that!")]
    rooms = walk(MapManager(), [*steps, ("s", "Please answer the question (Y or N):")])
    assert rooms[2] == rooms[3] == rooms[1]  # an exclamation or a prompt answers back; it describes nothing


class MazeView:
    """A read-only view stub: here, a maze room of one shared text north of it, a game without headers."""

    current_room = "lost_1"
    links = {"lost_1": {"north": Link("lost_2")}}

    def headerless_game(self) -> bool:
        return True

    def maze_group(self, room_id: str | None) -> str | None:
        return "maze_1" if room_id in ("lost_1", "lost_2") else None

    def matches_maze(self, description: str, group_id: str) -> bool:
        return description.startswith("You are lost")


def _seen(description: str) -> Observation:
    parsed = ParsedOutput(description=description, headerless_room=True)
    return Observation(parsed, "north", "north", True, named=True, name=description, room_name=description)


def test_a_new_text_by_a_maze_rooms_guessed_exit_is_not_that_maze_room() -> None:
    view = cast(MapView, MazeView())
    assert headerless_known_exit(_seen("You are lost in a forest of identical trees."), view) is not None
    hut = "This is a warped hut. The walls bend in odd ways. The only way out is south."
    assert headerless_known_exit(_seen(hut), view) is None  # the maze's exits are guesses from its text


def test_a_move_that_loops_back_where_it_started_keeps_the_room() -> None:
    warped = "This is a warped room. The only easy way out is south, but an exit shows to the north."
    loop = "You set off north. However you walk in a circle and find that\nyou are back where you started."
    rooms = walk(MapManager(), [(None, CLEARING), ("n", warped), ("n", loop)])
    assert rooms[2] == rooms[1]
