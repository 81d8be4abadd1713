"""Room identity around scenes that print odd text: credits-like lines, dark headers, quoted verse,
falls, lifts, returns from teleports, dreams, stopped moves and rooms rewritten by an event."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.room_parser import parse_output
from tests.support.map_walk import walk

FOOTPATH = (
    "\nPublic Footpath\nBy a stile in the public footpath across the fields to the village, which lies to "
    "the north. Sitting on the stile you have a splendid view of the house.\n"
)
DERRICK = (
    "The timbers creak.\n\nAlmost to the Top, On the Derrick\nYou are just a few feet from the top of the "
    "derrick. One of the slats has the following painted on it:\n\n\"I'm Black, I'm Brown,\nYellow and "
    'Clear;\n\nFound Above\nAnd in the Ground,\nI can ease a grating sound.\nWhat am I?"\n'
)


def test_a_description_opening_with_by_is_no_author_credit() -> None:
    assert parse_output(FOOTPATH).header == "Public Footpath"
    assert parse_output("\nCurses\nAn Interactive Fiction\nby Graham Nelson\n").header is None


def test_a_darkness_header_over_a_score_line_is_a_dark_room() -> None:
    parsed = parse_output(
        "You lower yourself...\n\nDarkness\n\n[Your score has just gone up by four points.]"
    )
    assert parsed.header is None and parsed.is_dark


def test_a_title_inside_a_quoted_riddle_is_no_header() -> None:
    assert parse_output(DERRICK).header == "Almost to the Top, On the Derrick"


def test_two_dark_rooms_reached_from_different_places_stay_apart() -> None:
    manager = MapManager()
    rooms = walk(
        manager,
        [
            (None, "Kitchen\nA kitchen. A cupboard is to the west.\n"),
            ("w", "\nDarkness\nIt is pitch dark, and you can't see a thing.\n"),
            ("e", "Kitchen\n"),
            ("n", "Villa\nA Roman villa. A well leads down.\n"),
            ("down", "You lower yourself...\n\nDarkness\n\n[Your score has just gone up by four points.]"),
        ],
    )
    assert rooms[1] != rooms[4]


CLIFF = "Cliff\nYou are standing at the edge of a cliff. A ledge lies below.\n"
LEDGE = "Cliff Ledge\nYou are on a narrow ledge below the cliff top.\n"
VISTA = "Scenic Vista\nYou are in a small chamber with a table. The only exit is to the north.\n"
ROOM_8 = "Room 8\nThis is a small chamber carved out of the rock with the number 8 on the wall.\n"


def test_a_lift_without_header_goes_up_the_known_way() -> None:
    manager = MapManager()
    rooms = walk(
        manager,
        [
            (None, CLIFF),
            ("d", LEDGE),
            ("wait", "Time passes..."),
            ("grab rope", "The man heaves on the rope and you arrive at the top of the cliff."),
        ],
    )
    assert rooms[3] == rooms[0]


def test_a_fall_without_header_goes_down_the_known_way() -> None:
    manager = MapManager()
    deck = "Aboard Ship\nYou are on the deck of a ship. A mast rises here.\n"
    mast = "Up the Mast\nYou cling to the top of the mast. A flagpole juts out.\n"
    rooms = walk(
        manager,
        [
            (None, deck),
            ("up", mast),
            ("port", "Crack!  And you are falling... you come down in an ignominious heap."),
        ],
    )
    assert rooms[2] == rooms[0]


def test_find_yourself_back_returns_to_where_the_teleport_started() -> None:
    manager = MapManager()
    rooms = walk(
        manager,
        [
            (None, VISTA),
            ("touch table", "You are transported!\n\n" + ROOM_8),
            ("wait", "Time passes...\nYou suddenly find yourself back in the viewing room!"),
        ],
    )
    assert rooms[1] != rooms[0] and rooms[2] == rooms[0]


def test_rooms_of_a_dream_keep_the_sleeper_in_bed_until_they_wake() -> None:
    manager = MapManager()
    bedroom = "Writing Room\nA pleasantly furnished box room with a comfortable bed.\n"
    rooms = walk(
        manager,
        [
            (None, bedroom),
            ("sleep", "You sleep uneasily...\n\nMelancholy Dream\nA dusty passage sloping down.\n"),
            ("east", "Solid Sand\nYour ghostly self is embedded in a shaft of dry sand.\n"),
            (
                "pinch me",
                "You wake up.\n\nWriting Room (on the bed)\nA pleasantly furnished box room.\n",
            ),
            ("north", "Attic\nA dusty attic.\n"),
        ],
    )
    assert rooms[:4] == [rooms[0]] * 4 and rooms[4] != rooms[0]


def test_sleeping_into_a_room_that_is_no_dream_moves() -> None:
    manager = MapManager()
    tomb = "Tomb\nA perfectly-cut room of granite with a couch.\n"
    spirit = "The Spirit World\nA perfectly-cut room of granite, at the foot of a flight of steps.\n"
    rooms = walk(manager, [(None, tomb), ("sleep", "You slide into...\n\n" + spirit)])
    assert rooms[1] != rooms[0]


def test_a_move_turned_back_stays_where_it_started() -> None:
    manager = MapManager()
    path = "Shady Path\nA well-traveled path from the west branches south and continues east here.\n"
    dam = "Beaver Dam\nA small stream is hampered here by a beaver dam.\n"
    rooms = walk(manager, [(None, path), ("s", dam + "\nThe mosquitos force you to leave.\n\n" + path)])
    assert rooms[1] == rooms[0]


def test_a_leap_that_reprints_the_header_over_another_text_is_another_room() -> None:
    manager = MapManager()
    near = "Ledge\nYou're on a narrow ledge by a chasm. Across the chasm is a throne room.\n"
    far = "Ledge\nYou're on a narrow ledge by the throne room-across chasm-ledge.\n"
    rooms = walk(
        manager,
        [
            (None, near),
            ("jump", "You leap across the chasm...\n\n" + far),
            ("e", "Throne Room\nYou're in a throne room.\n"),
            ("w", far),
            ("jump", "You leap across the chasm...\n\n" + near),
            ("look", near),
        ],
    )
    assert rooms[1] != rooms[0] and rooms[3] == rooms[1]
    assert rooms[4] == rooms[5] == rooms[0]


def test_a_brief_revisit_with_one_word_of_the_name_swapped_is_the_room_renamed() -> None:
    manager = MapManager()
    spoon = "Spoon in the Road\n\nThe trail continues east-west here, but two side trails duck away.\n"
    hill = "Bottom of Crow Hill\nA rather tall hill sprouts out of the landscape here.\n"
    rooms = walk(
        manager,
        [
            (None, spoon),
            ("get spoon", "Taken."),
            ("nw", hill),
            ("se", spoon),
            ("nw", "Bottom of Crow Hill\n"),
            ("se", "Fork in the Road\n"),
        ],
    )
    assert rooms[5] == rooms[0]
    assert manager.room(rooms[5])["name"] == "Fork in the Road"


def test_altered_surroundings_take_us_to_the_namesake_of_another_era() -> None:
    manager = MapManager()
    museum = "Technology Museum\nThis is a large hall which hosted the technological exhibits.\n"
    old = "Technology Museum\nThis is a large hall, brand new, its exhibits gleaming in the light.\n"
    rooms = walk(
        manager,
        [
            (None, museum),
            ("press button", "You feel dizzy.\n\n" + old),
            ("press button", "When your vision returns, your surroundings appear somewhat altered."),
        ],
    )
    assert rooms[1] != rooms[0] and rooms[2] == rooms[0]


def test_a_move_by_a_known_exit_that_reprints_this_room_was_stopped() -> None:
    manager = MapManager()
    street = "Main Street\nA dusty street. The saloon is to the south.\n"
    saloon = "Saloon\nThis old beer hall served its last cold one long ago. Doors lead north.\n"
    quiet = "Saloon\nThe saloon is quieter than a church. Patrons line the walls.\n"
    rooms = walk(
        manager,
        [
            (None, street),
            ("s", saloon),
            ("n", street),
            ("s", saloon),
            ("n", "A big burly man bursts through the doors!\n\n" + quiet),
        ],
    )
    assert rooms[4] == rooms[3] == rooms[1]


def test_a_dream_ends_at_a_header_of_a_known_room_even_without_waking_words() -> None:
    manager = MapManager()
    bedroom = "Writing Room\nA pleasantly furnished box room with a comfortable bed.\n"
    dream = "You drift off...\n\nMelancholy Dream\nA dusty passage sloping down.\n"
    rooms = walk(
        manager,
        [
            (None, bedroom),
            ("sleep", dream),
            ("east", "Hall\nA long hall.\n"),
            ("z", "You stir.\n\n" + bedroom),
            ("south", "Attic\nA dusty attic.\n"),
        ],
    )
    assert rooms[:4] == [rooms[0]] * 4 and rooms[4] != rooms[0]


def test_a_move_stopped_in_another_era_of_a_room_uses_the_exits_of_its_namesake() -> None:
    manager = MapManager()
    street = "Main Street\nA dusty street. The saloon is to the south.\n"
    saloon = "Saloon\nThis old beer hall served its last cold one long ago. Doors lead north.\n"
    lively = "Saloon\nThe ol' saloon is hoppin' tonight! Dance girls swarm the dusty patrons everywhere.\n"
    quiet = "Saloon\nThe ol' saloon is quieter than a church. Patrons line the walls, afraid.\n"
    rooms = walk(
        manager,
        [(None, street), ("s", saloon), ("n", street), ("s", saloon),
         ("drink whiskey", "Your head starts to spin...\n\n" + lively),
         ("n", "A big burly man bursts through the doors!\n\n" + quiet)],
    )  # fmt: skip
    assert rooms[4] != rooms[1]  # the past: another room of the same name
    assert rooms[5] == rooms[4]  # stopped on the way out, still in the past saloon


def test_getting_out_of_bed_in_the_dark_keeps_the_dark_room() -> None:
    dark = "Darkness\nIt is pitch dark, and you can't see a thing."
    steps = [(None, dark), ("e", "You'll have to get out of the bed first.")]
    rooms = walk(MapManager(), [*steps, ("get out of bed", "You get out of the bed.\n\n" + dark)])
    assert rooms[2] == rooms[0]
