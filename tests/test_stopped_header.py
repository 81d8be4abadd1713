"""Room names that end in a full stop, printed as their own paragraph after a narrative one (rule
stopped_title), and the one-line library replies that share their shape but are no rooms."""

from __future__ import annotations

import pytest

from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.room_parser import find_header, parse_output
from tests.support.map_walk import walk

DECK = "Upper deck.\nYou are on the upper deck of a barge. A ladder leads down to the hold.\n"
HOLD = (
    "You climb down the ladder, rung by creaking rung.\n\n"
    "Cargo hold.\nYou are in the cargo hold, among sacks of grain. A ladder leads up.\n"
)
HOLD_BRIEF = "You climb down the ladder, rung by creaking rung.\n\nCargo hold.\n"


def test_a_stopped_name_after_a_narrative_paragraph_is_a_header() -> None:
    parsed = parse_output(HOLD)
    assert (parsed.header, parsed.header_rule) == ("Cargo hold", "stopped_title")
    assert parsed.description.startswith("You are in the cargo hold")


def test_a_known_stopped_name_alone_is_a_brief_revisit() -> None:
    assert parse_output(HOLD_BRIEF).header is None  # unknown: no description vouches for it
    parsed = parse_output(HOLD_BRIEF, frozenset({"cargo hold"}))
    assert (parsed.header, parsed.header_rule) == ("Cargo hold", "stopped_title")


def test_stopped_names_make_one_room_each() -> None:
    manager = MapManager()
    rooms = walk(manager, [(None, DECK), ("d", HOLD), ("u", DECK), ("d", HOLD_BRIEF)])
    assert rooms[0] == rooms[2] and rooms[1] == rooms[3] and rooms[0] != rooms[1]
    assert sorted(r.name for r in manager.rooms()) == ["Cargo hold", "Upper deck"]


@pytest.mark.parametrize(
    "reply",
    ["Taken.", "Dropped.", "Opened.", "Unlocked.", "Eaten.", "Time passes.", "You can't go that way.",
     "Done.", "I don't follow.", "Nothing happens.", "Okay."],
)  # fmt: skip
def test_one_line_replies_are_no_headers(reply: str) -> None:
    text = f"You look around once more.\n\n{reply}\nYou are in the cargo hold, among sacks of grain.\n"
    assert parse_output(text).header is None
    assert parse_output(f"\n{reply}\n", frozenset({reply.rstrip(".").lower()})).header is None


def test_a_stopped_line_inside_a_paragraph_or_over_a_reply_is_no_header() -> None:
    assert parse_output("The rope holds.\nCargo hold.\nYou are in the cargo hold.").header is None
    assert parse_output("You wait.\n\nCargo hold.\nNothing else happens here today.").header is None


def test_a_sentence_case_header_over_a_description_without_its_last_full_stop() -> None:
    text = (
        "You enter a narrow capsule.\n\nLife support\nYou enter a life support module. Wires everywhere. "
        "Fans hum. Water purifiers for instance\n\nYou can also see a fan here."
    )
    assert find_header(text) == ("Life support", 2)
    assert find_header("Oh well\nFans hum and wires run along the wall for instance") == (None, -1)


def test_a_capitals_name_with_a_full_stop_over_a_blank_line_and_prose() -> None:
    text = "\nCOUNTING HOUSE.\n\nTall desks and stools stand in rows under a skylight.\nExits: north, west.\n"
    parsed = parse_output(text)
    assert (parsed.header, parsed.header_rule) == ("COUNTING HOUSE", "capitals_stopped_title")


def test_a_stopped_name_over_its_exits_line_is_a_revisit() -> None:
    parsed = parse_output("\nMERCHANT'S STUDY.\nExits: south.\n")
    assert (parsed.header, parsed.header_rule) == ("MERCHANT'S STUDY", "stopped_over_exits")


def test_a_short_reply_over_a_blank_line_is_no_capitals_header() -> None:
    assert parse_output("Nothing happens.\n\nThe troll swings his axe at you.\n").header is None
    assert parse_output("OK.\n\nThe door creaks open and a cold wind blows in.\n").header is None


def test_a_title_case_stopped_name_over_a_blank_line_and_a_room_description() -> None:
    text = "\nCoal Store.\n\nHeaps of coal fill a dark lean-to. The forge is back to the east.\n"
    parsed = parse_output(text)
    assert (parsed.header, parsed.header_rule) == ("Coal Store", "title_stopped_over_room")
    assert parse_output("\nCrash.\n\nThe vase breaks. Shards fly everywhere.\n").header is None
