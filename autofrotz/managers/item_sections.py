"""An answer to "inventory" in several headed sections: what is worn, what a thing holds, what is held.

Hand-written inventory routines often split the listing under headings of their own, flush left, each
over its entries ("Worn:", "In the coat pocket:", "Held:", "It seems your bag holds:"). Each heading is
read by what it says, never by a game's wording: a worn heading marks its entries worn; a heading that
names a thing listed in the same answer with a word of holding puts its entries inside that thing; any
other heading (the player's hands, pockets that are no listed thing, "Carried:") lists what is carried.
"""

from __future__ import annotations

import re

from autofrotz.managers.item_blocks import bare_name, block_inventory
from autofrotz.managers.item_holders import inside_holders
from autofrotz.managers.item_names import ListedItem, negated_entry, slash_separated, split_list
from autofrotz.managers.item_prose import nested_items, plain_list
from autofrotz.reading.items_lines import CLAUSE_WORDS, SECTION_WORDS, WORN_WORDS
from autofrotz.reading.items_names import ARTICLES, ASIDE, FIRST_SENTENCE_END, NUMBER_WORDS

MOST_HEADING_WORDS = 8
FEWEST_SECTIONS = 2


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def section_heading(line: str, margin: int) -> bool:
    """Rule headed_sections: a flush-left line of a few words and a colon that says where or how things
    are had, alone on its line or with its entries after the colon ("Worn: a watch.").

    >>> section_heading("In the coat pocket:", 0), section_heading("Held:", 0), section_heading("  Held:", 0)
    (True, True, False)
    >>> section_heading("The guard says:", 0), section_heading("two coins:", 0)
    (False, False)
    >>> section_heading("Worn: a hat", 0)
    True
    """
    head, colon, _rest = line.strip().partition(":")
    words = head.split()
    return (
        _indent(line) == margin
        and bool(colon)
        and 0 < len(words) <= MOST_HEADING_WORDS
        and words[0].lower() not in NUMBER_WORDS
        and bool(SECTION_WORDS.search(head))
    )


def _inline_entries(line: str) -> list[ListedItem] | None:
    """The entries after a heading's colon ([] when none), or None when they do not read as names."""
    return _listed_line(line.partition(":")[2])


def _entries_under(lines: list[str]) -> list[ListedItem]:
    """The entries under a heading: one a line, or all on one line parted by commas ("lamp, rope.")."""
    filled = [line for line in lines if line.strip()]
    if len(filled) == 1 and ("," in filled[0] or slash_separated(filled[0])):
        listed = _listed_line(filled[0])
        if listed:
            return listed
    return block_inventory(lines)


def _listed_line(text: str) -> list[ListedItem] | None:
    """The things of an English list ending at its first full stop ([] for none), or None when a part
    does not read as a name."""
    rest = FIRST_SENTENCE_END.split(text.strip())[0].strip()
    if not rest:
        return []
    if not all(opens_like_name(part) for part in split_list(rest)):
        return None
    return nested_items(plain_list(rest))


def opens_like_name(part: str) -> bool:
    """A listed phrase: an article or a count first, an absence ("no thread"), or a bare name.

    >>> opens_like_name("a lamp"), opens_like_name("no thread"), opens_like_name("the door is locked")
    (True, True, False)
    """
    first = part.split(" ", 1)[0].lower()
    opens = first in ARTICLES or first in NUMBER_WORDS or negated_entry(part)
    return opens and not CLAUSE_WORDS.search(ASIDE.sub("", part)) or bare_name(part)


def headed_sections(lines: list[str], known: tuple[re.Pattern[str], ...] = ()) -> list[ListedItem] | None:
    """The listing of an answer that opens with a section heading and has two or more, each over
    entries, one of them none of the known headings (whose pairs other readers take); None for any
    other answer.

    >>> text = "Worn:\\n  a coat\\nIn the coat pocket:\\n  a key\\nHeld:\\n  a lamp\\n  no matches"
    >>> [(i.name, i.container, bool(i.properties.get("worn"))) for i in headed_sections(text.splitlines())]
    [('coat', None, True), ('key', 'coat', False), ('lamp', None, False), ('no matches', None, False)]
    >>> [i.name for i in headed_sections(["Worn: a watch.", "In your pocket: a card.", "Held: a ball."])]
    ['watch', 'card', 'ball']
    >>> headed_sections(["You are carrying:", "  a lamp"]) is None
    True
    >>> from autofrotz.reading.items_inventory import INVENTORY_HEADER, WORN_HEADER
    >>> lines = ["You are carrying:", "  a lamp", "You are wearing:", "  a hat"]
    >>> headed_sections(lines, (INVENTORY_HEADER, WORN_HEADER)) is None
    True
    """
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if not filled:
        return None
    margin = min(_indent(lines[i]) for i in filled)
    heads = [i for i in filled if section_heading(lines[i], margin)]
    if len(heads) < FEWEST_SECTIONS or heads[0] != filled[0]:
        return None
    if all(any(p.match(lines[i]) for p in known) for i in heads):
        return None  # "You are carrying:" and "You are wearing:" alone: the plain readers' shape
    sections = []
    for k, head in enumerate(heads):
        inline = _inline_entries(lines[head])
        if inline is None:
            return None  # words after a colon that name nothing: some other shape
        entries = inline + _entries_under(
            lines[head + 1 : heads[k + 1] if k + 1 < len(heads) else len(lines)]
        )
        if not entries:
            return None  # a heading with nothing under it: some other shape
        sections.append((lines[head].strip(), entries))
    return _placed(sections)


def _placed(sections: list[tuple[str, list[ListedItem]]]) -> list[ListedItem]:
    """The sections' entries, worn or put inside the thing their heading names."""
    items: list[ListedItem] = []
    for (heading, _entries), (holder, placed) in zip(sections, inside_holders(sections), strict=True):
        if holder is None and WORN_WORDS.search(heading):
            for item in placed:
                item.properties.update({"worn": True} if item.depth == 0 else {})
        items.extend(placed)
    return items
