"""The unread_headers check: a game whose rooms our header reading misses (no header, the room named
inside a sentence) is read by the opening paragraph of each move's reply once accepted moves have
drawn different replies, one of them twice, while the map never left its one room. The shapes are
inform/farmyard.inf's."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.map_view import MapView
from tests.support.map_walk import walk

INTRO = "The chores wait.\n\nFARMYARD\nRelease 1\n\nMud and straw cover the farmyard. The kitchen is north."
KITCHEN = "A black range warms the farmhouse kitchen. The pantry is to the east."
PANTRY = "Shelves of jars line the narrow pantry. The only way out is west.\n\nYou can see a key here."
YARD = "Mud and straw cover the farmyard. The kitchen is north."
BARN = "Hay bales fill the old barn to the rafters. The yard is west."
# One-sentence descriptions: too short for the check's early part, so it waits for a room to come back.
KITCHEN_BRIEF = "A black range warms the farmhouse kitchen."
PANTRY_BRIEF = "Shelves of jars line the narrow pantry, whose only way out is west."


def test_moves_that_come_back_switch_to_reading_openings() -> None:
    maps = MapManager()
    steps = [(None, INTRO), ("n", KITCHEN), ("e", PANTRY), ("w", KITCHEN), ("s", YARD), ("e", BARN),
             ("w", YARD), ("n", KITCHEN), ("e", PANTRY)]  # fmt: skip
    rooms = walk(maps, steps)
    assert MapView(maps).headers_unread()
    # the start named no room and the first move opened with a room's description (it names a way
    # out): the check trips there (early_described_move), so every move is read from the first one
    yard, kitchen, pantry, barn = rooms[0], rooms[1], rooms[2], rooms[5]
    assert len({yard, kitchen, pantry, barn}) == 4
    assert rooms == [yard, kitchen, pantry, kitchen, yard, barn, yard, kitchen, pantry]
    assert maps.fired["unread_headers_step"] >= 4


def test_without_a_way_out_named_the_check_waits_for_a_room_to_come_back() -> None:
    """A move's reply of one sentence, or one that names no way out, may be a view or an event; the
    check then trips only when a room's opening comes back (the kitchen's, drawn by "n" and "w")."""
    maps = MapManager()
    pantry = "Shelves of jars line the narrow pantry."
    steps = [(None, INTRO), ("n", KITCHEN_BRIEF), ("e", pantry), ("w", KITCHEN_BRIEF), ("e", pantry)]
    rooms = walk(maps, steps)
    assert len(set(rooms[:4])) == 1  # before the check trips, nothing moves
    assert rooms[4] != rooms[3]


def test_scenery_answers_by_direction_do_not_trip_it() -> None:
    """Each direction answered with its own view from the hilltop: different replies, none coming
    back by another direction, so the map keeps its one room."""
    maps = MapManager()
    views = ["You look along the coast to the north.", "Mountains reach the seas.",
             "The mountains behind you stand out.", "The city stretches to the sea."]  # fmt: skip
    steps = [(None, "A steep hill above the city. The sea lies beyond.")]
    steps += [(d, v) for d, v in zip(("n", "s", "e", "w"), views, strict=True)] * 2
    rooms = walk(maps, steps)
    assert len(set(rooms)) == 1
    assert not MapView(maps).headers_unread()


def test_a_game_with_headers_never_trips_it() -> None:
    maps = MapManager()
    steps = [(None, "Hall\nA bare hall. A door leads north."), ("n", "Study\nBooks everywhere."),
             ("s", "Hall\nA bare hall."), ("n", "Study")]  # fmt: skip
    rooms = walk(maps, steps)
    assert rooms[1] != rooms[0] and rooms[2] == rooms[0]
    assert not MapView(maps).headers_unread()
    assert maps.fired["unread_headers_step"] == 0


def test_a_stock_answer_to_any_command_does_not_trip_it() -> None:
    """ "Nothing happens." drawn by two directions comes back, but it also answered a command that was
    no move: a stock answer, not a room, so the map keeps its one room."""
    maps = MapManager()
    steps = [(None, "Kitchen\nA warm kitchen. A hall lies south."), ("n", "Anna stops you. 'Not yet.'"),
             ("take all", "Nothing happens."), ("s", "Nothing happens."), ("e", "Nothing happens."),
             ("w", "Nothing happens.")]  # fmt: skip
    rooms = walk(maps, steps)
    assert len(set(rooms)) == 1
    assert not MapView(maps).headers_unread()


def test_a_later_stock_answer_does_not_turn_the_reading_mode_off() -> None:
    """Once the check has tripped, a later non-move command answered with a room's opening paragraph
    (a side effect that reprints the kitchen) is no stock answer that undoes the mode: the decision
    is kept, and the map goes on reading rooms by their openings."""
    maps = MapManager()
    steps = [(None, INTRO), ("n", KITCHEN), ("e", PANTRY), ("w", KITCHEN), ("s", YARD), ("e", BARN),
             ("wait", KITCHEN), ("w", YARD), ("e", BARN)]  # fmt: skip
    rooms = walk(maps, steps)
    assert MapView(maps).headers_unread()
    assert rooms[7] != rooms[8] and rooms[8] == rooms[5]  # still told apart after the stock answer


def test_stock_answers_are_kept_only_while_the_check_is_open() -> None:
    maps = MapManager()
    steps = [(None, "Hall\nA bare hall. A door leads north."), ("n", "Study\nBooks everywhere.")]
    steps += [(f"push button {n}", f"Click number {n}.") for n in range(100)]
    walk(maps, steps)
    assert maps.scene.unread_decided is False
    assert len(maps.scene.stock_openings) <= 1  # only the answers given while the map had one room


def test_the_turns_before_the_check_tripped_are_read_again() -> None:
    """The opening turns all sat in the map's one room; once the check trips, the room the tripping
    reply shows is the current one, a room an early move showed and left gets a room of its own, and
    the first output is placed when a later move opens with its description (the yard)."""
    maps = MapManager()
    steps = [(None, INTRO), ("i", "You are carrying nothing."), ("n", KITCHEN_BRIEF), ("e", PANTRY_BRIEF),
             ("w", KITCHEN_BRIEF), ("s", YARD)]  # fmt: skip
    rooms = walk(maps, steps)
    relabelled = maps.relabelled()
    kitchen, yard = rooms[4], rooms[5]
    assert relabelled[0] == relabelled[1] == yard  # the inventory inherits the intro's room
    assert relabelled[2] == relabelled[4] == kitchen
    pantry = relabelled[3]
    assert pantry not in (kitchen, yard) and "pantry" in maps.room(pantry)["description"]


def test_a_game_with_headers_reads_no_turn_again() -> None:
    maps = MapManager()
    walk(maps, [(None, "Hall\nA bare hall. A door leads north."), ("n", "Study\nBooks everywhere.")])
    assert maps.relabelled() == {}


def test_an_early_event_gets_no_room_of_its_own() -> None:
    """A move answered by an event ("An elephant train plods past") names no way out: it is no room's
    description, so no room is made for it and its turn keeps what the map said at the time."""
    maps = MapManager()
    steps = [(None, INTRO), ("n", KITCHEN_BRIEF), ("e", "An elephant train plods past, bells ringing."),
             ("w", KITCHEN_BRIEF), ("s", YARD)]  # fmt: skip
    rooms = walk(maps, steps)
    relabelled = maps.relabelled()
    assert relabelled[1] == relabelled[3] == rooms[3]
    assert 2 not in relabelled and len(maps.graph) == 2


def test_an_ablation_replay_scores_each_turn_as_the_map_said_it() -> None:
    from autofrotz.evals.ablation import replay
    from autofrotz.evals.game_run import GameRun

    steps = [(None, INTRO), ("n", KITCHEN), ("e", PANTRY), ("w", KITCHEN), ("s", YARD)]
    truth = [1, 2, 3, 2, 1]
    run = GameRun("farm", seen=[(text, command, t) for (command, text), t in zip(steps, truth, strict=True)])
    pairs, error = replay(run, frozenset({"abbreviated_revisit"}))
    assert not error
    ours = [room for room, _ in pairs]
    assert ours[0] == ours[4] and ours[1] == ours[3] and len(set(ours)) == 3  # yard, kitchen, pantry


def test_travel_text_before_a_description_and_a_shut_door_inside_one() -> None:
    """inform/lighthouse.inf's shapes: a climb told in its own paragraph before the room (travel_line),
    and a description naming a shut door among its exits (door_in_a_description), read as rooms."""
    maps = MapManager()
    quay = "Waves slap the quay. The lighthouse door is north and a boathouse stands to the east."
    kitchen = "A stove fills the kitchen. The quay is south; a stair goes up, and a door to the west is shut."
    climb = "You climb the spiral stair, round and round.\n\n"
    landing = "A cramped landing on the stair. The stair winds on up and down."
    boathouse = "Nets hang in the boathouse. The quay is back west."
    down = "You go down the stair.\n\n"
    steps = [(None, "The boat has gone.\n\n" + quay), ("e", boathouse), ("w", quay), ("n", kitchen),
             ("u", climb + landing), ("d", down + kitchen)]  # fmt: skip
    rooms = walk(maps, steps)
    assert rooms[3] not in (rooms[0], rooms[1])  # the kitchen, not blocked by its shut door
    assert rooms[4] not in rooms[:4] and "landing" in maps.room(rooms[4])["description"]
    assert rooms[5] == rooms[3]
