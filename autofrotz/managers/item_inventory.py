"""The game's answer to "inventory": inline lists, indented blocks, group headers and nesting."""

from __future__ import annotations

from autofrotz.managers.item_blocks import bare_name, block_inventory
from autofrotz.managers.item_list_lines import ends_listing, without_count_wording
from autofrotz.managers.item_names import (
    NOTHING_WORDS,
    ListedItem,
    negated_entry,
    slash_separated,
    split_list,
)
from autofrotz.managers.item_prose import nested_items, plain_list, possession_lists, prose_inventory
from autofrotz.managers.item_sections import headed_sections
from autofrotz.managers.status_line import strip_status
from autofrotz.reading.items_inventory import (
    ALL_YOU_HAVE,
    EXCEPTION_FIRST,
    INVENTORY_EMPTY,
    INVENTORY_HEADER,
    INVENTORY_WORDS,
    LIST_HEADING,
    NOTHING_BUT,
    WORN_HEADER,
    WORN_INLINE,
    WORN_LINE,
)
from autofrotz.reading.items_lines import BULLET, CLAUSE_WORDS
from autofrotz.reading.items_names import ARTICLES, ASIDE, FIRST_SENTENCE_END, NUMBER_WORDS


def without_exception_wording(text: str) -> str:
    """The text with rule nothing_but's wording put plainly.

    >>> without_exception_wording("You are carrying nothing but the bridle and a fork.")
    'You are carrying the bridle and a fork.'
    >>> without_exception_wording("You aren't holding anything except a key.")
    'You are carrying a key.'
    >>> without_exception_wording("You are carrying nothing.")
    'You are carrying nothing.'
    >>> without_exception_wording("Apart from a lamp and a key, you have nothing.")
    'You are carrying a lamp and a key.'
    >>> without_exception_wording("You look. Except for a key you are carrying nothing. You wear a hat.")
    'You look. You are carrying a key. You wear a hat.'
    >>> without_exception_wording("All you have is a lamp.")
    'You are carrying a lamp.'
    >>> without_exception_wording("You are carrying nothing of value: just a lamp.")
    'You are carrying a lamp.'
    """
    text = ALL_YOU_HAVE.sub("You are carrying ", text)
    text = EXCEPTION_FIRST.sub(lambda m: f"You are carrying {m.group('listed')}{m.group('end')}", text)
    return NOTHING_BUT.sub(lambda m: f"{m.group('subject')} are carrying ", text)


def parse_inventory(text: str) -> list[ListedItem] | None:
    """The game's answer to "inventory", or None when the text holds no inventory listing.

    >>> listing = parse_inventory("You are carrying:\\n  a cage\\n    a bird\\n  a rod")
    >>> [(i.name, i.container) for i in listing]
    [('cage', None), ('bird', 'cage'), ('rod', None)]
    >>> parse_inventory("You are empty-handed.")
    []
    >>> parse_inventory("You see nothing special.") is None
    True
    >>> [i.name for i in parse_inventory("You are carrying:\\n  A lamp\\nThe unicorn bounds away.")]
    ['lamp']
    >>> [i.name for i in parse_inventory("You're carrying:\\n*SMALL CARVING OF A RED FOX*")]
    ['SMALL CARVING OF A RED FOX']
    """
    text = strip_status(text).text  # a status line run into the reply lists no object
    text = without_exception_wording(without_count_wording(text))
    lines = text.splitlines()
    sections = headed_sections(lines, (INVENTORY_HEADER, WORN_HEADER))  # "Worn:" ... "In the coat pocket:"
    if sections is not None:
        return sections
    for index, line in enumerate(lines):
        if WORN_HEADER.match(line):
            above = list_under_heading(lines[: index + 1]) if any(x.strip() for x in lines[:index]) else None
            if above is not None:  # "You have with you:", "LANTERN", "Worn:", "CAP": the game's own heading
                return list_under_heading(lines) or []
            return _worn_block(lines[index + 1 :])
        match = INVENTORY_HEADER.match(line)
        if match:
            rest = next((g for g in match.groups() if g is not None), "").strip()
            if rest and len(possession_lists(line)) > 1:  # "You are carrying a lamp, and you're wearing..."
                return prose_inventory("\n".join(lines[index:])) or []
            if rest:
                return _inline_inventory(rest, lines[index + 1 :]) + _worn_lines(lines[index + 1 :])
            listed, after = list_on_next_line(lines[index + 1 :])
            if listed:  # rule list_on_next_line under the player's own heading: "lamp, key, coin."
                return _inline_inventory(listed, []) + _worn_after(after)
            worn = _worn_heading(lines, index + 1)
            if worn is not None:
                return block_inventory(lines[index + 1 : worn]) + _worn_block(lines[worn + 1 :])
            return block_inventory(lines[index + 1 :])
    prose = prose_inventory(text)  # "You have a lamp and a map.", "You are wearing a hat; ..."
    if prose is not None:
        return prose
    if INVENTORY_EMPTY.search(text):
        return []
    return list_under_heading(lines)


def _begins_like_object(text: str) -> bool:
    """True when a list entry opens with an article or a number word ("a lamp", "two coins") and
    reads as a name, not a clause ("the door is locked"); an aside in brackets is not read."""
    first = text.strip().split(" ", 1)[0].lower()
    plain = ASIDE.sub("", text)
    opens = first in ARTICLES or first in NUMBER_WORDS or negated_entry(text)  # rule negated_entry
    return opens and not CLAUSE_WORDS.search(plain)


def list_under_heading(lines: list[str]) -> list[ListedItem] | None:
    """A list-shaped answer to "inventory" under a heading no pattern above knows: the things on the
    heading's line after the colon ("Pockets: a lamp and a key."), or one a line below it, indented
    or not. Every entry must open like an object's name (an article or a number word), so a reply
    such as "You have two options: go down or west." is no listing. Only ever asked of replies to
    "inventory", where a list under a heading is the game's inventory whatever the heading says.

    >>> [i.name for i in list_under_heading(["Pockets: a lamp and a brass key."])]
    ['lamp', 'brass key']
    >>> [i.name for i in list_under_heading(["In your hands:", "a lamp", "two coins"])]
    ['lamp', 'coins']
    >>> list_under_heading(["You have two options: go down or west."]) is None
    True
    """
    index = next((i for i, line in enumerate(lines) if line.strip()), None)
    match = LIST_HEADING.match(lines[index]) if index is not None else None
    if index is None or not match:
        return None
    rest = match.group(1).strip()
    named = bool(INVENTORY_WORDS.search(lines[index][: lines[index].index(":")]))
    following = lines[index + 1 :]
    if not rest and named:
        rest, following = list_on_next_line(following)
    if rest:
        if rest.strip(" .").lower() in NOTHING_WORDS:
            return _worn_after(following)
        listing = _inline_inventory(rest, following)
        parts = split_list(FIRST_SENTENCE_END.split(rest)[0])
        fits = all(_begins_like_object(p) or (named and bare_name(p)) for p in parts)
        return listing + _worn_after(following) if listing and fits else None
    entry = BULLET.sub("", next((line for line in following if line.strip()), "").strip())
    # rule name_before_comma: the first entry may describe its thing after a comma ("A bag, in which is
    # a pin."); the name before it is what must open like an object's
    head = entry.split(",", 1)[0]
    fits = _begins_like_object(entry) or _begins_like_object(head) or (named and bare_name(entry))
    if not fits:
        return None
    worn = _worn_in_block(following)
    if worn is None:
        return block_inventory(following)
    return block_inventory(following[:worn]) + _worn_block(following[worn + 1 :])


def list_on_next_line(lines: list[str]) -> tuple[str, list[str]]:
    """Rule list_on_next_line: under a heading that names the listing, the whole list on the next line,
    comma-separated ("Your possessions are:" then "tinderbox, 2 candles, quill."), as older games
    print it; ("", lines) when the next line is no such list. Returns the list and the lines after it.

    >>> list_on_next_line(["lamp, 2 coins, quill.", "You are wearing: cloak."])
    ('lamp, 2 coins, quill.', ['You are wearing: cloak.'])
    >>> list_on_next_line(["Nothing."])
    ('Nothing.', [])
    >>> list_on_next_line(["  a lamp", "  a key"])[0]
    ''
    """
    index = next((i for i, line in enumerate(lines) if line.strip()), None)
    if index is None:
        return "", lines
    line = lines[index].strip()
    nothing = line.strip(" .").lower() in NOTHING_WORDS
    if lines[index][:1].isspace() or not (nothing or "," in line or slash_separated(line)):
        return "", lines
    parts = split_list(line.rstrip("."))
    if not nothing and not all(bare_name(p) or _begins_like_object(p) for p in parts):
        return "", lines
    return line, lines[index + 1 :]


def _worn_in_block(lines: list[str]) -> int | None:
    """The line of a worn heading inside the listing's paragraph ("LANTERN", "Worn:", "CAP")."""
    for index, line in enumerate(lines):
        if WORN_HEADER.match(line):
            return index
        if not line.strip() and index > 0:
            return None
    return None


def _worn_after(lines: list[str]) -> list[ListedItem]:
    """The worn things right after a listing: a worn heading over a block ("Worn:" then "CAP"), or
    a line of their own ("You are wearing: cloak.")."""
    worn = _worn_in_block(lines)
    if worn is not None:
        return _worn_block(lines[worn + 1 :])
    return _worn_lines(lines)


def _worn_heading(lines: list[str], start: int) -> int | None:
    """The line of a "You are wearing:" heading that goes on from the carried block starting at start.

    >>> _worn_heading(["You are carrying:", "  a lamp", "You are wearing:", "  a hat"], 1)
    2
    >>> _worn_heading(["You have:", "Lamp", "You are wearing:", "Coat"], 1)  # rule flush_block_worn
    2
    """
    flush = next((not x[:1].isspace() for x in lines[start:] if x.strip()), False)
    for index in range(start, len(lines)):
        if WORN_HEADER.match(lines[index]):
            return index
        line = lines[index]
        if line.strip() and not line[:1].isspace() and (not flush or ends_listing(line)):
            return None  # a flush-left line that is no entry of a flush-left block: the game talks again
    return None


def _worn_block(lines: list[str]) -> list[ListedItem]:
    """The entries under a "You are wearing:" heading, each worn."""
    return _mark_worn(block_inventory(lines))


def _mark_worn(items: list[ListedItem]) -> list[ListedItem]:
    """The items, those at the top level marked worn."""
    for item in items:
        if item.depth == 0:
            item.properties["worn"] = True
    return items


def _inline_inventory(rest: str, following: list[str]) -> list[ListedItem]:
    """An inventory given on the header's line ("You are carrying a lamp and a rod.")."""
    if rest.strip(" .").lower() in NOTHING_WORDS:
        return []
    for line in following:  # the list may wrap onto the next lines
        if not line.strip() or WORN_LINE.match(line):
            break
        rest += " " + line.strip()
    return nested_items(plain_list(FIRST_SENTENCE_END.split(rest)[0]))


def _worn_opens(line: str) -> bool:
    """A line that opens the worn part: a worn heading or a worn sentence."""
    return bool(WORN_HEADER.match(line) or WORN_LINE.match(line) or WORN_INLINE.match(line))


def _worn_lines(lines: list[str]) -> list[ListedItem]:
    """Rule worn_line_after_listing: the worn things a line of their own names right after an inline
    listing ("You are carrying a lamp." then "You are wearing a hat."), as Inform's and TADS's
    libraries print them when the carried list is given in a sentence.

    >>> [(i.name, i.properties.get("worn")) for i in _worn_lines(["You are wearing a hat.", "", "Later."])]
    [('hat', True)]
    >>> [(i.name, i.properties.get("worn")) for i in _worn_lines(["Worn: boots, hat."])]
    [('boots', True), ('hat', True)]
    """
    found: list[ListedItem] = []
    while lines and not lines[0].strip() and len(lines) > 1 and _worn_opens(lines[1]):
        lines = lines[1:]  # rule worn_after_blank: the worn part as a paragraph of its own
    worn = _worn_heading(lines, 0) if lines and WORN_HEADER.match(lines[0]) else None
    if worn is not None:
        return _worn_block(lines[1:])
    for line in lines:
        if not line.strip():
            break
        carried = INVENTORY_HEADER.match(line)
        rest = next((g for g in carried.groups() if g is not None), "").strip() if carried else ""
        if rest and not WORN_LINE.match(line):  # rule carrying_line_again: "You are carrying a key." again
            found.extend(_inline_inventory(rest, []))
            continue
        inline = WORN_INLINE.match(line)
        if inline:  # rule worn_inline_heading: "Worn: boots, hat."
            found.extend(_mark_worn(_inline_inventory(inline.group(1), [])))
            continue
        if WORN_LINE.match(line):
            found.extend(prose_inventory(line.replace(":", "", 1)) or [])  # "You are wearing: cloak."
    return found
