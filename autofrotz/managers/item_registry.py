"""The item registry: where each known object is, how nouns resolve to it, and the changes of a turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from autofrotz.managers.item_names import covers, item_id, name_in_text, normalise
from autofrotz.storage.models import INVENTORY, UNKNOWN, Item

# Generic kinds of object worth keeping when something must be left behind (not game-specific).
WEAPON_WORDS = {
    "sword",
    "knife",
    "dagger",
    "axe",
    "gun",
    "pistol",
    "rifle",
    "crossbow",
    "bow",
    "spear",
    "club",
}
LIGHT_WORDS = {"lamp", "lantern", "torch", "flashlight", "candle", "candles", "match", "matches"}


@dataclass(frozen=True)
class ItemUpdate:
    """One change the manager made to its registry during a turn."""

    item_id: str
    name: str
    change: str  # seen | taken | dropped | moved | gone | property | fixed | limit
    location: str = UNKNOWN
    detail: str = ""
    rule: str = ""  # the reply rule that made the change (item_reply_rules), when one did


class ItemRegistry:
    """Items keyed by normalised id, with the moves that record an ItemUpdate for the current turn (begin_turn
    starts one)."""

    def __init__(self) -> None:
        self.items: dict[str, Item] = {}
        self.inventory_limit: int | None = None
        self.unverified: set[str] = set()  # carried items named only by a command's noun
        self.turn = 0
        self.room: str | None = None
        self.updates: list[ItemUpdate] = []
        self.rule = ""  # the reply rule being applied, stamped on the updates it causes

    def begin_turn(self, turn: int, room: str | None) -> None:
        """Start a turn's changes: later moves are stamped with this turn and collected in updates."""
        self.turn, self.room, self.updates = turn, room, []

    # ----- public queries -------------------------------------------------------------------
    def get_inventory(self) -> list[Item]:
        """Items carried directly by the player."""
        return [i for i in self.items.values() if i.location == INVENTORY]

    def get_items_in_room(self, room_id: str) -> list[Item]:
        """Items whose location is the given room (or any other location id)."""
        return [i for i in self.items.values() if i.location == room_id]

    def get_all_items(self) -> list[Item]:
        """The whole registry."""
        return list(self.items.values())

    def get_item(self, item_id: str) -> Item | None:
        """One item by id."""
        return self.items.get(item_id)

    def find_items_by_property(self, key: str, value: Any) -> list[Item]:
        """Items whose property key equals value."""
        return [i for i in self.items.values() if i.properties.get(key) == value]

    def get_droppable_items(self, puzzle_items: list[str] | None = None) -> list[Item]:
        """Portable carried items, safest to leave behind first; puzzle_items are excluded."""
        excluded = set(puzzle_items or [])
        carried = [i for i in self.get_inventory() if i.portable is not False and i.item_id not in excluded]
        return sorted(carried, key=lambda i: (self._drop_risk(i), i.first_seen_turn, i.item_id))

    def _drop_risk(self, item: Item) -> int:
        """Higher for items one would hate to lose: lights, weapons, full containers, worn things."""
        words = set(normalise(item.name).split())
        risk = 0
        if item.properties.get("lit") or words & LIGHT_WORDS:
            risk += 4
        if words & WEAPON_WORDS:
            risk += 3
        if self.get_items_in_room(item.item_id):
            risk += 2
        if item.properties.get("worn"):
            risk += 1
        return risk

    # ----- public mutations -----------------------------------------------------------------
    def take_item(self, item_id: str) -> Item:
        """Move an item into the inventory (creating it if unknown)."""
        item = self.ensure(item_id)
        item.portable = True
        self.move(item, INVENTORY, "taken")
        return item

    def drop_item(self, item_id: str, room_id: str | None) -> Item:
        """Move an item to a room (or "unknown" when the room is not known)."""
        item = self.ensure(item_id)
        self.move(item, room_id or UNKNOWN, "dropped")
        return item

    def add_item(self, name: str, location: str = UNKNOWN, **properties: Any) -> Item:
        """Register an item by name (or return the existing one)."""
        item = self.ensure(item_id(name), name)
        if location != UNKNOWN:
            self.move(item, location, "seen")
        item.properties.update(properties)
        return item

    # ----- helpers --------------------------------------------------------------------------
    def take_named(self, name: str, text: str) -> Item:
        """Move the object a command or reply names into the inventory."""
        item = self.resolve(name, prefer_carried=False) or self._create_from_text(name, text)
        item.portable = True
        if item.location != INVENTORY:
            self.move(item, INVENTORY, "taken")
        return item

    def drop_named(self, name: str) -> None:
        """Move a named object from the inventory to the current room."""
        item = self.resolve(name, prefer_carried=True) or self.ensure(item_id(name), name)
        self.move(item, self.room or UNKNOWN, "dropped")

    def put_named(self, name: str, container: str) -> None:
        """Move a named object into (or onto) another object."""
        item = self.resolve(name, prefer_carried=True) or self.ensure(item_id(name), name)
        holder = self.resolve(container, prefer_carried=False)
        self.move(item, holder.item_id if holder else item_id(container), "moved")

    def lost_named(self, name: str, why: str) -> None:
        """The game contradicts our belief that we carry an object."""
        item = self.carried(name)
        if item is not None:
            self.move(item, UNKNOWN, "gone", detail=why)

    def carried(self, noun: str) -> Item | None:
        """The carried item a noun means, or None when it means nothing we hold."""
        item = self.resolve(noun, prefer_carried=True)
        return item if item is not None and item.location == INVENTORY else None

    def classify(self, name: str, portable: bool | None = None, alive: bool | None = None) -> None:
        """Record what a refusal taught us about an object."""
        item = self.resolve(name, prefer_carried=False) or self.ensure(item_id(name), name)
        if portable is not None and item.portable is not portable:
            item.portable = portable
            self._record(item, "fixed" if not portable else "property", detail=f"portable={portable}")
        if alive is not None:
            self.set_property(item, "alive", alive)

    def learn_limit(self) -> None:
        """A refusal to carry more: the limit is what we hold now."""
        count = len(self.get_inventory())
        if count and (self.inventory_limit is None or count < self.inventory_limit):
            self.inventory_limit = count
            self.updates.append(ItemUpdate("", "", "limit", INVENTORY, str(count), self.rule))

    def set_property(self, item: Item, key: str, value: Any) -> None:
        """Set a property, recording a change only when the value differs."""
        if item.properties.get(key) != value:
            item.properties[key] = value
            self._record(item, "property", detail=f"{key}={value}")

    def move(self, item: Item, location: str, change: str, detail: str = "") -> None:
        """Change an item's location and record it; a thing that leaves the player is worn no longer."""
        if location != INVENTORY:
            item.properties.pop("worn", None)
        item.location = location
        item.last_seen_turn = self.turn
        self._record(item, change, detail)

    def _record(self, item: Item, change: str, detail: str = "") -> None:
        """Append an ItemUpdate for this turn."""
        self.updates.append(ItemUpdate(item.item_id, item.name, change, item.location, detail, self.rule))

    def ensure(self, item_id: str, name: str | None = None) -> Item:
        """The item with this id, created when new."""
        item = self.items.get(item_id)
        if item is None:
            display = name or item_id.replace("_", " ")
            item = Item(item_id=item_id, name=display, first_seen_turn=self.turn, last_seen_turn=self.turn)
            self.items[item_id] = item
        return item

    def _create_from_text(self, noun: str, text: str) -> Item:
        """A new item for a noun, named by the fullest phrase in the reply that ends with it."""
        name = name_in_text(noun, text)
        item = self.ensure(item_id(name or noun), name or noun)
        if name is None:
            self.unverified.add(item.item_id)
        return item

    def resolve(self, noun: str, prefer_carried: bool = False, exact: bool = False) -> Item | None:
        """The known item a noun phrase most likely means."""
        key = item_id(noun)
        if exact or (key in self.items and self.items[key].location != UNKNOWN):
            return self.items.get(key)
        words = normalise(noun).split()
        matches = [i for i in self.items.values() if words and covers(normalise(i.name).split(), words)]
        if not matches:
            return None
        return min(matches, key=lambda i: self._preference(i, prefer_carried))

    def _preference(self, item: Item, prefer_carried: bool) -> tuple[int, int, int, int]:
        """Sort key: carried or here first (as asked), portable next, most recently seen last."""
        carried = item.location == INVENTORY
        here = self.room is not None and item.location == self.room
        first = 0 if (carried if prefer_carried else (here or item.location not in (INVENTORY,))) else 1
        known = 0 if item.location != UNKNOWN else 1
        return (first, known, 0 if item.portable is not False else 1, -item.last_seen_turn)
