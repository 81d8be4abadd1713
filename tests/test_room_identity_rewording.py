"""Room identity when wording changes: one room redrawn under new words while the same event goes on,
short texts that recall a long first visit (with a name learnt since), a room described afresh in the
third person under its old header, and an author's sign-off that is no room."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.room_parser import parse_output
from tests.support.map_walk import walk

HALL = "You are in the entrance hall of an old house.\nThere are archways to the east and west."
BLOW = "A chair flies across the room, hurled by a poltergeist. You fend it off and it misses you.\n"
EXITS = "There are exits to the north, south, east and west"
BEDROOM = BLOW + "You are in a large bedroom in the old house.\n" + EXITS
PANTRY = BLOW + "You are in a small pantry in the old house.\n" + EXITS
STUDY = BLOW.replace("misses you", "bruises your arm") + "You are in the study of the old house.\n" + EXITS
PLATFORM = "You are on a deserted railway platform. The house is to your south."


def test_the_same_event_over_a_reworded_room_is_one_room_redrawn() -> None:
    rooms = walk(MapManager(), [(None, HALL), ("e", BEDROOM), ("w", PANTRY), ("e", STUDY), ("n", PANTRY)])
    assert rooms[1] == rooms[2] == rooms[3] == rooms[4] != rooms[0]


def test_leaving_the_redrawn_room_reaches_a_new_room() -> None:
    rooms = walk(MapManager(), [(None, HALL), ("e", BEDROOM), ("w", PANTRY), ("e", PLATFORM)])
    assert rooms[3] not in (rooms[0], rooms[1])


TIP_EAST = (
    "You are at the eastern tip of a small oval-shaped island.\n"
    "There are paths to the west, northwest and southwest."
)
CENTRE = "You are at the centre of Cannibal Island."
TIP_WEST = "You are at the western tip of Cannibal Island"
TIP_NORTH = "You are at the northern tip of Cannibal Island"
TIP_EAST_NAMED = "You are at the eastern tip of Cannibal Island"


def test_rooms_worded_alike_without_an_event_stay_apart() -> None:
    rooms = walk(MapManager(), [(None, TIP_EAST), ("w", CENTRE), ("w", TIP_WEST), ("ne", TIP_NORTH)])
    assert len(set(rooms)) == 4  # "western tip" is not the "west" of the first tip's paths


def test_a_short_text_with_a_name_learnt_since_recalls_the_first_visit() -> None:
    tip = "You are at the eastern tip of an island. Paths lead west."  # too short to be recalled by share
    steps = [(None, tip), ("w", CENTRE), ("w", TIP_WEST), ("ne", TIP_NORTH), ("se", TIP_EAST_NAMED)]
    rooms = walk(MapManager(), steps)
    assert rooms[4] == rooms[0]


CELLAR = "You are in a large quadrangular cellar. Passages lead northeast and east."
CHAMBER = (
    "You are in a small chamber with a passage back to the southwest. The\n"
    "main feature of this room is a large black hole in the floor into\n"
    "which all the light of the room seems to fall. The air is filled\n"
    "with alien sounds, the like of which no synthesizer ever produced"
)
CAVERN = (
    "You are in a grisly-looking cavern with a large black hole\n"
    "in the floor, into which all the light is plummetting. There\nis no other exit."
)
CHAMBER_RECALLED = "You are in the room with the black hole in the floor\nand the weird noises"


def test_a_short_text_recalls_the_room_sharing_most_of_its_words() -> None:
    dark = "It is pitch dark"
    steps = [(None, CELLAR), ("ne", CHAMBER), ("d", dark), ("se", CAVERN), ("d", dark)]
    rooms = walk(MapManager(), [*steps, ("n", CHAMBER_RECALLED)])
    assert rooms[5] == rooms[1]


CORRIDOR = "Corridor\nThis is a north-south corridor ten feet wide. A side passage once led west.\n"
ROUND = (
    "Chamber\nYou are in a round vaulted chamber, about fifty feet across. The chamber is bare. "
    "Corridors lead south and east.\n"
)
WRECKED = (
    "You struggle through the debris.\n\nChamber\nThe round chamber is badly damaged, and the south wall "
    "has partly collapsed, spreading debris over the floor. A strong stench emerges from the trapdoor.\n"
)


def test_a_header_over_a_long_new_text_in_a_brief_game_is_another_room() -> None:
    steps = [(None, CORRIDOR), ("n", ROUND), ("s", "Corridor\n"), ("n", "Chamber\n"), ("s", "Corridor\n")]
    rooms = walk(MapManager(), [*steps, ("n", WRECKED)])
    assert rooms[3] == rooms[1]  # a brief revisit
    assert rooms[5] != rooms[1]  # described afresh, unlike the round chamber: the game swapped it


def test_an_authors_sign_off_is_no_room_header() -> None:
    text = "The nightmare ends.\n\nJane Doe, Tokyo, 2002\n\n    *** You have won ***\n"
    assert parse_output(text).header is None


KEEP = "The passage widens into a vast chamber full of soldiers.\nYou are in the keep"
PATH = "You are on a north-south path by the damp passage"
SPEECH = '"Congratulations," says the Keeper. "But there is one thing you must do."'
LAKE = "Darkness descends. Suddenly light returns and you see that...\nYou are by the lake once more."


def test_a_move_answered_by_speech_alone_leads_somewhere_unseen() -> None:
    steps = [(None, PATH), ("n", KEEP), ("s", PATH), ("n", SPEECH), ("sword", LAKE)]
    rooms = walk(MapManager(), steps)
    assert rooms[3] not in (rooms[1], rooms[2])  # not the keep the known exit leads to
    assert rooms[4] == rooms[3]  # the place is named when it is described


def test_a_move_in_the_dark_from_a_dead_end_leads_back_where_we_came_from() -> None:
    dark = "It is pitch dark"
    steps = [(None, CELLAR), ("ne", CHAMBER), ("d", dark), ("se", CAVERN), ("take myrrh", "OK"), ("d", dark)]
    rooms = walk(MapManager(), steps)
    assert rooms[5] == rooms[2]  # the cavern has no other exit: going down its hole returns


STUDY_ROOM = "Study\nDust and spider webs cover the shelves. A staircase leads up and down.\n"
VISION = (
    "Before long the message is decoded, and you are swept away in a powerful vision.\n\n"
    "Dark Chamber\nThis is a small chamber with rough walls, cut directly from rock.\n"
)
VISION_TEMPLE = (
    "Time passes.\n\nThe scene abruptly changes...\n\nTemple\nYou are in a huge vaulted building.\n"
)
VISION_ENDS = "Time passes.\n\nThe next moment the vision is gone...\n\n" + STUDY_ROOM


def test_rooms_seen_in_a_vision_are_not_walked_into() -> None:
    temple = "Temple\nYou are in a huge vaulted building.\n"  # on the map before the vision shows it
    steps = [(None, temple), ("n", STUDY_ROOM), ("x paper", VISION), ("z", VISION_TEMPLE), ("z", VISION_ENDS)]
    rooms = walk(MapManager(), [*steps, ("d", "Hall\nA bare hall.\n")])
    assert rooms[1] == rooms[2] == rooms[3] == rooms[4] not in (rooms[0], rooms[5])


WEIRD = "You are in a room so weird that I would almost think of it as another universe, lit by glowing air."


def test_darkness_said_to_come_back_returns_to_the_dark_room_we_came_from() -> None:
    dark = "It is pitch dark"
    steps = [(None, CELLAR), ("ne", CHAMBER), ("d", dark), ("s", WEIRD), ("take bread", "OK")]
    rooms = walk(MapManager(), [*steps, ("xyzzy", "Suddenly everything goes black again.\nIt is pitch dark")])
    assert rooms[5] == rooms[2]


def test_a_map_saved_during_a_vision_still_knows_it_is_one() -> None:
    temple = "Temple\nYou are in a huge vaulted building.\n"
    before = MapManager()
    rooms = walk(before, [(None, temple), ("n", STUDY_ROOM), ("x paper", VISION)])
    after = MapManager.from_dict(before.to_dict())
    rooms += walk(after, [("z", VISION_TEMPLE), ("z", VISION_ENDS)])
    assert rooms[1] == rooms[2] == rooms[3] == rooms[4] != rooms[0]  # the known Temple is only seen
