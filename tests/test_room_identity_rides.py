"""Room identity across rides: a car or lift that carries the player off without printing a header."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager
from tests.support.map_walk import walk

STOP = "You feel the car sway. After a few moments, you come to a smooth stop."
HALL = "Main Hall\nA vaulted hall of pillars. The railway is to the west.\n"
STATION_A = (
    "Railway Station\nHere hangs the rail car from thick cables over the chasm. From here you can reach "
    "the Smithy Court and the Treasury. To the east is the Main Hall.\n\nYou can see a rail car here.\n"
)
STATION_B = (
    "Railway Station\nHere hangs the rail car from thick cables over the chasm. From here you can reach "
    "the Main Hall and the Treasury. To the northwest is the Smithy Court.\n\nYou can see a rail car here.\n"
)
COURT = "Smithy Court\nCold smithies stand all around this square. The railway is to the southeast.\n"


def _panel(yellow: str, green: str) -> str:
    return (
        "You get into the railcar.\n\nYou see a control panel with buttons on it:\n"
        f'The yellow button reads "{yellow}"\nThe green button reads "{green}"\n'
    )


def test_a_ride_ends_at_a_placeholder_that_the_station_header_names() -> None:
    maps = MapManager()
    rooms = walk(
        maps,
        [
            (None, HALL),
            ("w", STATION_A),
            ("enter car", _panel("Smithy Court", "Barracks")),
            ("push yellow", STOP),
            ("out", "You get out of the rail car.\n\n" + STATION_B),
        ],
    )
    assert rooms[3] != rooms[1]  # the car left the first station at the push, not at "out"
    assert rooms[4] == rooms[3]  # getting out names the stop the car reached
    assert maps.room(rooms[4] or "")["name"] == "Railway Station"


def test_a_control_labelled_with_a_known_place_rides_to_the_station_beside_it() -> None:
    maps = MapManager()
    rooms = walk(
        maps,
        [
            (None, HALL),
            ("w", STATION_A),
            ("enter car", _panel("Smithy Court", "Barracks")),
            ("push yellow", STOP),
            ("out", "You get out of the rail car.\n\n" + STATION_B),
            ("nw", COURT),
            ("se", "Railway Station\n\nYou can see a rail car here.\n"),
            ("enter car", _panel("Main Hall", "Barracks")),
            ("push yellow button", STOP),
            ("out", "You get out of the rail car.\n\nRailway Station\n\nYou can see a rail car here.\n"),
            ("e", "Main Hall\n"),
        ],
    )
    assert rooms[8] == rooms[1]  # the label "Main Hall" names the station next to the hall
    assert rooms[9] == rooms[1]
    assert rooms[10] == rooms[0]


def test_the_control_that_carried_us_here_carries_us_back() -> None:
    maps = MapManager()
    rooms = walk(
        maps,
        [
            (None, "Sitting Room\nA cosy room with a large chair facing the fire.\n"),
            ("sit in chair", "You sit down in the large chair."),
            (
                "press button",
                "The chair sinks through the floor, carrying me down!\n\n"
                "In a Cave\nAn underground den with a television and a fridge.\n",
            ),
            ("sit in chair", "You sit down in the large chair."),
            ("press button", "The chair shoots back up through the roof, carrying me with it."),
        ],
    )
    assert rooms[2] != rooms[0]
    assert rooms[4] == rooms[0]


def test_a_control_that_moves_nothing_keeps_us_here() -> None:
    maps = MapManager()
    rooms = walk(
        maps,
        [
            (None, STATION_A),
            ("enter car", _panel("Smithy Court", "Barracks")),
            ("push red", "Nothing happens."),
        ],
    )
    assert rooms[2] == rooms[0]


def test_a_map_saved_mid_ride_names_the_stop_on_getting_off() -> None:
    before = MapManager()
    rooms = walk(before, [(None, HALL), ("w", STATION_A), ("enter car", _panel("Smithy Court", "Barracks"))])
    rooms += walk(before, [("push yellow", STOP)])
    after = MapManager.from_dict(before.to_dict())
    rooms += walk(after, [("out", "You get out of the rail car.\n\n" + STATION_B)])
    assert rooms[4] == rooms[3] != rooms[1]
    assert after.room(rooms[4] or "")["name"] == "Railway Station"
