"""Deterministic parsing of what games say about objects: pure functions over text.

Knowledge of interactive-fiction conventions (library replies, listing styles) lives in the
tables at the top; the functions below are small and doctested.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

ARTICLES = ("a", "an", "the", "some", "your", "my", "his", "her", "its")
NUMBER_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip

# Property words found in parentheses after an object's name ("a lamp (providing light)").
PAREN_PROPERTIES: tuple[tuple[str, str, Any], ...] = (
    (r"providing light|\blit\b|\bburning\b|which is on\b|\bglowing\b", "lit", True),
    (r"being worn|\bworn\b|around your neck|on your (?:head|feet|hands|finger)", "worn", True),
    (r"\bclosed\b", "open", False),
    (r"\bopen\b", "open", True),
    (r"\blocked\b", "locked", True),
    (r"\bempty\b", "empty", True),
)

# Whole-line inventory headers; group 1 is whatever follows on the same line.
INVENTORY_HEADER = re.compile(
    r"^\s*(?:you are|you're|i am|i'm) (?:currently )?(?:carrying|holding)(?: the following)?\s*:?\s*(.*)$"
    r"|^\s*you(?: currently)? have\s*:\s*(.*)$"
    r"|^\s*(?:you are|you're|i am|i'm) carrying\s+(.*)$",
    re.IGNORECASE,
)
INVENTORY_EMPTY = re.compile(
    r"\b(?:you are|you're|i am|i'm) empty[- ]?handed"
    r"|\b(?:you are|you're|i am|i'm) (?:carrying|holding) nothing"
    r"|\b(?:you are|you're|i am|i'm) not (?:carrying|holding) anything"
    r"|\b(?:you aren't|i'm not) (?:carrying|holding) anything"
    r"|\byou (?:have|don't have|do not have) (?:nothing|anything)\b"
    r"|\b(?:you have no|you are beyond (?:all )?(?:worldly )?)(?:possessions|belongings)\b",
    re.IGNORECASE,
)
NOTHING_WORDS = {"nothing", "nothing at all", "nothing.", "none"}

# Replies that report success for one object (after the verb has been checked).
TAKE_OK = re.compile(
    r"^(?:taken|ok|o\.k|okay|got it|removed|you take (?:it|them)|picked up|you pick (?:it|them) up)"
    r"\s*(?:[.!]+(?:\s.*)?)?$",
    re.IGNORECASE,
)
DROP_OK = re.compile(
    r"^(?:dropped|ok|o\.k|okay|done|safely deposited|discarded)\s*(?:[.!]+(?:\s.*)?)?$", re.IGNORECASE
)
PUT_OK = re.compile(r"^(?:done|ok|o\.k|okay|you put .+|you place .+)\s*[.!]*$", re.IGNORECASE)
TAKE_VERB_REPLY = re.compile(r"\byou (?:take|pick up|grab|now have|remove|get)\b", re.IGNORECASE)

# Refusals that tell us something about the object.
FIXED_PATTERNS = re.compile(
    r"hardly portable|fixed in place|can't take|cannot take|can't be taken|securely (?:fastened|anchored)"
    r"|not something you can take|too heavy to|isn't portable|not portable|firmly attached"
    r"|you can't carry that|can't pick (?:that|it|them) up|is part of|are part of|won't budge",
    re.IGNORECASE,
)
ALIVE_PATTERNS = re.compile(
    r"would care for that|wouldn't care for that|living (?:creature|being)|doesn't want to be"
    r"|don't think .* would (?:care|like)|isn't interested in being"
    r"|is alive|would not appreciate|would object|not the sort of thing you can pick up, (?:he|she)",
    re.IGNORECASE,
)
LIMIT_PATTERNS = re.compile(
    r"carrying too many things|load is too heavy|can't carry any more|cannot carry any more"
    r"|hands are full|carrying too much|too much to carry|can't carry anything more"
    r"|you can't hold any more|i can't carry any more",
    re.IGNORECASE,
)
ALREADY_HAVE = re.compile(r"already (?:have|carrying|holding|got)|already in your possession", re.IGNORECASE)
NOT_HELD = re.compile(
    r"(?:you|i) (?:aren't|are not|am not|'re not|is not|'m not) (?:carrying|holding)"
    r"|(?:you|i) (?:don't|do not|haven't|have not) (?:have|got)|not carrying|you need to be holding",
    re.IGNORECASE,
)
# Anything that smells of failure: used to decide that a custom reply did not do the action.
FAILURE_HINTS = re.compile(
    r"\b(?:can't|cannot|can not|couldn't|don't|doesn't|isn't|aren't|won't|unable|nothing|no such|not|"
    r"what do you want|which do you mean|you see no|there is no|there's no|i don't|impossible|"
    r"refuses?|declines?|ignores?|unknown|unrecognised|unrecognized|understand|beyond your reach|"
    r"you'll have to|first|only|already|neither|fails?|failed)\b",
    re.IGNORECASE,
)

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
IMPLICIT_TAKE = re.compile(r"\((?:first )?taking (.+?)(?: first)?\)", re.IGNORECASE)
IMPLICIT_PUT = re.compile(r"\(putting (.+?) (?:into|in|on|onto) (.+?) to make room\)", re.IGNORECASE)
CLARIFY_LINE = re.compile(r"^\s*\(((?:the|a|an|some|your) .+?)\)\s*$", re.IGNORECASE | re.MULTILINE)
MULTI_REPLY = re.compile(r"^\s*([^:\n]{1,60}?):\s+(.+)$", re.MULTILINE)


@dataclass
class ListedItem:
    """One object named in a listing, with the properties its parentheses announce."""

    name: str
    depth: int = 0
    container: str | None = None  # name of the listed object holding it, if nested
    properties: dict[str, Any] = field(default_factory=dict)


def strip_article(phrase: str) -> str:
    """Remove one leading article or possessive.

    >>> strip_article("the brass lantern")
    'brass lantern'
    >>> strip_article("An apple")
    'apple'
    """
    words = phrase.strip().split(" ", 1)
    if len(words) == 2 and words[0].lower() in ARTICLES:
        return words[1].strip()
    return phrase.strip()


def clean_name(phrase: str) -> str:
    """Display name from a listed phrase: no article, parentheses, stars or final punctuation.

    >>> clean_name("A brass lantern (providing light).")
    'brass lantern'
    >>> clean_name("*GOLDEN NET*")
    'GOLDEN NET'
    >>> clean_name("as part of your clothing, a pocket")
    'pocket'
    """
    text = re.sub(r"^\s*as part of your clothing,\s*", "", phrase, flags=re.IGNORECASE)
    text = re.sub(r"\s*\([^)]*\)", "", text)
    text = re.sub(r"[.!?,;:]+$", "", text.strip().strip("*").strip())
    text = text.strip().strip("*").strip()
    return strip_article(text)


def split_count(name: str) -> tuple[str, int]:
    """Split a leading number word off a name.

    >>> split_count("two coins")
    ('coins', 2)
    >>> split_count("lamp")
    ('lamp', 1)
    """
    head, _, rest = name.partition(" ")
    if rest and head.lower() in NUMBER_WORDS:
        return rest, NUMBER_WORDS[head.lower()]
    return name, 1


def normalise(name: str) -> str:
    """Lower-case words without articles or punctuation, single-spaced.

    >>> normalise("The 'Chasm' Cube!")
    'chasm cube'
    >>> normalise("eye-like pearl")
    'eye like pearl'
    """
    text = re.sub(r"\([^)]*\)", " ", name.lower())
    text = re.sub(r"[^a-z0-9$' ]+", " ", text).replace("'s ", "s ").replace("'", "")
    words = [w for w in text.split() if w]
    while words and words[0] in ARTICLES and len(words) > 1:
        words = words[1:]
    return " ".join(words)


def item_id(name: str) -> str:
    """Registry key for a name.

    >>> item_id("A Brass Lantern")
    'brass_lantern'
    """
    return normalise(name).replace(" ", "_") or "thing"


def parse_properties(phrase: str) -> dict[str, Any]:
    """Properties announced in a phrase's parentheses.

    >>> parse_properties("a wicker cage (which is closed)")
    {'open': False}
    >>> parse_properties("a pendant (providing light and being worn)")
    {'lit': True, 'worn': True}
    """
    props: dict[str, Any] = {}
    for inner in re.findall(r"\(([^)]*)\)", phrase):
        for pattern, key, value in PAREN_PROPERTIES:
            if key not in props and re.search(pattern, inner, re.IGNORECASE):
                props[key] = value
    return props


def split_list(text: str) -> list[str]:
    """Split an English list of objects ("a, b and c") into phrases.

    >>> split_list("a lamp, a sword and some flint and steel")
    ['a lamp', 'a sword', 'some flint and steel']
    >>> split_list("*NET* - water - old lamp")
    ['*NET*', 'water', 'old lamp']
    """
    text = re.sub(r"\s+", " ", text).strip()
    if " - " in text:
        return [p.strip() for p in text.split(" - ") if p.strip()]
    parts: list[str] = []
    for chunk in re.split(r",\s*(?:and\s+)?", text):
        parts.extend(_split_and(chunk))
    return [p.strip() for p in parts if p.strip()]


def _split_and(chunk: str) -> list[str]:
    """Split on ' and ' only where an article or number starts the next phrase."""
    starters = "|".join((*ARTICLES, *NUMBER_WORDS))
    return re.split(rf"\s+and\s+(?=(?:{starters})\b)", chunk, flags=re.IGNORECASE)


def list_items(text: str) -> list[ListedItem]:
    """Items of an inline list, with Inform's "(in which is ...)" nesting.

    >>> [(i.name, i.container) for i in list_items("a jar (in which are a coin and a pin) and a cup")]
    [('jar', None), ('coin', 'jar'), ('pin', 'jar'), ('cup', None)]
    """
    items: list[ListedItem] = []
    for phrase in _split_top_level(text):
        inner = re.search(r"\((?:in|on|inside) which (?:is|are) (.+?)\)", phrase, re.IGNORECASE)
        nested = re.match(r"^(?:inside|in|on) wh(?:ich|om) (?:is|are) (.+)$", phrase.strip(), re.IGNORECASE)
        if nested and items:
            items.append(_listed(nested.group(1), 1, items[-1].name))
            continue
        outer = _listed(phrase, 0, None)
        if not outer.name or outer.name.lower() in NOTHING_WORDS:
            continue
        items.append(outer)
        if inner:
            items.extend(_listed(p, 1, outer.name) for p in split_list(inner.group(1)))
    return items


def _split_top_level(text: str) -> list[str]:
    """split_list that leaves parenthesised groups intact."""
    hidden: list[str] = []

    def hide(m: re.Match[str]) -> str:
        hidden.append(m.group(0))
        return f"\x00{len(hidden) - 1}\x00"

    masked = re.sub(r"\([^)]*\)", hide, text)
    return [re.sub(r"\x00(\d+)\x00", lambda m: hidden[int(m.group(1))], p) for p in split_list(masked)]


def _listed(phrase: str, depth: int, container: str | None) -> ListedItem:
    """A ListedItem from one phrase."""
    name, count = split_count(clean_name(phrase))
    props = parse_properties(phrase)
    if count > 1:
        props["count"] = count
    return ListedItem(name=name, depth=depth, container=container, properties=props)


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
    >>> [i.name for i in parse_inventory("You're carrying:\\n*SMALL STATUE OF A BLUE OX*")]
    ['SMALL STATUE OF A BLUE OX']
    """
    lines = text.splitlines()
    for index, line in enumerate(lines):
        match = INVENTORY_HEADER.match(line)
        if match:
            rest = next((g for g in match.groups() if g is not None), "").strip()
            if rest:
                return _inline_inventory(rest, lines[index + 1 :])
            return _block_inventory(lines[index + 1 :])
    return [] if INVENTORY_EMPTY.search(text) else None


def _inline_inventory(rest: str, following: list[str]) -> list[ListedItem]:
    """An inventory given on the header's line ("You are carrying a lamp and a rod.")."""
    if rest.strip(" .").lower() in NOTHING_WORDS:
        return []
    for line in following:  # the list may wrap onto the next lines
        if not line.strip():
            break
        rest += " " + line.strip()
    return list_items(re.split(r"(?<=[a-z)*])\.(?:\s|$)", rest)[0])


def _block_inventory(lines: list[str]) -> list[ListedItem]:
    """An inventory given one object a line, nesting shown by indentation or "The x contains:"."""
    items: list[ListedItem] = []
    stack: list[tuple[int, str | None]] = []  # (indent, container name) of open levels
    first_indent = -1
    expected = 0  # members a group header announced ("two Tarot cards:")
    for line in lines:
        if not line.strip():
            if items:
                break
            continue
        first_indent = first_indent if first_indent >= 0 else len(line) - len(line.lstrip())
        if _ends_listing(line) and " - " not in line:
            break
        indent = len(line) - len(line.lstrip())
        if items and indent < first_indent:
            break  # a flush-left line after indented entries is the game talking again
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1] if stack else None
        entry = line.strip()
        if entry.lower().rstrip(".") in NOTHING_WORDS:
            continue
        header = re.match(r"^(?:the )?(.+?) contains:?$", entry, re.IGNORECASE)
        if header:
            stack.append((indent, clean_name(header.group(1))))
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
            items.extend(_listed(p, len(stack), parent) for p in split_list(entry))
            break
        group = grouped_names(entry)
        if group:
            items.extend(ListedItem(name=n, depth=len(stack), container=parent) for n in group)
            continue
        item = _listed(entry, len(stack), parent)
        items.append(item)
        stack.append((indent, item.name))
    return items


def grouped_names(entry: str) -> list[str]:
    """The members of a listing line that groups objects by a shared plural ("Rods of A, B and C").

    >>> grouped_names("Rods of Bronze, Husbandry and Fire")
    ['Rod of Bronze', 'Rod of Husbandry', 'Rod of Fire']
    >>> grouped_names("a box of chocolates"), grouped_names("Rods of Luck")
    ([], [])
    >>> grouped_names("the Rods of Bronze (charged) and Husbandry")
    ['Rod of Bronze', 'Rod of Husbandry']
    """
    plain = re.sub(r"\s*\([^)]*\)", "", entry).strip()  # "(charged)" describes one member
    match = re.match(r"^(?:the |some )?([A-Za-z]+?)(?:e?s) of (.+?(?:,| and ).+)$", plain)
    if not match:
        return []
    parts = _split_names(match.group(2))
    return [f"{match.group(1)} of {p}" for p in parts] if len(parts) > 1 else []


def _split_names(text: str) -> list[str]:
    """Names of a plain "A, B and C" list.

    >>> _split_names("the Star, Maiden, Eight of Wands and Ace of Cups")
    ['Star', 'Maiden', 'Eight of Wands', 'Ace of Cups']
    """
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+", re.sub(r"\s*\([^)]*\)", "", text))
    return [clean_name(p) for p in parts if p.strip()]


def _group_members(entry: str, expected: int) -> list[str]:
    """The members named on the line after a group header, when there are as many as it announced."""
    parts = _split_names(entry)
    return parts if len(parts) == expected else []


def _ends_listing(line: str) -> bool:
    """A line of narration after an inventory listing (games often print events right after it).

    >>> _ends_listing("You seem to hear, from the southwest, the sounds of the sea."), _ends_listing("A lamp")
    (True, False)
    >>> _ends_listing("  a guaranteed-unbreakable medicine bottle with a child-proof lock (which is closed)")
    False
    >>> _ends_listing("A wig (which you wear)."), _ends_listing("Suddenly the sword twitches in your hand.")
    (False, True)
    """
    if line[:1].isspace() and not line.rstrip().endswith(("!", "?")):
        return False  # indented lines are the listing's own entries, however long
    line = re.sub(r"\([^)]*\)", "", line)  # "(which you are wearing)" describes an entry
    words = line.split()
    if len(words) >= 6 and words[0].lower() not in (*ARTICLES, *NUMBER_WORDS) and line.rstrip().endswith("."):
        return True  # a long sentence that does not begin like an object's name is narration
    return len(words) > 9 or line.rstrip().endswith(("!", "?")) or bool(re.search(r"\b(?:you|I)\b", line))


def room_items(text: str) -> list[ListedItem]:
    """Objects a room description lists as lying here.

    >>> [i.name for i in room_items("Attic\\n\\nYou can also see a lamp and a sword here.")]
    ['lamp', 'sword']
    >>> [i.name for i in room_items("There is a brass bell here.")]
    ['brass bell']
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
        names = [_listed(line, 1, None) for line in match.group(2).splitlines() if line.strip()]
        found.append((clean_name(match.group(1)), names))
    return found


def multi_replies(text: str) -> list[tuple[str, str]]:
    """(object, reply) pairs of a multi-object answer ("brass lantern: Taken.").

    >>> multi_replies("set of keys: Taken.\\nstream: You can't carry that.")
    [('set of keys', 'Taken.'), ('stream', "You can't carry that.")]
    """
    pairs: list[tuple[str, str]] = []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        match = MULTI_REPLY.match(line)
        if not match:
            continue
        name, reply = match.group(1).strip(), match.group(2).strip()
        if len(name.split()) > 8 or re.search(r"[\"(]|^(?:note|hint|warning)$", name, re.I):
            continue
        if reply.startswith("(") and reply.endswith(")") and index + 1 < len(lines):
            reply = lines[index + 1].strip()  # "gas mask: (putting ... to make room)" then "Taken."
        pairs.append((clean_name(name), reply))
    return pairs


def taken_colon_list(text: str) -> list[str]:
    """Objects of a "Taken: x, y." style reply.

    >>> taken_colon_list("Taken: the lamp, a sword.")
    ['lamp', 'sword']
    """
    match = re.search(r"^\s*(?:Taken|You take|Picked up)\s*:\s*(.+)$", text, re.IGNORECASE | re.MULTILINE)
    return [i.name for i in list_items(match.group(1).rstrip("."))] if match else []


def dropped_colon_list(text: str) -> list[str]:
    """Objects of a "Dropped: x, y." style reply.

    >>> dropped_colon_list("Dropped: the lamp and the sword.")
    ['lamp', 'sword']
    """
    match = re.search(r"^\s*(?:Dropped|You drop)\s*:\s*(.+)$", text, re.IGNORECASE | re.MULTILINE)
    return [i.name for i in list_items(match.group(1).rstrip("."))] if match else []


def implicit_takes(text: str) -> list[str]:
    """Objects the library picked up on its own ("(first taking the lamp)").

    >>> implicit_takes("(first taking the brass lamp)\\nYou light it.")
    ['brass lamp']
    """
    return [clean_name(m) for m in IMPLICIT_TAKE.findall(text)]


def implicit_puts(text: str) -> list[tuple[str, str]]:
    """(object, container) moved to make room.

    >>> implicit_puts("(putting the steel wrench into the canvas rucksack to make room)")
    [('steel wrench', 'canvas rucksack')]
    """
    return [(clean_name(a), clean_name(b)) for a, b in IMPLICIT_PUT.findall(text)]


def clarified_object(text: str) -> str | None:
    """The object the library chose for a vague noun ("(the old grimoire)").

    >>> clarified_object("(the old grimoire)\\nTaken.")
    'old grimoire'
    """
    match = CLARIFY_LINE.search(text)
    return clean_name(match.group(1)) if match else None


def reply_lines(text: str) -> list[str]:
    """Non-empty stripped lines, without score notices.

    >>> reply_lines("Taken.\\n\\n[Your score has just gone up by ten points.]")
    ['Taken.']
    """
    lines = [line.strip() for line in text.splitlines()]
    return [line for line in lines if line and not re.match(r"^\[.*\]$|^\*\*\*", line)]


def is_take_success(reply: str) -> bool:
    """True for the usual short replies to a successful take.

    >>> is_take_success("Taken!")
    True
    >>> is_take_success("You can't see any such thing.")
    False
    """
    lines = reply_lines(reply)
    return bool(lines) and any(TAKE_OK.match(line) for line in lines[:2])


def is_drop_success(reply: str) -> bool:
    """True for the usual short replies to a successful drop.

    >>> is_drop_success("Dropped.")
    True
    """
    lines = reply_lines(reply)
    return bool(lines) and any(DROP_OK.match(line) for line in lines[:2])


def sounds_like_failure(reply: str) -> bool:
    """True when the first sentence of a reply reads as a refusal.

    >>> sounds_like_failure("You can't reach it from here.")
    True
    >>> sounds_like_failure("You put the ball into the machine.")
    False
    """
    first = (
        re.split(r"(?<=[.!?])\s", " ".join(reply_lines(reply)), maxsplit=1)[0] if reply_lines(reply) else ""
    )
    return bool(FAILURE_HINTS.search(first))
