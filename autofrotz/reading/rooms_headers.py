"""The shapes of a room's header line and of the lines around it: banners, positions after a name,
ornaments, drawings, a description's opening words, parenthesised, lower-case and ornamented names.
room_parser and header_shapes (the map) read headers with these.

>>> [bool(first_match(BANNER_PATTERNS, t)) for t in ("Release 3 / Serial number 990101", "Pantry")]
[True, False]
>>> bool(FULL_DESCRIPTION.match("You are in a pantry.")), bool(FULL_DESCRIPTION.match("You can see a pan."))
(True, False)
>>> on, named = "Pantry (on the stool)", "Pantry (north)"
>>> bool(POSITION_SUFFIX.search(on)), bool(POSITION_SUFFIX.search(named))
(True, False)
>>> bool(POSITION_COMMA.search("Quay, in the punt")), bool(POSITION_COMMA.search("Quay, East End"))
(True, False)
>>> DECORATED.fullmatch("<< Pantry >>").group(2), DECORATED.fullmatch("Pantry") is None
('Pantry', True)
>>> bool(DRAWING.search("West  +--+  East")), bool(DRAWING.search("Room # 4"))
(True, False)
>>> bool(INNER_SENTENCES.search("Pipes hum. Fans turn")), bool(INNER_SENTENCES.search("Pipes hum, fans turn"))
(True, False)
>>> bool(PARTICIPLE.search("Unlocked")), bool(PARTICIPLE.search("Shed"))
(True, False)
>>> bool(POSSESSIVE.search("Baker's")), bool(POSSESSIVE.search("Bakers")), POSSESSIVE_END.sub("", "Baker's")
(True, False, 'Baker')
>>> bool(EXITS_LINE.match("Obvious exits: north")), bool(EXITS_LINE.match("Exits lead north"))
(True, False)
>>> [bool(first_match(DESCRIPTION_OPENERS, t)) for t in ("you're in a pantry.", "you take the pan.")]
[True, False]
>>> bool(LIBRARY_ASIDE.match("first taking the pan")), bool(LIBRARY_ASIDE.match("back pantry"))
(True, False)
>>> PARENTHESISED.match("(back pantry)").group("name"), PARENTHESISED.match("back pantry") is None
('back pantry', True)
>>> bool(LOWERCASE_NAME.match("back pantry")), bool(LOWERCASE_NAME.match("Back Pantry"))
(True, False)
>>> ORNAMENTED.match("-= pantry =-").group("name"), ORNAMENTED.match("pantry") is None
('pantry', True)
"""

from __future__ import annotations

import re

from autofrotz.reading.patterns import first_match

__all__ = [
    "BANNER_PATTERNS",
    "DECORATED",
    "DESCRIPTION_OPENERS",
    "DRAWING",
    "EXITS_LINE",
    "FULL_DESCRIPTION",
    "INNER_SENTENCES",
    "LIBRARY_ASIDE",
    "LOWERCASE_NAME",
    "ORNAMENTED",
    "PARENTHESISED",
    "PARTICIPLE",
    "POSITION_COMMA",
    "POSITION_SUFFIX",
    "POSSESSIVE",
    "POSSESSIVE_END",
    "first_match",
]

# Lines that look like titles but belong to a story banner or the interpreter.
BANNER_PATTERNS: tuple[str, ...] = (
    r"copyright",
    r"\(c\)",
    r"\brelease\s+\d",
    r"serial number",
    r"\binform\b",
    r"interactive",
    r"all rights reserved",
    r"trademark",
    r"\binterpreter\b",
    r"\bversion\b",
    r"^\s*by\s(?!(?:a|an|the)\s).{0,60}$",  # an author credit, not "By a stile in the footpath..."
    r"\bpress\b.*\bkey\b",
    r",\s*(?:1[6-9]|20)\d\d\s*$",  # an author's sign-off ending in a year ("Jane Doe, Oslo, 2002")
)
# Openings of a full room description, as opposed to a brief revisit's item or state line.
FULL_DESCRIPTION = re.compile(
    r"^(?!you (?:can |could )?(?:also )?(?:see|notice|hear|smell)\b)"
    r"(?:you\b|you'?re\b|this\b|these\b|i'?m\b|i am\b)",
    re.IGNORECASE,
)

# Where the player is within a room, printed after its name: "(on the bed)", "(in the boat)".
POSITION_SUFFIX = re.compile(
    r"\s*\((?:on|in|inside|under|at|by|upon|sitting|lying|standing|seated|hanging|riding|astride)\b"
    r"[^)]*\)\s*$"
)
# The same after a comma: "Dam Base, in the boat".
POSITION_COMMA = re.compile(r",\s+(?:in|on|inside|sitting|lying|standing)\b.*$")
# Sentences run on inside a line: an end mark, a space, then a capitalised word ("...module. Wires").
INNER_SENTENCES = re.compile(r"[a-z][.!?] +[A-Z]")
# One-word library replies to an action, a past participle ("Opened.", "Unlocked.", "Eaten."); a short
# word ending in -ed ("Shed.", "Bed.") may still be a room.
PARTICIPLE = re.compile(r"^\w{3,}ed$", re.IGNORECASE)
# A possessive after the first word of a name ("Merchant's Study."), not a contraction ("can't"); its "'s".
POSSESSIVE = re.compile(r"\w['\u2019]s$", re.IGNORECASE)
POSSESSIVE_END = re.compile(r"['\u2019]s$")
# A room's exits on a line of their own ("Exits: north, west.", "Obvious exits: N, S, E").
EXITS_LINE = re.compile(r"^\s*(?:obvious |visible |possible )?exits?(?: are)?\s*:", re.IGNORECASE)
# Opening words of a room's full description in the second or first person ("You're in the back
# room", "You are standing on a hill", "I'm in a cellar", "This is a barn").
DESCRIPTION_OPENERS: tuple[str, ...] = (
    r"^you(?:'re| are| find yourself| are back| are now back) (?:standing |now |sitting |lying |walking )?"
    r"(?:in|on|at|inside|outside|under|"
    r"beneath|near|by|beside|behind|before|above|below|atop|among|between|deep|high|halfway|"
    r"somewhere|facing|floating|crouching)\b",
    r"^i(?:'?m| am) (?:in|on|at|inside|outside|under|near|by)\b",  # "I'm in a cellar", "I am in a cellar"
    r"^you (?:stand|sit|lie|crouch|wait|kneel|float|hang) (?:in|on|at|inside|outside|under|near|by|beside|"
    r"before|among|between|atop|high|deep)\b",  # "You stand in the market square"
    r"^this is (?:a|an|the)\b",
)
# Parenthesised lines the Inform library prints on its own: the object it chose ("(the lamp)") and an
# action it did first ("(first taking the lamp)", "(opening the door first)"). Neither names a room.
LIBRARY_ASIDE = re.compile(r"^(?:a|an|the|some|your|first|then)\b|^\w+ing\b", re.IGNORECASE)
# A header line in parentheses, "(back room)", and one in lower case, "back room".
PARENTHESISED = re.compile(r"^\((?P<name>[^()]{2,40})\)$")
LOWERCASE_NAME = re.compile(r"^[a-z][a-z' -]{1,39}$")
# A name between mirrored ornaments ("<< back room >>", "-= back room =-", "[ back room ]").
ORNAMENTED = re.compile(
    r"^(?P<open>[<\[*=~#-]{1,4})\s*(?P<name>[^<>\[\]*=~#]{2,40}?)\s*(?P<close>[>\]*=~#-]{1,4})$"
)
# Symmetric ornaments around a header ("<< Chief's office >>", "*** The End ***"): the name is group 2.
DECORATED = re.compile(r"\s*([<>*=~#\[\]_-]{1,4})\s*(.*?)\s*([<>*=~#\[\]_-]{1,4})\s*")
# A table or diagram row: drawing symbols or wide gaps between words ("West  +SS ..   +  East").
DRAWING = re.compile(r"[+|{}@=_]|#(?!\s*\d)|\S\s{3,}\S")
