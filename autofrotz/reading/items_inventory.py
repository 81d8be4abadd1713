"""The tables an answer to "inventory" is read with: the headings of a listing, the possession clauses of
one told in sentences, and the wordings of "nothing but" (managers/item_prose.py and item_inventory.py
read through these).

One match and one miss of each table:

>>> bool(LEAD.search("You are wearing a hat")), bool(LEAD.search("The ghost moans"))
(True, False)
>>> CONNECTOR.sub("", "a lamp, and"), bool(CONNECTOR.fullmatch("The ghost, who"))
('a lamp', False)
>>> WITH_YOU.sub("", "a lamp with you"), WITH_YOU.sub("", "a lamp with a wick")
('a lamp', 'a lamp with a wick')
>>> PLACE_AFTER.search("a coin in your coat").group("holder"), PLACE_AFTER.search("a coin")
('your coat', None)
>>> bool(THING_PLACE.match("in the sack")), bool(THING_PLACE.match("in your sack"))
(True, False)
>>> GOT_ON.sub("", "a coat on"), GOT_ON.sub("", "a coat")
('a coat', 'a coat')
>>> ONLY.sub("", "just a lamp"), ONLY.sub("", "a lamp")
('a lamp', 'a lamp')
>>> bool(INVENTORY_EMPTY.search("You are empty-handed.")), bool(INVENTORY_EMPTY.search("You have a key."))
(True, False)
>>> bool(PLAYER_ACTS.match("You pat your pockets")), bool(PLAYER_ACTS.match("You are carrying a lamp"))
(True, False)
>>> TURN.split("nothing, but you wear a hat"), TURN.split("a lamp and a key")
(['nothing', 'you wear a hat'], ['a lamp and a key'])
>>> NESTED.search("a tin, in which is a key").group("verb"), NESTED.search("a tin and a key")
('is', None)
>>> [m.lastgroup for m in SEPARATOR.finditer("a tin, a cup and a key")], SEPARATOR.search("salt and pepper")
(['comma', 'last'], None)
>>> INVENTORY_HEADER.match("You are carrying:").group(1), INVENTORY_HEADER.match("You are tired.")
('', None)
>>> bool(WORN_HEADER.match("Worn:")), bool(WORN_HEADER.match("You are wearing a hat."))
(True, False)
>>> NOTHING_BUT.sub("you are ", "You have nothing but a lamp."), bool(NOTHING_BUT.search("You have a lamp"))
('you are a lamp.', False)
>>> EXCEPTION_FIRST.search("Apart from a cup, you have nothing.").group("listed"), EXCEPTION_FIRST.search("")
('a cup', None)
>>> ALL_YOU_HAVE.sub("", "All you have is a lamp."), ALL_YOU_HAVE.sub("", "You have a lamp.")
('a lamp.', 'You have a lamp.')
>>> LIST_HEADING.match("Pockets: a key").group(1), LIST_HEADING.match("You pat your pockets. Nothing: a key")
('a key', None)
>>> bool(INVENTORY_WORDS.search("Your possessions")), bool(INVENTORY_WORDS.search("Pockets"))
(True, False)
>>> bool(WORN_LINE.match("You are also wearing a hat.")), bool(WORN_LINE.match("You wear a hat."))
(True, False)
>>> WORN_INLINE.match("Worn: boots, hat.").group(1), WORN_INLINE.match("Worn:")
('boots, hat.', None)
>>> bool(HOLDING_WORDS.search("Inside the tin:")), bool(HOLDING_WORDS.search("Worn:"))
(True, False)
"""

from __future__ import annotations

import re
from typing import Any

from autofrotz.reading.items_names import ARTICLES, NEGATED_ENTRY, NUMBER_WORDS

# What may start an object list: an article, a possessive, a count.
LIST_START = rf"(?:{'|'.join((*ARTICLES, *NUMBER_WORDS))}|\d+)\b"

# Who the listing is about: the player in the first or second person, or a named narrator's hero.
SUBJECT = r"(?:you|i|he|she|they|(?-i:[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2}))"

# The verb "to be" after the subject, whole or cut short ("you're", "she is").
BE = r"(?:'re|'m|'s| are| am| is)"

# Possession leads, each followed by an object list: (rule, pattern, properties every listed object has).
POSSESSION_LEADS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("wearing", rf"\b{SUBJECT}{BE}? (?:also |now |currently |only )?wearing\s+", {"worn": True}),
    ("carrying", rf"\b{SUBJECT}{BE}? (?:also |now |currently |only )?(?:carrying|holding)\s+", {}),
    # rule part_holds: a part of the player or a thing holds the list ("your pockets hold a key", "my
    # hands contain a lamp", "the sack contains a lunch"), as some narrators say where things are
    (
        "part_holds",
        rf"\b(?P<holder>(?:your|my|the) \w+(?: (?!(?:you|i)\b)\w+){{0,2}}) (?:hold|holds|contain|contains)\s+"
        rf"(?={LIST_START})",
        {},
    ),
    # rule place_first: the place, then the things in it ("In your hands are a lamp and a key.")
    (
        "place_first",
        r"\b(?:in|on|inside) (?P<place>(?:your|my|his|her|their|the) \w+(?: \w+)?) (?:is|are)\s+",
        {},
    ),
    (
        "having",
        rf"\b{SUBJECT}(?:'ve got|'s got"
        r"| (?:also |now |currently |only )?(?:have|has|carry|carries|hold|holds)(?: got)?)"
        r"(?: (?:in|on) (?:(?:your|my|his|her|their) )?\w+| with (?:you|me|him|her|them))?,?\s+"
        r"(?:(?:only|just|merely)\s+)?",
        {},
    ),
)

LEAD = re.compile(
    "|".join(f"(?P<{rule}>{pattern})" for rule, pattern, _ in POSSESSION_LEADS) + rf"(?={LIST_START})",
    re.IGNORECASE,
)

# Words that join one possession clause to the next ("...; in addition, you have", ", and you're wearing"):
# cut from the end of a list, and the only words allowed before a clause's first lead.
CONNECTOR = re.compile(
    r"[\s,;]*(?:\b(?:and|but|while|plus|also|in addition|besides(?: that)?)\b[\s,]*)*"
    r"(?:(?:in|on|under) (?:your|my) \w+(?: \w+)?,?\s*)?$",  # rule place_frame: "In your hands you hold"
    re.I,
)

# Words after a list that only say the list is the player's ("You have a lamp with you.") or that it
# is the whole of it (rule nothing_else: "a lamp and nothing else", "a key, and that's all"): no name.
WITH_YOU = re.compile(
    r"\s+(?:with|on|about) (?:you|me|him|her|them)$"
    r"|,?\s+(?:and )?nothing (?:else|more)$|,?\s*(?:and )?that(?:'s| is) (?:all|it)$",
    re.I,
)

# Rule place_after: the place named after the list ("You have a coin in your coat pocket."): the things
# are in that place, which is a listed thing's when the answer lists one of that name (see _placed).
PLACE_AFTER = re.compile(r"\s+(?:in|inside|on|under) (?P<holder>(?:your|my|his|her|their) [\w' -]+?)$", re.I)

# A place that is some thing ("the sack"), not the player's: its clause lists nothing carried unless the
# answer lists that thing ("You have a sack. The sack holds a lunch."; "The troll holds a knife." no).
THING_PLACE = re.compile(r"^in the\b", re.I)

# Rule got_on: "You've got a coat on.": the list is worn.
GOT_ON = re.compile(r"\s+on$", re.I)

# Rule only_qualifier: "You're holding just the lamp", "You have only a key": the word names nothing.
ONLY = re.compile(r"^(?:only|just|merely)\s+", re.I)

# Replies saying nothing is carried, by anyone the listing is about: "You are empty-handed", "Alice
# isn't carrying anything", "You have nothing", "Your hands are empty".
INVENTORY_EMPTY = re.compile(
    r"\bempty[- ]?handed\b"
    r"|\b(?:carrying|holding|carry|have|has|possess|got|hold|holds|contain|contains)"
    r"(?: with (?:you|me|him|her|them))? nothing\b"
    r"|(?:\bnot|n't|\bnever) (?:carrying|holding|carry|have|possess|got) anything\b"
    r"|\b(?:have|has) no (?:possessions|belongings|items|things|objects)\b"
    r"|\b(?:hands|inventory|pockets) (?:are|is) empty\b"
    r"|\bbeyond (?:all )?(?:worldly )?(?:possessions|belongings)\b",
    re.IGNORECASE,
)

# The narration allowed: a short sentence of what the player does ("You check your pockets").
PLAYER_ACTS = re.compile(
    r"^(?:you|i)\s+(?!(?:are|am|have|can|cannot|can't|do|don't)\b)\w+(?:\s+\S+){0,4}$", re.I
)

# Where one clause turns to another speaker's list: ", but you are wearing", ", but your pockets hold".
TURN = re.compile(r",?\s+(?:but|and|while|whereas)\s+(?=(?:you|i|your|my)\b)", re.IGNORECASE)

# Inform's English lists name an object's contents right after it, unbracketed: "a tray, on top of
# which are two mugs and a teapot, a jar and a map". After "is" the contents are one entry; after
# "are" they run to the entry after their first "and"; what follows belongs to the list around them,
# so contents may hold contents of their own ("a satchel, inside which are a tin, inside which is a
# key and a map and a lamp": the key in the tin, the map in the satchel, the lamp carried).
NESTED = re.compile(r",?\s*\b(?:on top of|in|on|inside|under|upon) wh(?:ich|om) (?P<verb>is|are)\s+", re.I)
# Where an entry of such a list ends: before its contents (nested), at the "and" before the last entry
# (last), or at a comma (comma).
_STARTERS = "|".join((*ARTICLES, *NUMBER_WORDS))
SEPARATOR = re.compile(
    rf"(?P<nested>{NESTED.pattern})|(?P<last>,?\s+and\s+(?=(?:{_STARTERS})\b|{NEGATED_ENTRY}))|(?P<comma>,\s*)",
    re.I,
)

# Whole-line inventory headers; group 1 is whatever follows on the same line. Besides the player's own
# ("You are carrying:"), a narrator's hero listed in the third person ("Alice has:", "The twins have:").
INVENTORY_HEADER = re.compile(
    r"^\s*(?:you are|you're|i am|i'm) (?:currently )?(?:carrying|holding)"
    r"(?: the following(?: (?:items|things|objects))?)?\s*:?\s*(.*)$"
    r"|^\s*you(?: currently)?(?: have|'ve)(?: got)?"
    r"(?: the following(?: (?:items|things|objects))?)?\s*:\s*(.*)$"
    r"|^\s*(?:you are|you're|i am|i'm) carrying\s+(.*)$"
    r"|^\s*(?:you|i) (?:possess|carry)\s+(?!nothing\b)(.*)$"
    r"|^\s*(?-i:[A-Z][\w'.-]*)(?: [\w'.-]+){0,3} (?:has|have|is carrying|are carrying|carries)\s*:\s*(.*)$",
    re.IGNORECASE,
)

# A heading of its own for the worn things, after the carried ones or alone ("You are wearing:"); rule
# worn_heading: older games' own short headings for it too ("Worn:", "Wearing:").
WORN_HEADER = re.compile(
    r"^\s*(?:(?:you are|you're|i am|i'm) (?:also )?wearing|worn|wearing)\s*:\s*$", re.IGNORECASE
)

# Rule nothing_but: an answer that lists what is carried as the exception to nothing ("You are carrying
# nothing but a lamp.", "You aren't holding anything except a key.", "You are empty-handed except for a
# map."), as some narrators put it; read as the plain "You are carrying ..." it means.
NOTHING_BUT = re.compile(
    r"\b(?P<subject>you|i)(?:'re|'m| are| am| do| does)?(?:\s*n't| not)?\s+(?:currently\s+)?"
    r"(?:(?:carrying|holding|carry|hold|have|has|possess|got)\s+(?:nothing|anything)(?: else)?"
    r"|empty[- ]handed)"
    # rule nothing_of_note: "nothing of value: just a lamp", "nothing much, only a key"
    r"(?: (?:much|special|of (?:any )?(?:value|note|interest|importance|use)))?"
    r"(?:[\s,]+(?:but|except(?: for)?|apart from|besides|save(?: for)?|other than)"
    r"|\s*[:,;-]+\s*(?:just|only|merely))\s+"
    # ", but you are wearing a coat" is a new clause, no exception ("except your clothes" is one)
    r"(?!(?:you|i|he|she|they)\b|(?:your|my) \w+ (?:hold|holds|contain|contains|are|is)\b)",
    re.IGNORECASE,
)

# Rule exception_first: the exception told before the nothing ("Apart from a lamp, you have nothing.",
# "Except for a key and a coin you are carrying nothing."); read as "You are carrying ...".
EXCEPTION_FIRST = re.compile(
    r"(?:^|(?<=[.!?]\s))\s*(?:apart from|except(?: for)?|besides|other than|save for)\s+"
    r"(?P<listed>[^.!?]+?),?\s+"
    r"(?P<subject>you|i)(?:'re|'m| are| am)?\s+(?:carrying|holding|carry|hold|have|possess|got)"
    r"\s+nothing(?: else)?(?P<end>[.!]?)",
    re.IGNORECASE | re.MULTILINE,
)

# Rule all_you_have: the list as what all that is carried comes to ("All you have is a lamp.", "The only
# thing you are carrying is a key."); read as "You are carrying ...".
ALL_YOU_HAVE = re.compile(
    r"\b(?:all|the only things?|everything)\s+(?:that\s+)?(?:you|i)(?:'re|'m| are| am)?\s+"
    r"(?:carrying|holding|carry|hold|have|possess|got)(?: with (?:you|me)| on (?:you|me))?\s+(?:is|are)\s+",
    re.IGNORECASE,
)

# A short heading of the game's own wording opening the reply ("Pockets:", "In your hands:"): a few
# words, no sentence punctuation; group 1 is whatever follows the colon on the same line.
LIST_HEADING = re.compile(r"^\s*[A-Za-z][\w'-]*(?: [\w'-]+){0,4}\s*:\s*(.*)$")

# Rule inventory_named_heading: a heading that names the listing itself ("Inventory:", "Carrying:",
# "Your possessions:"); its entries may be bare names ("lamp", "LAMP"), as many games print them.
INVENTORY_WORDS = re.compile(
    r"\b(?:inventory|carrying|carried|possessions?|belongings|holding|held)\b"
    r"|\b(?:have|has|had) with (?:you|me)\b",  # "You have with you:", the older mainframe games' lead
    re.I,
)

# A line of its own saying what is worn, after an inline listing ("You are also wearing a hat.").
WORN_LINE = re.compile(r"^\s*(?:you are|you're|i am|i'm) (?:also )?wearing(?:\s*:)?\s+\S", re.IGNORECASE)

# A worn heading of one word with the worn things after it on the same line ("Worn: boots, hat.").
WORN_INLINE = re.compile(r"^\s*(?:worn|wearing)\s*:\s*(\S.*)$", re.IGNORECASE)

# A heading that says a listed thing holds what follows it ("Inside the tin:", "The bag contains:").
HOLDING_WORDS = re.compile(r"\b(?:in|inside|within|contains?|holds?|has in it|pockets?)\b", re.IGNORECASE)
