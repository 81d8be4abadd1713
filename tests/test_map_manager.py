"""MapManager: parsing game output into rooms and exits, pathfinding, identity, serialisation."""

from __future__ import annotations

import json

import pytest

from autofrotz.managers.map_manager import MapManager
from autofrotz.storage.models import Connection, Room
from tests.support.map_walk import walk

WEST = "West of House\nYou are standing in an open field west of a white house.\nThere is a mailbox here.\n"
NORTH = "North of House\nYou are facing the north side of a white house. To the north a narrow path winds.\n"
PATH = "Forest Path\nThis is a path winding through a dimly lit forest. The path heads north-south here.\n"
CLEARING = (
    "Clearing\nYou are in a small clearing in a well marked forest path that extends to the east and west.\n"
)


@pytest.fixture
def house() -> MapManager:
    manager = MapManager()
    walk(manager, [(None, "ZORK I\nCopyright (c) 1981 Infocom\n\n" + WEST), ("n", NORTH), ("n", PATH)])
    return manager


def test_intro_sets_start_room_and_skips_banner() -> None:
    manager = MapManager()
    update = manager.update_from_game_output(
        "ZORK I\nCopyright (c) 1981 Infocom\nRelease 88\n\n" + WEST, None
    )
    assert update.room_id == "west_of_house"
    assert update.is_new and update.room_name == "West of House"
    assert manager.start_room == "west_of_house"


def test_moves_create_rooms_and_two_way_connections(house: MapManager) -> None:
    assert [r.room_id for r in house.rooms()] == ["west_of_house", "north_of_house", "forest_path"]
    assert house.get_path("forest_path", "west_of_house") == ["south", "south"]
    assert house.store.get_next_step("west_of_house", "forest_path") == "north"


def test_revisit_by_header_only_is_the_same_room(house: MapManager) -> None:
    update = house.update_from_game_output("North of House\n", "s", 3)
    assert update.moved and not update.is_new and update.room_id == "north_of_house"
    assert house.room("north_of_house")["visit_count"] == 2


def test_non_move_command_keeps_room(house: MapManager) -> None:
    update = house.update_from_game_output("Taken.", "take egg", 3)
    assert not update.moved and update.room_id == "forest_path"


def test_look_reprints_same_room_without_moving(house: MapManager) -> None:
    update = house.update_from_game_output(PATH, "look", 3)
    assert not update.moved and update.room_id == "forest_path"


def test_failed_move_refutes_exit_and_inferred_reverse(house: MapManager) -> None:
    house.update_from_game_output("You can't go that way.", "w", 3)
    assert house.room("forest_path")["exits"]["west"] == "refuted"
    assert house.current_room == "forest_path"


def test_refusal_removes_assumed_reverse_exit() -> None:
    manager = MapManager()
    walk(manager, [(None, WEST), ("n", NORTH), ("s", "You can't go that way.")])
    assert manager.get_path("north_of_house", "west_of_house") == []
    assert manager.get_path("west_of_house", "north_of_house") == ["north"]


def test_mentioned_exits_are_unexplored_until_travelled(house: MapManager) -> None:
    assert ("north_of_house", "north") not in house.get_unexplored_exits()
    assert ("forest_path", "north") in house.get_unexplored_exits("forest_path")
    walk(house, [("n", CLEARING)])
    assert ("forest_path", "north") not in house.get_unexplored_exits()


def test_nearest_unexplored_returns_room_and_path() -> None:
    manager = MapManager()
    walk(manager, [(None, CLEARING), ("n", NORTH), ("n", "Attic\nA dusty attic with no exits at all.\n")])
    nearest = manager.get_nearest_unexplored("attic")
    assert nearest == ("clearing", ["south", "south"])


def test_blocked_edges_are_avoided_and_unblocked() -> None:
    manager = MapManager()
    for name in ("a", "b", "c", "d"):
        manager.store.add_room(name.upper(), room_id=name)
    manager.store.add_connection("a", "b", "north")
    manager.store.add_connection("b", "d", "east")
    manager.store.add_connection("a", "c", "west")
    manager.store.add_connection("c", "b", "up")
    manager.store.add_connection("c", "d", "south")
    assert manager.get_path("a", "d") == ["north", "east"]
    manager.store.mark_blocked("b", "east", "troll")
    assert manager.get_path("a", "d") == ["west", "south"]
    assert [c.blocked_reason for c in manager.connections() if c.blocked] == ["troll"]
    manager.store.unblock("b", "east")
    assert manager.get_path("a", "d") == ["north", "east"]


def test_one_way_and_teleport_edges() -> None:
    manager = MapManager()
    for name in ("a", "b", "c"):
        manager.store.add_room(name.upper(), room_id=name)
    manager.store.add_connection("a", "b", "down", bidirectional=False)
    manager.store.add_connection("b", "c", "pray", teleport=True)
    assert manager.get_path("a", "b") == ["down"]
    assert manager.get_path("b", "a") == []
    assert manager.get_path("b", "c") == []
    assert manager.get_path("b", "c", teleports=True) == ["pray"]


def test_failed_reverse_move_marks_one_way() -> None:
    manager = MapManager()
    walk(manager, [(None, WEST), ("n", NORTH), ("s", CLEARING)])
    assert manager.current_room == "clearing"
    forward = next(c for c in manager.connections() if c.from_room_id == "west_of_house")
    assert not forward.bidirectional
    assert manager.get_path("north_of_house", "west_of_house") == []


def test_dark_room_gets_named_when_lit() -> None:
    manager = MapManager()
    walk(manager, [(None, WEST), ("u", "You have moved into a dark place.\nIt is pitch black.\n")])
    dark = manager.current_room
    assert dark and manager.room(dark)["is_dark"]
    update = manager.update_from_game_output(
        "The lamp is now on.\n\nAttic\nThis is the attic.\n", "light lamp", 2
    )
    assert update.room_id == dark and not update.moved and update.room_name == "Attic"
    assert not manager.room(dark)["is_dark"]


def test_dark_room_reached_by_known_exit_is_the_known_room() -> None:
    manager = MapManager()
    walk(manager, [(None, WEST), ("n", NORTH), ("s", WEST)])
    manager.update_from_game_output("It is pitch black. You are likely to be eaten by a grue.", "n", 3)
    assert manager.current_room == "north_of_house"


def test_same_name_rooms_with_different_descriptions_are_distinct() -> None:
    manager = MapManager()
    rooms = walk(
        manager,
        [
            (None, "Forest\nThis is a forest, with trees in all directions. To the east, sunlight.\n"),
            ("n", "Forest\nThe forest thins out, revealing impassable mountains.\n"),
            ("s", "Forest\n"),
        ],
    )
    assert rooms == ["forest", "forest_2", "forest"]


def test_same_name_room_by_different_route_with_other_description_is_new() -> None:
    manager = MapManager()
    walk(
        manager, [(None, WEST), ("n", "Forest\nThis is a dimly lit forest with large trees.\n"), ("s", WEST)]
    )
    walk(manager, [("w", "Forest\nYou are where the forest thins out, revealing impassable mountains.\n")])
    assert manager.current_room == "forest_2"


def test_renamed_room_keeps_its_id() -> None:
    manager = MapManager()
    walk(
        manager, [(None, "Dim Hall\nA long hall, its far end lost in shadow, with doors north and south.\n")]
    )
    update = manager.update_from_game_output(
        "You pull the curtain.\n\nBright Hall\nA long hall, its far end lost in shadow, with doors north"
        " and south.\n",
        "pull curtain",
        1,
    )
    assert update.room_id == "dim_hall" and update.room_name == "Bright Hall"
    assert any(c["kind"] == "rename" for c in manager.store.changes)


def test_teleport_by_non_travel_command() -> None:
    manager = MapManager()
    walk(manager, [(None, WEST), ("n", NORTH)])
    update = manager.update_from_game_output(CLEARING, "pray", 2)
    assert update.moved and manager.current_room == "clearing"
    teleport = next(c for c in manager.connections() if c.direction == "pray")
    assert teleport.teleport and not teleport.bidirectional


def test_headerless_game_uses_descriptions() -> None:
    manager = MapManager()
    rooms = walk(
        manager,
        [
            (None, "You are standing outside the door of a small flint hut.\nThere are paths to the east."),
            ("s", "You are in a garden of luxurious flowers. There are paths to\nthe north."),
            ("n", "You are standing outside the door of a small flint hut.\nThere are paths to the east."),
        ],
    )
    assert rooms[0] == rooms[2] != rooms[1]


def test_status_line_names_the_room() -> None:
    manager = MapManager()
    update = manager.update_from_game_output(
        " Kitchen                         Score: 0   Moves: 3\n\nTaken.", None
    )
    assert update.room_name == "Kitchen"


def test_models_and_serialisation_round_trip(house: MapManager) -> None:
    house.store.mark_blocked("forest_path", "north", "a fallen tree")
    data = json.loads(json.dumps(house.to_dict()))
    copy = MapManager.from_dict(data)
    assert copy.rooms() == house.rooms()
    assert copy.connections() == house.connections()
    assert copy.current_room == house.current_room and copy.store.changes == house.store.changes
    assert all(isinstance(r, Room) for r in copy.rooms())
    assert all(isinstance(c, Connection) for c in copy.connections())
    assert copy.get_path("forest_path", "west_of_house") == ["south", "south"]


def test_add_and_remove_connection_logged_with_turn() -> None:
    manager = MapManager()
    manager.store.add_room("A", room_id="a")
    manager.store.add_room("B", room_id="b")
    manager.store.add_connection("a", "b", "east", turn=5)
    manager.store.remove_connection("a", "east", turn=7)
    assert manager.get_path("a", "b") == []
    assert manager.get_path("b", "a") == ["west"]
    assert {
        "turn": 7,
        "kind": "disconnect",
        "room": "a",
        "direction": "east",
        "to": "b",
    } in manager.store.changes


def test_unknown_mode_is_rejected() -> None:
    with pytest.raises(ValueError, match="hybrid"):
        MapManager(mode="magic")


def test_title_in_reply_to_read_is_a_document() -> None:
    manager = MapManager()
    walk(manager, [(None, WEST)])
    update = manager.update_from_game_output("My Spell Book\n\ngnusto spell: copy a scroll.", "read book", 1)
    assert not update.moved and manager.current_room == "west_of_house" and len(manager.rooms()) == 1


def test_getting_out_of_a_vehicle_keeps_the_room() -> None:
    manager = MapManager()
    walk(manager, [(None, "Cellars\nYou are in the damp cellars.\n")])
    walk(manager, [("enter dumbwaiter", "You get into the dumbwaiter.\n\nCellars (in the dumbwaiter)\n")])
    rooms = walk(manager, [("out", "You get out of the dumbwaiter.\n\nCellars\n")])
    assert rooms == ["cellars"] and len(manager.rooms()) == 1


def test_grid_drawn_inside_one_room_stays_one_room() -> None:
    manager = MapManager()
    walk(manager, [(None, "Room in a Puzzle\nYou are in a small square room.\n")])
    rooms = walk(manager, [("e", "Room in a Puzzle\n      +   SS ??+\nWest  +   .. MM+  East\n")])
    assert rooms == ["room_in_a_puzzle"]


def test_headerless_revisit_with_shorter_wording_keeps_the_room() -> None:
    manager = MapManager()
    rooms = walk(
        manager,
        [
            (None, "You are standing outside the door of a small flint hut.\nThere are paths to the east."),
            ("s", "You are in a garden of luxurious flowers. There are paths to\nthe north."),
            ("n", "You are outside the flint hut."),
            ("s", "You are in the flower garden."),
        ],
    )
    assert rooms[0] == rooms[2] and rooms[1] == rooms[3] and rooms[0] != rooms[1]


def test_pushing_something_along_moves_the_player() -> None:
    manager = MapManager()
    rooms = walk(
        manager,
        [
            (None, "Corridor\nA metal corridor runs north and south."),
            ("push table n", "You push the table...\n\nCorridor\nIn the ceiling you can see a sensor."),
            ("push table s", "You push the table...\n\nCorridor\nA metal corridor runs north and south."),
        ],
    )
    assert rooms[0] == rooms[2] != rooms[1]


def test_reply_opening_with_you_is_not_a_room() -> None:
    manager = MapManager()
    rooms = walk(
        manager,
        [
            (None, "Pond\nThis shallow pond is surrounded by tall trees that shade the entire area."),
            ("wield sword", "You wield The Sword\nThe Eranti circles the pond and moves toward you."),
        ],
    )
    assert rooms[0] == rooms[1]


def test_a_way_an_earlier_side_copy_found_is_dropped_once_a_copy_stays() -> None:
    # a desert that counts steps: west once led back to the camp; tried again after a step that showed
    # the same heading and paragraph, west now shows the desert: no longer an exit
    dune, camp = "Dunes\nSand in every direction.\n", "Camp\nTents around a fire.\n"
    manager = MapManager()
    manager.update_from_game_output(dune, None, 1)
    manager.note_ways_tried({"wait": "Time passes.", "west": camp})
    assert "west" in manager.store.exit_states(manager.current_room or "")[0]
    manager.room(manager.current_room or "")["ways_stale"] = True  # as a step that stayed here marks it
    manager.note_ways_tried({"wait": "Time passes.", "west": dune})
    assert "west" not in manager.store.exit_states(manager.current_room or "")[0]


def test_the_map_takes_the_turns_reading_of_the_reply() -> None:
    """The map answers death, darkness and a refused move from the turn's reading of the reply, and
    reads a reply itself only when it is given no reading of that text."""
    from dataclasses import replace

    from autofrotz.reading import Reading, read_reply

    def arrive(reading: Reading | None, reply: str = "Cellar\nA damp cellar under the hall.") -> MapManager:
        maps = MapManager()
        maps.update_from_game_output("Hall\nA bare hall. A stair leads down.", None)
        maps.update_from_game_output(reply, "down", 1, reading=reading)
        return maps

    text = "Cellar\nA damp cellar under the hall."
    read_here = arrive(None)
    assert read_here.store.current_name() == "Cellar" and "down" in read_here.links["hall"]
    killed = arrive(read_reply("down", text, "death"))  # the game interface read a death
    assert "down" not in killed.links["hall"]  # a dead player is set down: no exit was walked
    feel = "You feel your way down."
    dark = arrive(replace(read_reply("down", feel), dark=True), feel)
    assert dark.room(dark.current_room or "")["is_dark"] and "down" in dark.links["hall"]
    unlit = arrive(None, feel)
    assert not unlit.room(unlit.current_room or "")["is_dark"]
    steep = "The stair is too steep."
    refused = arrive(replace(read_reply("down", steep), no_exit=True), steep)
    assert refused.store.current_name() == "Hall" and refused.room("hall")["exits"]["down"] == "refuted"
    assert arrive(None, steep).room("hall")["exits"]["down"] != "refuted"
    other_text = arrive(read_reply("down", "It is pitch black.", "death"))  # another reply's reading
    assert other_text.links["hall"] == read_here.links["hall"]


@pytest.mark.parametrize("ids", [("b", "a"), ("a", "b"), ("zeta", "alpha"), ("m1", "m0"), ("x9", "y2")])
def test_nearest_unexplored_of_two_equally_near_is_the_one_found_first(ids: tuple[str, str]) -> None:
    """Two rooms one step away, each with an untried way: the one added first is named, in every process
    (a set of room ids would answer by the process's string hashing)."""
    first, second = ids
    graph = MapManager().store
    graph.add_room("Hub", room_id="hub")
    for room_id, way in ((first, "east"), (second, "west")):
        graph.add_room(room_id.upper(), room_id=room_id)
        graph.add_connection("hub", room_id, way)
        graph.room(room_id)["exits"]["north"] = "mentioned"
    assert graph.get_nearest_unexplored("hub") == (first, ["east"])
