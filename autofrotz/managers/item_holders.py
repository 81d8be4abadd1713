"""Where listed things are: the words of a heading or a sentence ("In the bag:", "in your coat pocket")
that name another listed thing put the things under them inside it; hands, pockets and headings that name
no listed thing hold what is carried. Shared by the sectioned (item_sections) and the prose (item_prose)
readings of an inventory.
"""

from __future__ import annotations

from collections.abc import Sequence

from autofrotz.managers.item_blocks import contents_heading
from autofrotz.managers.item_names import ListedItem, normalise, word_match
from autofrotz.reading.items_inventory import HOLDING_WORDS


def inside_holders(
    groups: Sequence[tuple[str | None, list[ListedItem]]],
) -> list[tuple[str | None, list[ListedItem]]]:
    """Each group of things with the words that say where they are (a heading, a place in a sentence)
    as (the listed thing of another group those words name, the things inside it), or (None, the
    things as they were): hands, pockets and headings that name no listed thing hold what is carried.

    >>> found = inside_holders([("Held:", [ListedItem("bag")]), ("In the bag:", [ListedItem("pin")])])
    >>> [(holder, [(i.name, i.container) for i in items]) for holder, items in found]
    [(None, [('bag', None)]), ('bag', [('pin', 'bag')])]
    """
    placed: list[tuple[str | None, list[ListedItem]]] = []
    for index, (words, items) in enumerate(groups):
        others = [i.name for k, (_w, found) in enumerate(groups) if k != index for i in found if i.depth == 0]
        holder = holder_named(words, others) if words else None
        placed.append((holder, moved_inside(items, holder) if holder else items))
    return placed


def holder_named(heading: str, names: list[str]) -> str | None:
    """The listed thing a heading says holds its entries ("In the tweed coat pocket:", "Your bag
    contains:"), or None: every word of its name in the heading, or its last word.

    >>> holder_named("In the tweed coat pocket:", ["tweed coat", "lamp"]), holder_named("Held:", ["lamp"])
    ('tweed coat', None)
    >>> holder_named("In your hands:", ["lamp"]), holder_named("It seems your bag holds:", ["leather bag"])
    (None, 'leather bag')
    """
    if not HOLDING_WORDS.search(heading):
        return None
    said = normalise(contents_heading(heading) or heading).split()
    best, most = None, 0
    for name in names:
        words = normalise(name).split()
        if not words or not any(word_match(words[-1], w) for w in said):
            continue
        shared = sum(any(word_match(x, w) for w in said) for x in words)
        if shared > most:
            best, most = name, shared
    return best


def moved_inside(entries: list[ListedItem], holder: str) -> list[ListedItem]:
    """Entries moved one level down, the top ones inside holder."""
    return [
        ListedItem(i.name, i.depth + 1, holder if i.depth == 0 else i.container, i.properties)
        for i in entries
    ]
