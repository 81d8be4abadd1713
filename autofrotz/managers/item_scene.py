"""Objects a room description lists as lying here, and the contents an opened container reveals."""

from __future__ import annotations

from autofrotz.managers.item_names import ListedItem, clean_name, list_items, listed_item
from autofrotz.managers.room_parser import header_lines
from autofrotz.managers.status_line import strip_status
from autofrotz.reading.items_scene import (
    CLAUSE,
    CONTAINER_PATTERNS,
    CONTENTS_BLOCK,
    NOT_A_THING_NAME,
    PLACING_SENTENCES,
    ROOM_LISTING,
    WHERE_IN_ROOM,
)
from autofrotz.reading.told_text import PARAGRAPH_BREAK, SENTENCE_BREAK


def room_items(text: str) -> list[ListedItem]:
    """Objects a room description lists as lying here, or places in a sentence of their own.

    >>> [i.name for i in room_items("Attic\\n\\nYou can also see a lamp and a sword here.")]
    ['lamp', 'sword']
    >>> [i.name for i in room_items("There is a tin whistle here.")]
    ['tin whistle']
    >>> [i.name for i in room_items("There are two coins lying on the floor here. There is a rope nearby.")]
    ['coins', 'rope']
    >>> [i.name for i in room_items("There is a man lying on the grass here, fast asleep.")]
    ['man']
    >>> [i.name for i in room_items("Shed\\nA cramped shed.\\n\\nA brass lamp hangs from a hook.")]
    ['brass lamp']
    >>> [i.name for i in room_items("You notice a drawer. There is a coin on the floor. Look! a chest!")]
    ['drawer', 'coin', 'chest']
    """
    found: list[ListedItem] = []
    for pattern in ROOM_LISTING:
        for match in pattern.finditer(text):
            found.extend(list_items(match.group(1)))
    found.extend(placed_items(text))
    named: dict[str, ListedItem] = {}
    for item in found:
        item.name = WHERE_IN_ROOM.sub("", item.name)
        if _plausible_name(item.name):
            named.setdefault(item.name.lower(), item)  # two patterns may read one sentence
    return list(named.values())


def last_room_part(text: str) -> str:
    """The part of a reply from its last room heading on, when it passes through more than one room (a
    room entered and left again in one reply): what the earlier rooms list lies there, not here.

    >>> last_room_part("Lobby\\nYou see a statue here.\\nYou are thrown out.\\n\\nStreet\\nA busy street.")
    'Street\\nA busy street.'
    >>> last_room_part("Taken.\\n\\nAttic\\nYou can see a lamp here.")
    'Taken.\\n\\nAttic\\nYou can see a lamp here.'
    """
    headers = header_lines(text)
    if len(headers) < 2 or headers[-1].index < 0:
        return text
    lines = strip_status(text).text.replace("\r", "").split("\n")
    return "\n".join(lines[headers[-1].index :])


def placed_items(text: str) -> list[ListedItem]:
    """Things a paragraph of their own places in the room (never the first paragraph, the room's own).

    >>> [i.name for i in placed_items("Bedroom\\nA bare room.\\n\\nBy the bed stands an oak chest.")]
    ['oak chest']
    >>> [i.name for i in placed_items("Yard\\nA yard.\\n\\nA red apple has fallen into the grass.")]
    ['red apple']
    >>> [i.name for i in placed_items("Yard\\nA yard.\\n\\nA cart with one wheel gone leans on a wall.")]
    ['cart']
    >>> placed_items("A wooden shed stands to the west. The gate is north.")
    []
    """
    paragraphs = [p.strip() for p in PARAGRAPH_BREAK.split(text) if p.strip()]
    found: list[ListedItem] = []
    for paragraph in paragraphs[1:]:
        first = SENTENCE_BREAK.split(" ".join(paragraph.split()), maxsplit=1)[0]
        for pattern in PLACING_SENTENCES:
            match = pattern.match(first)
            if match:
                found.append(listed_item(match.group("thing"), 0, None))
                break
    return found


def _plausible_name(name: str) -> bool:
    """Reject fragments that are sentences rather than object names.

    >>> _plausible_name("man in a grey coat"), _plausible_name("girl holding a kite")
    (True, True)
    >>> _plausible_name("man hail a cab and drive off"), _plausible_name("way out")
    (False, False)
    """
    words = name.split()
    if CLAUSE.search(name):
        return False
    return 0 < len(words) <= 8 and not NOT_A_THING_NAME.search(name)


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
    for match in CONTENTS_BLOCK.finditer(text):
        names = [listed_item(line, 1, None) for line in match.group(2).splitlines() if line.strip()]
        found.append((clean_name(match.group(1)), names))
    return found
