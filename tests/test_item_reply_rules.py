"""The item parser's reply patterns as ordered tables of named rules: the rule that decided is
recorded on the item updates it caused."""

from __future__ import annotations

from autofrotz.managers.item_manager import ItemManager
from autofrotz.managers.item_reply_rules import DROP_REPLIES, LINE_ANY, LINE_REPLIES, TAKE_REPLIES


def test_rule_names_are_unique_and_the_single_tables_end_in_a_catch_all() -> None:
    names = [r.name for t in (TAKE_REPLIES, DROP_REPLIES, LINE_ANY, *LINE_REPLIES.values()) for r in t]
    assert len(set(names)) == len(names)
    assert TAKE_REPLIES[-1].matches("anything") and DROP_REPLIES[-1].matches("anything")


def test_each_change_names_the_reply_rule_behind_it() -> None:
    m = ItemManager()
    m.update_from_game_output("Attic\n\nYou can see a brass lantern and an anvil here.", "attic", None, 1)
    took = m.update_from_game_output("You pick up the lantern.", "attic", "take lantern", 2)
    assert [(u.change, u.rule) for u in took if u.item_id == "brass_lantern"] == [("taken", "take_verb")]
    fixed = m.update_from_game_output("The anvil is fixed in place.", "attic", "take anvil", 3)
    assert [u.rule for u in fixed if u.change == "fixed"] == ["fixed_in_place"]
    lines = m.update_from_game_output("brass lantern: Dropped.\n", "attic", "drop all", 4)
    assert [(u.change, u.rule) for u in lines if u.item_id == "brass_lantern"] == [
        ("dropped", "line_dropped")
    ]


def test_an_unrecognised_reply_says_which_table_gave_up() -> None:
    m = ItemManager()
    m.update_from_game_output("Attic\n\nYou can see a brass lantern here.", "attic", None, 1)
    m.update_from_game_output("The lantern hums a tune.", "attic", "take lantern", 2)
    assert m.unsure_reason == "unrecognised reply to taking 'lantern'"
