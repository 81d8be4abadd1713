"""Inventory answers in the older mainframe ports' shapes (tinker, hawker) and a listed thing whose name
ends with an exclamation: slashes, a counted heading, two columns, a remark inside the list."""

from __future__ import annotations

from autofrotz.managers.item_inventory import parse_inventory


def names(text: str) -> list[str] | None:
    listing = parse_inventory(text)
    return None if listing is None else [i.name for i in listing if i.container is None]


def test_slashes_part_the_entries_on_the_lead_line() -> None:
    listing = parse_inventory("YOU HAVE WITH YOU: SMOCK (WORN)/KETTLE.")
    assert listing is not None
    assert [(i.name, bool(i.properties.get("worn"))) for i in listing] == [("SMOCK", True), ("KETTLE", False)]
    assert names("Inventory:\nLAMP/ROPE / TIN BOX") == ["LAMP", "ROPE", "TIN BOX"]
    assert names("You have with you: a 1/2 pint jug.") == ["1/2 pint jug"]  # digits: no separator
    assert names("You have a torch with an on/off switch.") == ["torch with an on/off switch"]


def test_a_counted_heading_a_blank_line_and_two_columns() -> None:
    text = (
        "YOU ARE CARRYING 5 OBJECTS:\n\n"
        "  TIN BOX (CONTAINS BUTTON)     LAMP\n"
        "  ROPE                          SMOCK (WORN)\n"
        "  KETTLE                        \n"
    )
    assert names(text) == ["TIN BOX", "LAMP", "ROPE", "SMOCK", "KETTLE"]
    assert names("You have 3 items:\nlamp\nrope\nbox") == ["lamp", "rope", "box"]
    assert names("You are carrying two things: a lamp and a rope.") == ["lamp", "rope"]
    assert names("You are carrying:\n  a lamp   (lit)\n") == ["lamp"]  # a note in brackets is no column


def test_upper_case_names_one_a_sentence() -> None:
    assert names("I AM CARRYING THE FOLLOWING:\nLAMP. ROPE. TIN BOX.") == ["LAMP", "ROPE", "TIN BOX"]


def test_a_remark_inside_a_flush_left_list_is_skipped() -> None:
    text = (
        "Your possessions:\n\n"
        "A leather bag, in which is a thimble.\n"
        "Cash to the value of nine pence in all.\n"
        "A pedlar's tray.\n"
        "Your own two hands.\n"
    )
    assert names(text) == ["leather bag", "pedlar's tray", "own two hands"]


def test_narration_after_a_flush_left_list_still_ends_it() -> None:
    text = "You are carrying:\nA lamp.\nA rope.\nSomewhere far off, a dog begins to bark.\n\nA lamp glows.\n"
    assert names(text) == ["lamp", "rope"]


def test_an_indented_entry_may_end_with_an_exclamation() -> None:
    text = "You are carrying:\n  a kite\n  a tin badge with the words Vote for the Mayor!\n  a map\n"
    assert names(text) == ["kite", "tin badge with the words Vote for the Mayor", "map"]
    assert names("You are carrying:\n  a kite\n  Somebody shouts your name!\n") == ["kite"]
