"""Registry of the objects the player has met: where each one is and what is known about it.

ItemManager layers, over the registry (item_registry) and the deterministic rules (item_rules), the
choice of parser per turn (rules, LLM or both), the quiet inventory checks and serialisation.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from autofrotz.managers import item_parser as ip
from autofrotz.managers.item_checks import CHECK_INTERVAL, may_have_changed
from autofrotz.managers.item_commands import parse_command
from autofrotz.managers.item_names import covers, name_in_text
from autofrotz.managers.item_registry import LIGHT_WORDS, WEAPON_WORDS, ItemUpdate
from autofrotz.managers.item_replies import DROP_VERB_REPLY, PUT_VERB_REPLY
from autofrotz.managers.item_rules import ItemRules
from autofrotz.storage.models import INVENTORY, Item

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


class ItemManager(ItemRules):
    """Item registry keyed by normalised id, updated from game text by rules and, when unsure, an LLM."""

    def __init__(
        self, llm: BaseLLM | None = None, mode: str = "rules", inventory_checks: bool = False
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown item parser mode {mode!r}; expected one of {', '.join(MODES)}")
        super().__init__()
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

    # ----- parsing ----------------------------------------------------------------------------
    def update_from_game_output(
        self, output_text: str, current_room: str | None, command_used: str | None, turn: int = 0
    ) -> list[ItemUpdate]:
        """Apply what one command's output says about objects; returns the changes made."""
        self._turn, self._room, self._updates = turn, current_room, []
        self.unsure_reason = None
        self.last_decision = "rules"
        pending = self.wants_inventory_check  # asked for last turn but not answered (a key-press wait)
        self.wants_inventory_check = False
        command = parse_command(command_used)
        if self.mode == "llm" and self._llm_parser is not None:
            self._apply_llm(output_text, command_used)
            return self._updates
        self._settle_old_doubt()
        self._apply_rules(output_text, command)
        if self.mode == "hybrid" and self.unsure_reason and self._llm_parser is not None:
            if self.inventory_checks:
                self._doubt = (output_text, command_used)
            else:
                self._apply_llm(output_text, command_used)
        unverified_carried = any(
            self.items[i].location == INVENTORY for i in self._unverified if i in self.items
        )
        stale = self._last_listing_turn is None or turn - self._last_listing_turn >= CHECK_INTERVAL
        self.wants_inventory_check = command.action != "inventory" and bool(
            self.unsure_reason
            or unverified_carried
            or stale
            or pending
            or self._may_have_changed(output_text, command_used)
        )
        return self._updates

    def _settle_old_doubt(self) -> None:
        """A doubt no inventory listing settled goes to the LLM parser after all."""
        if self._doubt is not None and self._llm_parser is not None:
            text, command = self._doubt
            self._apply_llm(text, command)
        self._doubt = None

    def _names_carried(self, command_used: str | None) -> bool:
        """True when a command's words name an object we carry ("x book" while holding the book)."""
        words = [w for w in ip.normalise(command_used or "").split()[1:] if len(w) >= 3]
        carried = [ip.normalise(i.name).split() for i in self.get_inventory()]
        return any(covers(name, [w]) for name in carried for w in words)

    def _may_have_changed(self, text: str, command_used: str | None) -> bool:
        """True unless the turn only moved, looked or waited, or was a one-line refusal."""
        return may_have_changed(text, command_used, self._names_carried(command_used))

    def apply_inventory_check(self, reply: str, current_room: str | None, turn: int) -> list[ItemUpdate]:
        """The game's answer to a side "inventory" query: resynchronise when it is a listing."""
        self._turn, self._room, self._updates = turn, current_room, []
        self.wants_inventory_check = False
        listing = ip.parse_inventory(reply)
        if listing is not None:
            self._resync(listing)
            self._doubt = None  # what we carry is now the game's own word
        else:
            self.unread_inventories += bool(reply.strip())
        return self._updates

    # ----- LLM ------------------------------------------------------------------------------
    def _apply_llm(self, text: str, command: str | None) -> None:
        """Ask the LLM parser and apply its changes."""
        assert self._llm_parser is not None
        self.llm_calls += 1
        known = [i.name for i in self.get_inventory()]
        changes = self._llm_parser.parse(text, command, self._room, known)
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
            self._take_named(name, "")
        elif kind == "dropped":
            self._drop_named(name)
        elif kind == "gone":
            self._lost_named(name, "the LLM parser says it is gone")
        elif kind == "moved" and change.get("container"):
            self._put_named(name, str(change["container"]))
        elif kind == "seen":
            self._see(ip.ListedItem(name=ip.clean_name(name)), self._room)

    # ----- serialisation ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain data for snapshots and the database."""
        return {
            "mode": self.mode,
            "inventory_limit": self.inventory_limit,
            "llm_calls": self.llm_calls,
            "unverified": sorted(self._unverified),
            "inventory_checks": self.inventory_checks,
            "last_listing_turn": self._last_listing_turn,
            "items": [asdict(i) for i in self.items.values()],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], llm: BaseLLM | None = None) -> ItemManager:
        """Rebuild a manager saved by to_dict."""
        manager = cls(
            llm=llm, mode=data.get("mode", "rules"), inventory_checks=data.get("inventory_checks", False)
        )
        manager._last_listing_turn = data.get("last_listing_turn")
        manager.inventory_limit = data.get("inventory_limit")
        manager.llm_calls = data.get("llm_calls", 0)
        manager._unverified = set(data.get("unverified", []))
        for raw in data.get("items", []):
            item = Item(**raw)
            manager.items[item.item_id] = item
        return manager
