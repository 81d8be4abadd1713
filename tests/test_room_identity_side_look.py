"""Games without room headers whose shapes the opening-paragraph reading mistook, from our own games
inform/moorland.inf (refusals of the game's own that read like descriptions, told apart by a side
"look": rule look_says_still_here) and inform/quarry.inf (the exits line closing a block below the
things listed: rule exits_after_listing)."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.side_questions import SideAnswers

INTRO = "The mist has lifted.\n\nMOORLAND\nRelease 1\n\n" + (
    "Heather runs to the skyline around the cairn. A track leads north and a sheep path east."
)
CAIRN = "Heather runs to the skyline around the cairn. A track leads north and a sheep path east."
FORD = "A brown stream chatters over the ford. The track goes on north and back south to the cairn."
REFUSAL = "Peat hags bar the way. The track runs north and the sheep path east from here."
FORD_REFUSAL = "The stream is too deep there. You can cross at the ford north, or go back south."


def _walk(maps: MapManager, steps: list[tuple[str | None, str, str | None]]) -> list[str | None]:
    rooms = []
    for turn, (command, text, look) in enumerate(steps):
        maps.update_from_game_output(text, command, turn, SideAnswers(look=look))
        rooms.append(maps.current_room)
    return rooms


STEPS = [
    (None, INTRO, None),
    ("west", REFUSAL, CAIRN),  # refused in words that name ways out; the side look shows the cairn
    ("north", FORD, FORD),
    ("west", FORD_REFUSAL, FORD),
    ("south", CAIRN, CAIRN),
    ("north", FORD, FORD),
]


def test_a_refusal_the_side_look_disowns_keeps_us_where_we_were() -> None:
    maps = MapManager()
    rooms = _walk(maps, STEPS)
    cairn, ford = rooms[0], rooms[2]
    assert cairn != ford
    assert rooms == [cairn, cairn, ford, ford, cairn, ford]
    assert maps.fired["look_says_still_here"] == 2
    assert len(maps.graph) == 2  # no room made of a refusal


def test_without_the_side_look_the_refusals_are_read_as_rooms() -> None:
    maps = MapManager()
    rooms = _walk(maps, [(c, t, None) for c, t, _ in STEPS])
    assert rooms[1] != rooms[0] and maps.fired["look_says_still_here"] == 0


def test_the_rule_switched_off_reads_the_refusal_as_a_room() -> None:
    maps = MapManager(switched_off=frozenset({"look_says_still_here"}))
    rooms = _walk(maps, STEPS)
    assert rooms[3] != rooms[2]  # the ford's refusal read as a room of its own


QUARRY_INTRO = (
    "The whistle has gone.\n\nQUARRY\nRelease 1\n\nSpoil heaps crowd a rutted track.\nExits: n e w."
)
OFFICE = "A tin-roofed office leans on the cliff. A ledger lies open.\nYou can also see: a lamp.\nExits: s.\n"
TRACK = "Spoil heaps crowd a rutted track.\nExits: n e w.\n"
HUT = "Splitting benches line a hut. Chips cover the floor.\nYou can also see: a rope, a pick.\nExits: e.\n"


def test_an_exits_line_below_the_things_listed_makes_the_first_move_a_described_one() -> None:
    maps = MapManager()
    steps = [(None, QUARRY_INTRO, None), ("n", OFFICE, None), ("s", TRACK, None), ("w", HUT, None)]
    rooms = _walk(maps, steps)
    assert len(set(rooms)) == 3 and rooms[0] != rooms[1]  # the office was a room from the first move
    assert rooms[2] != rooms[1] and rooms[3] not in (rooms[1], rooms[2])


TOW_INTRO = "The boat is due.\n\nTOWPATH\nRelease 1\n\n" + (
    "Bollards line the stone edge of a canal wharf. The towpath runs north, and a warehouse door is east."
)
WHARF = "Bollards line the stone edge of a canal wharf. The towpath runs north, and a warehouse door is east."
STORE = "Sacks of grain are stacked to the roof beams of the warehouse. The wharf is west."
BRIDGE = "The towpath squeezes under a low brick bridge. The path goes north and south to the wharf."


def _moved(journey: str, shown: str) -> str:
    return f"{journey}\n\n{shown}\n"


TOW_STEPS = [
    (None, TOW_INTRO, None),
    ("east", _moved("You step through the doorway. It is dim and dusty inside.", STORE), STORE),
    (
        "west",
        _moved("You come out blinking into the light. Gulls wheel overhead.", "Here by the wharf."),
        WHARF,
    ),
    ("north", _moved("You set off up the towpath. The canal lies still beside you.", BRIDGE), BRIDGE),
    (
        "south",
        _moved("You walk back down the towpath. The wharf comes into view.", "Here by the wharf."),
        WHARF,
    ),
    ("east", _moved("You step through the doorway. It is dim and dusty inside.", "Among the sacks."), STORE),
]


def test_the_side_look_names_the_room_a_journey_paragraph_and_a_short_revisit_hide() -> None:
    maps = MapManager()
    rooms = _walk(maps, TOW_STEPS)
    wharf, store, bridge = rooms[0], rooms[1], rooms[3]
    assert len({wharf, store, bridge}) == 3
    assert rooms == [wharf, store, wharf, bridge, wharf, store]
    assert maps.fired["look_names_the_room"] >= 4


def test_without_the_look_the_journeys_are_read_as_rooms() -> None:
    maps = MapManager(switched_off=frozenset({"look_names_the_room"}))
    rooms = _walk(maps, TOW_STEPS)
    assert len(set(rooms)) < 3  # the journeys and short revisits never make the three rooms


def test_a_move_that_prints_nothing_is_placed_by_the_side_look() -> None:
    """A revisit in a game without headers that prints nothing of the room (brief mode with the name
    only on the status line): the look shows where the move led, so silent_step does not keep us."""
    maps = MapManager()
    steps = [TOW_STEPS[0], TOW_STEPS[1], ("west", "\n", WHARF), ("east", "\n", STORE)]
    rooms = _walk(maps, steps)
    assert rooms[2] == rooms[0] and rooms[3] == rooms[1] and rooms[0] != rooms[1]
    assert maps.fired["silent_step"] == 0


KITCHEN = "A stove fills the keeper's kitchen. The quay is south and a pantry door is west."
PANTRY = "Tins and sacks crowd the shelves of the pantry. The kitchen is back east."
QUAY = "Waves slap the stones of the quay. The lighthouse door is north."


def test_a_door_entered_by_name_is_a_move_when_the_look_agrees_with_the_reply() -> None:
    maps = MapManager()
    intro = "Night is coming on.\n\nLIGHTHOUSE\nRelease 1\n\n" + QUAY
    steps = [
        (None, intro, None),
        ("north", f"\n\n{KITCHEN}\n", KITCHEN),
        ("west", f"\n\n{PANTRY}\n", PANTRY),
        ("east", f"\n\n{KITCHEN}\n", KITCHEN),
        ("enter pantry door", f"\n(first opening the door)\n\n{PANTRY}\n", PANTRY),  # off the compass
        ("open jar", "\nYou open the jar.\n", None),
    ]
    rooms = _walk(maps, steps)
    kitchen, pantry = rooms[1], rooms[2]
    assert kitchen != pantry and rooms[3] == kitchen
    assert rooms[4] == pantry and rooms[5] == pantry
    assert maps.fired["look_confirms_passage"] == 1
    off = MapManager(switched_off=frozenset({"look_confirms_passage"}))
    assert _walk(off, steps)[4] == kitchen  # without the rule the map stays in the kitchen


FOYER = "Faded posters line the walls of the foyer. Doors lead north and south."
FOYER_LOOK = f"Foyer\n{FOYER}\n\nA coat lies here.\n"
ROPE = "The ushers have barred that way with a velvet rope for the night."


def test_a_side_look_with_a_header_is_never_read_by_its_paragraphs() -> None:
    """A game with headers that the map counts as one read by descriptions (two examine replies that open
    like old-style room descriptions outnumber the one header read): a move refused in the game's own
    words draws a side look that names the room by its header. Reading that look's paragraphs as the
    room (look_names_the_room) made a copy of the room we stood in at every refusal, each new to the
    agent, so a game with such replies never left its opening room."""
    maps = MapManager()
    steps = [
        (None, f"A long night begins.\n\nFoyer\n{FOYER}\n", None),
        ("examine posters", "This is a row of posters for plays long closed.", None),
        ("examine doors", "This is a pair of heavy oak doors, shut tight.", None),
        ("east", ROPE, FOYER_LOOK),
        ("west", ROPE, FOYER_LOOK),
    ]
    rooms = _walk(maps, steps)
    assert maps.style["headerless"] > maps.style["header"]  # the map reads this game by descriptions
    assert maps.fired["look_names_the_room"] == 0
    copies = [r for r in set(rooms[3:]) if FOYER in str(maps.room(r).get("description"))]
    assert copies == [] or copies == [rooms[0]]  # no second room made of the foyer's own text
