"""Answers to "inventory" that are not a "You are carrying:" list: prose, worn and held parts, a
third-person narrator, empty hands said in other words, TextWorld's one-line list."""

from __future__ import annotations

from autofrotz.managers.item_inventory import parse_inventory
from autofrotz.managers.item_manager import ItemManager


def names(text: str) -> list[str] | None:
    listing = parse_inventory(text)
    return None if listing is None else [i.name for i in listing if i.container is None]


def test_one_prose_sentence() -> None:
    assert names("You have a ticket, a torch (providing light) and a map.") == ["ticket", "torch", "map"]
    listing = parse_inventory("You have a ticket, a torch (providing light) and a map.")
    assert listing is not None and listing[1].properties == {"lit": True}


def test_a_prose_sentence_wrapped_over_lines_with_an_event_after_it() -> None:
    text = "You have a brass key, a length of\nrope and a lantern.\n\nThe wind howls outside."
    assert names(text) == ["brass key", "length of rope", "lantern"]


def test_worn_and_held_parts() -> None:
    text = (
        "You are wearing a felt hat and a grey coat; in addition, you have in your hands a tray, "
        "on which are two cups (empty) and a saucer."
    )
    listing = parse_inventory(text)
    assert listing is not None
    top = [(i.name, i.properties.get("worn", False)) for i in listing if i.container is None]
    assert top[:3] == [("felt hat", True), ("grey coat", True), ("tray", False)]
    assert ("cups", "tray") in [(i.name, i.container) for i in listing]


def test_unbracketed_contents_end_where_the_outer_list_goes_on() -> None:
    text = (
        "You are wearing a scarf; in addition, you have in your hands a basket, in which are two "
        "apples and a pear (bruised), a kite and a ball of string."
    )
    listing = parse_inventory(text)
    assert listing is not None
    assert [i.name for i in listing if i.container is None] == ["scarf", "basket", "kite", "ball of string"]
    assert [i.name for i in listing if i.container == "basket"] == ["apples", "pear"]


def test_carrying_then_wearing_in_one_sentence() -> None:
    assert names("You are carrying a lamp, and you're wearing a raincoat.") == ["lamp", "raincoat"]


def test_a_third_person_narrator_block() -> None:
    text = "Marguerite has:\n  a lace handkerchief (in her sleeve)\n  a silver locket (being worn)\n"
    assert names(text) == ["lace handkerchief", "silver locket"]
    assert names("The twins have:\n  a kite\n  a ball of string\n") == ["kite", "ball of string"]


def test_a_third_person_narrator_sentence() -> None:
    assert names("Marguerite is carrying a fan and a glove.") == ["fan", "glove"]


def test_empty_hands_in_other_words() -> None:
    for text in (
        "You are empty-handed.",
        "You aren't carrying anything.",
        "You have nothing.",
        "Your hands are empty.",
        "Marguerite isn't carrying anything.",
        "You don't have anything with you.",
    ):
        assert parse_inventory(text) == [], text


def test_textworld_one_line_list() -> None:
    assert names("You are carrying: a shadfly and a butterfly.") == ["shadfly", "butterfly"]


def test_replies_that_are_not_inventories() -> None:
    for text in ("You have to be more specific!", "You have two options: go down or west.", "You have died"):
        assert parse_inventory(text) is None, text


def test_the_item_manager_resynchronises_from_a_prose_inventory() -> None:
    manager = ItemManager()
    manager.update_from_game_output("You have a ticket and a map.", "hall", "inventory", 1)
    assert sorted(i.name for i in manager.get_inventory()) == ["map", "ticket"]
    manager.update_from_game_output("You are wearing a coat.", "hall", "inventory", 2)
    carried = manager.get_inventory()
    assert [i.name for i in carried] == ["coat"] and carried[0].properties.get("worn") is True


# ----- the conventions inform/satchel.inf is written for -----
WIDE = (
    "You are carrying a woollen scarf (being worn), some gloves, a leather satchel (which is open), "
    "inside which are a tobacco tin (which is open), inside which is a luggage key and a folded map "
    "and a storm lantern."
)
TALL_THEN_WORN = (
    "You are carrying:\n  some gloves\n  a leather satchel (which is open)\n    a tobacco tin (which is "
    "open)\n      a luggage key\n    a folded map\n  a storm lantern\nYou are wearing:\n  a woollen scarf\n"
)


def test_the_library_wide_listing_nests_two_deep_without_brackets() -> None:
    listing = parse_inventory(WIDE)
    assert listing is not None
    placed = [(i.name, i.container) for i in listing]
    assert placed == [
        ("woollen scarf", None), ("gloves", None), ("leather satchel", None),
        ("tobacco tin", "leather satchel"), ("luggage key", "tobacco tin"), ("folded map", "leather satchel"),
        ("storm lantern", None),
    ]  # fmt: skip


def test_worn_things_under_a_heading_of_their_own_after_the_carried_ones() -> None:
    listing = parse_inventory(TALL_THEN_WORN)
    assert listing is not None
    top = [(i.name, i.properties.get("worn", False)) for i in listing if i.container is None]
    assert top == [
        ("gloves", False),
        ("leather satchel", False),
        ("storm lantern", False),
        ("woollen scarf", True),
    ]
    assert names("You are wearing:\n  a woollen scarf\n") == ["woollen scarf"]  # nothing carried, one worn


def test_a_room_listing_nests_brackets_two_deep() -> None:
    from autofrotz.managers.item_names import list_items

    text = (
        "a storm lantern and a leather satchel (in which are a tobacco tin (in which is a luggage key) "
        "and a folded map)"
    )
    placed = [(i.name, i.container) for i in list_items(text)]
    assert placed == [
        ("storm lantern", None), ("leather satchel", None), ("tobacco tin", "leather satchel"),
        ("luggage key", "tobacco tin"), ("folded map", "leather satchel"),
    ]  # fmt: skip


# ----- a list under a heading of the game's own wording (inform/farmyard.inf) -----
def test_a_list_after_a_colon_on_the_heading_line() -> None:
    listing = parse_inventory("Pockets: a ball of twine and a penknife.") or []
    assert [i.name for i in listing] == ["ball of twine", "penknife"]


def test_a_list_one_a_line_under_an_unknown_heading() -> None:
    listing = parse_inventory("Pockets:\na red apple\na ball of twine\na penknife\n\n>") or []
    assert [i.name for i in listing] == ["red apple", "ball of twine", "penknife"]


def test_a_colon_before_words_that_are_no_objects_is_no_inventory() -> None:
    assert parse_inventory("You have two options: go down or west.") is None
    assert parse_inventory("Note: the door is locked.") is None


def test_inventory_headings_naming_what_follows_and_one_line_possession() -> None:
    """ "You are carrying the following items:" over a list, and one line with "possess" or "carry"
    ("You possess a lamp and a rope."), which stays an empty inventory after "nothing"."""
    from autofrotz.managers.item_inventory import parse_inventory

    def names(text: str) -> list[str] | None:
        listing = parse_inventory(text)
        return None if listing is None else [item.name for item in listing]

    assert names("You are carrying the following items:\n  a lamp\n  a rope") == ["lamp", "rope"]
    assert names("You have the following things:\n  a lamp") == ["lamp"]
    assert names("You possess a lamp and a rope.") == ["lamp", "rope"]
    assert names("You carry nothing.") == []


def test_list_markers_are_no_part_of_a_name() -> None:
    assert names("You are carrying:\n- a lamp\n* a sword\n1. a rope") == ["lamp", "sword", "rope"]
    assert names("You're carrying:\n*SMALL STATUE*") == ["SMALL STATUE"]  # stars around a name stay read


def test_a_heading_that_names_the_inventory_takes_bare_names() -> None:
    assert names("Inventory:\n  lamp\n  brass key") == ["lamp", "brass key"]
    assert names("INVENTORY:\nLAMP\nSWORD") == ["LAMP", "SWORD"]
    assert names("Carrying: lamp, sword.") == ["lamp", "sword"]
    assert names("Exits:\n  north\n  south") is None  # a heading that names no inventory still needs articles


def test_worn_things_on_a_line_after_an_inline_listing() -> None:
    listing = parse_inventory("You are carrying a lamp.\nYou are wearing a hat.\n\nA bell rings.")
    assert listing is not None
    assert [(i.name, i.properties.get("worn", False)) for i in listing] == [("lamp", False), ("hat", True)]


def test_got_as_a_possession_verb() -> None:
    assert names("You've got a lamp and a sword.") == ["lamp", "sword"]


def test_older_games_lead_lines_capitals_counts_and_worn_sections() -> None:
    # depot's shape: a lead line of the game's own, one entry a line in capitals, a bracketed count
    listing = parse_inventory("You have with you:\nLANTERN\nCOINS (3)\nWorn:\nCAP\n")
    assert listing is not None
    assert [(i.name, i.properties) for i in listing] == [
        ("LANTERN", {}),
        ("COINS", {"count": 3}),
        ("CAP", {"worn": True}),
    ]
    assert names("You have with you:\nNothing.\nWorn:\nJACKET\n") == ["JACKET"]
    assert names("You have with you:\nNothing.\n") == []


def test_a_comma_list_on_the_line_under_its_heading_with_a_worn_line() -> None:
    # ledger's shape: bare names comma-separated on the next line, a digit count, "You are wearing: x."
    text = "Your possessions are:\ntinderbox, 2 candles, quill.\nYou are wearing: cloak.\n"
    listing = parse_inventory(text)
    assert listing is not None
    assert [(i.name, i.properties) for i in listing] == [
        ("tinderbox", {}),
        ("candles", {"count": 2}),
        ("quill", {}),
        ("cloak", {"worn": True}),
    ]
    assert names("Your possessions are:\nNothing.\n") == []


def test_one_word_headings_with_the_lists_on_their_lines() -> None:
    # bothy's shape: "Carried: ..." then "Worn: ..." each on one line
    listing = parse_inventory("Carried: rope, 2 candles, map.\nWorn: boots, hat.\n")
    assert listing is not None
    assert [(i.name, bool(i.properties.get("worn"))) for i in listing] == [
        ("rope", False),
        ("candles", False),
        ("map", False),
        ("boots", True),
        ("hat", True),
    ]
    assert names("Carried: nothing.\nWorn: boots.\n") == ["boots"]


def test_a_lead_line_over_words_that_are_no_objects_is_no_inventory() -> None:
    assert parse_inventory("You have two options:\ngo down, or go west and up the stairs.") is None


def test_what_is_carried_as_the_exception_to_nothing() -> None:
    # stable's shape (rule nothing_but): read as the plain listing it means, not as empty hands
    assert names("I have nothing but the hay fork and the bridle.") == ["hay fork", "bridle"]
    assert names("You aren't holding anything except a key.") == ["key"]
    assert names("You are empty-handed except for a map.") == ["map"]
    assert names("I have nothing.") == []
    assert names("You've got:\n  a lamp\n  a key") == ["lamp", "key"]


def test_the_phoenix_games_list_each_thing_as_a_long_sentence() -> None:
    # smithy's shape (rules long_listed_entry and appositive_after_name)
    text = (
        "You are holding:\n"
        "A canvas bag, heavy with horseshoe nails of every size from the mill's store.\n"
        "Some long-handled tongs.\n"
        "A smith's cross-peen hammer, worn smooth at the handle by years of use.\n"
    )
    assert names(text) == ["canvas bag", "long-handled tongs", "smith's cross-peen hammer"]
    assert names("You are holding:\n") == []
    narration = "You are holding:\n  a lamp\nThe ground shakes beneath your feet and a rumble echoes round."
    assert names(narration) == ["lamp"]


def worn_names(text: str) -> list[tuple[str, bool]] | None:
    listing = parse_inventory(text)
    return None if listing is None else [(i.name, bool(i.properties.get("worn"))) for i in listing]


def test_an_empty_phrase_with_a_listing_reads_the_listing() -> None:
    # rules empty_then_listing and nothing_but (no exception when ", but" opens a new clause)
    assert worn_names("You aren't carrying anything, but you are wearing a coat.") == [("coat", True)]
    assert worn_names("Your hands are empty. You are wearing a coat.") == [("coat", True)]
    assert worn_names("You are empty-handed.\nYou are wearing a coat.") == [("coat", True)]
    assert worn_names("You have nothing in your hands. You are wearing a hat and a scarf.") == [
        ("hat", True),
        ("scarf", True),
    ]
    assert names("Your hands are empty.") == [] and names("You are empty-handed.") == []


def test_a_part_of_the_player_holds_the_listing() -> None:
    # rules part_holds and place_frame
    assert names("Your hands are empty, but your pockets hold a key and a coin.") == ["key", "coin"]
    assert names("In your hands you hold a lamp.") == ["lamp"]
    assert names("Your pockets hold nothing.") == []


def test_the_exception_told_before_the_nothing() -> None:
    # rule exception_first, also after narration on the same line
    assert names("Apart from a lamp you have nothing.") == ["lamp"]
    assert worn_names(
        "You pat your apron pockets. Apart from the ladle, you have nothing. You are also wearing an apron."
    ) == [
        ("ladle", False),
        ("apron", True),
    ]
    assert names("You are carrying nothing of value: just a lamp.") == ["lamp"]


def test_narration_before_a_prose_listing() -> None:
    # rule narration_before_listing: a sentence or two, no more
    assert names("You check your pockets. You are carrying a lamp and a key.") == ["lamp", "key"]
    assert names("You have a lamp with you.") == ["lamp"]
    assert names("It is dark. The wind howls. Rain falls. You are carrying a lamp.") is None
    assert names("You have to be more specific!") is None


def test_scullery_inventory_shapes() -> None:
    # inform/scullery.inf prints these answers to "inventory"
    text = (
        "You pat your apron pockets. Your pockets hold a jar of honey and a ladle. "
        "You are also wearing an apron."
    )
    assert worn_names(text) == [("jar of honey", False), ("ladle", False), ("apron", True)]
    assert names("You pat your apron pockets. Your hands are empty.") == []


def test_words_around_a_list_that_name_nothing() -> None:
    # rules only_qualifier, nothing_else and all_you_have
    assert names("You have only a lamp.") == ["lamp"] and names("You are only carrying a lamp.") == ["lamp"]
    assert names("You're holding just the lamp.") == ["lamp"]
    assert names("You are carrying a lamp and nothing else.") == ["lamp"]
    assert names("You have a lamp, and that's all.") == ["lamp"]
    assert names("All you have is a lamp.") == ["lamp"]
    assert names("The only thing you are carrying is a key.") == ["key"]
    assert names("You are carrying nothing, except your clothes.") == ["clothes"]


def test_listing_blocks_in_less_common_shapes() -> None:
    # rules list_on_next_line, sentences_on_one_line, carrying_line_again, worn_after_blank, flush_block_worn
    assert names("You are carrying the following items:\nlamp, key, coin") == ["lamp", "key", "coin"]
    assert names("You are carrying:\nA lamp. A key. A coin.") == ["lamp", "key", "coin"]
    assert names("You are carrying a lamp.\nYou are carrying a key.") == ["lamp", "key"]
    assert worn_names("You are carrying nothing.\n\nYou are wearing:\n  a coat") == [("coat", True)]
    assert worn_names("You have the following:\nLamp\nKey\nYou are wearing:\nCoat") == [
        ("Lamp", False),
        ("Key", False),
        ("Coat", True),
    ]
    assert names("You have in your possession:\n LAMP\n KEY") == ["LAMP", "KEY"]
    # a flush-left block still ends where the game talks again
    assert names("You are carrying:\nA lamp\nThe troll grabs at your ankle and snarls at you.") == ["lamp"]
