"""Rooms of one name and one text told apart by a known exit tried in a side copy (map_side_exit, rule
exit_tells_namesakes): a room's twin further on, where the player carries nothing to mark them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.map_questions import before_reading
from autofrotz.managers.room_parser import parse_output
from autofrotz.managers.side_questions import SideAnswers, SideQuestions
from autofrotz.side_copies import SideCopies, side_exit
from tests.support.fake_game import SlotGame

GLADE = "Glade\nA quiet glade of birches.\n"
ROOMS = {
    "glade": GLADE,
    "hut": "Hut\nA small hut of woven reeds.\n",
    "twin": GLADE,  # the same name and text as the glade, one room further east
    "cliff": "Cliff\nA cliff edge over the sea.\n",
    "pond": "Pond\nA still pond under willows.\n",
    "dune": "Dune\nA dune of pale sand.\n",
}
# glade -east-> hut -east-> twin -east-> cliff; glade -north-> pond, twin -north-> dune; ways back lead back.
EAST = {"glade": "hut", "hut": "twin", "twin": "cliff"}
NORTH = {"glade": "pond", "twin": "dune"}
WAYS = {
    "east": EAST,
    "west": {v: k for k, v in EAST.items()},
    "north": NORTH,
    "south": {v: k for k, v in NORTH.items()},
}


class TwinsGame(SlotGame):
    """Four rooms in a row, two of them alike; every command ticks a clock the restore must undo."""

    def __init__(self) -> None:
        super().__init__({"room": "glade", "clock": 0})

    def _start(self) -> str:
        return ROOMS["glade"]

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        self.commands.append(command)
        self.state["clock"] += 1
        way = WAYS.get(command)
        if way is not None:
            if self.state["room"] not in way:
                return "You can't go that way.", None, None
            self.state["room"] = way[self.state["room"]]
            return ROOMS[self.state["room"]], None, None
        if command == "look":
            return ROOMS[self.state["room"]], None, None
        return "Nothing happens.", None, None


def _routes(maps: MapManager, reply: str, command: str) -> SideQuestions:
    """The map's exit trials of round one, without its side look."""
    return replace(before_reading(maps, parse_output(reply, maps.known_names()), reply, command), look=False)


def _play(commands: list[str], off: frozenset[str] = frozenset()) -> tuple[MapManager, list[str | None]]:
    """Play the twins with the side exit asked before each reply is read, as the orchestrator does."""
    game, maps = TwinsGame(), MapManager(switched_off=off)
    copies = SideCopies(game)
    maps.update_from_game_output(game.start(), None, 0)
    rooms = [maps.current_room]
    for turn, command in enumerate(commands, 1):
        reply = game.send(command).text
        clock = game.state["clock"]
        tried = copies.answer(_routes(maps, reply, command), reply).exits
        assert game.state["clock"] == clock  # the side copy's moves were undone
        maps.update_from_game_output(reply, command, turn, SideAnswers(exits=tried))
        rooms.append(maps.current_room)
    return maps, rooms


AROUND = ["north", "south", "east", "east"]  # glade, pond, glade, hut, twin


def test_a_twin_met_by_a_new_way_is_a_room_of_its_own() -> None:
    maps, rooms = _play(AROUND)
    glade, twin = rooms[0], rooms[4]
    assert rooms[2] == glade and twin != glade  # north and east from the glade lead elsewhere than here
    assert maps.fired["exit_tells_namesakes"] == 1


def test_one_exit_that_leads_elsewhere_makes_no_new_room() -> None:
    _, rooms = _play(["east", "east"])  # only east is known from the glade: the way may have changed
    assert rooms[2] == rooms[0]


def test_twins_are_told_apart_again_on_the_way_back() -> None:
    maps, rooms = _play([*AROUND, "east", "west", "west", "west"])
    glade, hut, twin, cliff = rooms[0], rooms[3], rooms[4], rooms[5]
    assert len({glade, hut, twin, cliff}) == 4
    assert rooms[6:] == [twin, hut, glade]
    assert maps.fired["exit_tells_namesakes"] == 3


def test_without_the_rule_the_twin_is_taken_for_the_glade() -> None:
    _, rooms = _play(AROUND, frozenset({"exit_tells_namesakes"}))
    assert rooms[4] == rooms[0]


def test_no_exit_is_tried_where_the_way_is_known_or_the_name_is_new() -> None:
    game, maps = TwinsGame(), MapManager()
    copies = SideCopies(game)
    maps.update_from_game_output(game.start(), None, 0)
    reply = game.send("east").text
    assert copies.answer(_routes(maps, reply, "east"), reply).exits is None  # no room of this name yet
    maps.update_from_game_output(reply, "east", 1)
    reply = game.send("west").text
    assert maps.side_exit_question(reply, "west") == ()  # back by the way we came: the one glade
    assert copies.sent == 0


def test_a_refused_side_move_decides_nothing() -> None:
    maps = MapManager()
    maps.update_from_game_output(GLADE, None, 0)
    maps.update_from_game_output(ROOMS["hut"], "east", 1)
    assert maps.side_exit_question(GLADE, "east") == (("east",),)
    refused = ((("east",), ("You can't go that way.",), GLADE),)
    maps.update_from_game_output(GLADE, "east", 2, SideAnswers(exits=refused))
    assert maps.fired["exit_tells_namesakes"] == 0


def test_side_copies_try_only_compass_exits() -> None:
    game = TwinsGame()
    game.start()
    with pytest.raises(ValueError, match="compass"):
        side_exit(game, (("open door",),))
    assert side_exit(game, (("east",),)) == ((("east",), (ROOMS["hut"],), ROOMS["hut"]),)
    assert game.state["room"] == "glade"
