"""The tables the item readers name things with: articles and counts, bracketed asides and the states
they announce, English lists and how their entries part, and the breaks between a reply's sentences and
paragraphs (managers/item_names.py and the other item readers read through these).

One match and one miss of each table:

>>> bool(LEADING_STATE.match("closed fridge")), bool(LEADING_STATE.match("fridge"))
(True, False)
>>> LEADING_SETTING.sub("", "on your back, a rucksack"), LEADING_SETTING.sub("", "a rucksack, worn")
('a rucksack', 'a rucksack, worn')
>>> [key for pattern, key, _ in PAREN_PROPERTIES if pattern.search("providing light")]
['lit']
>>> [key for pattern, key, _ in PAREN_PROPERTIES if pattern.search("humming")]
[]
>>> bool(SLASHED.search("LAMP/ROPE")), bool(SLASHED.search("1/2 pint"))
(True, False)
>>> bool(LOWER_CASE.search("a lamp")), bool(LOWER_CASE.search("LAMP"))
(True, False)
>>> bool(NEGATED_ENTRY_START.match("no thread")), bool(NEGATED_ENTRY_START.match("no more"))
(True, False)
>>> BRACKETED_COUNT.search("COINS (3)").group(1), BRACKETED_COUNT.search("COINS (lit)")
('3', None)
>>> END_PUNCTUATION.sub("", "a lamp.!"), END_PUNCTUATION.sub("", "a lamp")
('a lamp', 'a lamp')
>>> ASIDE.sub("", "a jar (open)"), ASIDE.findall("a jar (open) (empty)"), ASIDE.findall("a jar")
('a jar ', ['open', 'empty'], [])
>>> NOT_NAME_CHARACTERS.sub(" ", "the 'chasm' cube!"), NOT_NAME_CHARACTERS.sub(" ", "cube")
("the 'chasm' cube ", 'cube')
>>> WHITESPACE.sub(" ", "a\\n  lamp"), WHITESPACE.sub(" ", "lamp")
('a lamp', 'lamp')
>>> LIST_COMMA.split("a lamp, and a key"), LIST_COMMA.split("a lamp")
(['a lamp', 'a key'], ['a lamp'])
>>> AND_BEFORE_ENTRY.split("a spool and no thread"), AND_BEFORE_ENTRY.split("salt and pepper")
(['a spool', 'no thread'], ['salt and pepper'])
>>> NESTED_AFTER_ENTRY.match("in which is a key").group(1), NESTED_AFTER_ENTRY.match("a key")
('a key', None)
>>> NESTED_IN_BRACKETS.match("on which are two cups").group(1), NESTED_IN_BRACKETS.match("open")
('two cups', None)
>>> MASKED_GROUP.sub("(x)", "a bag \\x000\\x00"), MASKED_GROUP.sub("(x)", "a bag")
('a bag (x)', 'a bag')
>>> FIRST_SENTENCE_END.split("a lamp. The end")[0], FIRST_SENTENCE_END.split("DR. WHO")[0]
('a lamp', 'DR. WHO')
"""

from __future__ import annotations

import re
from typing import Any

ARTICLES = ("a", "an", "the", "some", "your", "my", "his", "her", "its")
NUMBER_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip

# Property words found in parentheses after an object's name ("a lamp (providing light)").
PAREN_PROPERTIES: tuple[tuple[re.Pattern[str], str, Any], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), key, value)
    for pattern, key, value in (
        (r"providing light|\blit\b|\bburning\b|which is on\b|\bglowing\b", "lit", True),
        (r"being worn|\bworn\b|around your neck|on your (?:head|feet|hands|finger)", "worn", True),
        (r"\bclosed\b", "open", False),
        (r"\bopen\b", "open", True),
        (r"\blocked\b", "locked", True),
        (r"\bempty\b", "empty", True),
    )
)

# A state word some games print before an object's name ("a closed fridge"): a property, not the name.
LEADING_STATE = re.compile(r"(closed|opened|locked|unlocked)\s+", re.IGNORECASE)

# Rule leading_setting_phrase: a listed line may open with a short phrase saying where or how the
# thing is held, set off by a comma ("on your back, a rucksack"; "as worn, a hat"): the thing is the
# noun phrase after the comma, opened by an article or a number. A convention of prose inventories
# that group what is worn or held before naming it.
LEADING_SETTING = re.compile(
    r"^\s*(?:as|in|on|at|among|beside|besides|under|with|about)\b[^,()]{1,40},\s*"
    r"(?=(?:a|an|the|some|two|three|four|five|\d+)\s)",
    re.IGNORECASE,
)

# Rule slash_separated: a list whose entries are parted by slashes ("LAMP/ROPE / TIN BOX"), as some
# mainframe ports print one; a slash between digits ("1/2 pint") is no separator, and in mixed case only a
# spaced one is (a lower-case "on/off switch" names one thing).
SLASHED = re.compile(r"[A-Za-z)*\x00]\s*/\s*[A-Za-z*\x00]")  # \x00: a bracket masked by _split_top_level
# A lower-case letter anywhere: a list in mixed case, where only a spaced slash parts entries.
LOWER_CASE = re.compile(r"[a-z]")

# Rule negated_entry: a listed thing whose name tells an absence ("no thread", as older games joke), an
# entry like any other: it opens a new phrase after "and" as an article does.
NEGATED_ENTRY = r"no\s+(?!(?:one|more|longer|other)\b)[a-z]"
NEGATED_ENTRY_START = re.compile(NEGATED_ENTRY, re.IGNORECASE)

# Rule bracketed_count: a count in brackets after the name ("COINS (3)"), as older games print one.
BRACKETED_COUNT = re.compile(r"\((\d{1,4})\)\s*[.,;]?\s*$")

# Punctuation that ends a listed phrase ("a lamp."), no part of its name.
END_PUNCTUATION = re.compile(r"[.!?,;:]+$")
# A bracketed aside ("(providing light)"), its words as group 1: a state of the thing, no part of its name.
ASIDE = re.compile(r"\(([^)]*)\)")
# Characters no name's key keeps (read on lower-cased text).
NOT_NAME_CHARACTERS = re.compile(r"[^a-z0-9$' ]+")
# A run of white space, read as one space.
WHITESPACE = re.compile(r"\s+")
# The comma that parts the entries of an English list, with an "and" after it ("a lamp, and a key").
LIST_COMMA = re.compile(r",\s*(?:and\s+)?")
# An "and" that parts two entries: an article, a count or an absence opens the next ("a spool and no
# thread"), unlike an "and" inside one name ("salt and pepper").
AND_BEFORE_ENTRY = re.compile(
    rf"\s+and\s+(?=(?:{'|'.join((*ARTICLES, *NUMBER_WORDS))})\b|{NEGATED_ENTRY})", re.IGNORECASE
)
# An entry that gives the contents of the entry before it ("a tray, on which is a cup"): the contents.
NESTED_AFTER_ENTRY = re.compile(r"^(?:inside|in|on) wh(?:ich|om) (?:is|are) (.+)$", re.IGNORECASE)
# A bracketed aside that gives an entry's contents ("(in which are a coin and a pin)"): the contents.
NESTED_IN_BRACKETS = re.compile(r"^(?:in|on|inside) which (?:is|are) (.+)$", re.IGNORECASE | re.DOTALL)
# A bracketed group the list splitter masked ("\x000\x00"), its number as group 1.
MASKED_GROUP = re.compile(r"\x00(\d+)\x00")

# The full stop that ends a listed line's first sentence, after a letter, a bracket or a star (not "Dr.").
FIRST_SENTENCE_END = re.compile(r"(?<=[a-z)*])\.(?:\s|$)")


def article_phrase_ending(word: str, text: str) -> str | None:
    """The longest article-led phrase (up to four words) in text that ends with a word starting with
    `word` ("handful of pebbles" for "pebble"), without its article, or None.

    >>> article_phrase_ending("pebble", "You scoop up a handful of pebbles.")
    'handful of pebbles'
    >>> article_phrase_ending("lamp", "Taken.") is None
    True
    """
    pattern = rf"\b(?:a|an|the|some)\s+((?:[\w'-]+\s+){{0,3}}?{re.escape(word)}\w*)\b"
    match = re.search(pattern, text, re.IGNORECASE)
    return match.group(1) if match else None
