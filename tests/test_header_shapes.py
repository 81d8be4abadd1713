"""Room headers in other shapes: a name in parentheses, a lower-case name, TextWorld's ornaments; the
Title Case and Sentence case headers read as before."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.room_parser import parse_output
from tests.support.map_walk import walk

SHOP = "(shop floor)\nYou're in your shop. Shelves line the walls and the back room is west.\n"
BACK = "(back room)\nYou're in the back room of your shop, among crates. The shop floor is east.\n"
YARD = "(yard)\nYou're standing in a muddy yard behind the shop. The back room is south.\n"


def test_a_parenthesised_name_over_a_second_person_description_is_a_header() -> None:
    parsed = parse_output(BACK)
    assert (parsed.header, parsed.header_rule) == ("back room", "parenthesised_name")
    assert parsed.description.startswith("You're in the back room") and not parsed.headerless_room


def test_parenthesised_headers_make_one_room_each() -> None:
    manager = MapManager()
    rooms = walk(manager, [(None, SHOP), ("w", BACK), ("n", YARD), ("s", BACK), ("e", SHOP)])
    assert rooms[0] == rooms[4] and rooms[1] == rooms[3]
    assert len({rooms[0], rooms[1], rooms[2]}) == 3
    assert sorted(r.name for r in manager.rooms()) == ["back room", "shop floor", "yard"]


def test_library_asides_in_parentheses_are_no_headers() -> None:
    for aside in ("(the brass key)", "(first taking the brass key)", "(opening the door first)"):
        assert parse_output(f"{aside}\nYou are in the cellar now, key in hand.").header is None


def test_a_lowercase_name_over_a_description_is_a_header() -> None:
    parsed = parse_output("You go down the steps.\n\ncellar\nYou are in a damp cellar. Steps lead up.")
    assert (parsed.header, parsed.header_rule) == ("cellar", "lowercase_name")
    assert parsed.exits == ["up"]


def test_a_wrapped_lowercase_line_is_no_header() -> None:
    text = "There are paths to the south and\nthe north\nYou are in a garden."
    assert parse_output(text).header is None


def test_a_known_lowercase_name_alone_is_a_brief_revisit() -> None:
    manager = MapManager()
    cellar = "cellar\nYou are in a damp cellar. Steps lead up.\n"
    hall = "hall\nYou are in a hall. Steps lead down.\n"
    rooms = walk(manager, [(None, cellar), ("u", hall), ("d", "cellar\n\nA spider scuttles away.")])
    assert rooms[0] == rooms[2] != rooms[1]


def test_textworld_headers_between_ornaments() -> None:
    parsed = parse_output("\n\n-= Spare Room =-\nYou arrive in a spare room. A standard kind of place.\n")
    assert (parsed.header, parsed.header_rule) == ("Spare Room", "decorated")


def test_title_and_sentence_case_headers_are_read_as_before() -> None:
    title = parse_output("West of House\nYou are standing in an open field west of a white house.")
    sentence = parse_output("In a clearing\nYou are in a small clearing in a well marked forest path.")
    assert (title.header, title.header_rule) == ("West of House", "title")
    assert (sentence.header, sentence.header_rule) == ("In a clearing", "sentence")


def test_a_lowercase_name_between_mirrored_ornaments_is_a_header() -> None:
    parsed = parse_output("<< boat shed >>\nOars hang from pegs along the wall.\n")
    assert (parsed.header, parsed.header_rule) == ("boat shed", "ornamented_name")
    for line in ("*** you have died ***", "<< boat shed ]", "<< the end >>"):
        assert parse_output(f"{line}\nOars hang from pegs along the wall.").header is None


def test_ornamented_lowercase_headers_make_one_room_each() -> None:
    shed = "<< boat shed >>\nOars hang from pegs. The slipway is south.\n"
    slip = "<< slipway >>\nA ramp of old planks runs into the water. The shed is north.\n"
    manager = MapManager()
    rooms = walk(manager, [(None, shed), ("s", slip), ("n", shed)])
    assert rooms[0] == rooms[2] != rooms[1]
    assert sorted(r.name for r in manager.rooms()) == ["boat shed", "slipway"]
