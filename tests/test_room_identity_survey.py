"""A forest of rooms of one name and text told apart by routes of two moves tried in side copies
(map_side_exit with the surveys of map_survey, rules exit_tells_namesakes and survey_tells_namesakes):
every way from a wood leads to another wood but one, from which a way leads to the clearing."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.map_side_exit import shown_name
from autofrotz.managers.map_survey import agree, survey_verdict
from autofrotz.side_copies import SideCopies, side_survey
from autofrotz.turn_perception import read_move
from tests.support.fake_game import SlotGame

WOODS = "Woods\nTall pines stand all around.\n"
CLEARING = "Clearing\nA sunny clearing among the pines.\n"
# Only w4 leads out (south); w3, w2 and w1 reach it in two moves (north, east, west, then south), so no
# single walked exit tells the woods apart, and a survey of two moves tells every one from the others.
WAYS = {
    "clearing": {"north": "w1"},
    "w1": {"north": "w2", "south": "w2", "east": "w3", "west": "w4"},
    "w2": {"north": "w1", "west": "w1", "south": "w3", "east": "w4"},
    "w3": {"east": "w1", "west": "w1", "south": "w2", "north": "w4"},
    "w4": {"north": "w1", "east": "w2", "west": "w3", "south": "clearing"},
}
WALK = ["north", "north", "east", "south", "north", "east", "north", "west", "west", "north", "south"]


class ForestGame(SlotGame):
    """A clearing and four woods; every command ticks a clock the restores must undo."""

    def __init__(self) -> None:
        super().__init__({"room": "clearing", "clock": 0})

    def _start(self) -> str:
        return CLEARING

    def _text(self) -> str:
        return CLEARING if self.state["room"] == "clearing" else WOODS

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        self.state["clock"] += 1
        if command == "look":
            return self._text(), None, None
        way = WAYS[self.state["room"]].get(command)
        if way is None:
            return "You can't go that way.", None, None
        self.state["room"] = way
        return self._text(), None, None


def _walk(off: frozenset[str] = frozenset()) -> tuple[MapManager, list[tuple[str | None, str]]]:
    """Walk the forest with the side questions asked as the orchestrator asks them: (our room, true room)."""
    game, maps = ForestGame(), MapManager(switched_off=off)
    copies = SideCopies(game)
    maps.update_from_game_output(game.start(), None, 0)
    seen = [(maps.current_room, game.state["room"])]
    for turn, command in enumerate(WALK, 1):
        reply = game.send(command).text
        clock = game.state["clock"]
        read_move(copies, maps, reply, command, turn)
        assert game.state["clock"] == clock  # every side move was undone
        seen.append((maps.current_room, game.state["room"]))
    return maps, seen


def _one_to_one(seen: list[tuple[str | None, str]]) -> bool:
    ours = {truth: {room for room, t in seen if t == truth} for _, truth in seen}
    return all(len(rooms) == 1 for rooms in ours.values()) and len(ours) == len({r for r, _ in seen})


def test_each_wood_keeps_one_room_of_its_own() -> None:
    maps, seen = _walk()
    assert _one_to_one(seen), seen
    assert len(maps.store.rooms_named("Woods")) == 4
    assert maps.fired["exit_tells_namesakes"] + maps.fired["survey_tells_namesakes"] >= 3


def test_without_the_routes_and_surveys_the_woods_are_mixed_up() -> None:
    _, seen = _walk(frozenset({"exit_tells_namesakes", "survey_tells_namesakes"}))
    assert not _one_to_one(seen)


def test_a_survey_tries_every_way_and_each_way_on_through_the_woods() -> None:
    game = ForestGame()
    game.start()
    game.send("north")
    facts, sent = side_survey(game, "woods", lambda text: shown_name(text, frozenset(), False)) or ({}, 0)
    assert game.state["room"] == "w1"
    assert facts[("east",)] == ("woods",) and facts[("up",)] == ("",)
    assert facts[("west", "south")] == ("woods", "clearing")  # w1 is the wood west of the way out
    assert facts[("north", "south")] == ("woods", "woods")
    assert ("up", "north") not in facts  # refused first moves are not tried on
    assert sent == 12 + 4 * (1 + 4)  # every compass word, then each of four open ways and four more on


def test_surveys_agree_only_where_both_saw_a_room_and_decide_only_in_a_forest() -> None:
    wood = {("north",): ("woods",), ("north", "south"): ("woods", "clearing")}
    other = {("north",): ("woods",), ("north", "south"): ("woods", "woods")}
    assert agree(wood, dict(wood)) and not agree(wood, other)
    rooms = {"a": {"name": "Woods"}, "b": {"name": "Woods"}}
    assert survey_verdict(rooms, {}, ["a", "b"], {"a": wood, "b": other}, dict(wood), None) == (True, "a")
    assert survey_verdict(rooms, {}, ["a", "b"], {"a": other, "b": other}, dict(wood), None) == (True, None)
    corridor = {("north",): ("office",)}  # no way leads into another room of this name
    assert survey_verdict(rooms, {}, ["a"], {"a": corridor}, dict(corridor), None) == (False, None)
