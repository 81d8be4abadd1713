"""Room identity for look-alike rooms: stations told apart by their exits, identical train cars told
apart by a first visit's full description in a game that abbreviates revisits."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager, exits_conflict
from tests.support.map_walk import walk

HALL = "Main Hall\nA vast hall of carved stone. The station is to the west.\n"
STATION_A = (
    "Railway Station\nHere hangs, from thick cables, the rail car over the chasms. From here you can reach "
    "the Smithy Court and the Treasury. To the east is the Main Hall.\n"
)
STATION_B = (
    "Railway Station\nHere hangs, from thick cables, the rail car over the chasms. From here you can reach "
    "the Main Hall and the Treasury. To the west are the barracks.\n"
)
BARRACKS = "Barracks\nRows of bunks. To the east is the station.\n"
PLATFORM_1 = "Platform One\nA long underground chamber. Tracks run east of here. Stairs lead up.\n"
PLATFORM_2 = "Platform Two\nAnother underground chamber. Tracks run south of here. Stairs lead up.\n"
CAR = "Subway car\nYou are in an underground train car. People fill the seats.\n"
CAR_BRIEF = "Subway car\n\nYou can see a newspaper here.\n"
PLATFORM_1_BRIEF = "Platform One\n"


def test_descriptions_naming_different_exits_conflict() -> None:
    assert exits_conflict(STATION_A, STATION_B)
    assert not exits_conflict(STATION_A, STATION_A.replace("Smithy Court", "Forge"))


def test_a_namesake_whose_description_names_other_exits_is_another_room() -> None:
    manager = MapManager()
    rooms = walk(manager, [(None, HALL), ("w", STATION_A), ("push button", "The car sways."),
                           ("out", STATION_B), ("w", BARRACKS), ("e", STATION_B)])  # fmt: skip
    assert rooms[1] != rooms[3]  # similar wording, but one has the hall east, the other barracks west
    assert rooms[5] == rooms[3]


def test_identical_cars_first_seen_by_full_description_stay_apart() -> None:
    manager = MapManager()
    rooms = walk(manager, [
        (None, PLATFORM_1), ("u", "Street\nA busy street.\n"), ("d", PLATFORM_1_BRIEF),  # brief revisits
        ("e", CAR), ("w", PLATFORM_2),  # the car rode on: its doors open on another platform
        ("s", CAR),  # a full description again: this game would abbreviate a revisit, so a second car
        ("n", PLATFORM_1_BRIEF), ("e", CAR_BRIEF),  # a brief revisit of the car entered eastwards
    ])  # fmt: skip
    first_car, second_car = rooms[3], rooms[5]
    assert first_car != second_car
    assert manager.room(first_car)["name"] == manager.room(second_car)["name"] == "Subway car"
    assert rooms[7] == first_car


def test_without_brief_revisits_a_repeated_full_description_is_the_same_room() -> None:
    manager = MapManager()
    rooms = walk(manager, [(None, PLATFORM_1), ("e", CAR), ("w", PLATFORM_2), ("s", CAR)])
    assert rooms[1] == rooms[3]  # a verbose game repeats descriptions: nothing says this is a new car


def test_landing_on_furniture_is_not_a_first_visit() -> None:
    manager = MapManager()
    tomb = "Tomb\nA granite room with a couch and a doorway to the west.\n"
    rooms = walk(manager, [
        (None, "Hall\nA hall. The tomb is down.\n"), ("d", tomb), ("u", "Hall\n"), ("d", "Tomb\n"),
        ("sleep", "Dream\nA world of spirits.\n"),
        ("w", "You wake...\n\nTomb (on the couch)\n" + tomb.split("\n", 1)[1]),  # thrown back: same tomb
    ])  # fmt: skip
    assert rooms[5] == rooms[1]


def test_a_fresh_text_unlike_the_room_an_inferred_way_back_names_is_a_new_room() -> None:
    manager = MapManager()
    rooms = walk(manager, [
        (None, "Cube\nYou are on a floating cube. Another cube floats far above you.\n"),
        ("n", "Beam\nYou are walking along a narrow beam running north to south.\n"), ("s", "Cube\n"),
        ("w", "The beam breaks! You float down...\n\nBeam\nYou are walking along a narrow beam running "
              "east to west. Above you hangs the network of beams.\n"),
        ("e", "Cube\nYou are on a floating cube. The red glow below is brighter here.\n"),
    ])  # fmt: skip
    assert rooms[4] not in (rooms[0], rooms[1], rooms[3])  # 'e' was only presumed to lead back up


def test_a_neighbour_described_afresh_after_a_change_is_the_same_room() -> None:
    manager = MapManager()
    west = "West of House\nYou are standing in an open field west of a white house, with a boarded door.\n"
    rooms = walk(manager, [
        (None, west), ("n", "North of House\nYou are facing the north side of a white house.\n"),
        ("s", "West of House\n"), ("n", "North of House\n"),
        ("w", west.rstrip("\n") + " A secret path leads southwest into the forest.\n"),
    ])  # fmt: skip
    assert rooms[4] == rooms[0]  # it leads to North of House, and its text changed: printed in full


def test_a_fresh_text_like_a_room_elsewhere_is_a_new_room() -> None:
    manager = MapManager()
    beam = (
        "Beam\nYou're walking along a very narrow wood beam that runs east to west into darkness. Below, "
        "you can see the dark silhouette of a network of beams and floating cubes. Much farther below "
        "you can see a dull red glow.\n"
    )
    rooms = walk(manager, [
        (None, "Cube\nYou are on a white cube.\n"), ("w", beam), ("w", "Ledge\nYou are on a ledge.\n"),
        ("e", "Beam\n"), ("w", "Ledge\n"), ("s", "Pit\nYou are in a pit.\n"),
        ("w", beam.replace("Below,", "Both above and below,")),  # much like the first beam, far from it
    ])  # fmt: skip
    assert rooms[6] != rooms[1]


def test_a_walk_that_sets_you_back_on_the_furniture_of_the_same_room_stays_there() -> None:
    manager = MapManager()
    tomb = "The Spirit World\nA granite room at the foot of a flight of steps that leads only to a wall.\n"
    on_couch = tomb.replace("World\n", "World (on the wooden couch)\n", 1)
    rooms = walk(manager, [(None, on_couch), ("get up", "The Spirit World\n"),
                           ("w", "The sphinxes lunge... and you wake...\n\n" + on_couch)])  # fmt: skip
    assert rooms[2] == rooms[0]


def test_a_header_with_an_aside_over_the_same_description_is_the_same_room() -> None:
    manager = MapManager()
    lawn = "A hedge-enclosed lawn laid out with a central coloured peg and six hoops.\n"
    rooms = walk(manager, [(None, "Croquet Lawn\n" + lawn),
                           ("walk 4 paces west", "Croquet Lawn (four paces west of the peg)\n" + lawn),
                           ("w", "Stairwell (lower)\nA stairwell.\n")])  # fmt: skip
    assert rooms[1] == rooms[0]
    assert manager.room(rooms[2])["name"] == "Stairwell (lower)"  # no room of the bare name here


def test_a_signature_under_a_letter_read_is_no_room() -> None:
    manager = MapManager()
    letter = '"I went south for parts.\n\nSincerely,\nBloppop Tinkertoe\nRepairdwarf, 479SK.\n'
    numbered = "The note reads:\n\n1.  Restore Power to the City\n2.  Restore Water to the city.\n"
    rooms = walk(manager, [(None, "Main Hall\nA large hall lit by magical torches.\n"),
                           ("read letter", letter), ("read note", numbered)])  # fmt: skip
    assert rooms == [rooms[0]] * 3


def test_an_examine_that_ends_in_a_described_room_moves_you() -> None:
    manager = MapManager()
    vision = "You find yourself moving towards a place you have never seen.\n\nRoof\nThe city below you is "
    rooms = walk(manager, [(None, "Void\nYou float in a void of shadows.\n"),
                           ("x shape", vision + "ancient. Dark domes form a silhouette.\n")])  # fmt: skip
    assert manager.room(rooms[1])["name"] == "Roof"


def test_a_new_name_over_the_same_things_renames_the_room() -> None:
    manager = MapManager()
    things = (
        "\n\nAmid the glass wall is an iron panel divided into a three-by-five grid.\n\n"
        "Behind the glass is a see-saw of two leather baskets at opposite ends of an oak pivot.\n\n"
        "Projecting out of the panel mechanism is a metal hand, which grasps a cannonball.\n"
    )
    rooms = walk(manager, [(None, "Contraption Room\nA room full of a fantastic contraption." + things),
                           ("north", "Walking through the mirror...\n\nContraption Reflection\n" + things),
                           ("south", "Contraption Room\n" + things)])  # fmt: skip
    assert rooms[0] == rooms[1] == rooms[2]


def test_a_teleport_to_the_one_room_of_that_name_keeps_it_despite_new_wording() -> None:
    manager = MapManager()
    dark = "Symbol Cave\nAn eerie, dark cave of icicles. A narrow crevice opens out to an iron doorway.\n"
    lit = "Symbol Cave\nA cave glowing with golden light. A narrow crevice opens out to an iron doorway.\n"
    rooms = walk(manager, [(None, dark), ("u", "Cellar\nA damp cellar.\n"),
                           ("point rod at me", "You are transported...\n\n" + lit)])  # fmt: skip
    assert rooms[2] == rooms[0]


def test_a_relocation_that_names_no_room_leaves_the_room_for_a_placeholder() -> None:
    manager = MapManager()
    rooms = walk(manager, [
        (None, "Jewel Room\nA high chamber with a steel cage.\n"), ("w", "Museum Entrance\nAn entrance.\n"),
        ("e", "Jewel Room\n"),
        ("press button", "A brief disorientation. Your surroundings appear to have changed.\n"),
        ("wait", "Time passes.\n"),
    ])  # fmt: skip
    assert rooms[3] not in rooms[:3] and rooms[4] == rooms[3]
    assert manager.room(rooms[3]).get("placeholder")


def test_a_state_line_under_a_brief_header_is_no_new_description() -> None:
    manager = MapManager()
    pit = "In West Pit\nYou are at the bottom of the western pit in the twopit room.\n"
    beanstalk = "In West Pit\nThere is a gigantic beanstalk stretching all the way to the hole.\n"
    rooms = walk(manager, [(None, pit), ("u", "Twopit Room\nYou are in the twopit room.\n"),
                           ("e", "Corridor\nYou are in a narrow corridor.\n"), ("s", beanstalk)])  # fmt: skip
    assert rooms[3] == rooms[0]
