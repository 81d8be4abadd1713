"""An inventory given one object a line: indentation, "The x contains:" headers, group headers, entries
side by side or several to a line, and the names of such entries read by their shape."""

from __future__ import annotations

from autofrotz.managers.item_list_lines import (
    INDEFINITE_OPENERS,
    column_entries,
    ends_listing,
    long_listed_entry,
    remark_inside_listing,
)
from autofrotz.managers.item_names import (
    NOTHING_WORDS,
    ListedItem,
    clean_name,
    listed_item,
    split_count,
    split_list,
)
from autofrotz.reading.items_lines import (
    BULLET,
    CLAUSE_WORDS,
    CONTENTS_HEADING,
    DETERMINERS,
    GROUPED_PLURAL,
    NAME_LIST_PARTS,
    RELATIVE,
    SENTENCE_ON_LINE,
    SPACED_ASIDE,
)
from autofrotz.reading.items_names import ASIDE


def contents_heading(entry: str) -> str | None:
    """The name of the thing whose contents a heading line introduces, or None.

    >>> contents_heading("The brown sack contains:"), contents_heading("It seems your wicker basket holds:")
    ('brown sack', 'wicker basket')
    >>> contents_heading("Inside the tin:"), contents_heading("two coins:"), contents_heading("a lamp")
    ('tin', None, None)
    >>> contents_heading("The bag of the king contains")
    'bag of the king'

    """
    match = CONTENTS_HEADING.match(entry.strip())
    if not match:
        return None
    phrase = match.group("head") or match.group("place")
    first = DETERMINERS.search(phrase)
    return clean_name(phrase[first.end() :] if first else phrase) or None


def block_inventory(lines: list[str]) -> list[ListedItem]:
    """An inventory given one object a line, nesting shown by indentation or "The x contains:"."""
    items: list[ListedItem] = []
    stack: list[tuple[int, str | None]] = []  # (indent, container name) of open levels
    first_indent = -1
    expected = 0  # members a group header announced ("two Tarot cards:")
    for index, line in enumerate(lines):
        if not line.strip():
            if items:
                break
            continue
        first_indent = first_indent if first_indent >= 0 else len(line) - len(line.lstrip())
        if ends_listing(line) and " - " not in line:
            if items and remark_inside_listing(lines, index):
                continue  # rule remark_inside_listing: the list goes on below the game's remark
            break
        indent = len(line) - len(line.lstrip())
        if items and indent < first_indent:
            break  # a flush-left line after indented entries is the game talking again
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1] if stack else None
        entry = BULLET.sub("", line.strip())
        if entry.lower().rstrip(".") in NOTHING_WORDS:
            continue
        holder = contents_heading(entry)
        if holder:
            stack.append((indent, holder))
            continue
        if entry.endswith(":"):  # a group header such as "two candy bars:" names no object
            stack.append((indent, parent))
            expected = split_count(clean_name(entry.rstrip(":")))[1]
            continue
        members = _group_members(entry, expected) if expected > 1 else []
        expected = 0
        if members:  # "two Tarot cards:" then "the Maiden and Star" on the next line
            items.extend(ListedItem(name=n, depth=len(stack), container=parent) for n in members)
            continue
        if " - " in entry:  # Scott Adams style: the whole list on one line, then the game talks again
            items.extend(listed_item(p, len(stack), parent) for p in split_list(entry))
            break
        columns = column_entries(entry)
        if len(columns) > 1:  # rule two_columns: several entries side by side
            items.extend(listed_item(c, len(stack), parent) for c in columns)
            continue
        group = grouped_names(entry)
        if group:
            items.extend(ListedItem(name=n, depth=len(stack), container=parent) for n in group)
            continue
        sentences = sentence_entries(entry)
        if len(sentences) > 1:  # "A lamp. A key. A coin." on one line
            items.extend(listed_item(x, len(stack), parent) for x in sentences)
            continue
        item = listed_item(appositive_cut(entry), len(stack), parent)
        items.append(item)
        stack.append((indent, item.name))
    return items


def sentence_entries(entry: str) -> list[str]:
    """Rule sentences_on_one_line: a listed line of several short sentences, each opening like a listed
    thing ("A lamp. A key. Two coins."), names one thing a sentence; otherwise [entry]. Rule
    upper_case_sentences: upper-case names without articles, one a sentence ("LAMP. ROPE. TIN BOX."),
    as mainframe ports print them, likewise.

    >>> sentence_entries("A lamp. A key. Two coins."), sentence_entries("A lamp (lit). The end.")
    (['A lamp', 'A key', 'Two coins'], ['A lamp (lit). The end.'])
    >>> sentence_entries("LAMP. ROPE. TIN BOX."), sentence_entries("Dr. Who")
    (['LAMP', 'ROPE', 'TIN BOX'], ['Dr. Who'])
    """
    parts = [p.strip() for p in SENTENCE_ON_LINE.split(entry) if p.strip()]
    short = all(
        len(p.split()) <= 6 and p.split()[0].lower() in INDEFINITE_OPENERS or (p.isupper() and bare_name(p))
        for p in parts
    )
    return parts if len(parts) > 1 and short and not any(ends_listing(p) for p in parts) else [entry]


# Fewest words of a listed line whose words after its first comma describe the thing named before it.
APPOSITIVE_MIN_WORDS = 7


def appositive_cut(entry: str) -> str:
    """Rule appositive_after_name: a long listed line names its thing before the first comma and
    describes it after ("A canvas bag, heavy with nails of every size."), as the Phoenix games list
    what is carried; a short line keeps its commas, and so does one that does not open like a listed
    thing (a leading phrase such as "on your back, a rucksack", which clean_name cuts).

    >>> appositive_cut("A canvas bag, heavy with nails of every size."), appositive_cut("a lamp, lit")
    ('A canvas bag', 'a lamp, lit')
    >>> appositive_cut("on your back, a canvas rucksack")
    'on your back, a canvas rucksack'
    """
    head, comma, _tail = entry.partition(", ")
    words = entry.split()
    if comma and len(words) >= APPOSITIVE_MIN_WORDS and "(" not in head and long_listed_entry(words):
        return head
    return entry


def grouped_names(entry: str) -> list[str]:
    """The members of a listing line that groups objects by a shared plural ("Rods of A, B and C").

    >>> grouped_names("Rods of Bronze, Husbandry and Fire")
    ['Rod of Bronze', 'Rod of Husbandry', 'Rod of Fire']
    >>> grouped_names("a box of chocolates"), grouped_names("Rods of Luck")
    ([], [])
    >>> grouped_names("the Rods of Bronze (charged) and Husbandry")
    ['Rod of Bronze', 'Rod of Husbandry']
    """
    plain = SPACED_ASIDE.sub("", entry).strip()  # "(charged)" describes one member
    match = GROUPED_PLURAL.match(plain)
    if not match:
        return []
    parts = _split_names(match.group(2))
    return [f"{match.group(1)} of {p}" for p in parts] if len(parts) > 1 else []


def _split_names(text: str) -> list[str]:
    """Names of a plain "A, B and C" list.

    >>> _split_names("the Star, Maiden, Eight of Wands and Ace of Cups")
    ['Star', 'Maiden', 'Eight of Wands', 'Ace of Cups']
    """
    parts = NAME_LIST_PARTS.split(SPACED_ASIDE.sub("", text))
    return [clean_name(p) for p in parts if p.strip()]


def _group_members(entry: str, expected: int) -> list[str]:
    """The members named on the line after a group header, when there are as many as it announced."""
    parts = _split_names(entry)
    return parts if len(parts) == expected else []


def bare_name(text: str) -> bool:
    """A list entry that is a name without an article: a few words, no clause.

    >>> bare_name("brass lamp"), bare_name("LAMP"), bare_name("the door is locked")
    (True, True, False)
    """
    plain = ASIDE.sub("", text).strip(" .")
    return 0 < len(plain.split()) <= 4 and not CLAUSE_WORDS.search(plain) and not RELATIVE.search(plain)
