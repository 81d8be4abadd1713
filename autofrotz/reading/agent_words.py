"""The built-in agent's tables for reading a reply's words: things said to be fixed, nearby, closed or
threatening, directions pointed at, names listed or quoted, commands a reply points at; and the cuts of a
text into sentences, phrases and words its readers share (agents/builtin_words.py reads with them).

Each table's example, one match and one non-match, is its entry of ``__test__`` (run as a doctest).
"""

from __future__ import annotations

import re

__test__: dict[str, str] = {}

# The punctuation a noun phrase never runs across (the noun-phrase reader's cut).
PHRASE_BREAK = re.compile(r"[.,;:!?()\"]")
__test__["PHRASE_BREAK"] = """
>>> PHRASE_BREAK.split("a crate, a mat"), PHRASE_BREAK.split("a crate and a mat")
(['a crate', ' a mat'], ['a crate and a mat'])
"""

# The possessive ending of a word ("the miller's cart": the cart).
POSSESSIVE = re.compile(r"'s\b")
__test__["POSSESSIVE"] = """
>>> POSSESSIVE.sub("", "the miller's cart"), POSSESSIVE.sub("", "the millers cart")
('the miller cart', 'the millers cart')
"""


def names_word(text: str, word: str) -> bool:
    """Whether a text holds a word whole (case as given; "lamp" is not in "lamplight").

    >>> names_word("the goblin swings", "goblin"), names_word("the goblins swing", "goblin")
    (True, False)
    """
    return re.search(rf"\b{re.escape(word)}\b", text) is not None


# A take refused because the thing is fixed, too heavy or part of something (the items' FIXED_PATTERNS,
# managers/item_replies.py, reads the same in other words: "is part of", "can't take", not "too large").
FIXED = re.compile(
    r"hardly portable|fixed in place|too (?:large|heavy|big)|securely|anchored|can't pick up|"
    r"cannot be (?:carried|taken)|not portable|firmly attached|integral part|won't budge",
    re.IGNORECASE,
)
__test__["FIXED"] = """
>>> bool(FIXED.search("The anvil is fixed in place.")), bool(FIXED.search("Taken."))
(True, False)
"""

# A sentence saying that something lies here, or that opening or moving a thing showed something.
NEARBY = re.compile(
    r"\b(lying|nearby|lies here|is here|are here|on the (?:floor|ground)|you can see|it contains|revealing|"
    r"(?:opening|open|lifting|moving) (?:it|the \w+) reveals|you (?:find|discover|notice|uncover)|"
    r"inside (?:it|the \w+) (?:is|are|you)|(?:in|on) the [a-z ]{1,30}? (?:is|are|you see))\b",
    re.I,
)
__test__["NEARBY"] = """
>>> bool(NEARBY.search("A bent nail is lying nearby.")), bool(NEARBY.search("The wind howls."))
(True, False)
"""

# A thing said to be closed ("a satchel (which is closed)", "The red box is closed"): its name.
CLOSED = re.compile(
    r"\b(?:the|a|an)\s+([a-z][a-z -]{1,30}?)\s+(?:\(which is closed\)|is closed|are closed)", re.I
)
__test__["CLOSED"] = """
>>> CLOSED.findall("The red box is closed."), CLOSED.findall("The red box is open.")
(['red box'], [])
"""

# Words of a sentence in which something attacks, threatens or bars the player's way.
THREATS = re.compile(
    r"\b(attacks?|swings?|lunges?|blocks? your|bars? your|threaten\w*|snarls?|growls?|charges?|"
    r"menacing|hostile|brandish\w*|strikes? at|bites?|blocks the way|blocking (?:the|your) way|thrusts?|"
    r"wounds? you|you are hit)\b",
    re.IGNORECASE,
)
__test__["THREATS"] = """
>>> bool(THREATS.search("The goblin lunges at you!")), bool(THREATS.search("The goblin sleeps."))
(True, False)
"""

# A number word that is no plain article ("twenty-one", "fifteen"): it opens a noun phrase.
COUNT = re.compile(r"^(?:eleven|(?:thir|four|fif|six|seven|eigh|nine)teen|"
                   r"(?:twen|thir|for|fif|six|seven|eigh|nine)ty(?:-[a-z]+)?)$")  # fmt: skip
__test__["COUNT"] = """
>>> bool(COUNT.match("twenty-one")), bool(COUNT.match("four-poster"))
(True, False)
"""

# Words of a reply that point in a direction, with the direction each points at.
DIRECTION_HINTS = (
    (re.compile(r"\b(down|downward\w*|descend\w*|below|beneath)\b", re.I), "down"),
    (re.compile(r"\b(up|upward\w*|ascend\w*|above|climb\w*)\b", re.I), "up"),
    (re.compile(r"\b(north|northward)\b", re.I), "north"),
    (re.compile(r"\b(south|southward)\b", re.I), "south"),
    (re.compile(r"\b(east|eastward)\b", re.I), "east"),
    (re.compile(r"\b(west|westward)\b", re.I), "west"),
)
__test__["DIRECTION_HINTS"] = """
>>> [d for p, d in DIRECTION_HINTS if p.search("Steps descend to the north.")]
['down', 'north']
>>> [d for p, d in DIRECTION_HINTS if p.search("A quiet room.")]
[]
"""

# A line of a multiple-object reply that opens with a thing's name ("iron stove: That's hardly
# portable."): the name.
LISTED_NAME = re.compile(r"^\s*([a-z][a-z' -]{1,40}):\s", re.IGNORECASE | re.MULTILINE)
__test__["LISTED_NAME"] = """
>>> LISTED_NAME.findall("iron stove: Taken."), LISTED_NAME.findall("Taken.")
(['iron stove'], [])
"""

# A phrase the game puts in double quotes ('try "out"'): what it may suggest typing.
QUOTED = re.compile(r"[\"\u201c]([a-z][a-z ]{0,30}[a-z])[\"\u201d]", re.IGNORECASE)
__test__["QUOTED"] = """
>>> QUOTED.findall('You could try "out".'), QUOTED.findall("You could try 'out'.")
(['out'], [])
"""

# Sentences that point at a command, with the command each points at ({0}, {1}: the groups).
FOLLOW_UPS = (
    (re.compile(r"\bunder (?:the|a|an) ([a-z][a-z -]{1,25}?)\b[.,!;]", re.I), "look under {0}"),
    (re.compile(r"\b(?:the|a|an) ([a-z][a-z -]{1,25}?) (?:that|which) can be opened", re.I), "open {0}"),
    (re.compile(r"\bneed to (open|unlock|remove|move|take|turn on|light) (?:the|a|an|your) "
                r"([a-z][a-z -]{1,25}?) first", re.I), "{0} {1}"),
    (re.compile(r"\bbehind (?:the|a|an) ([a-z][a-z -]{1,25}?)\b[.,!;]", re.I), "look behind {0}"),
    (re.compile(r"\b((?:get|stand) up first|you(?:'re| are) (?:lying|sitting|kneeling))|^\s*on the floor\s*$",
                re.I | re.M), "stand up"),
    (re.compile(r"\b(?:you'll|you will|you would|you'd) need (?:the|a|an|some) "
                r"([a-z][a-z -]{1,25}?)\b[.,!;]", re.I),
     "take {0}"),
)  # fmt: skip
__test__["FOLLOW_UPS"] = """
>>> [t for p, t in FOLLOW_UPS if p.search("A coin glints under the sofa.")]
['look under {0}']
>>> [t for p, t in FOLLOW_UPS if p.search("The sofa is soft.")]
[]
"""

# Each entry of a multiple-object reply on one line ("meadow: The meadow is only scenery. spade:
# Taken."): the name and what was said of it.
LISTED_REPLY = re.compile(r"([a-z][a-z' -]{1,40}):\s*([^:]*?)(?=\s[a-z][a-z' -]{1,40}:|$)", re.IGNORECASE)
__test__["LISTED_REPLY"] = """
>>> LISTED_REPLY.findall("spade: Taken. rake: Dropped."), LISTED_REPLY.findall("Taken.")
([('spade', 'Taken.'), ('rake', 'Dropped.')], [])
"""

# The start of an answer that hands a thing over, or says we hold it ("Taken.", "Removed.", "You pick up
# the coin.", "You already have that.").
HANDED_OVER = re.compile(
    r"^\s*(?:taken|removed|ok(?:ay)?\b|picked up|you (?:pick|take|get|grab|already have)\b)", re.IGNORECASE
)
__test__["HANDED_OVER"] = """
>>> bool(HANDED_OVER.search("You pick up the coin.")), bool(HANDED_OVER.search("It is too heavy."))
(True, False)
"""

# The parser treating a thing as a person or an animal ("I don't suppose the porter would care for
# that"): the thing.
ANIMATE = re.compile(
    r"(?:suppose|think) (?:the |that )?([a-z][a-z -]{1,30}?) would (?:care|like|want|appreciate)", re.I
)
__test__["ANIMATE"] = """
>>> ANIMATE.findall("I don't suppose the grey mare would care for that."), ANIMATE.findall("Taken.")
(['grey mare'], [])
"""

# A named character and its kind ("Bella the goat is standing here"): the kind.
NAMED_KIND = re.compile(r"\b[A-Z][a-z]+ the ([a-z]+)\b(?= (?:is|are|was|stands|sits|lies|walks|looks)\b)")
__test__["NAMED_KIND"] = """
>>> NAMED_KIND.findall("Bella the goat is standing here."), NAMED_KIND.findall("Bella the goat.")
(['goat'], [])
"""
