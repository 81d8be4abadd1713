"""Room identity in and around look-alike rooms: deaths that set the player down in a known room,
state lines under a brief header, and walks back through a maze entered by following a guide."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager
from tests.support.map_walk import walk

ROUND = (
    "Round Room\nThis room is at the peak of the pyramid. It is perfectly conical. There are four "
    "stairways leaving the room at the four compass points.\n"
)
TEE = "T-Intersection\nThe east/west corridor branches to the south here.\n"
BRANCH = "South Branch\nThe hall ends in an alcove to the south. The intersection is north.\n"
DEATH = (
    "The floor gives way. You are dumped into a pit full of snakes.\n\n\n    *** You have died ***\n\n\n"
    'A voice speaks: "I\'ll let you try again."\n\n' + ROUND + "There is a shovel lying here.\n"
)
WEST_END = (
    "At West End of Twopit Room\nYou are at the west end of the twopit room. There is a large hole in "
    "the wall above the pit at this end of the room.\n"
)
WEST_PIT = (
    "In West Pit\nYou are at the bottom of the western pit in the twopit room. There is a large hole in "
    "the wall about 25 feet above you.\n"
)
CORRIDOR = (
    "In Narrow Corridor\nYou are in a long, narrow corridor stretching out of sight to the west. At the "
    "eastern end is a hole through which you can see a profusion of leaves.\n"
)
GIANT = "Giant Room\nYou are in the giant room. The ceiling here is too high up for your lamp to show it.\n"
PIT_STATE = "In West Pit\nThere is a gigantic beanstalk stretching all the way up to the hole.\n"


def test_a_death_that_sets_the_player_down_in_a_known_room_is_that_room() -> None:
    manager = MapManager()
    rooms = walk(manager, [
        (None, ROUND), ("w", TEE), ("s", BRANCH), ("n", "T-Intersection\n"), ("s", "South Branch\n"),
        ("n", DEATH),  # revisits are brief, yet the full text after a death is no first visit
    ])  # fmt: skip
    assert rooms[5] == rooms[0]
    way = manager.links[rooms[4] or ""].get("north")
    assert way is None or way.to_room != rooms[0]  # no exit was walked: the branch leads north elsewhere


def test_a_state_line_naming_a_known_way_out_is_no_other_room() -> None:
    manager = MapManager()
    rooms = walk(manager, [
        (None, WEST_END), ("d", WEST_PIT), ("u", "At West End of Twopit Room\n"), ("d", "In West Pit\n"),
        ("climb beanstalk", "You clamber up the plant.\n\n" + CORRIDOR), ("w", GIANT),
        ("e", "In Narrow Corridor\n"),
        ("e", PIT_STATE),  # "stretching up" names the pit's own way up: a brief revisit, not a new pit
    ])  # fmt: skip
    assert rooms[7] == rooms[1]


MAZE = "Maze of Twisty Passages\nYou are in a maze of twisty little passages, all alike.\n"
MAZE_BRIEF = "Maze of Twisty Passages\n"
FOLLOW = "You follow the mouse...\n" + MAZE + "\nThe little grey mouse scurries about.\n"
HALL = "Hall\nYou're in the middle of a long north/south hall. A fountain hums here.\n"
LAIR = "You follow the mouse out of the maze...\n\nGnome's Lair\nYou are in a small room, lit by a bulb.\n"


def test_walking_back_from_where_a_guide_led_retraces_its_path_through_the_maze() -> None:
    manager = MapManager()
    mouse = [("follow mouse", FOLLOW)] * 4
    rooms = walk(manager, [
        (None, HALL), ("go panel", MAZE), ("e", MAZE), *mouse, ("follow mouse", LAIR),  # rooms 1..6, lair 7
        ("w", MAZE_BRIEF), ("w", MAZE_BRIEF), ("w", MAZE_BRIEF),  # back along the mouse's path
        ("e", MAZE_BRIEF), ("e", MAZE_BRIEF),  # on back along it, though east undoes the last step west
        ("w", MAZE_BRIEF), ("u", "Hall\n"),
    ])  # fmt: skip
    assert rooms[8:11] == [rooms[6], rooms[5], rooms[4]]
    assert rooms[11:14] == [rooms[3], rooms[2], rooms[1]]
    assert rooms[14] == rooms[0]


def test_following_the_guide_again_from_next_to_its_route_rejoins_the_route() -> None:
    manager = MapManager()
    mouse = [("follow mouse", FOLLOW)] * 4
    rooms = walk(manager, [
        (None, HALL), ("go panel", MAZE), ("e", MAZE), *mouse, ("follow mouse", LAIR),
        ("w", MAZE_BRIEF), ("w", MAZE_BRIEF), ("w", MAZE_BRIEF), ("e", MAZE_BRIEF), ("e", MAZE_BRIEF),
        ("w", MAZE_BRIEF), ("u", "Hall\n"), ("d", MAZE_BRIEF),
        ("follow mouse", FOLLOW), ("follow mouse", FOLLOW),  # the mouse leads on from the room next door
    ])  # fmt: skip
    assert rooms[15] == rooms[1]
    assert rooms[16:18] == [rooms[2], rooms[3]]


STORE = "Storage Room\nA storage room full of crates. There is an open hatch in the floor here.\n"
SHAFT_A = "Maintenance Shaft\nYou're standing in a cramped shaft. The shaft stretches out to the northwest.\n"
SHAFT_B = "Maintenance Shaft\nThe shaft reaches a junction here, stretching out to the west and southeast.\n"
CORRIDOR_A = "Corridor\nA corridor runs from the storage room to the south on to the west.\n"
CORRIDOR_B = "Corridor\nAn empty doorway in the west wall leads to a reactor room.\n"
REACTOR = "Reactor Room\nA reactor hums here. An empty doorway in the east wall leads into a corridor.\n"
FALL = (
    "Corridor\n\nAn empty doorway in the west wall leads to a reactor room.\n\nOh dear.  The floor appears "
    "to be missing in this room.  You tumble downwards...\n\n\nMaintenance Shaft\n\nThe floor is littered "
    "with debris.\n"
)


def test_a_fall_through_a_room_lands_in_the_room_below_it() -> None:
    manager = MapManager()
    rooms = walk(manager, [
        (None, STORE), ("d", SHAFT_A), ("nw", SHAFT_B), ("se", "Maintenance Shaft\n"),
        ("u", "Storage Room\n"), ("n", CORRIDOR_A), ("w", CORRIDOR_B), ("w", REACTOR),
        ("e", FALL),  # east into the corridor above the junction, then down through its missing floor
    ])  # fmt: skip
    assert rooms[8] == rooms[2]
    assert manager.links[rooms[6] or ""]["down"].to_room == rooms[2]


ODD = (
    "Oddly-angled Room\nThis is a room with oddly angled walls and passages in all directions. The walls are "
    "made of some glassy substance.\n"
)
STAIRWAY = "Stairway\nA marble stairway leads down into the gloom and a passage leads north.\n"
SWUNG = "A marble stairway leads upward. The floor has swung down to reveal a passage leading down.\n"


def test_a_way_out_only_one_look_alike_ever_showed_tells_it_apart() -> None:
    manager = MapManager()
    rooms = walk(manager, [
        (None, STAIRWAY), ("d", ODD + "A marble stairway leads upward.\n"),
        ("sw", ODD + "On the floor is a very small diamond shaped window.\n"), ("se", ODD), ("ne", ODD),
        ("nw", ODD), ("sw", "Oddly-angled Room\nOn the floor is a very small diamond shaped window.\n"),
        ("s", ODD + SWUNG),  # the same text, and the stairway up only the first room ever showed
    ])  # fmt: skip
    assert rooms[7] == rooms[1]


PITS = "Maze\nYou're in a maze of pits.\n\n"
EVERY_WAY = "Obvious exits: North, South, East, West, Up, Down.\n\n"
SCRATCHINGS = "You can also see: strange scratchings on rock reveals- ALADDIN WAS HERE\n"


def test_a_paragraph_of_fixtures_only_one_look_alike_showed_tells_it_apart() -> None:
    manager = MapManager()
    rooms = walk(manager, [
        (None, "Cavern\nYou're in a large cavern.\n\nObvious exits: North, South, West, Up, Down.\n"),
        ("d", PITS + "Obvious exits: North, South, East, Down.\n"),
        ("d", PITS + "Obvious exits: West, Up.\n\nYou can also see: flint and steel\n"),
        ("w", PITS + EVERY_WAY + SCRATCHINGS),
        ("n", PITS + EVERY_WAY + "You can also see: *THICK PERSIAN RUG* - arrow pointing down\n"),
        ("d", "Chasm\nYou're in a bottom of a chasm. Above 2 ledges.\n\nObvious exits: Up.\n"),
        ("u", PITS + EVERY_WAY + "You can also see: arrow pointing down\n"),
        ("u", PITS + EVERY_WAY + SCRATCHINGS),  # the scratchings, and the same exits, only one room showed
    ])  # fmt: skip
    assert rooms[6] == rooms[4]
    assert rooms[7] == rooms[3]


TRAIL = "Mountain Trail\n"
TRAIL_FOOT = (
    "Mountain Trail\nYou are on a grim trail winding upwards to the northeast. A clearing lies southeast.\n"
)
TRAIL_LOW = (
    "Mountain Trail\nThe trail continues up the mountain to the east, and downwards to the southwest.\n"
)
TRAIL_MID = (
    "Mountain Trail\nThe trail continues up the mountain to the northeast, and downwards to the west.\n"
)
TRAIL_TOP = "Mountain Trail\nThings level off here. Two trails lead down the mountain, southwest and east.\n"
TRAIL_SIDE = (
    "Mountain Trail\nThe trail continues up the mountain to the west. The trail widens to the southeast.\n"
)
TRAIL_BEND = "Mountain Trail\nThe trail continues up the mountain to the west, and downwards to the east.\n"


def test_a_brief_revisit_among_namesakes_is_the_one_with_an_unwalked_way_back() -> None:
    manager = MapManager()
    rooms = walk(manager, [
        (None, "Rocky Clearing\nA rocky clearing. A trail leads northwest; a plain lies east.\n"),
        ("nw", TRAIL_FOOT), ("ne", TRAIL_LOW), ("e", TRAIL_MID), ("ne", TRAIL_TOP), ("sw", TRAIL),
        ("w", TRAIL), ("sw", TRAIL), ("se", "Rocky Clearing\n"), ("e", "Plain\nA windswept plain.\n"),
        ("nw", TRAIL_SIDE), ("w", TRAIL_BEND),
        ("w", TRAIL),  # only the top of the trail named a way east not yet walked elsewhere
    ])  # fmt: skip
    assert rooms[5:8] == [rooms[3], rooms[2], rooms[1]]
    assert rooms[12] == rooms[4]


GAS = "Gas Room\nThis is a small room which smells strongly of coal gas. A narrow tunnel leads east.\n"
COAL = "Coal Mine\nThis is a non-descript part of a coal mine.\n"
LADDER = (
    "Ladder Top\nThis is a very small room. In the corner is a rickety wooden ladder, leading downward.\n"
)


def test_walking_back_out_of_a_maze_retraces_the_way_in() -> None:
    manager = MapManager()
    rooms = walk(manager, [
        (None, GAS), ("e", COAL), ("ne", COAL), ("se", COAL), ("sw", COAL), ("d", LADDER),
        ("u", "Coal Mine\n"),  # back up into the room we left the mine from
        ("n", "Coal Mine\n"), ("e", "Coal Mine\n"), ("s", "Coal Mine\n"),  # exits never walked: back we go
        ("n", "Gas Room\n"),
    ])  # fmt: skip
    assert rooms[6] == rooms[4]
    assert rooms[7:10] == [rooms[3], rooms[2], rooms[1]]
    assert rooms[10] == rooms[0]
