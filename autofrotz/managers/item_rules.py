"""The deterministic item rules: what a reply, a listing or a room description changes in the registry."""

from __future__ import annotations

import re
from collections.abc import Callable

from autofrotz.managers import item_parser as ip
from autofrotz.managers.item_commands import STATE_CHANGES, Command
from autofrotz.managers.item_names import covers
from autofrotz.managers.item_registry import ItemRegistry
from autofrotz.managers.item_replies import first_sentence
from autofrotz.managers.item_reply_rules import (
    ALIVE,
    DROP_REPLIES,
    DROPPED,
    FIXED,
    LIMIT,
    LOST,
    PUT,
    TAKE_REPLIES,
    TAKEN,
    UNSURE,
    ReplyRule,
    first_rule,
    line_rules,
)
from autofrotz.managers.item_scene import last_room_part
from autofrotz.reading.answers import in_sight
from autofrotz.reading.items_replies import LIMIT_PATTERNS, NOT_HELD, POSSESSION_HINTS, PUT_VERB_REPLY
from autofrotz.storage.models import INVENTORY, UNKNOWN, Item

GERUNDS = {"take": "taking", "drop": "dropping"}


class ItemRules:
    """Updates to a registry read from game text by rules; unsure_reason says what they could not explain."""

    def __init__(self, registry: ItemRegistry) -> None:
        self.registry = registry
        self.unsure_reason: str | None = None
        self.last_listing_turn: int | None = None  # None: never listed (the story may start us with things)
        # answers to "inventory" (the player's or a side query's) that no reader took for a listing
        self.unread_inventories = 0

    def apply(self, text: str, command: Command) -> None:
        """The deterministic parser: every rule that recognises something applies."""
        if command.action == "inventory":
            listing = ip.parse_inventory(text)
            if listing is not None:
                self.resync(listing)
                return
            self.unread_inventories += bool(text.strip())
        for name in ip.implicit_takes(text):
            self.registry.take_named(name, text)
        for name, container in ip.implicit_puts(text):
            self.registry.put_named(name, container)
        handled = self._apply_multi(text, command)
        if not handled and command.action and command.nouns:
            self._apply_single(text, command)
        self._apply_listings(text)
        if LIMIT_PATTERNS.search(text):
            self.registry.learn_limit()
        if not self.unsure_reason and not handled and POSSESSION_HINTS.search(text):
            self.unsure_reason = "possession words in a reply the rules did not explain"

    def _apply_multi(self, text: str, command: Command) -> bool:
        """Multi-object replies; True when any were found."""
        taken, dropped = ip.taken_colon_list(text), ip.dropped_colon_list(text)
        for name in taken:
            self.registry.take_named(name, text)
        for name in dropped:
            self.registry.drop_named(name)
        pairs = ip.multi_replies(text) if command.action in ("take", "drop", "put") else []
        handled = bool(taken or dropped)
        for name, reply in pairs:
            handled = self._apply_reply(command, name, reply, text) or handled
            if command.action == "take" and in_sight(reply):
                self._in_scope_here(name)
        return handled

    def _in_scope_here(self, name: str) -> None:
        """A thing the game named in its answer to taking ("wall: You can't get that.") is in sight: here,
        unless we carry it or know it inside or on something."""
        item = self.registry.resolve(name, exact=True) or self.registry.ensure(ip.item_id(name), name)
        item.last_seen_turn = self.registry.turn
        if self.registry.room is not None and item.location not in (
            INVENTORY,
            self.registry.room,
            *self.registry.items,
        ):
            self.registry.move(item, self.registry.room, "seen")

    def _apply_reply(self, command: Command, name: str, reply: str, text: str) -> bool:
        """One "object: reply" line; True when the reply was understood."""
        rule = first_rule(line_rules(command.action, bool(command.target)), reply)
        if rule is None:
            return False
        self._apply_effect(rule, name, text, command)
        return True

    def _apply_effect(self, rule: ReplyRule, noun: str, text: str, command: Command) -> None:
        """Carry out what a reply rule says happened to the object, recording the rule's name."""
        self.registry.rule = rule.name
        try:
            if rule.effect == TAKEN:
                self.registry.take_named(noun, text)
            elif rule.effect == DROPPED:
                self.registry.drop_named(noun)
            elif rule.effect == PUT and command.target:
                self.registry.put_named(noun, command.target)
            elif rule.effect == LOST:
                self.registry.lost_named(noun, "the game says it is not carried")
            elif rule.effect in (FIXED, ALIVE):
                self.registry.classify(noun, portable=False, alive=True if rule.effect == ALIVE else None)
            elif rule.effect == LIMIT:
                self.registry.learn_limit()
            elif rule.effect == UNSURE:
                self.unsure_reason = f"unrecognised reply to {GERUNDS.get(command.action or '', '')} {noun!r}"
        finally:
            self.registry.rule = ""

    def _apply_single(self, text: str, command: Command) -> None:
        """Replies to a command about one or more named objects."""
        if command.is_all:
            return
        name = ip.clarified_object(text) if len(command.nouns) == 1 else None
        for noun in [name] if name else command.nouns:
            handler = SINGLE_ACTIONS.get(command.action or "")
            if handler is not None:
                handler(self, noun, text, command)

    def _single_take(self, noun: str, text: str, command: Command) -> None:
        """A take of one object."""
        self._apply_effect(first_rule(TAKE_REPLIES, text) or TAKE_REPLIES[-1], noun, text, command)

    def _single_drop(self, noun: str, text: str, command: Command) -> None:
        """A drop of one object."""
        self._apply_effect(first_rule(DROP_REPLIES, text) or DROP_REPLIES[-1], noun, text, command)

    def _single_put(self, noun: str, text: str, command: Command) -> None:
        """put X in/on Y."""
        if command.target is None or _refused(text):
            return
        if PUT_VERB_REPLY.search(" ".join(ip.reply_lines(text))):
            self.registry.put_named(noun, command.target)
        else:
            self.unsure_reason = f"unrecognised reply to putting {noun!r}"

    def _single_give(self, noun: str, text: str, command: Command) -> None:
        """give X to Y: the object leaves us when the reply is not a refusal."""
        item = self._handed_over(noun, text)
        if item is not None:
            target = ip.item_id(command.target) if command.target else UNKNOWN
            self.registry.move(item, target, "moved", detail="given")
            if command.target:
                self.registry.classify(command.target, portable=False, alive=True)

    def _handed_over(self, noun: str, text: str) -> Item | None:
        """The carried item a give or throw let go of, or None when refused or not held."""
        return None if _refused(text) else self.registry.carried(noun)

    def _single_consume(self, noun: str, text: str, command: Command) -> None:
        """eat/drink X: gone when the reply is not a refusal."""
        if ip.sounds_like_failure(text):
            return
        item = self.registry.carried(noun)
        if item is not None:
            item.properties["consumed"] = True
            self.registry.move(item, UNKNOWN, "gone", detail="consumed")

    def _single_throw(self, noun: str, text: str, command: Command) -> None:
        """throw X (at Y): it leaves our hands unless refused."""
        item = self._handed_over(noun, text)
        if item is not None:
            self.registry.move(item, self.registry.room or UNKNOWN, "dropped", detail="thrown")

    def _single_wear(self, noun: str, text: str, command: Command) -> None:
        """wear X: worn and therefore carried."""
        if not ip.sounds_like_failure(text):
            item = self.registry.carried(noun) or self.registry.take_named(noun, text)
            self.registry.set_property(item, "worn", True)

    def _single_unwear(self, noun: str, text: str, command: Command) -> None:
        """take off X: still carried, no longer worn."""
        item = self.registry.resolve(noun, prefer_carried=True)
        if item is not None and not ip.sounds_like_failure(text):
            self.registry.set_property(item, "worn", False)

    def _single_state(self, noun: str, text: str, command: Command) -> None:
        """open, close, unlock or lock X: the state a reply that does it leaves the thing in, when the
        reply's first sentence says the act in its own words ("You unlock the chest.", "Opened.",
        "Opening the box reveals a key.") and refuses nothing."""
        item = self.registry.resolve(noun)
        if item is None or _refused(text) or not said_done(command.action or "", text):
            return
        for key, value in STATE_CHANGES[command.action or ""].items():
            self.registry.set_property(item, key, value)

    def _apply_listings(self, text: str) -> None:
        """Objects a room description (the last one of a reply that passes through rooms) or an opened
        container shows."""
        for listed in ip.room_items(last_room_part(text)):
            self.see(listed, self.registry.room)
        for container, contents in ip.container_contents(text):
            holder = self.registry.resolve(container, prefer_carried=False) or self.registry.add_item(
                container
            )
            for listed in contents:
                self.see(listed, holder.item_id)

    def see(self, listed: ip.ListedItem, location: str | None) -> None:
        """Record that an object was seen at a location."""
        item = (
            self._one_of_several(listed)
            or self.registry.resolve(listed.name, exact=True)
            or self.registry.ensure(ip.item_id(listed.name), listed.name)
        )
        item.last_seen_turn = self.registry.turn
        for key, value in listed.properties.items():
            self.registry.set_property(item, key, value)
        if "count" not in listed.properties:  # seen as one: no longer several alike
            item.properties.pop("count", None)
        if location is not None and item.location != INVENTORY and item.location != location:
            self.registry.move(item, location, "seen")

    def _one_of_several(self, listed: ip.ListedItem) -> Item | None:
        """The thing known by one name that a count lists several of ("six loose pages": the loose page),
        unless it is carried (one carried, others lying here)."""
        if listed.properties.get("count", 1) < 2 or not listed.name.endswith("s"):
            return None
        item = self.registry.resolve(listed.name[:-1], exact=True)
        return item if item is not None and item.location != INVENTORY else None

    def resync(self, listing: list[ip.ListedItem]) -> None:
        """An inventory listing is the truth: carried items are exactly those listed."""
        listed_ids: set[str] = set()
        renames = self._renames(listing)
        for entry in listing:
            item = self._listed_item(entry.name, renames, listed_ids)
            item.portable = True if entry.container is None else item.portable
            location = INVENTORY if entry.container is None else ip.item_id(entry.container)
            for key, value in entry.properties.items():
                self.registry.set_property(item, key, value)
            if item.location != location:
                self.registry.move(item, location, "taken" if location == INVENTORY else "moved")
            listed_ids.add(item.item_id)
        for item in self.registry.get_inventory():
            if item.item_id not in listed_ids:
                self.registry.move(item, UNKNOWN, "gone", detail="missing from the inventory listing")
        self.registry.unverified.clear()
        self.last_listing_turn = self.registry.turn

    def _listed_item(self, name: str, renames: dict[str, Item], taken: set[str]) -> Item:
        """The registry item for a listing entry; a second entry of the same name is another object."""
        item = self.registry.resolve(name, exact=True) or renames.get(name)
        if item is not None and item.item_id not in taken:
            return item
        base = item.item_id if item is not None else ip.item_id(name)
        number = 2 if item is not None else 1
        while (base if number == 1 else f"{base}_{number}") in taken:
            number += 1
        key = base if number == 1 else f"{base}_{number}"
        return self.registry.items.get(key) or self.registry.ensure(key, name)

    def _renames(self, listing: list[ip.ListedItem]) -> dict[str, Item]:
        """Listed names that replace the guessed name of an item we took by a command's noun."""
        new = [
            e.name
            for e in listing
            if e.container is None and self.registry.resolve(e.name, exact=True) is None
        ]
        guessed = [
            self.registry.items[i] for i in sorted(self.registry.unverified) if i in self.registry.items
        ]
        guessed = [i for i in guessed if i.location == INVENTORY and not _listed_as(i, listing)]
        renames: dict[str, Item] = {}
        for item in list(guessed):
            words = ip.normalise(item.name).split()
            fits = [n for n in new if covers(ip.normalise(n).split(), words)]
            if len(fits) == 1:
                renames[fits[0]] = self._rename(item, fits[0])
                new.remove(fits[0])
                guessed.remove(item)
        if len(new) == 1 and len(guessed) == 1:
            renames[new[0]] = self._rename(guessed[0], new[0])
        return renames

    def _rename(self, item: Item, name: str) -> Item:
        """Give an item the name the game uses, keeping what we know about it."""
        del self.registry.items[item.item_id]
        aliases = [*item.properties.get("aliases", []), item.name]
        item.item_id, item.name = ip.item_id(name), name
        item.properties["aliases"] = aliases
        self.registry.items[item.item_id] = item
        return item


def _listed_as(item: Item, listing: list[ip.ListedItem]) -> bool:
    """True when some listed entry names the item."""
    return any(_same(item, e.name) for e in listing)


def _same(item: Item, name: str) -> bool:
    """True when a listed name is an item's name or one of its aliases."""
    names = [item.name, *item.properties.get("aliases", [])]
    return any(ip.item_id(n) == ip.item_id(name) for n in names)


# The reply rules of a command about named objects, by the command's action.
SINGLE_ACTIONS: dict[str, Callable[[ItemRules, str, str, Command], None]] = {
    "take": ItemRules._single_take,
    "drop": ItemRules._single_drop,
    "put": ItemRules._single_put,
    "give": ItemRules._single_give,
    "consume": ItemRules._single_consume,
    "throw": ItemRules._single_throw,
    "wear": ItemRules._single_wear,
    "unwear": ItemRules._single_unwear,
    **dict.fromkeys(STATE_CHANGES, ItemRules._single_state),
}


def said_done(action: str, reply: str) -> bool:
    """Whether a reply's first sentence says the act in a form of its verb ("lock" is not "unlocked").

    >>> said_done("unlock", "You unlock the chest."), said_done("open", "Opening the box reveals a key.")
    (True, True)
    >>> said_done("lock", "You unlock the chest."), said_done("open", "The door is locked.")
    (False, False)
    """
    return bool(re.search(rf"\b{action}(?:s|ed|d|ing)?\b", first_sentence(reply), re.IGNORECASE))


def _refused(text: str) -> bool:
    """True when a reply refuses the action or says we do not hold the object."""
    return ip.sounds_like_failure(text) or bool(NOT_HELD.search(text))
