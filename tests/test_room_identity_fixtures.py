"""Room identity for a header-only revisit among namesakes described apart: the paragraph of fixed
things the game prints under the header tells which one it is."""

from __future__ import annotations

from autofrotz.managers.map_identity import kept_furnishings
from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.map_view import MapView
from tests.support.map_walk import walk

STORE = "Storage Room\nA dusty store. A hatch in the floor leads down.\n"
SHAFT_A = "Maintenance Shaft\nYou're in a cramped shaft. The shaft stretches out to the northwest.\n"
SHAFT_B = (
    "Maintenance Shaft\nThe shaft reaches a junction here, stretching out to the west and northeast.\n\n"
    "There is a small metal box attached to the wall here.\n"
)
SHAFT_C = (
    "Maintenance Shaft\nYou're in a cramped shaft below the floor. The shaft stretches out to the south.\n"
)
CORRIDOR = "Corridor\nA long corridor.\n"
FALL_INTO_B = (
    "Corridor\n\nThe floor is missing in this room. You tumble downwards...\n\n\nMaintenance Shaft\n\n"
    "There is a small metal box attached to the wall here.\n\nYou can also see a withered branch here.\n"
)
FALL_BARE = "Corridor\n\nThe floor is missing here. You tumble downwards...\n\n\nMaintenance Shaft\n"


def _shafts(manager: MapManager) -> list[str | None]:
    return walk(manager, [(None, STORE), ("d", SHAFT_A), ("nw", SHAFT_B), ("ne", SHAFT_C),
                          ("u", CORRIDOR)])  # fmt: skip


def test_a_fall_into_a_brief_namesake_shows_its_fixtures_and_lands_there() -> None:
    manager = MapManager()
    rooms = _shafts(manager)
    assert len({rooms[1], rooms[2], rooms[3]}) == 3
    assert walk(manager, [("e", FALL_INTO_B)]) == [rooms[2]]  # dead reckoning alone says the third


def test_a_bare_header_among_namesakes_is_not_matched_by_fixtures() -> None:
    manager = MapManager()
    rooms = _shafts(manager)
    manager.update_from_game_output(FALL_BARE, "w", 5)
    pool = [r for r in rooms[1:4] if r]
    assert kept_furnishings(MapView(manager), pool, "Maintenance Shaft", "") == []


SALOON_NOW = (
    "Saloon\nThis old beer hall served its last cold one many summers past. The street is to the north.\n"
)
SALOON_THEN = (
    "Saloon\nThe saloon is hopping tonight! Dance girls swarm the patrons. The street is to the north.\n"
)
SALOON_QUIET = (
    "Saloon\nThe saloon is quieter than a church. Patrons line the walls. The street is to the north.\n"
)


def test_a_dream_ending_back_in_the_namesake_whose_text_it_repeats() -> None:
    manager = MapManager()
    rooms = walk(manager, [(None, SALOON_NOW), ("drink whiskey", "Your head spins...\n\n" + SALOON_THEN),
                           ("n", SALOON_QUIET), ("shoot", "You fall...\n" + SALOON_NOW)])  # fmt: skip
    assert rooms[3] == rooms[0]
    assert rooms[2] != rooms[0]


TRACK = "Broken Track\nThe heat is stifling on this barren strip of track. One rail is loose.\n"
CROSSING = "Track Crossing\nYou are where two tracks cross in the sand.\n"
TRACK_MENDED = (
    "The handcar begins to move...\n\nBroken Track (in the handcar)\n"
    "The tracks here look to be in good shape despite the shifting sand.\n"
)


def test_a_ride_to_the_one_room_of_that_name_lands_there_despite_changed_text() -> None:
    manager = MapManager()
    rooms = walk(manager, [(None, TRACK), ("e", CROSSING), ("get in handcar", "You get into the handcar.\n"),
                           ("move handle", TRACK_MENDED)])  # fmt: skip
    assert rooms[3] == rooms[0]


BEACH = "Beach\nYou are on a narrow beach by a river. A magic boat lies here.\n"
RIVER_1 = "(magic boat)\nFrigid River, in the magic boat\nThe river descends here into a valley.\n"
RIVER_2 = (
    "The flow of the river carries you downstream.\n\nFrigid River, in the magic boat\n"
    "The river is running faster here and the sound ahead is of rushing water.\n"
)


def test_a_boat_carried_downstream_under_the_same_header_is_in_another_room() -> None:
    manager = MapManager()
    rooms = walk(manager, [(None, BEACH), ("enter boat", "You are now in the magic boat.\n"),
                           ("launch", RIVER_1), ("wait", RIVER_2), ("get buoy", "Taken.\n")])  # fmt: skip
    assert rooms[2] != rooms[0]
    assert rooms[3] not in (rooms[0], rooms[2])
    assert rooms[4] == rooms[3]
