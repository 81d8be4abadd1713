"""Registry of the objects the player has met: where each one is and what is known about it.

ItemManager holds the registry (item_registry) and the deterministic rules (item_rules) that update it,
and adds the choice of parser per turn (rules, LLM or both), the quiet inventory checks and
serialisation; its queries and moves are the registry's, passed through.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from autofrotz.managers import item_parser as ip
from autofrotz.managers.item_checks import CHECK_INTERVAL, may_have_changed
from autofrotz.managers.item_commands import parse_command
from autofrotz.managers.item_names import covers, name_in_text
from autofrotz.managers.item_registry import LIGHT_WORDS, WEAPON_WORDS, ItemRegistry, ItemUpdate
from autofrotz.managers.item_rules import ItemRules
from autofrotz.reading.items_replies import DROP_VERB_REPLY, PUT_VERB_REPLY
from autofrotz.storage.models import INVENTORY, UNKNOWN, Item

if TYPE_CHECKING:
    from autofrotz.llm.base import BaseLLM
    from autofrotz.managers.item_llm import ItemLLMParser

# Names callers import from here although they now live in the modules above.
__all__ = [
    "DROP_VERB_REPLY",
    "LIGHT_WORDS",
    "MODES",
    "PUT_VERB_REPLY",
    "WEAPON_WORDS",
    "ItemManager",
    "ItemUpdate",
    "name_in_text",
]

MODES = ("rules", "llm", "hybrid")


class ItemManager:
    """Item registry keyed by normalised id, updated from game text by rules and, when unsure, an LLM."""

    def __init__(
        self, llm: BaseLLM | None = None, mode: str = "rules", inventory_checks: bool = False
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown item parser mode {mode!r}; expected one of {', '.join(MODES)}")
        self.registry = ItemRegistry()
        self.rules = ItemRules(self.registry)
        self.mode = mode
        self.llm_calls = 0
        self.last_decision = "rules"  # how the last turn was parsed: rules | llm | llm_failed
        # Set when a quiet look at the game's own "inventory" answer would settle doubts (the caller
        # may ask it in a saved-and-restored side copy and feed the reply with command "inventory").
        self.wants_inventory_check = False
        # True when the caller answers every check it can: in hybrid mode a doubt then waits for the
        # listing, and the LLM reads the reply only when no listing came (the game awaited a key press).
        self.inventory_checks = inventory_checks
        self._doubt: tuple[str, str | None] | None = None  # (reply, command) the rules could not settle
        self._llm_parser: ItemLLMParser | None = None
        if llm is not None:
            from autofrotz.managers.item_llm import ItemLLMParser

            self._llm_parser = ItemLLMParser(llm)

    # ----- the registry's queries and moves ---------------------------------------------------
    @property
    def items(self) -> dict[str, Item]:
        return self.registry.items

    @property
    def inventory_limit(self) -> int | None:
        return self.registry.inventory_limit

    @inventory_limit.setter
    def inventory_limit(self, limit: int | None) -> None:
        self.registry.inventory_limit = limit

    @property
    def unsure_reason(self) -> str | None:
        """What the rules could not explain in the last reply (None when nothing)."""
        return self.rules.unsure_reason

    @property
    def unread_inventories(self) -> int:
        """Answers to "inventory" that no reader took for a listing."""
        return self.rules.unread_inventories

    def get_inventory(self) -> list[Item]:
        return self.registry.get_inventory()

    def get_items_in_room(self, room_id: str) -> list[Item]:
        return self.registry.get_items_in_room(room_id)

    def get_all_items(self) -> list[Item]:
        return self.registry.get_all_items()

    def get_item(self, item_id: str) -> Item | None:
        return self.registry.get_item(item_id)

    def find_items_by_property(self, key: str, value: Any) -> list[Item]:
        return self.registry.find_items_by_property(key, value)

    def get_droppable_items(self, puzzle_items: list[str] | None = None) -> list[Item]:
        return self.registry.get_droppable_items(puzzle_items)

    def take_item(self, item_id: str) -> Item:
        return self.registry.take_item(item_id)

    def drop_item(self, item_id: str, room_id: str | None) -> Item:
        return self.registry.drop_item(item_id, room_id)

    def add_item(self, name: str, location: str = UNKNOWN, **properties: Any) -> Item:
        return self.registry.add_item(name, location, **properties)

    # ----- parsing ----------------------------------------------------------------------------
    def update_from_game_output(
        self, output_text: str, current_room: str | None, command_used: str | None, turn: int = 0
    ) -> list[ItemUpdate]:
        """Apply what one command's output says about objects; returns the changes made."""
        self.registry.begin_turn(turn, current_room)
        self.rules.unsure_reason = None
        self.last_decision = "rules"
        pending = self.wants_inventory_check  # asked for last turn but not answered (a key-press wait)
        self.wants_inventory_check = False
        command = parse_command(command_used)
        if self.mode == "llm" and self._llm_parser is not None:
            self._apply_llm(output_text, command_used)
            return self.registry.updates
        self._settle_old_doubt()
        self.rules.apply(output_text, command)
        if self.mode == "hybrid" and self.rules.unsure_reason and self._llm_parser is not None:
            if self.inventory_checks:
                self._doubt = (output_text, command_used)
            else:
                self._apply_llm(output_text, command_used)
        unverified_carried = any(
            self.registry.items[i].location == INVENTORY
            for i in self.registry.unverified
            if i in self.registry.items
        )
        stale = self.rules.last_listing_turn is None or turn - self.rules.last_listing_turn >= CHECK_INTERVAL
        self.wants_inventory_check = command.action != "inventory" and bool(
            self.rules.unsure_reason
            or unverified_carried
            or stale
            or pending
            or self._may_have_changed(output_text, command_used)
        )
        return self.registry.updates

    def _settle_old_doubt(self) -> None:
        """A doubt no inventory listing settled goes to the LLM parser after all."""
        if self._doubt is not None and self._llm_parser is not None:
            text, command = self._doubt
            self._apply_llm(text, command)
        self._doubt = None

    def _names_carried(self, command_used: str | None) -> bool:
        """True when a command's words name an object we carry ("x book" while holding the book)."""
        words = [w for w in ip.normalise(command_used or "").split()[1:] if len(w) >= 3]
        carried = [ip.normalise(i.name).split() for i in self.registry.get_inventory()]
        return any(covers(name, [w]) for name in carried for w in words)

    def _may_have_changed(self, text: str, command_used: str | None) -> bool:
        """True unless the turn only moved, looked or waited, or was a one-line refusal."""
        return may_have_changed(text, command_used, self._names_carried(command_used))

    def apply_inventory_check(self, reply: str, current_room: str | None, turn: int) -> list[ItemUpdate]:
        """The game's answer to a side "inventory" query: resynchronise when it is a listing."""
        self.registry.begin_turn(turn, current_room)
        self.wants_inventory_check = False
        listing = ip.parse_inventory(reply)
        if listing is not None:
            self.rules.resync(listing)
            self._doubt = None  # what we carry is now the game's own word
        else:
            self.rules.unread_inventories += bool(reply.strip())
        return self.registry.updates

    # ----- LLM ------------------------------------------------------------------------------
    def _apply_llm(self, text: str, command: str | None) -> None:
        """Ask the LLM parser and apply its changes."""
        assert self._llm_parser is not None
        self.llm_calls += 1
        known = [i.name for i in self.registry.get_inventory()]
        changes = self._llm_parser.parse(text, command, self.registry.room, known)
        if changes is None:
            self.last_decision = "llm_failed"
            return
        self.last_decision = "llm"
        for change in changes:
            self._apply_llm_change(change)

    def _apply_llm_change(self, change: dict[str, Any]) -> None:
        """One change proposed by the LLM parser."""
        name, kind = str(change.get("item", "")).strip(), change.get("change")
        if not name:
            return
        if kind == "taken":
            self.registry.take_named(name, "")
        elif kind == "dropped":
            self.registry.drop_named(name)
        elif kind == "gone":
            self.registry.lost_named(name, "the LLM parser says it is gone")
        elif kind == "moved" and change.get("container"):
            self.registry.put_named(name, str(change["container"]))
        elif kind == "seen":
            self.rules.see(ip.ListedItem(name=ip.clean_name(name)), self.registry.room)

    # ----- serialisation ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain data for snapshots and the database."""
        return {
            "mode": self.mode,
            "inventory_limit": self.registry.inventory_limit,
            "llm_calls": self.llm_calls,
            "unverified": sorted(self.registry.unverified),
            "inventory_checks": self.inventory_checks,
            "last_listing_turn": self.rules.last_listing_turn,
            "items": [asdict(i) for i in self.registry.items.values()],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], llm: BaseLLM | None = None) -> ItemManager:
        """Rebuild a manager saved by to_dict."""
        manager = cls(
            llm=llm, mode=data.get("mode", "rules"), inventory_checks=data.get("inventory_checks", False)
        )
        manager.rules.last_listing_turn = data.get("last_listing_turn")
        manager.registry.inventory_limit = data.get("inventory_limit")
        manager.llm_calls = data.get("llm_calls", 0)
        manager.registry.unverified = set(data.get("unverified", []))
        for raw in data.get("items", []):
            item = Item(**raw)
            manager.registry.items[item.item_id] = item
        return manager
