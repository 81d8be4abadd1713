"""The tables one line of an inventory listing is read with: a list marker, a clause or an aside in an
entry, a heading of the thing that holds what follows, a section heading, entries side by side, a count
in a heading (managers/item_blocks.py, item_sections.py and item_list_lines.py read through these).

One match and one miss of each table:

>>> bool(CLAUSE_WORDS.search("the door is shut")), bool(CLAUSE_WORDS.search("brass door"))
(True, False)
>>> BULLET.sub("", "- a lamp"), BULLET.sub("", "a lamp")
('a lamp', 'a lamp')
>>> bool(RELATIVE.search("a cup which holds tea")), bool(RELATIVE.search("a tea cup"))
(True, False)
>>> CONTENTS_HEADING.match("The sack contains:").group("head"), CONTENTS_HEADING.match("a sack")
('The sack', None)
>>> DETERMINERS.sub("", "your brass lamp"), DETERMINERS.sub("", "brass lamp")
('brass lamp', 'brass lamp')
>>> SENTENCE_ON_LINE.split("A lamp. A key."), SENTENCE_ON_LINE.split("Dr.Who")
(['A lamp', 'A key', ''], ['Dr.Who'])
>>> SPACED_ASIDE.sub("", "Rods of Ash (charged)"), SPACED_ASIDE.sub("", "Rods of Ash")
('Rods of Ash', 'Rods of Ash')
>>> GROUPED_PLURAL.match("Rods of Ash and Oak").groups(), GROUPED_PLURAL.match("a box of figs")
(('Rod', 'Ash and Oak'), None)
>>> NAME_LIST_PARTS.split("Ash, Oak and Elm"), NAME_LIST_PARTS.split("Ash")
(['Ash', 'Oak', 'Elm'], ['Ash'])
>>> bool(SECTION_WORDS.search("In the coat pocket")), bool(SECTION_WORDS.search("The guard says"))
(True, False)
>>> bool(WORN_WORDS.search("Worn")), bool(WORN_WORDS.search("Held"))
(True, False)
>>> bool(SPEAKS_OF_PLAYER.search("A hat you like.")), bool(SPEAKS_OF_PLAYER.search("A hat, worn."))
(True, False)
>>> COLUMN_GAP.split("a lamp     a rope"), COLUMN_GAP.split("a lamp   (lit)")
(['a lamp', 'a rope'], ['a lamp   (lit)'])
>>> COUNT_HEADING.sub(":", "You have two items:"), COUNT_HEADING.sub(":", "You have two hands.")
(':', 'You have two hands.')
"""

from __future__ import annotations

import re

from autofrotz.reading.items_names import NUMBER_WORDS

# Words that make an entry a clause ("the door is locked"), not an object's name.
CLAUSE_WORDS = re.compile(r"\b(?:is|are|was|were|has|have|had|can|will|would|must)\b", re.IGNORECASE)

# A list marker opening an entry ("- a lamp", "* a lamp", "1. a lamp"): a list's punctuation, no name.
BULLET = re.compile(r"^(?:[-*\u2022+]|\d{1,2}[.)])\s+")

# Words opening a relative clause or an aside, never part of a listed name.
RELATIVE = re.compile(r"\b(?:which|that|who|whom|where|while|but)\b", re.IGNORECASE)

# Rule contents_sentence: a line that says what a thing holds and ends where its contents begin ("The
# sack contains:", "It seems your basket holds:", "Your bag has in it:"); "contains" may go without the
# colon, as the older games print it. The thing is named from the first article or possessive on, so the
# sentence around it ("It seems ...") names nothing.
CONTENTS_HEADING = re.compile(
    r"^(?P<head>.+?)\s+(?:contains:?|holds:|has in it:|carries:)$"
    r"|^(?:inside|in|within) (?P<place>(?:the|your|my|his|her|its) .+?):$",
    re.IGNORECASE,
)
# An article or a possessive, where a heading starts to name its thing ("It seems your basket"), anywhere
# in it; patterns.OPTION_ARTICLE takes one only at the start, and "some" where this takes "their".
DETERMINERS = re.compile(r"\b(?:the|your|my|his|her|its|their|a|an)\s+", re.IGNORECASE)

# Words that make a short line ending in a colon a section heading of an inventory: where or how things
# are had. A line such as "The guard says:" has none of them and is the game talking.
SECTION_WORDS = re.compile(
    r"\b(?:worn|wearing|wear|held|holding|hold|holds|carried|carrying|carry|hands?|pockets?|inside|in|on"
    r"|within|contains?|has in it|inventory|possessions?|belongings|person|have|has|got)\b",
    re.IGNORECASE,
)
# A section heading's words that say its entries are worn ("Worn:", "Wearing:").
WORN_WORDS = re.compile(r"\b(?:worn|wearing|wear)\b", re.IGNORECASE)

# Rule two_columns: entries set side by side, split by a run of spaces (mainframe ports print a long
# inventory in two columns); a bracketed note after a name is no second column.
COLUMN_GAP = re.compile(r"(?<=\S) {3,}(?=[^\s(])")

# Rule count_heading: a heading that counts what follows ("You are carrying 3 objects:", "You have two
# items:", "YOU ARE CARRYING THE FOLLOWING 4 THINGS."), as older games open the list; read as the plain
# heading ("You are carrying:").
_COUNT = r"(?:\d+|one|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
COUNT_HEADING = re.compile(
    r"^(?P<lead>\s*(?:(?:you are|you're|i am|i'm) (?:carrying|holding)|(?:you|i) have))"
    rf"(?: the following)? {_COUNT} (?:objects?|items?|things?|possessions?)(?: in all)?(?:\s*:|\s*\.\s*$)",
    re.IGNORECASE | re.MULTILINE,
)

# The full stops that end the short sentences of one listed line ("A lamp. A key."), after a letter or a
# bracket.
SENTENCE_ON_LINE = re.compile(r"(?<=[A-Za-z)])\.(?:\s+|$)")
# A bracketed aside with the space before it ("(charged)"): it describes one member of a group.
SPACED_ASIDE = re.compile(r"\s*\([^)]*\)")
# A line that groups things by a shared plural ("Rods of Ash and Oak"): the singular's stem, the members.
GROUPED_PLURAL = re.compile(r"^(?:the |some )?([A-Za-z]+?)(?:e?s) of (.+?(?:,| and ).+)$")
# The commas and "and"s that part a plain list of names ("Ash, Oak and Elm").
NAME_LIST_PARTS = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
# A line that speaks of the player ("you", "I"): narration, no listed thing.
SPEAKS_OF_PLAYER = re.compile(r"\b(?:you|I)\b")
