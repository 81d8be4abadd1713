"""The tables a room's text is read with for the things in it: the library's listings of things here,
a paragraph that places one thing, an opened container's contents, and the noun phrases of the room's
sentences (managers/item_scene.py and named_things.py read through these).

One match and one miss of each table:

>>> ROOM_LISTING[0].search("You can see a cup here.").group(1), ROOM_LISTING[0].search("A cup.")
('a cup', None)
>>> opened = CONTAINER_PATTERNS[0]
>>> opened.search("Opening the tin reveals a key.").groups(), opened.search("A tin.")
(('tin', 'a key'), None)
>>> placing = PLACING_SENTENCES[0]
>>> placing.match("A brass bell hangs from a beam").group("thing"), placing.match("Bells ring")
('brass bell', None)
>>> WHERE_IN_ROOM.sub("", "a man lying on the grass"), WHERE_IN_ROOM.sub("", "a man with a hat")
('a man', 'a man with a hat')
>>> bool(NOT_A_THING_NAME.search("way out")), bool(NOT_A_THING_NAME.search("tin cup"))
(True, False)
>>> CONTENTS_BLOCK.search("The tin contains:\\n  a key\\n").group(1), CONTENTS_BLOCK.search("The tin is.")
('tin', None)
>>> ARTICLE_PHRASE.search("by an iron gate").group(1), ARTICLE_PHRASE.search("by iron gates")
('iron gate', None)
>>> AND_PHRASE.search("a gold and blue case").group(1), AND_PHRASE.search("a gold case")
('blue case', None)
>>> LETTER_TOKEN.findall("It's 3 o'clock"), LETTER_TOKEN.findall("3 4")
(["It's", "o'clock"], [])
>>> CAPITALISED_RUN.search("by Old Tom here").group(1), CAPITALISED_RUN.search("by old tom")
('Old Tom', None)
>>> SENTENCE_OR_CLAUSE_BREAK.split("A cup; a key. Done"), SENTENCE_OR_CLAUSE_BREAK.split("A cup")
(['A cup;', 'a key.', 'Done'], ['A cup'])
>>> WORD_TOKEN.findall("a cup_2 here"), WORD_TOKEN.findall("42")
(['a', 'cup_2', 'here'], [])
>>> PHRASE_WORD.findall("large, maroon curtain"), PHRASE_WORD.findall(", ;")
([',', '', ''], [])
>>> bool(PLAYER_IS.search("And you? You're")), bool(PLAYER_IS.search("You see"))
(True, False)
>>> bool(CLAUSE.search("man hail a cab")), bool(CLAUSE.search("man in a grey coat"))
(True, False)
"""

from __future__ import annotations

import re

# The library's listings of things here ("You can see a cup here.", "There is a key here."): the list.
ROOM_LISTING = (
    re.compile(r"\bYou can (?:also )?see ([^.!?]+?(?:\([^)]*\)[^.!?]*?)*) here\b", re.IGNORECASE),
    re.compile(
        r"(?:^|[.!?]\s+|\n)\s*There (?:is|are) ([^.!?\n]+?) (?:here|nearby)(?=\s*[.!,])", re.IGNORECASE
    ),
    re.compile(r"(?:^|\n)\s*(?:You can also see|Visible items|I can also see)\s*:\s*(.+)$", re.MULTILINE),
    re.compile(r"(?:^|\n)\s*((?:A|An|Some) [^.\n]{1,60}?) (?:is|are) (?:lying |sitting |resting )?here\.", 0),
    # things seen in a sentence of the room's own ("You notice a drawer.", "There is a coin on the floor.",
    # "Look over there! a chest!"), as generated and hand-written games both say it
    re.compile(
        r"(?:^|[.!?]\s+|\n)\s*(?:You|I) (?:can )?(?:also )?(?:see|notice|make out|spot|find) "
        r"((?:an?|some) [^.!?\n]{1,60}?)(?: here| there| nearby)?[.!]",
        re.IGNORECASE,
    ),
    re.compile(
        r"(?:^|[.!?]\s+|\n)\s*There (?:is|are) ((?:an?|some) [^.!?\n]{1,300}?) "
        r"(?:on|in) the (?:floor|ground)\b",
        re.IGNORECASE,
    ),
    re.compile(r"\b(?:over there|look)!\s+((?:an?|some) [^.!?\n]{1,50}?)!", re.IGNORECASE),
)

# A sentence that reveals a container's contents ("Opening the tin reveals a key."): the container, the
# list.
CONTAINER_PATTERNS = (
    re.compile(r"Opening the (.+?) reveals (.+?)\.", re.IGNORECASE | re.DOTALL),
    re.compile(r"\bYou open the ([^.,]+?), revealing (.+?)\.", re.IGNORECASE),
    re.compile(r"(?:^|\n|[.!]\s+)The (.+?) contains (?!:)(.+?)\.", re.IGNORECASE),
    re.compile(r"(?:^|\n|[.!]\s+)(?:In|Inside) the (.+?) (?:is|are) (.+?)\.", re.IGNORECASE),
    re.compile(r"(?:^|\n|[.!]\s+)(?:In|Inside|On) the (.+?) you (?:can )?see (.+?)\.", re.IGNORECASE),
    re.compile(r"(?:^|\n|[.!]\s+)(?:On|Sitting on|Lying on) the (.+?) (?:is|are) (.+?)\.", re.IGNORECASE),
)

# A paragraph of its own that places one thing in the room: "A brass lamp hangs from a hook." or
# "Beside the door stands an iron chest." (the sentence libraries print for a thing not yet moved)
_PLACING_VERBS = (
    r"(?:hangs?|lies|lie|sits?|stands?|rests?|leans?|dangles?|waits?|gleams?|glints?|glitters?|floats?|"
    r"hovers?|sticks? out|protrudes?|(?:is|are) (?:lying|sitting|standing|resting|hanging|leaning|propped|"
    r"lodged|wedged|tucked|set|fixed|mounted|here)|(?:has|have) (?:fallen|been (?:left|dropped|placed)))"
)
# The thing such a sentence places, up to four words.
_THING = r"(?P<thing>(?:[\w'-]+ ){0,3}?[\w'-]+)"

PLACING_SENTENCES = (
    re.compile(
        rf"^(?:An?|Some) {_THING}(?: (?:with|in|on) [^.,;]{{1,40}}?)? {_PLACING_VERBS}\b", re.IGNORECASE
    ),
    re.compile(
        rf"^(?:At|On|In|Beside|Near|Against|Under|Below|Above|By|Behind|Before|Among) [^.,;]{{1,50}}?,? "
        rf"(?:stands?|sits?|lies|lie|hangs?|rests?|leans?|(?:is|are)) (?:an?|some) {_THING}(?:[.,;]| with\b)",
        re.IGNORECASE,
    ),
)

# Words after a listed thing that say where in the room it lies or how it rests there, no part of its
# name ("some keys on the ground", "a man lying on the grass").
WHERE_IN_ROOM = re.compile(
    r"\s+(?:(?:lying|resting|sitting|standing) )?(?:on|upon) the (?:ground|floor)$"
    r"|\s+(?:lying|resting|sitting|standing|leaning|hanging|floating|sprawled|slumped|perched|propped) "
    r"(?:on|upon|in|against|by|beside|under|near|at|across) (?:the |an? |some )?[\w' -]{1,30}$",
    re.IGNORECASE,
)

# A phrase starts after an article, a possessive or "of" ("a collection of hunting trophies"), and ends
# before the next of them: ARTICLE_PHRASE.
_STARTS = r"a|an|the|some|your|my|his|her|its|their|our|of"
# A word of such a phrase: any word but one that starts a phrase.
_WORD = rf"(?!(?:{_STARTS})\b)[a-z][a-z'-]*"

ARTICLE_PHRASE = re.compile(rf"\b(?:{_STARTS})\s+((?:{_WORD},?\s+){{0,3}}{_WORD})", re.IGNORECASE)

# A phrase also starts after an "and" within a phrase, with no article of its own ("a gold and blue
# mummy case": the blue mummy case; "a sword and shield": the shield; not "living and cooking").
AND_PHRASE = re.compile(rf"\band\s+((?:{_WORD},?\s+){{0,3}}{_WORD})", re.IGNORECASE)
# A word a plural is read from (letters, apostrophes and hyphens only).
LETTER_TOKEN = re.compile(r"[A-Za-z][A-Za-z'-]*")

# A name of one to three capitalised words ("Old Tom", "Mr. Brown" read from "Brown"); the capitalised
# words of a sentence's start that name nobody are left out.
CAPITALISED_RUN = re.compile(r"(?<![\w'-])((?:[A-Z][\w'-]* +){0,2}[A-Z][\w'-]*)")  # never across a line

# Words that make a listed phrase a sentence's fragment rather than a thing's name ("no way", "your").
NOT_A_THING_NAME = re.compile(r"\b(?:you|your|no|nothing|way|exit|door)\b", re.IGNORECASE)
# "The glass bottle contains:" over indented lines, as the older games list contents: the container and
# the lines of its contents.
CONTENTS_BLOCK = re.compile(r"^\s*The (.+?) contains:\s*\n((?:[ \t]+\S.*\n?)+)", re.MULTILINE)
# Where a room's text is cut into the sentences its noun phrases are read in (a semicolon ends one too).
SENTENCE_OR_CLAUSE_BREAK = re.compile(r"(?<=[.!?;])\s+")
# A word of a sentence as a run of nouns is read (a letter first; digits and underscores may follow),
# wider than LETTER_TOKEN, the word a plural is read from.
WORD_TOKEN = re.compile(r"[A-Za-z][\w'-]*")
# A word of a noun phrase and the comma after it, if any ("large," in "a large, maroon curtain").
PHRASE_WORD = re.compile(r"[\w'-]+(,?)")

# What the player is ("you're a humble clerk"), no thing here: a phrase right after it is left out.
PLAYER_IS = re.compile(r"\byou(?:'re| are| were|'ve become| have become)\s*$", re.IGNORECASE)
# A word then an article inside a listed name, the word no preposition nor a participle: a verb and its
# object ("a man hail a cab"), an event seen rather than a thing ("a man in a coat", "a girl holding a
# kite" are things).
CLAUSE = re.compile(
    r"\b(?!(?:of|with|in|on|into|onto|from|for|at|by|under|over|near|behind|beside|inside|and|or|to|like)\b)"
    r"[a-z]+(?<!ing)(?<!ed) (?:a|an|the)\b",
    re.IGNORECASE,
)
