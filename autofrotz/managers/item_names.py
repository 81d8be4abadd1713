"""Object names in game text: articles, counts, parenthesised properties and English lists.

The shared vocabulary of the item parsers (item_inventory, item_scene, item_replies); pure and doctested.
The patterns they read with are reading/items_names.py's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from autofrotz.reading.items_names import (
    AND_BEFORE_ENTRY,
    ARTICLES,
    ASIDE,
    BRACKETED_COUNT,
    END_PUNCTUATION,
    LEADING_SETTING,
    LEADING_STATE,
    LIST_COMMA,
    LOWER_CASE,
    MASKED_GROUP,
    NEGATED_ENTRY_START,
    NESTED_AFTER_ENTRY,
    NESTED_IN_BRACKETS,
    NOT_NAME_CHARACTERS,
    NUMBER_WORDS,
    PAREN_PROPERTIES,
    SLASHED,
    WHITESPACE,
    article_phrase_ending,
)

# The properties a state word before a name (reading/items_names.LEADING_STATE) gives the thing.
STATE_PROPERTIES: dict[str, dict[str, Any]] = {
    "closed": {"open": False},
    "opened": {"open": True},
    "locked": {"locked": True, "open": False},
    "unlocked": {"locked": False},
}

NOTHING_WORDS = {"nothing", "nothing at all", "nothing.", "none"}


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
    >>> clean_name("on your back, a canvas rucksack"), clean_name("in the end, the bell")
    ('canvas rucksack', 'bell')
    >>> clean_name("a lamp, lit")
    'lamp, lit'
    """
    text = LEADING_SETTING.sub("", phrase)
    text = without_brackets(text)
    text = END_PUNCTUATION.sub("", text.strip().strip("*").strip())
    text = text.strip().strip("*").strip()
    return strip_article(text)


def split_count(name: str) -> tuple[str, int]:
    """Split a leading number word off a name.

    >>> split_count("two coins")
    ('coins', 2)
    >>> split_count("lamp")
    ('lamp', 1)
    >>> split_count("2 candles"), split_count("7")
    (('candles', 2), ('7', 1))
    """
    head, _, rest = name.partition(" ")
    if rest and head.lower() in NUMBER_WORDS:
        return rest, NUMBER_WORDS[head.lower()]
    if rest and head.isdigit() and rest[:1].isalpha():  # rule digit_count: "2 candles", as older games count
        return rest, int(head)
    return name, 1


def normalise(name: str) -> str:
    """Lower-case words without articles or punctuation, single-spaced.

    >>> normalise("The 'Chasm' Cube!")
    'chasm cube'
    >>> normalise("eye-like pearl")
    'eye like pearl'
    """
    text = ASIDE.sub(" ", name.lower())
    text = NOT_NAME_CHARACTERS.sub(" ", text).replace("'s ", "s ").replace("'", "")
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

    >>> parse_properties("a wooden crate (which is closed)")
    {'open': False}
    >>> parse_properties("a headlamp (providing light and being worn)")
    {'lit': True, 'worn': True}
    """
    props: dict[str, Any] = {}
    for inner in ASIDE.findall(phrase):
        for pattern, key, value in PAREN_PROPERTIES:
            if key not in props and pattern.search(inner):
                props[key] = value
    return props


def slash_separated(text: str) -> bool:
    """True when slashes part the entries of a list.

    >>> slash_separated("LAMP/ROPE"), slash_separated("lamp / rope"), slash_separated("an on/off switch")
    (True, True, False)
    """
    match = SLASHED.search(text)
    return bool(match) and (" / " in text or not LOWER_CASE.search(text))


def split_list(text: str) -> list[str]:
    """Split an English list of objects ("a, b and c") into phrases.

    >>> split_list("a lamp, a sword and some flint and steel")
    ['a lamp', 'a sword', 'some flint and steel']
    >>> split_list("*NET* - water - old lamp")
    ['*NET*', 'water', 'old lamp']
    >>> split_list("LAMP/ROPE / TIN BOX")
    ['LAMP', 'ROPE', 'TIN BOX']
    """
    text = WHITESPACE.sub(" ", text).strip()
    if " - " in text:
        return [p.strip() for p in text.split(" - ") if p.strip()]
    if slash_separated(text):  # rule slash_separated: mainframe ports part entries with slashes
        return [p.strip() for p in text.split("/") if p.strip()]
    parts: list[str] = []
    for chunk in LIST_COMMA.split(text):
        parts.extend(_split_and(chunk))
    return [p.strip() for p in parts if p.strip()]


def negated_entry(phrase: str) -> bool:
    """True when a listed phrase is a thing named by an absence.

    >>> negated_entry("no thread"), negated_entry("no more"), negated_entry("a lamp")
    (True, False, False)
    """
    return bool(NEGATED_ENTRY_START.match(phrase.strip()))


def _split_and(chunk: str) -> list[str]:
    """Split on ' and ' only where an article, a number or a negated entry starts the next phrase.

    >>> _split_and("a spool and no thread"), _split_and("salt and pepper")
    (['a spool', 'no thread'], ['salt and pepper'])
    """
    return AND_BEFORE_ENTRY.split(chunk)


def list_items(text: str) -> list[ListedItem]:
    """Items of an inline list, with Inform's "(in which is ...)" nesting, however deep.

    >>> [(i.name, i.container) for i in list_items("a jar (in which are a coin and a pin) and a cup")]
    [('jar', None), ('coin', 'jar'), ('pin', 'jar'), ('cup', None)]
    >>> deep = list_items("a bag (in which are a tin (in which is a key) and a map) and a lamp")
    >>> [(i.name, i.container, i.depth) for i in deep]
    [('bag', None, 0), ('tin', 'bag', 1), ('key', 'tin', 2), ('map', 'bag', 1), ('lamp', None, 0)]
    """
    return _listed(text, 0, None)


def _listed(text: str, depth: int, parent: str | None) -> list[ListedItem]:
    items: list[ListedItem] = []
    for phrase in _split_top_level(text):
        nested = NESTED_AFTER_ENTRY.match(phrase.strip())
        if nested and items and depth == 0:
            items.append(listed_item(nested.group(1), 1, items[-1].name))
            continue
        outer = listed_item(phrase, depth, parent)
        if not outer.name or outer.name.lower() in NOTHING_WORDS:
            continue
        items.append(outer)
        for group in bracket_groups(phrase):
            inner = NESTED_IN_BRACKETS.match(group)
            if inner:
                items.extend(_listed(inner.group(1), depth + 1, outer.name))
    return items


def bracket_groups(text: str) -> list[str]:
    """The contents of the outermost parenthesised groups, nested brackets kept.

    >>> bracket_groups("a bag (open) (in which is a tin (closed))")
    ['open', 'in which is a tin (closed)']
    """
    groups: list[str] = []
    depth = start = 0
    for i, char in enumerate(text):
        if char == "(":
            start = i + 1 if depth == 0 else start
            depth += 1
        elif char == ")" and depth > 0:
            depth -= 1
            if depth == 0:
                groups.append(text[start:i])
    return groups


def without_brackets(text: str) -> str:
    """The text with every parenthesised group (nested ones too) and the space before it removed.

    >>> without_brackets("a bag (in which are a tin (in which is a key) and a map) here")
    'a bag here'
    """
    out: list[str] = []
    depth = 0
    for char in text:
        if char == "(":
            depth += 1
            while depth == 1 and out and out[-1].isspace():
                out.pop()
        elif char == ")" and depth > 0:
            depth -= 1
        elif depth == 0:
            out.append(char)
    return "".join(out)


def _split_top_level(text: str) -> list[str]:
    """split_list that leaves parenthesised groups (nested ones too) intact."""
    hidden: list[str] = []
    masked: list[str] = []
    depth = start = 0
    for i, char in enumerate(text):
        if char == "(" and depth == 0:
            start = i
        depth += char == "("
        if char == ")" and depth > 0:
            depth -= 1
            if depth == 0:
                hidden.append(text[start : i + 1])
                masked.append(f"\x00{len(hidden) - 1}\x00")
            continue
        if depth == 0:
            masked.append(char)
    if depth:  # an unclosed bracket: keep the text as it is
        return split_list(text)
    return [MASKED_GROUP.sub(lambda m: hidden[int(m.group(1))], p) for p in split_list("".join(masked))]


def listed_item(phrase: str, depth: int, container: str | None) -> ListedItem:
    """A ListedItem from one phrase.

    >>> listed_item("COINS (3)", 0, None)
    ListedItem(name='COINS', depth=0, container=None, properties={'count': 3})
    >>> listed_item("a closed fridge", 0, None)
    ListedItem(name='fridge', depth=0, container=None, properties={'open': False})
    """
    name, count = split_count(clean_name(phrase))
    bracketed = BRACKETED_COUNT.search(phrase)
    if bracketed and count == 1:
        count = int(bracketed.group(1))
    props = parse_properties(phrase)
    state = LEADING_STATE.match(name)
    if state and len(name.split()) > 1:  # "a closed fridge" and "an opened fridge" are one fridge
        name = name[state.end() :]
        props.update(STATE_PROPERTIES[state.group(1).lower()])
    if count > 1:
        props["count"] = count
    return ListedItem(name=name, depth=depth, container=container, properties=props)


def word_match(a: str, b: str) -> bool:
    """Words match when equal, plural of each other, or one abbreviates the other (>= 4 letters).

    >>> word_match("ash", "ashes"), word_match("lamp", "lantern"), word_match("electricrch", "electric")
    (True, False, True)
    """
    if a == b or a + "s" == b or b + "s" == a or a + "es" == b or b + "es" == a:
        return True
    short, long_ = sorted((a, b), key=len)
    return len(short) >= 4 and long_.startswith(short)


def covers(name_words: list[str], noun_words: list[str]) -> bool:
    """True when every word of the noun matches some word of the name.

    >>> covers(["brass", "lantern"], ["lantern"]), covers(["brass", "lantern"], ["lamp"])
    (True, False)
    """
    return all(any(word_match(w, n) for n in name_words) for w in noun_words)


def name_in_text(noun: str, text: str) -> str | None:
    """The longest article-led phrase (up to four words) in text that ends with the noun's last word.

    >>> name_in_text("pebble", "You scoop up a handful of pebbles.")
    'handful of pebbles'
    >>> name_in_text("lamp", "Taken.") is None
    True
    """
    words = normalise(noun).split()
    if not words:
        return None
    return article_phrase_ending(words[-1], text)
