"""Answers to "inventory" written as prose rather than as a "You are carrying:" list.

Read by the structure of the sentence, not by any game's wording: clauses (split at semicolons and
sentence ends, never inside parentheses) that open with a possession verb, each followed by an English
list of objects. The verbs are the ones the big libraries use (Inform's "You are carrying", "You are
wearing", TADS's "You have", Inform 7's "you have in your hands"), in the first, second or third
person ("Alice is carrying").
"""

from __future__ import annotations

import re
from typing import Any

from autofrotz.managers.item_names import (
    ARTICLES,
    NUMBER_WORDS,
    ListedItem,
    list_items,
)

# What may start an object list: an article, a possessive, a count.
LIST_START = rf"(?:{'|'.join((*ARTICLES, *NUMBER_WORDS))}|\d+)\b"
# Who the listing is about: the player in the first or second person, or a named narrator's hero.
SUBJECT = r"(?:you|i|he|she|they|(?-i:[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2}))"
BE = r"(?:'re|'m|'s| are| am| is)"
# Possession leads, each followed by an object list: (rule, pattern, properties every listed object has).
POSSESSION_LEADS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("wearing", rf"\b{SUBJECT}{BE}? (?:also |now |currently )?wearing\s+", {"worn": True}),
    ("carrying", rf"\b{SUBJECT}{BE}? (?:also |now |currently )?(?:carrying|holding)\s+", {}),
    (
        "having",
        rf"\b{SUBJECT}(?:'ve got|'s got"
        r"| (?:also |now |currently )?(?:have|has|carry|carries|hold|holds)(?: got)?)"
        r"(?: (?:in|on) (?:(?:your|my|his|her|their) )?\w+| with (?:you|me|him|her|them))?,?\s+",
        {},
    ),
)
LEAD = re.compile(
    "|".join(f"(?P<{rule}>{pattern})" for rule, pattern, _ in POSSESSION_LEADS) + rf"(?={LIST_START})",
    re.IGNORECASE,
)
LEAD_PROPERTIES = {rule: props for rule, _, props in POSSESSION_LEADS}
# Words that join one possession clause to the next ("...; in addition, you have", ", and you're wearing"):
# cut from the end of a list, and the only words allowed before a clause's first lead.
CONNECTOR = re.compile(
    r"[\s,;]*(?:\b(?:and|but|while|plus|also|in addition|besides(?: that)?)\b[\s,]*)*$", re.I
)


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
    """
    items: list[ListedItem] = []
    started = False
    for clause in clauses(_opening_paragraph(text)):
        found = possession_lists(clause)
        if not found:
            break  # an answer opens with its listing; after it the game tells something else
        started = True
        for listed, props in found:
            for item in nested_items(listed):
                item.properties.update(props if item.depth == 0 else {})
                items.append(item)
    return items if started else None


# Inform's English lists name an object's contents right after it, unbracketed: "a tray, on top of
# which are two mugs and a teapot, a jar and a map". After "is" the contents are one entry; after
# "are" they run to the entry after their first "and"; what follows belongs to the list around them,
# so contents may hold contents of their own ("a satchel, inside which are a tin, inside which is a
# key and a map and a lamp": the key in the tin, the map in the satchel, the lamp carried).
NESTED = re.compile(r",?\s*\b(?:on top of|in|on|inside|under|upon) wh(?:ich|om) (?P<verb>is|are)\s+", re.I)
_STARTERS = "|".join((*ARTICLES, *NUMBER_WORDS))
SEPARATOR = re.compile(
    rf"(?P<nested>{NESTED.pattern})|(?P<last>,?\s+and\s+(?=(?:{_STARTERS})\b))|(?P<comma>,\s*)", re.I
)


def nested_items(listed: str) -> list[ListedItem]:
    """Items of an English list whose entries may be followed by their unbracketed contents.

    >>> items = nested_items("a tray, on top of which are two mugs and a teapot (closed), a jar and a map")
    >>> [(i.name, i.container) for i in items]
    [('tray', None), ('mugs', 'tray'), ('teapot', 'tray'), ('jar', None), ('map', None)]
    >>> [(i.name, i.container) for i in nested_items("a box, in which is a key, and a lamp")]
    [('box', None), ('key', 'box'), ('lamp', None)]
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
        listed = CONNECTOR.sub("", clause[m.end() : end]).strip().rstrip(".!")
        if listed and ":" not in listed:  # "You have two options: ..." is a menu, not a list
            found.append((listed, dict(LEAD_PROPERTIES[m.lastgroup or ""])))
    return found


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
    paragraphs = [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
    return " ".join(paragraphs[0].split()) if paragraphs else ""
