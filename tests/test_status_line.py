"""Status-line text run into replies: cut from what the managers read, its room name kept as a weak signal."""

from __future__ import annotations

from autofrotz.managers.item_inventory import parse_inventory
from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.room_parser import parse_output
from autofrotz.managers.status_line import strip_status
from tests.support.map_walk import walk

PAD = " " * 40


def test_a_status_glued_to_the_end_of_a_description_line_is_cut() -> None:
    parsed = parse_output(f"Kitchen\nYou are in a kitchen.{PAD}KitchenScore: 0Moves: 1")
    assert parsed.header == "Kitchen" and parsed.description == "You are in a kitchen."


def test_a_flush_glued_status_line_is_no_room_header() -> None:
    parsed = parse_output("Time passes.\nHallScore: 0Moves: 3\nTime passes.")
    assert parsed.header == "Hall" and parsed.header_rule == "status_line"


def test_a_status_line_names_the_room_only_when_no_header_does() -> None:
    reply = "Kitchen\nYou are in a kitchen.\n\n Kitchen                   Score: 0   Moves: 3"
    parsed = parse_output(reply)
    assert parsed.header == "Kitchen" and parsed.header_rule == "title"
    assert parsed.description == "You are in a kitchen."  # read under the header, not under the status
    assert parsed.status_name == "Kitchen"


def test_a_status_line_after_a_key_press_names_the_room_of_a_reply_without_header() -> None:
    parsed = parse_output(f"You wait a while. [MORE]{PAD}CellarScore: 0Moves: 9")
    assert (parsed.header, parsed.header_rule) == ("Cellar", "status_line")


def test_a_multi_turn_wait_keeps_the_room() -> None:
    hall = "Hall\nYou are in a long hall. A door leads north.\n"
    wait = "Time passes.\n" + "\n".join(f"HallScore: 0Moves: {n}\nTime passes." for n in (2, 3, 4))
    manager = MapManager()
    rooms = walk(manager, [(None, hall), ("wait", wait), ("wait", wait.replace("Moves: 4", "Moves: 7"))])
    assert rooms[0] == rooms[1] == rooms[2]
    assert [r.name for r in manager.rooms()] == ["Hall"]


def test_textworld_status_fragments_are_cut_and_name_the_room() -> None:
    reply = f"-= Spare Room =-\nYou arrive in a spare room.\n\n>{PAD}-= Spare Room =-0/5"
    assert strip_status(reply).text == "-= Spare Room =-\nYou arrive in a spare room.\n\n"
    parsed = parse_output("You open the crate.\n\n-= Spare Room =-0/6")
    assert (parsed.header, parsed.header_rule) == ("Spare Room", "status_line")


def test_a_status_line_in_an_inventory_listing_is_not_an_object() -> None:
    listing = parse_inventory(f"You are carrying:\n  a lamp\n  a rod\n{PAD}HallScore: 0Moves: 3")
    assert listing is not None and [i.name for i in listing] == ["lamp", "rod"]


def test_story_text_with_score_words_is_kept() -> None:
    for line in ("Your final score: 10", "(Score: 3)", 'The sign says "Moves: 3"', "You have 3 Moves: none"):
        assert strip_status(line).text == line
