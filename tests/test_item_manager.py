"""Item manager: reply styles, operations, classification, limits, serialisation, LLM use."""

from __future__ import annotations

from autofrotz.llm.errors import PermanentError
from autofrotz.llm.mock_llm import MockLLM
from autofrotz.managers.item_manager import ItemManager
from autofrotz.storage.models import INVENTORY, UNKNOWN


def names(manager: ItemManager) -> set[str]:
    return {i.name for i in manager.get_inventory()}


def seen(manager: ItemManager, text: str, room: str = "attic", command: str | None = None) -> ItemManager:
    manager.update_from_game_output(text, room, command, 1)
    return manager


def test_room_listing_then_take_and_drop() -> None:
    m = seen(ItemManager(), "Attic\n\nYou can see a brass lantern and a sword here.")
    assert {i.name for i in m.get_items_in_room("attic")} == {"brass lantern", "sword"}
    m.update_from_game_output("Taken.", "attic", "take lantern", 2)
    assert names(m) == {"brass lantern"}
    m.update_from_game_output("Dropped.", "cellar", "drop lantern", 3)
    assert m.get_item("brass_lantern").location == "cellar"  # type: ignore[union-attr]
    assert names(m) == set()


def test_there_is_here_listing_and_take_by_word() -> None:
    m = seen(ItemManager(), "Temple\nThere is a brass bell here.")
    m.update_from_game_output("Taken!", "temple", "get bell", 2)
    assert names(m) == {"brass bell"}


def test_multi_object_replies() -> None:
    m = ItemManager()
    m.update_from_game_output(
        "set of keys: Taken.\nstream: You can't carry that.\nbrass lantern: Taken.", "r", "get all"
    )
    assert names(m) == {"set of keys", "brass lantern"}
    assert m.get_item("stream").portable is False  # type: ignore[union-attr]
    m.update_from_game_output("set of keys: Dropped.\nbrass lantern: Dropped.", "r", "drop all")
    assert names(m) == set()


def test_taken_colon_list_and_dropped_colon_list() -> None:
    m = ItemManager()
    m.update_from_game_output("Taken: the lamp, a sword.", "r", "take all")
    assert names(m) == {"lamp", "sword"}
    m.update_from_game_output("Dropped: the lamp.", "r", "drop all")
    assert names(m) == {"sword"}


def test_implicit_take_and_make_room() -> None:
    m = ItemManager()
    m.add_item("canvas rucksack", INVENTORY)
    m.update_from_game_output("(first taking the brass lamp)\nYou light it.", "r", "light lamp")
    assert "brass lamp" in names(m)
    m.update_from_game_output(
        "(putting the brass lamp into the canvas rucksack to make room)\nTaken.", "r", "get x"
    )
    assert m.get_item("brass_lamp").location == "canvas_rucksack"  # type: ignore[union-attr]


def test_container_reveal_and_contains() -> None:
    m = seen(ItemManager(), "Opening the small mailbox reveals a leaflet.", "west_of_house", "open mailbox")
    assert m.get_item("leaflet").location == "small_mailbox"  # type: ignore[union-attr]
    m = seen(ItemManager(), "Kitchen\nThe glass bottle contains:\n  A quantity of water\n", "kitchen")
    assert m.get_item("quantity_of_water").location == "glass_bottle"  # type: ignore[union-attr]


def test_put_give_eat_throw() -> None:
    m = ItemManager()
    for item in ("coin", "apple", "axe", "rock"):
        m.add_item(item, INVENTORY)
    m.update_from_game_output("You put the coin into the slot.", "r", "put coin in slot")
    assert m.get_item("coin").location == "slot"  # type: ignore[union-attr]
    m.update_from_game_output("The troll graciously accepts the axe.", "r", "give axe to troll")
    assert m.get_item("axe").location == "troll"  # type: ignore[union-attr]
    assert m.get_item("troll").properties["alive"] is True  # type: ignore[union-attr]
    m.update_from_game_output("Delicious. You feel better.", "r", "eat apple")
    assert m.get_item("apple").location == UNKNOWN  # type: ignore[union-attr]
    m.update_from_game_output("Thud.", "cave", "throw rock")
    assert m.get_item("rock").location == "cave"  # type: ignore[union-attr]


def test_refused_give_keeps_item() -> None:
    m = ItemManager()
    m.add_item("axe", INVENTORY)
    m.update_from_game_output("The troll doesn't seem interested.", "r", "give axe to troll")
    assert names(m) == {"axe"}


def test_inventory_listing_resynchronises_nested_and_properties() -> None:
    m = ItemManager()
    m.add_item("ghost", INVENTORY)
    listing = (
        "You are carrying:\n  a wicker cage (which is closed)\n    a little bird\n"
        "  a brass lantern (providing light)\n  a cloak (being worn)\n"
    )
    updates = m.update_from_game_output(listing, "r", "inventory")
    assert names(m) == {"wicker cage", "brass lantern", "cloak"}
    assert m.get_item("little_bird").location == "wicker_cage"  # type: ignore[union-attr]
    assert m.get_item("ghost").location == UNKNOWN  # type: ignore[union-attr]
    assert any(u.item_id == "ghost" and u.change == "gone" for u in updates)
    assert m.get_item("brass_lantern").properties["lit"] is True  # type: ignore[union-attr]
    assert m.get_item("wicker_cage").properties["open"] is False  # type: ignore[union-attr]
    assert [i.name for i in m.find_items_by_property("worn", True)] == ["cloak"]


def test_inventory_styles() -> None:
    for text in ("You are empty-handed.", "You are carrying nothing.", "You are holding:\nNothing"):
        m = ItemManager()
        m.add_item("lamp", INVENTORY)
        m.update_from_game_output(text, "r", "i")
        assert names(m) == set(), text
    m = seen(ItemManager(), "You are carrying a lamp, two coins and a sword.", command="inventory")
    assert names(m) == {"lamp", "coins", "sword"}
    assert m.get_item("coins").properties["count"] == 2  # type: ignore[union-attr]
    m = seen(
        ItemManager(),
        "You are carrying:\n  A teapot\n  The teapot contains:\n    A quantity of water\n",
        command="i",
    )
    assert names(m) == {"teapot"}
    assert m.get_item("quantity_of_water").location == "teapot"  # type: ignore[union-attr]


def test_noun_named_item_is_renamed_by_listing() -> None:
    m = ItemManager()
    m.update_from_game_output("Taken.", "r", "get lamp")
    assert names(m) == {"lamp"} and m.wants_inventory_check
    m.update_from_game_output("You are carrying:\n  a brass lantern\n", "r", "inventory")
    assert names(m) == {"brass lantern"}
    assert m.get_item("brass_lantern").properties["aliases"] == ["lamp"]  # type: ignore[union-attr]
    assert not m.wants_inventory_check


def test_classification_fixed_and_alive() -> None:
    m = ItemManager()
    m.update_from_game_output("That's hardly portable.", "r", "take table")
    m.update_from_game_output("That's fixed in place.", "r", "take skylight")
    m.update_from_game_output("I don't suppose the dog would care for that.", "r", "take dog")
    assert m.get_item("table").portable is False  # type: ignore[union-attr]
    assert m.get_item("skylight").portable is False  # type: ignore[union-attr]
    assert m.get_item("dog").properties["alive"] is True  # type: ignore[union-attr]
    assert names(m) == set()


def test_inventory_limit_learned_from_refusal() -> None:
    m = ItemManager()
    for item in ("a", "b", "c"):
        m.add_item(f"thing {item}", INVENTORY)
    updates = m.update_from_game_output("You're carrying too many things already.", "r", "take rock")
    assert m.inventory_limit == 3
    assert any(u.change == "limit" for u in updates)
    assert "rock" not in {i.name for i in m.get_inventory()}


def test_not_held_marks_vanished_item_unknown() -> None:
    m = ItemManager()
    m.add_item("leaflet", INVENTORY)
    m.update_from_game_output("You aren't carrying that.", "r", "drop leaflet")
    assert m.get_item("leaflet").location == UNKNOWN  # type: ignore[union-attr]


def test_droppable_items_ordering() -> None:
    m = ItemManager()
    m.add_item("brass lantern", INVENTORY, lit=True)
    m.add_item("sword", INVENTORY)
    m.add_item("leaflet", INVENTORY)
    m.add_item("sack", INVENTORY)
    m.add_item("lunch", "sack")
    m.add_item("key", INVENTORY)
    m.add_item("statue", INVENTORY).portable = False
    order = [i.name for i in m.get_droppable_items(puzzle_items=["key"])]
    assert order == ["leaflet", "sack", "sword", "brass lantern"]


def test_serialisation_round_trip() -> None:
    m = seen(ItemManager(), "You can see a lamp here.")
    m.update_from_game_output("Taken.", "attic", "take lamp")
    m.update_from_game_output("Taken.", "attic", "take widget")
    m.inventory_limit = 7
    copy = ItemManager.from_dict(m.to_dict())
    assert copy.to_dict() == m.to_dict()
    assert names(copy) == {"lamp", "widget"}


def test_hybrid_calls_llm_only_when_unsure() -> None:
    llm = MockLLM(role="item_parser")
    m = ItemManager(llm=llm, mode="hybrid")
    m.update_from_game_output("Taken.", "r", "take lamp")
    assert m.llm_calls == 0 and m.last_decision == "rules"
    llm.enqueue({"changes": [{"item": "key", "change": "taken", "container": None}]})
    m.update_from_game_output("The clerk hands you a key with a smile.", "r", "ask clerk about key")
    assert m.llm_calls == 1 and m.last_decision == "llm"
    assert "key" in names(m)
    assert "hands you a key" in llm.history[0]["messages"][0]["content"]


def test_llm_failure_keeps_rules_result() -> None:
    llm = MockLLM(role="item_parser")
    llm.enqueue(PermanentError("bad request"))
    m = ItemManager(llm=llm, mode="hybrid")
    m.update_from_game_output("The clerk hands you a key.", "r", "wait")
    assert m.last_decision == "llm_failed"
    assert names(m) == set()
