"""Registry of the objects the player has met: where each one is and what is known about it."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from autofrotz.managers import item_parser as ip
from autofrotz.managers.item_checks import CHECK_INTERVAL, POSSESSION_HINTS, may_have_changed
from autofrotz.managers.item_commands import Command, parse_command
from autofrotz.storage.models import INVENTORY, UNKNOWN, Item

if TYPE_CHECKING:
    from autofrotz.llm.base import BaseLLM
    from autofrotz.managers.item_llm import ItemLLMParser

MODES = ("rules", "llm", "hybrid")
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
DROP_VERB_REPLY = re.compile(r"\byou (?:drop|put down|set down|discard|let go of)\b", re.IGNORECASE)
PUT_VERB_REPLY = re.compile(
    r"\b(?:you|i) (?:\w+ly )?(?:put|place|insert|slide|slip|drop|hang|lean|set|stick|push|fit|plant)\b"
    r"|^(?:done|ok|o\.k|okay)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class ItemUpdate:
    """One change the manager made to its registry during a turn."""

    item_id: str
    name: str
    change: str  # seen | taken | dropped | moved | gone | property | fixed | limit
    location: str = UNKNOWN
    detail: str = ""


class ItemManager:
    """Item registry keyed by normalised id, updated from game text by rules and, when unsure, an LLM."""

    def __init__(
        self, llm: BaseLLM | None = None, mode: str = "rules", inventory_checks: bool = False
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown item parser mode {mode!r}; expected one of {', '.join(MODES)}")
        self.mode = mode
        self.items: dict[str, Item] = {}
        self.inventory_limit: int | None = None
        self.llm_calls = 0
        self.last_decision = "rules"  # how the last turn was parsed: rules | llm | llm_failed
        self.unsure_reason: str | None = None
        # Set when a quiet look at the game's own "inventory" answer would settle doubts (the caller
        # may ask it in a saved-and-restored side copy and feed the reply with command "inventory").
        self.wants_inventory_check = False
        # True when the caller answers every check it can: in hybrid mode a doubt then waits for the
        # listing, and the LLM reads the reply only when no listing came (the game awaited a key press).
        self.inventory_checks = inventory_checks
        self._doubt: tuple[str, str | None] | None = None  # (reply, command) the rules could not settle
        self._unverified: set[str] = set()  # carried items named only by a command's noun
        self._last_listing_turn: int | None = None  # None: never listed (the story may start us with things)
        self._llm_parser: ItemLLMParser | None = None
        if llm is not None:
            from autofrotz.managers.item_llm import ItemLLMParser

            self._llm_parser = ItemLLMParser(llm)
        self._turn = 0
        self._room: str | None = None
        self._updates: list[ItemUpdate] = []

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
        words = set(ip.normalise(item.name).split())
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
        item = self._ensure(item_id)
        item.portable = True
        self._move(item, INVENTORY, "taken")
        return item

    def drop_item(self, item_id: str, room_id: str | None) -> Item:
        """Move an item to a room (or "unknown" when the room is not known)."""
        item = self._ensure(item_id)
        self._move(item, room_id or UNKNOWN, "dropped")
        return item

    def add_item(self, name: str, location: str = UNKNOWN, **properties: Any) -> Item:
        """Register an item by name (or return the existing one)."""
        item = self._ensure(ip.item_id(name), name)
        if location != UNKNOWN:
            self._move(item, location, "seen")
        item.properties.update(properties)
        return item

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
        return any(_covers(name, [w]) for name in carried for w in words)

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
        return self._updates

    def _apply_rules(self, text: str, command: Command) -> None:
        """The deterministic parser: every rule that recognises something applies."""
        if command.action == "inventory":
            listing = ip.parse_inventory(text)
            if listing is not None:
                self._resync(listing)
                return
        for name in ip.implicit_takes(text):
            self._take_named(name, text)
        for name, container in ip.implicit_puts(text):
            self._put_named(name, container)
        handled = self._apply_multi(text, command)
        if not handled and command.action and command.nouns:
            self._apply_single(text, command)
        self._apply_listings(text)
        if ip.LIMIT_PATTERNS.search(text):
            self._learn_limit()
        if not self.unsure_reason and not handled and POSSESSION_HINTS.search(text):
            self.unsure_reason = "possession words in a reply the rules did not explain"

    def _apply_multi(self, text: str, command: Command) -> bool:
        """Multi-object replies; True when any were found."""
        taken, dropped = ip.taken_colon_list(text), ip.dropped_colon_list(text)
        for name in taken:
            self._take_named(name, text)
        for name in dropped:
            self._drop_named(name)
        pairs = ip.multi_replies(text) if command.action in ("take", "drop", "put") else []
        handled = bool(taken or dropped)
        for name, reply in pairs:
            handled = self._apply_reply(command, name, reply, text) or handled
        return handled

    def _apply_reply(self, command: Command, name: str, reply: str, text: str) -> bool:
        """One "object: reply" line; True when the reply was understood."""
        if command.action == "take" and (ip.is_take_success(reply) or ip.ALREADY_HAVE.search(reply)):
            self._take_named(name, text)
        elif command.action == "drop" and ip.is_drop_success(reply):
            self._drop_named(name)
        elif command.action == "put" and command.target and not ip.sounds_like_failure(reply):
            self._put_named(name, command.target)
        elif ip.FIXED_PATTERNS.search(reply):
            self._classify(name, portable=False)
        elif ip.LIMIT_PATTERNS.search(reply):
            self._learn_limit()
        else:
            return bool(ip.sounds_like_failure(reply))
        return True

    def _apply_single(self, text: str, command: Command) -> None:
        """Replies to a command about one or more named objects."""
        if command.is_all:
            return
        name = ip.clarified_object(text) if len(command.nouns) == 1 else None
        for noun in [name] if name else command.nouns:
            handler = getattr(self, f"_single_{command.action}", None)
            if handler is not None:
                handler(noun, text, command)

    def _single_take(self, noun: str, text: str, command: Command) -> None:
        """A take of one object."""
        if ip.is_take_success(text) or ip.ALREADY_HAVE.search(text):
            self._take_named(noun, text)
        elif ip.LIMIT_PATTERNS.search(text):
            self._learn_limit()
        elif ip.FIXED_PATTERNS.search(text):
            self._classify(noun, portable=False)
        elif ip.ALIVE_PATTERNS.search(text):
            self._classify(noun, portable=False, alive=True)
        elif ip.TAKE_VERB_REPLY.search(text) and not ip.sounds_like_failure(text):
            self._take_named(noun, text)
        elif not ip.sounds_like_failure(text):
            self.unsure_reason = f"unrecognised reply to taking {noun!r}"

    def _single_drop(self, noun: str, text: str, command: Command) -> None:
        """A drop of one object."""
        if ip.is_drop_success(text) or (DROP_VERB_REPLY.search(text) and not ip.sounds_like_failure(text)):
            self._drop_named(noun)
        elif ip.NOT_HELD.search(text):
            self._lost_named(noun, "the game says it is not carried")
        elif not ip.sounds_like_failure(text):
            self.unsure_reason = f"unrecognised reply to dropping {noun!r}"

    def _single_put(self, noun: str, text: str, command: Command) -> None:
        """put X in/on Y."""
        if command.target is None:
            return
        if ip.NOT_HELD.search(text) or ip.sounds_like_failure(text):
            return
        if PUT_VERB_REPLY.search(" ".join(ip.reply_lines(text))):
            self._put_named(noun, command.target)
        else:
            self.unsure_reason = f"unrecognised reply to putting {noun!r}"

    def _single_give(self, noun: str, text: str, command: Command) -> None:
        """give X to Y: the object leaves us when the reply is not a refusal."""
        if ip.sounds_like_failure(text) or ip.NOT_HELD.search(text):
            return
        item = self._resolve(noun, prefer_carried=True)
        if item is not None and item.location == INVENTORY:
            target = ip.item_id(command.target) if command.target else UNKNOWN
            self._move(item, target, "moved", detail="given")
            if command.target:
                self._classify(command.target, portable=False, alive=True)

    def _single_consume(self, noun: str, text: str, command: Command) -> None:
        """eat/drink X: gone when the reply is not a refusal."""
        if ip.sounds_like_failure(text):
            return
        item = self._resolve(noun, prefer_carried=True)
        if item is not None and item.location == INVENTORY:
            item.properties["consumed"] = True
            self._move(item, UNKNOWN, "gone", detail="consumed")

    def _single_throw(self, noun: str, text: str, command: Command) -> None:
        """throw X (at Y): it leaves our hands unless refused."""
        if ip.sounds_like_failure(text) or ip.NOT_HELD.search(text):
            return
        item = self._resolve(noun, prefer_carried=True)
        if item is not None and item.location == INVENTORY:
            self._move(item, self._room or UNKNOWN, "dropped", detail="thrown")

    def _single_wear(self, noun: str, text: str, command: Command) -> None:
        """wear X: worn and therefore carried."""
        if not ip.sounds_like_failure(text):
            item = self._resolve(noun, prefer_carried=True)
            item = item if item is not None and item.location == INVENTORY else self._take_named(noun, text)
            self._set_property(item, "worn", True)

    def _single_unwear(self, noun: str, text: str, command: Command) -> None:
        """take off X: still carried, no longer worn."""
        item = self._resolve(noun, prefer_carried=True)
        if item is not None and not ip.sounds_like_failure(text):
            self._set_property(item, "worn", False)

    def _apply_listings(self, text: str) -> None:
        """Objects a room description or an opened container shows."""
        for listed in ip.room_items(text):
            self._see(listed, self._room)
        for container, contents in ip.container_contents(text):
            holder = self._resolve(container, prefer_carried=False) or self.add_item(container)
            for listed in contents:
                self._see(listed, holder.item_id)

    def _see(self, listed: ip.ListedItem, location: str | None) -> None:
        """Record that an object was seen at a location."""
        item = self._resolve(listed.name, exact=True) or self._ensure(ip.item_id(listed.name), listed.name)
        item.last_seen_turn = self._turn
        for key, value in listed.properties.items():
            self._set_property(item, key, value)
        if location is not None and item.location != INVENTORY and item.location != location:
            self._move(item, location, "seen")

    def _resync(self, listing: list[ip.ListedItem]) -> None:
        """An inventory listing is the truth: carried items are exactly those listed."""
        listed_ids: set[str] = set()
        renames = self._renames(listing)
        for entry in listing:
            item = self._listed_item(entry.name, renames, listed_ids)
            item.portable = True if entry.container is None else item.portable
            location = INVENTORY if entry.container is None else ip.item_id(entry.container)
            for key, value in entry.properties.items():
                self._set_property(item, key, value)
            if item.location != location:
                self._move(item, location, "taken" if location == INVENTORY else "moved")
            listed_ids.add(item.item_id)
        for item in self.get_inventory():
            if item.item_id not in listed_ids:
                self._move(item, UNKNOWN, "gone", detail="missing from the inventory listing")
        self._unverified.clear()
        self._last_listing_turn = self._turn

    def _listed_item(self, name: str, renames: dict[str, Item], taken: set[str]) -> Item:
        """The registry item for a listing entry; a second entry of the same name is another object."""
        item = self._resolve(name, exact=True) or renames.get(name)
        if item is not None and item.item_id not in taken:
            return item
        base = item.item_id if item is not None else ip.item_id(name)
        number = 2 if item is not None else 1
        while (base if number == 1 else f"{base}_{number}") in taken:
            number += 1
        key = base if number == 1 else f"{base}_{number}"
        return self.items.get(key) or self._ensure(key, name)

    def _renames(self, listing: list[ip.ListedItem]) -> dict[str, Item]:
        """Listed names that replace the guessed name of an item we took by a command's noun."""
        new = [e.name for e in listing if e.container is None and self._resolve(e.name, exact=True) is None]
        guessed = [self.items[i] for i in sorted(self._unverified) if i in self.items]
        guessed = [
            i for i in guessed if i.location == INVENTORY and not any(_same(i, e.name) for e in listing)
        ]
        renames: dict[str, Item] = {}
        for item in list(guessed):
            words = ip.normalise(item.name).split()
            fits = [n for n in new if _covers(ip.normalise(n).split(), words)]
            if len(fits) == 1:
                renames[fits[0]] = self._rename(item, fits[0])
                new.remove(fits[0])
                guessed.remove(item)
        if len(new) == 1 and len(guessed) == 1:
            renames[new[0]] = self._rename(guessed[0], new[0])
        return renames

    def _rename(self, item: Item, name: str) -> Item:
        """Give an item the name the game uses, keeping what we know about it."""
        del self.items[item.item_id]
        aliases = [*item.properties.get("aliases", []), item.name]
        item.item_id, item.name = ip.item_id(name), name
        item.properties["aliases"] = aliases
        self.items[item.item_id] = item
        return item

    # ----- helpers --------------------------------------------------------------------------
    def _take_named(self, name: str, text: str) -> Item:
        """Move the object a command or reply names into the inventory."""
        item = self._resolve(name, prefer_carried=False) or self._create_from_text(name, text)
        item.portable = True
        if item.location != INVENTORY:
            self._move(item, INVENTORY, "taken")
        return item

    def _drop_named(self, name: str) -> None:
        """Move a named object from the inventory to the current room."""
        item = self._resolve(name, prefer_carried=True) or self._ensure(ip.item_id(name), name)
        self._move(item, self._room or UNKNOWN, "dropped")

    def _put_named(self, name: str, container: str) -> None:
        """Move a named object into (or onto) another object."""
        item = self._resolve(name, prefer_carried=True) or self._ensure(ip.item_id(name), name)
        holder = self._resolve(container, prefer_carried=False)
        self._move(item, holder.item_id if holder else ip.item_id(container), "moved")

    def _lost_named(self, name: str, why: str) -> None:
        """The game contradicts our belief that we carry an object."""
        item = self._resolve(name, prefer_carried=True)
        if item is not None and item.location == INVENTORY:
            self._move(item, UNKNOWN, "gone", detail=why)

    def _classify(self, name: str, portable: bool | None = None, alive: bool | None = None) -> None:
        """Record what a refusal taught us about an object."""
        item = self._resolve(name, prefer_carried=False) or self._ensure(ip.item_id(name), name)
        if portable is not None and item.portable is not portable:
            item.portable = portable
            self._record(item, "fixed" if not portable else "property", detail=f"portable={portable}")
        if alive is not None:
            self._set_property(item, "alive", alive)

    def _learn_limit(self) -> None:
        """A refusal to carry more: the limit is what we hold now."""
        count = len(self.get_inventory())
        if count and (self.inventory_limit is None or count < self.inventory_limit):
            self.inventory_limit = count
            self._updates.append(ItemUpdate("", "", "limit", INVENTORY, detail=str(count)))

    def _set_property(self, item: Item, key: str, value: Any) -> None:
        """Set a property, recording a change only when the value differs."""
        if item.properties.get(key) != value:
            item.properties[key] = value
            self._record(item, "property", detail=f"{key}={value}")

    def _move(self, item: Item, location: str, change: str, detail: str = "") -> None:
        """Change an item's location and record it."""
        item.location = location
        item.last_seen_turn = self._turn
        self._record(item, change, detail)

    def _record(self, item: Item, change: str, detail: str = "") -> None:
        """Append an ItemUpdate for this turn."""
        self._updates.append(ItemUpdate(item.item_id, item.name, change, item.location, detail))

    def _ensure(self, item_id: str, name: str | None = None) -> Item:
        """The item with this id, created when new."""
        item = self.items.get(item_id)
        if item is None:
            display = name or item_id.replace("_", " ")
            item = Item(item_id=item_id, name=display, first_seen_turn=self._turn, last_seen_turn=self._turn)
            self.items[item_id] = item
        return item

    def _create_from_text(self, noun: str, text: str) -> Item:
        """A new item for a noun, named by the fullest phrase in the reply that ends with it."""
        name = name_in_text(noun, text)
        item = self._ensure(ip.item_id(name or noun), name or noun)
        if name is None:
            self._unverified.add(item.item_id)
        return item

    def _resolve(self, noun: str, prefer_carried: bool = False, exact: bool = False) -> Item | None:
        """The known item a noun phrase most likely means."""
        key = ip.item_id(noun)
        if exact or (key in self.items and self.items[key].location != UNKNOWN):
            return self.items.get(key)
        words = ip.normalise(noun).split()
        matches = [i for i in self.items.values() if words and _covers(ip.normalise(i.name).split(), words)]
        if not matches:
            return None
        return min(matches, key=lambda i: self._preference(i, prefer_carried))

    def _preference(self, item: Item, prefer_carried: bool) -> tuple[int, int, int, int]:
        """Sort key: carried or here first (as asked), portable next, most recently seen last."""
        carried = item.location == INVENTORY
        here = self._room is not None and item.location == self._room
        first = 0 if (carried if prefer_carried else (here or item.location not in (INVENTORY,))) else 1
        known = 0 if item.location != UNKNOWN else 1
        return (first, known, 0 if item.portable is not False else 1, -item.last_seen_turn)

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


def _listed_as(item: Item, listing: list[ip.ListedItem]) -> bool:
    """True when some listed entry names the item."""
    return any(_same(item, e.name) for e in listing)


def _same(item: Item, name: str) -> bool:
    """True when a listed name is an item's name or one of its aliases."""
    names = [item.name, *item.properties.get("aliases", [])]
    return any(ip.item_id(n) == ip.item_id(name) for n in names)


def _word_match(a: str, b: str) -> bool:
    """Words match when equal, plural of each other, or one abbreviates the other (>= 4 letters).

    >>> _word_match("ash", "ashes"), _word_match("lamp", "lantern"), _word_match("electricrch", "electric")
    (True, False, True)
    """
    if a == b or a + "s" == b or b + "s" == a or a + "es" == b or b + "es" == a:
        return True
    short, long_ = sorted((a, b), key=len)
    return len(short) >= 4 and long_.startswith(short)


def _covers(name_words: list[str], noun_words: list[str]) -> bool:
    """True when every word of the noun matches some word of the name.

    >>> _covers(["brass", "lantern"], ["lantern"]), _covers(["brass", "lantern"], ["lamp"])
    (True, False)
    """
    return all(any(_word_match(w, n) for n in name_words) for w in noun_words)


def name_in_text(noun: str, text: str) -> str | None:
    """The longest article-led phrase (up to four words) in text that ends with the noun's last word.

    >>> name_in_text("ash", "You pick up a handful of ashes.")
    'handful of ashes'
    >>> name_in_text("lamp", "Taken.") is None
    True
    """
    words = ip.normalise(noun).split()
    if not words:
        return None
    pattern = rf"\b(?:a|an|the|some)\s+((?:[\w'-]+\s+){{0,3}}?{re.escape(words[-1])}\w*)\b"
    match = re.search(pattern, text, re.IGNORECASE)
    return match.group(1) if match else None
