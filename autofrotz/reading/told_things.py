"""What a reply tells of things: loose, out of reach, opened, sticking out, taken, empty, worn, taken off,
swallowed, too many to carry, a key by its name. Read by the built-in agent's clues and vessels and by
the knowledge layer's rules on kinds and heaps.

Each table has a line saying what it reads; its examples (one match, one non-match) follow it in
``__test__``, which the doctests run.
"""

from __future__ import annotations

import re

__test__: dict[str, str] = {}

# A thing said to be loose or wobbly: it may be pulled out.
LOOSE = re.compile(
    r"(\bloose\b|(?:not|n't)(?: seem| appear)? (?:properly|firmly|securely) "
    r"(?:anchored|attached|fixed|fastened)|"
    r"\bmoves? slightly|\bwobbl\w*|\brattles?\b|\bgives? (?:a little|slightly)|\bcomes? away)",
    re.IGNORECASE,
)
__test__["LOOSE"] = """
>>> bool(LOOSE.search("The tile wobbles a bit.")), bool(LOOSE.search("The tile is flat."))
(True, False)
"""

# A thing out of reach, also high up or on top of another (broader than patterns.OUT_OF_REACH, which
# takes only "can't reach it/the ...": "too high to reach", "taller than you", "on top of").
BEYOND_REACH = re.compile(
    r"\b(can(?:no|')t reach|out of (?:your )?reach|beyond your reach|too high (?:up )?(?:for you )?to reach|"
    r"(?:is|are) taller than you|(?:resting|lying|sitting|lodged|placed) on top of|far above your head)\b",
    re.IGNORECASE,
)
__test__["BEYOND_REACH"] = """
>>> bool(BEYOND_REACH.search("The shelf is too high to reach.")), bool(BEYOND_REACH.search("You reach it."))
(True, False)
"""

# A reply that only says a thing opened ("You open the tin."): a fresh look shows what it held;
# told_ways.OPENED finds an opening anywhere in a reply.
OPENED_ALONE = re.compile(r"^\s*(?:you open|opened|you pull (?:back|aside|open))\b[^.]*\.\s*$", re.IGNORECASE)
__test__["OPENED_ALONE"] = """
>>> bool(OPENED_ALONE.match("You open the tin.")), bool(OPENED_ALONE.match("You open the tin. A bee!"))
(True, False)
"""

# An opening that tells what it revealed ("revealing a spoon", "inside is", "empty").
CONTENTS = re.compile(r"\b(reveal\w*|contain\w*|inside|within|you (?:find|see)|empty)\b", re.IGNORECASE)
__test__["CONTENTS"] = """
>>> bool(CONTENTS.search("You open the tin, revealing tea.")), bool(CONTENTS.search("You open the tin."))
(True, False)
"""

# Something said to stick out of something else (a handle from a wall): the words that say so.
PROTRUDING = re.compile(r"\b(sticking out|sticks out|protrud\w*|poking out|jutting out|juts out)\b", re.I)
__test__["PROTRUDING"] = """
>>> bool(PROTRUDING.search("A lever juts out of the wall.")), bool(PROTRUDING.search("A lever."))
(True, False)
"""

# A take that worked ("Taken.", "You pick up the mug.", "You already have that."); patterns.SUCCESS is any
# act done (also "dropped", "done", "opened"), not "you get" nor "already have".
TAKEN = re.compile(r"\b(taken|you (?:take|pick up|now have|get)|picked up|already have)\b", re.IGNORECASE)
__test__["TAKEN"] = """
>>> bool(TAKEN.search("You pick up the mug.")), bool(TAKEN.search("The mug is too hot."))
(True, False)
"""

# A container a reply calls empty ("a jug (which is empty)", "The basin is empty."): group 1 is its name.
CALLED_EMPTY = re.compile(
    r"\b(?:the|a|an|some)\s+([a-z][a-z -]{1,30}?)\s+(?:\(which is empty\)|is (?:now )?empty\b|are empty\b)",
    re.IGNORECASE,
)
__test__["CALLED_EMPTY"] = """
>>> CALLED_EMPTY.findall("You see a jug (which is empty)."), CALLED_EMPTY.findall("The jug is full.")
(['jug'], [])
"""

# The parser took off a worn thing to carry out a command ("(first taking them off)", "You take off the
# gloves.").
TAKEN_OFF = re.compile(r"\(first taking (?:it|them) off\)|\byou take off\b", re.IGNORECASE)
__test__["TAKEN_OFF"] = """
>>> bool(TAKEN_OFF.search("(first taking it off) Dropped.")), bool(TAKEN_OFF.search("Dropped."))
(True, False)
"""

# A wear that worked, or was not needed ("You put on the scarf.", "You're already wearing that.").
WORN = re.compile(r"\balready wearing\b|\byou (?:put on|are now wearing|slip on|wear)\b", re.IGNORECASE)
__test__["WORN"] = """
>>> bool(WORN.search("You slip on the scarf.")), bool(WORN.search("You can't wear that."))
(True, False)
"""

# A thing said to be gone where it was put (it sinks, vanishes, burns up).
SWALLOWED = re.compile(
    r"\b(?:disappears?|vanish(?:es)?|sinks?|sank|is swallowed|is lost|is gone|burns? (?:up|away)|"
    r"falls? (?:away|out of sight))\b",
    re.IGNORECASE,
)
__test__["SWALLOWED"] = """
>>> bool(SWALLOWED.search("The cork sinks without a trace.")), bool(SWALLOWED.search("The cork floats."))
(True, False)
"""

# A take refused because the things are too many ("You couldn't possibly carry all of them.").
TOO_MANY = re.compile(
    r"\b(?:couldn't|could not|can't|cannot) (?:possibly )?(?:carry|hold|take) (?:all of them|them all|"
    r"that many|so many|all that)\b",
    re.IGNORECASE,
)
__test__["TOO_MANY"] = """
>>> bool(TOO_MANY.search("You can't hold them all.")), bool(TOO_MANY.search("You can't hold that."))
(True, False)
"""

# The reply's own word for a heap ("a lot of pebbles", "piles of cards"): group 1 is the word.
HEAP = re.compile(
    r"\b(?:a lot of|lots of|so many|too many|a pile of|piles of|heaps of|stacks of) ([a-z]+)\b", re.I
)
__test__["HEAP"] = """
>>> HEAP.search("There are piles of cards.")[1], HEAP.search("There is a card.")
('cards', None)
"""

# A thing's name that ends in a key ("small brass key", "set of keys"): what unlocks (the built-in agent's
# objectives read a word that starts or ends with "key", in any case, their own way).
KEYISH = re.compile(r"(?:key|keys)$")
__test__["KEYISH"] = """
>>> bool(KEYISH.search("small tin key")), bool(KEYISH.search("keyboard"))
(True, False)
"""
