"""The built-in agent's tables for reading where it may go and whom it deals with: a way opened or barred,
a thing given, a word to say, a hint to stand higher, what a thing is for (agents/builtin_ways.py and
agents/builtin_barriers.py read with them).

Each table's example, one match and one non-match, is its entry of ``__test__`` (run as a doctest).
"""

from __future__ import annotations

import re

__test__: dict[str, str] = {}

# The Inform library's stock refusal of talk or trade aimed at a thing (and its wordings in other libraries).
# Broader than KIND_REFUSALS["living"] of patterns.py, which takes only "do that to something animate".
ANIMATE_ONLY = re.compile(
    r"\bonly (?:do that|talk|speak|give things) to (?:something|someone|somebody) (?:animate|alive)\b"
    r"|\bthat's not something you can talk to\b",
    re.IGNORECASE,
)
__test__["ANIMATE_ONLY"] = """
>>> bool(ANIMATE_ONLY.search("You can only talk to someone alive.")), bool(ANIMATE_ONLY.search("Done."))
(True, False)
"""

# A character handing something over, in the words games use for it ("The clerk gives you the key",
# "she hands you a ticket", "passes you his card"): the thing.
GIVEN = re.compile(
    r"\b(?:gives|hands|passes|tosses|throws|slips) you (?:the |a |an |some |his |her |their |its )?"
    r"([a-z][a-z-]*(?: [a-z][a-z-]*){0,3}?)(?=[,.;:!?)]| and\b| in\b| as\b| to\b| from\b| with\b|$)",
    re.IGNORECASE,
)
__test__["GIVEN"] = """
>>> GIVEN.findall("She hands you a brass ticket."), GIVEN.findall("She waves at you.")
(['brass ticket'], [])
"""

# The library's "you open it" success, as the door rule reads a reply to opening a way.
OPENED = re.compile(r"\byou open\b|\b(?:is|are) now open\b|\bopens\b", re.IGNORECASE)
__test__["OPENED"] = """
>>> bool(OPENED.search("You open the oak door.")), bool(OPENED.search("The door swings open."))
(True, False)
"""
# The same with "swings open", as the barrier rule reads a reply to opening what barred a move: OPENED
# does not take "swings open" (the door rule never read it so).
OPENED_OR_SWUNG = re.compile(
    r"\byou open\b|\b(?:is|are) now open\b|\bopens\b|\bswings? open\b", re.IGNORECASE
)
__test__["OPENED_OR_SWUNG"] = """
>>> bool(OPENED_OR_SWUNG.search("The grille swings open.")), bool(OPENED_OR_SWUNG.search("It is shut."))
(True, False)
"""
# Words of a reply to opening that say it did not open (or was open already).
NOT_OPENED = re.compile(r"\b(?:can't|cannot|won't|doesn't|isn't|aren't|locked|already)\b", re.IGNORECASE)
__test__["NOT_OPENED"] = """
>>> bool(NOT_OPENED.search("It seems to be locked.")), bool(NOT_OPENED.search("You open the door."))
(True, False)
"""

# Possessives and demonstratives, which the topic reader takes as articles ("your mission" names one).
OWNER_WORDS = re.compile(r"\b(?:your|his|her|their|my|our|its|this|that|these|those)\b", re.IGNORECASE)
__test__["OWNER_WORDS"] = """
>>> OWNER_WORDS.sub("the", "after your last mission"), OWNER_WORDS.sub("the", "a mission")
('after the last mission', 'a mission')
"""
# Capitalised words inside a sentence: names of people, places and things the story made up.
PROPER = re.compile(r"(?<=[a-z,;] )([A-Z][a-z]{3,})\b")
__test__["PROPER"] = """
>>> PROPER.findall("the road to Bostwin is long"), PROPER.findall("Bostwin is far.")
(['Bostwin'], [])
"""

# A thing called after what it holds or shows ("copy of The Legends of the Vale", "bottle of wine"): what
# follows "of".
NAMED_OF = re.compile(r"^(?:(?:a|an|the|some)\s+)?[a-z-]+(?:\s+[a-z-]+)?\s+of\s+(.+)$", re.IGNORECASE)
__test__["NAMED_OF"] = """
>>> NAMED_OF.match("bottle of wine").group(1), NAMED_OF.match("brass key")
('wine', None)
"""

# A word the text tells the player to say, in any case ("Just say the word 'hollow'", "the password is
# "swordfish"", "whisper 'open'"): the genre's magic words and passwords, quoted after the telling.
SAY_THE_WORD = re.compile(
    r"\b(?:say|speak|utter|whisper|shout|call out)\s+(?:the\s+(?:magic\s+)?(?:word|name|phrase)\s+)?"
    r"['\"\u2018\u201c]([A-Za-z]{3,})[.!]?['\"\u2019\u201d]"
    r"|\b(?:password|magic word|watchword|passphrase) is\s+"
    r"['\"\u2018\u201c]([A-Za-z]{3,})[.!]?['\"\u2019\u201d]",
    re.IGNORECASE,
)
__test__["SAY_THE_WORD"] = """
>>> SAY_THE_WORD.findall("Just say the word 'hollow'."), SAY_THE_WORD.findall("He looks 'tired'.")
([('hollow', '')], [])
"""

# A look answered with where the player stands ("Looks like a normal ledge from where you're standing",
# "You can't see much from down here"): the genre's hint that a higher view shows more.
FROM_HERE = re.compile(
    r"\bfrom (?:where you(?:'re| are) standing|down here|this (?:low )?(?:angle|height))\b", re.IGNORECASE
)
__test__["FROM_HERE"] = """
>>> bool(FROM_HERE.search("It looks bare from down here.")), bool(FROM_HERE.search("A dusty ledge."))
(True, False)
"""

# A thing's description saying what it is for ("a tin of powder, made for cleaning silver", "a key used
# to open the vault"): the word of what it works on.
PURPOSE = re.compile(
    r"\b(?:used|meant|designed|made) (?:for|to) (?:[a-z]+ing |[a-z]+ )?"
    r"(?:the |some |any |all )?([a-z]{3,})\b",
    re.IGNORECASE,
)
__test__["PURPOSE"] = """
>>> PURPOSE.findall("A cloth made for polishing brass."), PURPOSE.findall("A plain brass key.")
(['brass'], [])
"""
# How a description says to set a thing off ("You could pull the pin", "You might twist the cap"): the
# verb and the part.
STEP = re.compile(
    r"\byou (?:could|can|might|should)(?: probably| first| just)? ([a-z]{3,}) "
    r"(?:the|its|his|her) ([a-z]{3,})\b",
    re.IGNORECASE,
)
__test__["STEP"] = """
>>> STEP.findall("You could shake the tin first."), STEP.findall("A plain tin.")
([('shake', 'tin')], [])
"""

# The nouns of a way in a sentence (a passage, a door, a hatch, stairs).
WAY_NOUNS = re.compile(
    r"\b(?:passage(?:way)?|door(?:way)?|opening|way|path|exit|tunnel|hole|stair(?:s|case|way)?|gap|arch(?:way)?|"
    r"trap ?door|hatch|gate|panel|entrance|crack)\b",
    re.I,
)
__test__["WAY_NOUNS"] = """
>>> bool(WAY_NOUNS.search("A narrow stairway appears.")), bool(WAY_NOUNS.search("A bird sings."))
(True, False)
"""
# Words of a change, not of a description: "leads north" or "an opening to the north" describe a way
# that was always there (the room's own exits); "opens", "appears", "revealing" tell of one just made.
WAY_OPENS = re.compile(
    r"\b(?:opens|opened|to open|swings? open|swung open|appears|appeared|revea(?:ls|led|ling)|"
    r"slides? (?:open|back|aside)|slid (?:open|back|aside)|uncover(?:s|ed)|(?:is|are) now (?:open|clear))\b",
    re.I,
)
__test__["WAY_OPENS"] = """
>>> bool(WAY_OPENS.search("A panel slides back.")), bool(WAY_OPENS.search("A path leads north."))
(True, False)
"""


def names_direction(sentence: str, direction: str) -> bool:
    """Whether a sentence names a compass direction as a whole word, also as "-ern", "-ward(s)" (any
    case).

    >>> names_direction("It opens to the Southeast.", "southeast"), names_direction("southeast", "south")
    (True, False)
    """
    return re.search(rf"\b{direction}(?:ern|ward|wards)?\b", sentence, re.I) is not None


# The parser's word that a thing does not open at all (or is not worth a word). KIND_REFUSALS["open"] of
# patterns.py also takes "can't be opened" and no scenery reply.
NOT_OPENABLE = re.compile(
    r"\bnot (?:something|anything) (?:you|i) can open\b|\bnot something (?:you|i) need to refer to\b|"
    r"\bdon't need to (?:refer|worry)\b",
    re.IGNORECASE,
)
__test__["NOT_OPENABLE"] = """
>>> bool(NOT_OPENABLE.search("That's not something you can open.")), bool(NOT_OPENABLE.search("Opened."))
(True, False)
"""
# A refusal that speaks of a thing as shut, or of not getting past or by it ("unable to climb past the
# iron grille", "bump into the closed cellar doors", "a locked grate").
SHUT = re.compile(
    r"\b(?:closed|shut|locked|bump(?:s|ed)? into|"
    r"(?:unable|able|try|trying) to \w+ (?:by|past|through|beyond))\b",
    re.IGNORECASE,
)
__test__["SHUT"] = """
>>> bool(SHUT.search("You bump into the closed doors.")), bool(SHUT.search("The gap is too narrow."))
(True, False)
"""
# A refused move that speaks of what the player carries: "can't carry", "hands are full", "empty-handed".
CARRYING = re.compile(r"\bcarry(?:ing)?\b|\bhands? (?:are |is )?full\b|\bempty[- ]handed\b|\bbelongings\b|"
                      r"\bholding\b", re.IGNORECASE)  # fmt: skip
__test__["CARRYING"] = """
>>> bool(CARRYING.search("Your hands are full.")), bool(CARRYING.search("The lift is broken."))
(True, False)
"""
# A thing of the player's named in lower-case text, and the same past one adjective ("your old
# umbrella"): the word after "your" (YOURS), the last word of the two (YOURS_PAST_ONE_WORD).
YOURS = re.compile(r"\byour ([a-z-]+)")
YOURS_PAST_ONE_WORD = re.compile(r"\byour (?:[a-z-]+ )?([a-z-]+)")
__test__["YOURS"] = """
>>> YOURS.findall("he eyes your old umbrella"), YOURS_PAST_ONE_WORD.findall("he eyes your old umbrella")
(['old'], ['umbrella'])
>>> YOURS.findall("he eyes the umbrella"), YOURS_PAST_ONE_WORD.findall("he eyes the umbrella")
([], [])
"""
