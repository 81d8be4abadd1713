"""Inventory checks: when the manager asks, the side query that answers it, and what a listing settles."""

from __future__ import annotations

from autofrotz.evals.inventory_metrics import counted_truth, inventory_matches
from autofrotz.llm.mock_llm import MockLLM
from autofrotz.managers.item_manager import ItemManager
from autofrotz.side_copies import SideCopies
from autofrotz.turn_perception import check_inventory
from tests.support.fake_game import SlotGame

LISTING = "You are carrying:\n  a brass lantern\n  a sword"


class ScriptedGame(SlotGame):
    """A tiny story: the state is a list of carried names; "inventory" lists it, other verbs append."""

    def __init__(self) -> None:
        super().__init__(["brass lantern"])

    @property
    def carried(self) -> list[str]:
        return list(self.state)

    def _start(self) -> str:
        return "Attic"

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        self.commands.append(command)
        if command == "inventory":
            self.state.append("side effect")  # restore must undo whatever asking did
            return "You are carrying:\n" + "\n".join(f"  a {n}" for n in self.state[:-1]), None, None
        self.state.append(command.split()[-1])
        return "Taken.", None, None


def manager_after(text: str, command: str | None, **kwargs: object) -> ItemManager:
    manager = ItemManager(**kwargs)  # type: ignore[arg-type]
    manager.apply_inventory_check(LISTING, "attic", 0)
    manager.update_from_game_output(text, "attic", command, 1)
    return manager


def test_check_wanted_at_the_start_before_any_listing() -> None:
    manager = ItemManager()
    manager.update_from_game_output("Attic\nA dusty attic.", "attic", None, 0)
    assert manager.wants_inventory_check


def test_no_check_after_movement_looking_or_a_short_refusal() -> None:
    assert not manager_after("Cellar\nA damp cellar.", "down").wants_inventory_check
    assert not manager_after("You see nothing special about the wall.", "x wall").wants_inventory_check
    assert not manager_after("You can't see any such thing.", "open crate").wants_inventory_check


def test_check_after_acting_on_objects_and_after_possession_words() -> None:
    assert manager_after("The lantern is now on.", "light lantern").wants_inventory_check
    assert manager_after("Cellar\nA thief snatches your sword!", "down").wants_inventory_check
    assert manager_after("You see the sword's true name: Sting.", "x sword").wants_inventory_check
    assert manager_after("Taken.", "get lamp").wants_inventory_check  # named only by the noun


def test_unanswered_check_is_asked_again_next_turn() -> None:
    manager = manager_after("The lantern is now on.", "light lantern")
    manager.update_from_game_output("Cellar\nA damp cellar.", "cellar", "down", 2)
    assert manager.wants_inventory_check
    manager.apply_inventory_check(LISTING, "cellar", 2)
    manager.update_from_game_output("Attic\nA dusty attic.", "attic", "up", 3)
    assert not manager.wants_inventory_check


def test_listing_renames_noun_named_item_and_keeps_same_named_objects_apart() -> None:
    manager = manager_after("Taken.", "get lamp")
    manager.apply_inventory_check("You are carrying:\n  a brass lamp\n  a brass lantern\n  a sword", None, 1)
    assert sorted(i.name for i in manager.get_inventory()) == ["brass lamp", "brass lantern", "sword"]
    manager.apply_inventory_check(
        "You are carrying:\n  some balm (being worn)\n  a tin\n    some balm", None, 2
    )
    balms = [i for i in manager.get_all_items() if i.name == "balm"]
    assert sorted(b.location for b in balms) == ["inventory", "tin"]


def test_grouped_listing_line_gives_one_item_per_member() -> None:
    manager = ItemManager()
    manager.apply_inventory_check("You are carrying:\n  Rods of Fire and Ice\n  a rucksack", None, 1)
    assert {i.name for i in manager.get_inventory()} == {"Rod of Fire", "Rod of Ice", "rucksack"}


def test_hybrid_doubt_waits_for_the_listing_and_the_llm_only_reads_unsettled_ones() -> None:
    llm = MockLLM(role="item_parser")
    manager = ItemManager(llm=llm, mode="hybrid", inventory_checks=True)
    manager.update_from_game_output("The old man hands you a key.", "hut", "talk to man", 1)
    assert manager.wants_inventory_check and manager.llm_calls == 0
    manager.apply_inventory_check("You are carrying:\n  a rusty key", "hut", 1)
    manager.update_from_game_output("Hut\nA small hut.", "hut", "look", 2)
    assert manager.llm_calls == 0 and [i.name for i in manager.get_inventory()] == ["rusty key"]
    manager.update_from_game_output("The woman hands you a coin.", "hut", "talk to woman", 3)
    llm.enqueue({"changes": [{"item": "coin", "change": "taken", "container": None}]})
    manager.update_from_game_output("Hut\nA small hut.", "hut", "look", 4)  # no listing came
    assert manager.llm_calls == 1 and "coin" in {i.name for i in manager.get_inventory()}


def test_probe_asks_in_a_side_copy_and_counts_questions() -> None:
    game = ScriptedGame()
    game.start()
    game.send("get sword")
    manager = ItemManager()
    manager.update_from_game_output("Taken.", "attic", "get sword", 1)
    copies = SideCopies(game)
    assert check_inventory(copies, manager, "attic", 1, "Taken.") is not None
    assert game.carried == ["brass lantern", "sword"]  # the side effect of asking was undone
    assert {i.name for i in manager.get_inventory()} == {"brass lantern", "sword"}
    assert copies.sent == 1 and check_inventory(copies, manager, "attic", 1, "Taken.") is None


def test_probe_leaves_a_game_waiting_for_a_key_alone() -> None:
    game = ScriptedGame()
    game.start()
    manager = manager_after("The lantern is now on.", "light lantern")
    waiting = "The end.\n\n[Press any key to continue]"
    assert check_inventory(SideCopies(game), manager, "attic", 1, waiting) is None
    assert game.commands == []


def test_counted_truth_names_unreadable_objects_by_elimination() -> None:
    reply = "You are carrying:\n  a gold coin\n  a brass lamp"
    assert counted_truth(["(77)", "brass lamp", "(self object)"], reply) == ["gold coin", "brass lamp"]
    assert counted_truth(["brass lamp", "pair hands"], "You are carrying:\n  a brass lamp") == ["brass lamp"]
    refusal = "You have two options: climb down or go west."  # no answer: every carried object counts
    assert counted_truth(["brass lamp", "pair hands"], refusal) == ["brass lamp", "pair hands"]


def test_inventory_matching_pairs_objects_one_to_one_before_grouping() -> None:
    assert inventory_matches(['"cave" cube', '"chasm" cube'], ["cube", "cube"])
    assert inventory_matches(["coins"], ["coin", "coin"])
    assert not inventory_matches(["cube"], ["cube", "lamp"])


def test_round_trip_keeps_check_settings() -> None:
    manager = ItemManager(inventory_checks=True)
    manager.apply_inventory_check(LISTING, "attic", 4)
    copy = ItemManager.from_dict(manager.to_dict())
    assert copy.inventory_checks and copy.to_dict() == manager.to_dict()
    copy.update_from_game_output("Cellar\nA damp cellar.", "cellar", "down", 5)
    assert not copy.wants_inventory_check  # the listing at turn 4 is recent
