"""Answers to "inventory" written as prose rather than as a "You are carrying:" list.

Read by the structure of the sentence, not by any game's wording: clauses (split at semicolons and
sentence ends, never inside parentheses) that open with a possession verb, each followed by an English
list of objects. The verbs are the ones the big libraries use (Inform's "You are carrying", "You are
wearing", TADS's "You have", Inform 7's "you have in your hands"), in the first, second or third
person ("Alice is carrying").
"""

from __future__ import annotations

from typing import Any

from autofrotz.managers.item_holders import inside_holders
from autofrotz.managers.item_names import ListedItem, list_items
from autofrotz.reading.items_inventory import (
    CONNECTOR,
    GOT_ON,
    INVENTORY_EMPTY,
    LEAD,
    NESTED,
    ONLY,
    PLACE_AFTER,
    PLAYER_ACTS,
    POSSESSION_LEADS,
    SEPARATOR,
    THING_PLACE,
    TURN,
    WITH_YOU,
)
from autofrotz.reading.told_text import PARAGRAPH_BREAK

LEAD_PROPERTIES = {rule: props for rule, _, props in POSSESSION_LEADS}
HOLDER = "_within"  # the key possession_lists gives a holder under, taken off before items are made


def prose_inventory(text: str) -> list[ListedItem] | None:
    """Objects of an inventory given in sentences; None when the reply has no possession clause.

    >>> [i.name for i in prose_inventory("You have a ticket, a torch (providing light) and a map.")]
    ['ticket', 'torch', 'map']
    >>> worn = prose_inventory("You are wearing a hat and a coat; in addition, you have in hand a tray.")
    >>> [(i.name, i.properties.get("worn", False)) for i in worn]
    [('hat', True), ('coat', True), ('tray', False)]
    >>> [i.name for i in prose_inventory("You are carrying a lamp, and you're wearing a coat.")]
    ['lamp', 'coat']
    >>> prose_inventory("You have to be more specific!") is None
    True
    >>> [i.name for i in prose_inventory("Your hands are empty, but your pockets hold a key and a coin.")]
    ['key', 'coin']
    >>> [i.name for i in prose_inventory("You pat your pockets. You are carrying a lamp.")]
    ['lamp']
    """
    held: list[tuple[str | None, list[ListedItem]]] = []  # (the place a clause names, its things)
    started, narration = False, 0
    for part in _parts(clauses(_opening_paragraph(text))):
        found = possession_lists(part)
        if not found and INVENTORY_EMPTY.search(part):
            continue  # rule empty_then_listing: "You are empty-handed, but you are wearing a coat."
        if not found and not started and narration < NARRATION_BEFORE_LISTING and PLAYER_ACTS.match(part):
            narration += 1  # rule narration_before_listing: "You check your pockets." then the list
            continue
        if not found and narration:
            return None  # narration on both sides of a possession clause: a story, not a listing
        if found and not started and all(THING_PLACE.match(f"in {p.get(HOLDER, '')}") for _, p in found):
            found = []  # "The chest holds a sword." opens no answer to "inventory"
        if not found:
            break  # an answer opens with its listing; after it the game tells something else
        started = True
        for listed, props in found:
            holder = props.pop(HOLDER, None)
            read = nested_items(listed)
            for item in read:
                item.properties.update(props if item.depth == 0 else {})
            held.append((holder, read))
    return _placed(held) if started else None


def _placed(held: list[tuple[str | None, list[ListedItem]]]) -> list[ListedItem]:
    """The things of every clause, those a clause puts in a listed thing ("Your bag holds a pin.", "You
    have a coin in your coat pocket.") inside it; a place of the player's no listed thing names (hands,
    pockets) holds what is carried, and some other thing's ("The troll holds a knife.") nothing of ours."""
    groups = [(f"in {place}" if place else None, read) for place, read in held]
    items: list[ListedItem] = []
    for (words, _read), (holder, read) in zip(groups, inside_holders(groups), strict=True):
        if holder is None and words and THING_PLACE.match(words):
            continue
        items.extend(read)
    return items


# Rule narration_before_listing: at most this many sentences of narration may open an answer to
# "inventory" before its listing ("You check your pockets. You are carrying a lamp."), as games that
# dress the command up print them, when the listing then ends the paragraph; more narration, or
# narration after the listing too, and the reply is a story about something else.
NARRATION_BEFORE_LISTING = 1


def _parts(found: list[str]) -> list[str]:
    """Clauses cut again where a "but" turns to a new subject, so an empty part stands alone.

    >>> _parts(["You aren't carrying anything, but you are wearing a coat"])
    ["You aren't carrying anything", 'you are wearing a coat']
    """
    out: list[str] = []
    for clause in found:
        pieces = TURN.split(clause)
        # only cut when a piece says nothing is carried: "a lamp and you ..." stays one list otherwise
        out.extend(pieces if any(INVENTORY_EMPTY.search(p) for p in pieces) else [clause])
    return out


def nested_items(listed: str) -> list[ListedItem]:
    """Items of an English list whose entries may be followed by their unbracketed contents.

    >>> items = nested_items("a tray, on top of which are two mugs and a teapot (closed), a jar and a map")
    >>> [(i.name, i.container) for i in items]
    [('tray', None), ('mugs', 'tray'), ('teapot', 'tray'), ('jar', None), ('map', None)]
    >>> [(i.name, i.container) for i in nested_items("a tin, in which is a key, and a lamp")]
    [('tin', None), ('key', 'tin'), ('lamp', None)]
    >>> deep = "a bag, inside which are a tin, inside which is a key and a map and a lamp"
    >>> [(i.name, i.container, i.depth) for i in nested_items(deep)]
    [('bag', None, 0), ('tin', 'bag', 1), ('key', 'tin', 2), ('map', 'bag', 1), ('lamp', None, 0)]
    """
    if not NESTED.search(_masked(listed)):
        return list_items(listed)
    items: list[ListedItem] = []
    _read_level(_entries(listed), 0, 0, None, True, items)
    return items


def _entries(listed: str) -> list[tuple[str, str, str]]:
    """(entry, the separator after it: nested, last, comma or "", the verb after a nested one)."""
    masked, entries, at = _masked(listed), [], 0
    for m in SEPARATOR.finditer(masked):
        kind = m.lastgroup if m.lastgroup in ("nested", "last", "comma") else "nested"
        entries.append((listed[at : m.start()], kind, (m.group("verb") or "").lower()))
        at = m.end()
    entries.append((listed[at:], "", ""))
    return [e for e in entries if e[0].strip() or e[1] == "nested"]


def _read_level(
    entries: list[tuple[str, str, str]], pos: int, depth: int, parent: str | None, many: bool,
    items: list[ListedItem],
) -> tuple[int, str, str]:  # fmt: skip
    """Read one level's entries from pos; returns where it stopped and the separator left over."""
    sep, verb, last = "", "", False
    while pos < len(entries):
        text, sep, verb = entries[pos]
        pos += 1
        found = _listed_entry(text, depth, parent)
        items.extend(found)
        while sep == "nested" and pos < len(entries):
            holder = found[0].name if found else parent
            pos, sep, verb = _read_level(entries, pos, depth + 1, holder, verb == "are", items)
        if depth > 0 and (not many or last or not sep):
            return pos, sep, verb
        last = sep == "last"
    return pos, sep, verb


def _listed_entry(text: str, depth: int, parent: str | None) -> list[ListedItem]:
    """One entry (with any bracketed contents of its own), at this depth under this parent."""
    found = list_items(text)
    if not found:
        return []
    head = found[0]
    moved = [ListedItem(head.name, depth, parent, head.properties)]
    moved += [ListedItem(i.name, i.depth + depth, i.container, i.properties) for i in found[1:]]
    return moved


def _masked(text: str) -> str:
    """The text with everything inside parentheses blanked, so its indexes still fit the original."""
    out, depth = [], 0
    for char in text:
        depth += char == "("
        out.append("_" if depth > 0 else char)
        depth -= char == ")" and depth > 0
    return "".join(out)


def possession_lists(clause: str) -> list[tuple[str, dict[str, Any]]]:
    """(object list, properties) for every possession lead in a clause.

    >>> possession_lists("You are wearing a hat and a coat")
    [('a hat and a coat', {'worn': True})]
    >>> possession_lists("Alice is carrying two coins, and she has a map"), possession_lists("You have died")
    ([('two coins', {}), ('a map', {})], [])
    >>> possession_lists("The ghost, who is holding a chain, moans")
    []
    """
    leads = list(LEAD.finditer(clause))
    if not leads or not CONNECTOR.fullmatch(clause[: leads[0].start()]):
        return []  # the clause is about something else ("The ghost, who has a chain, ...")
    found = []
    for k, m in enumerate(leads):
        end = leads[k + 1].start() if k + 1 < len(leads) else len(clause)
        listed = plain_list(CONNECTOR.sub("", clause[m.end() : end]).strip().rstrip(".!"))
        props = dict(LEAD_PROPERTIES[m.lastgroup or ""])
        after = PLACE_AFTER.search(listed)
        lead = m.group("holder") or m.group("place")  # the place a lead names before the list
        holder = lead or (after.group("holder") if after else None)
        listed = listed[: after.start()] if after and not lead else listed
        if m.lastgroup == "having" and GOT_ON.search(listed):
            listed, props = GOT_ON.sub("", listed), {"worn": True}
        if listed and ":" not in listed:  # "You have two options: ..." is a menu, not a list
            found.append((listed, {**props, HOLDER: holder} if holder else props))
    return found


def plain_list(listed: str) -> str:
    """A list without the words around it that name nothing (rules only_qualifier and nothing_else).

    >>> plain_list("just the lamp and nothing else"), plain_list("a key, and that's all")
    ('the lamp', 'a key')
    """
    return ONLY.sub("", WITH_YOU.sub("", listed.strip()))


def clauses(text: str) -> list[str]:
    """Clauses of a text, split at semicolons and sentence ends outside parentheses.

    >>> clauses("You have a lamp (lit; new). You are wearing a hat; and a scarf.")
    ['You have a lamp (lit; new)', 'You are wearing a hat', 'and a scarf']
    """
    out, depth, current = [], 0, ""
    for index, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        at_end = char in ".!?" and (index + 1 == len(text) or text[index + 1].isspace())
        if depth <= 0 and (char == ";" or at_end):
            out.append(current.strip())
            current = ""
            continue
        current += char
    out.append(current.strip())
    return [c for c in out if c]


def _opening_paragraph(text: str) -> str:
    """The first paragraph of the reply, its wrapped lines joined."""
    paragraphs = [p for p in PARAGRAPH_BREAK.split(text.strip()) if p.strip()]
    return " ".join(paragraphs[0].split()) if paragraphs else ""
