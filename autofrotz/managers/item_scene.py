"""Objects a room description lists as lying here, and the contents an opened container reveals."""

from __future__ import annotations

import re

from autofrotz.managers.item_names import ListedItem, clean_name, list_items, listed_item

ROOM_LISTING = (
    re.compile(r"\bYou can (?:also )?see ([^.!?]+?(?:\([^)]*\)[^.!?]*?)*) here\b", re.IGNORECASE),
    re.compile(r"(?:^|[.!?]\s+|\n)\s*There (?:is|are) ([^.!?\n]+?) here\s*[.!,]", re.IGNORECASE),
    re.compile(r"(?:^|\n)\s*(?:You can also see|Visible items|I can also see)\s*:\s*(.+)$", re.MULTILINE),
    re.compile(r"(?:^|\n)\s*((?:A|An|Some) [^.\n]{1,60}?) (?:is|are) (?:lying |sitting |resting )?here\.", 0),
)
CONTAINER_PATTERNS = (
    re.compile(r"Opening the (.+?) reveals (.+?)\.", re.IGNORECASE | re.DOTALL),
    re.compile(r"(?:^|\n|[.!]\s+)The (.+?) contains (?!:)(.+?)\.", re.IGNORECASE),
    re.compile(r"(?:^|\n|[.!]\s+)(?:In|Inside) the (.+?) (?:is|are) (.+?)\.", re.IGNORECASE),
    re.compile(r"(?:^|\n|[.!]\s+)(?:In|Inside|On) the (.+?) you (?:can )?see (.+?)\.", re.IGNORECASE),
    re.compile(r"(?:^|\n|[.!]\s+)(?:On|Sitting on|Lying on) the (.+?) (?:is|are) (.+?)\.", re.IGNORECASE),
)


def room_items(text: str) -> list[ListedItem]:
    """Objects a room description lists as lying here.

    >>> [i.name for i in room_items("Attic\\n\\nYou can also see a lamp and a sword here.")]
    ['lamp', 'sword']
    >>> [i.name for i in room_items("There is a tin whistle here.")]
    ['tin whistle']
    """
    found: list[ListedItem] = []
    for pattern in ROOM_LISTING:
        for match in pattern.finditer(text):
            found.extend(list_items(match.group(1)))
    return [i for i in found if _plausible_name(i.name)]


def _plausible_name(name: str) -> bool:
    """Reject fragments that are sentences rather than object names."""
    words = name.split()
    return 0 < len(words) <= 8 and not re.search(r"\b(?:you|your|no|nothing|way|exit|door)\b", name, re.I)


def container_contents(text: str) -> list[tuple[str, list[ListedItem]]]:
    """(container name, items inside) for every sentence that reveals contents.

    >>> found = container_contents("Opening the small mailbox reveals a leaflet.")
    >>> [(c, [i.name for i in xs]) for c, xs in found]
    [('small mailbox', ['leaflet'])]
    """
    found = []
    for pattern in CONTAINER_PATTERNS:
        for match in pattern.finditer(text):
            items = [i for i in list_items(match.group(2)) if _plausible_name(i.name)]
            if items:
                found.append((clean_name(match.group(1)), items))
    found.extend(_block_contents(text))
    return found


def _block_contents(text: str) -> list[tuple[str, list[ListedItem]]]:
    """Zork-style "The glass bottle contains:" followed by indented lines."""
    found = []
    for match in re.finditer(r"^\s*The (.+?) contains:\s*\n((?:[ \t]+\S.*\n?)+)", text, re.MULTILINE):
        names = [listed_item(line, 1, None) for line in match.group(2).splitlines() if line.strip()]
        found.append((clean_name(match.group(1)), names))
    return found
