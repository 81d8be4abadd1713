"""What a reply tells the player to do, or what holds the player back: a step that must come first, a
condition to wait for, someone who bars the way, a command spelled out, a menu to pick from, a use an
examined thing suggests. Read by the built-in agent's reply rules and the knowledge layer.

Each table has a line saying what it reads; its examples (one match, one non-match) follow it in
``__test__``, which the doctests run.
"""

from __future__ import annotations

import re

__test__: dict[str, str] = {}

# A refusal naming a step that must come first ("You'll have to stand up first."): group 1 is the step.
# The Inform library and most games phrase a missing step as "you ... <verb phrase> first"; patterns.FIRST
# (the Reading's) takes only "need to VERB the THING first".
FIRST_STEP = re.compile(
    r"\b(?:you(?:'ll| will)? have to|you(?:'d| would)? need to|you need to|you should|you must|"
    r"you(?:'d| had) better|you ought to|you'll need to|try to)\s+([a-z][a-z' -]{1,40}?)\s+first\b",
    re.IGNORECASE,
)
__test__["FIRST_STEP"] = """
>>> FIRST_STEP.search("You'd need to untie the boat first.")[1], FIRST_STEP.search("You untie the boat.")
('untie the boat', None)
"""

# A refusal to let the player leave until a condition holds ("You're not leaving until you've paid."):
# group 1 is the condition, in the perfect tense.
UNTIL = re.compile(
    r"\b(?:not going anywhere|can't leave|cannot leave|won't get far|not leaving)[^.!?\"]{0,20}?"
    r"(?:until|till|before|without) you(?:'ve| have)? ([a-z][a-z' -]{1,40}?)[.!?,\"]",
    re.IGNORECASE,
)
__test__["UNTIL"] = """
>>> UNTIL.search("You can't leave until you've fed the cat.")[1], UNTIL.search("You leave the cat.")
('fed the cat', None)
"""

# The player lies or sits in bed, or is told to get up ("You're still in bed.", "Stand up first.").
IN_BED = re.compile(
    r"\b(?:you(?:'re| are) (?:still )?(?:lying |sitting |asleep )?(?:in|on) (?:the |your )?bed|"
    r"you (?:lie|are lying|sit|are sitting) (?:in|on) (?:the |your )?bed|get out of (?:the |your )?bed|"
    r"(?:get|stand) up first)\b",
    re.IGNORECASE,
)
__test__["IN_BED"] = """
>>> bool(IN_BED.search("You are sitting on your bed.")), bool(IN_BED.search("A bed stands here."))
(True, False)
"""

# The player is asleep or dreaming.
ASLEEP = re.compile(r"\b(?:you(?:'re| are) (?:still |fast )?asleep|you are sleeping|"
                    r"you(?:'re| are) dreaming)\b", re.IGNORECASE)  # fmt: skip
__test__["ASLEEP"] = """
>>> bool(ASLEEP.search("You are fast asleep.")), bool(ASLEEP.search("The dog is asleep."))
(True, False)
"""

# Someone who stops a move ("The porter blocks your way."): group 1 is who (case kept: a name is capitalised).
BLOCKER = re.compile(
    r"(?:^|[.!?\"]\s+)((?:[Tt]he )?[A-Za-z][a-z]+(?: [A-Z][a-z]+)?) "
    r"(?:stops|blocks|bars|won't let|will not let|prevents|grabs|holds) (?:you|your way|the way|your path)",
)
__test__["BLOCKER"] = """
>>> BLOCKER.search("The porter blocks your way.")[1], BLOCKER.search("You block the door.")
('The porter', None)
"""

# A move refused by someone, nobody named ("You're not leaving.", "Something blocks your path.").
NOT_ANYWHERE = re.compile(r"you(?:'re| are) not going anywhere|you(?:'re| are) not leaving|"
                          r"(?:won't|will not) let you (?:leave|pass|go|through)|blocks? your (?:way|path)",
                          re.IGNORECASE)  # fmt: skip
__test__["NOT_ANYWHERE"] = """
>>> bool(NOT_ANYWHERE.search("The gull won't let you pass.")), bool(NOT_ANYWHERE.search("You pass."))
(True, False)
"""

# A refusal that bars every way, not one exit ("The porter blocks your way!", "She stops you."), or says
# there is no exit at all (the knowledge layer's clock rules). Broader than NOT_ANYWHERE: "stops you",
# "can't go", "no exit"; narrower: not "won't let you through", not "you're not leaving".
BARS_EVERY_WAY = re.compile(
    r"\b(?:blocks?|blocking|bars?|barring) (?:your|the) (?:way|path)\b|\bstops you\b|"
    r"\bwon't let you (?:pass|leave|go|out)\b|\b(?:can't|cannot|can not) go\b|\bno exit\b",
    re.IGNORECASE,
)
__test__["BARS_EVERY_WAY"] = """
>>> bool(BARS_EVERY_WAY.search("The gull stops you.")), bool(BARS_EVERY_WAY.search("The gull flies."))
(True, False)
"""

# A refusal that names a condition to wait for ("cannot leave while the kettle is on", "not yet").
CONDITION = re.compile(
    r"\b(?:can(?:not|'t)|won't|will not|mustn't|must not|(?:is|are)(?:n't| not) able to|refuses? to)\b"
    r"[^.!?]{0,80}?\b(?:while|until|unless|till|without first)\b"
    r"|\bnot (?:yet|until|before)\b|\b(?:you|she|he|they) (?:must|need to|have to|should) first\b",
    re.IGNORECASE,
)
__test__["CONDITION"] = """
>>> bool(CONDITION.search("The lid won't lift while the pot boils.")), bool(CONDITION.search("Done."))
(True, False)
"""

# A reply that spells out the command the story wants ("If you want to jump, say so.", 'Try typing
# "wave"'): group 1 is the command as the reply words it.
SAID_TO_TYPE = (
    re.compile(r"\bif you (?:want|wish|mean) to ([a-z][a-z ']{2,40}?),? (?:then )?"
               r"(?:you'd better |you had better |just |simply )?say so\b", re.I),
    re.compile(r"\b(?:try|just try) (?:typing|saying|entering) [\"']([a-z][a-z ']{2,40})[\"']", re.I),
)  # fmt: skip
__test__["SAID_TO_TYPE"] = """
>>> SAID_TO_TYPE[0].search("If you mean to hop, just say so.")[1], SAID_TO_TYPE[1].search("Try hopping.")
('hop', None)
"""

# An examined thing's description suggesting a verb ("You could probably fold it."): group 1 is the verb.
YOU_CAN = re.compile(
    r"\byou (?:can|could|might|may)(?: probably| easily| even)? ([a-z]+) (?:it|them)\b", re.I
)
__test__["YOU_CAN"] = """
>>> YOU_CAN.search("You could easily fold it.")[1], YOU_CAN.search("You can't fold it.")
('fold', None)
"""

# A line of a numbered menu ("[1] ...", "2) ..."): group 1 is its number.
MENU_LINE = re.compile(r"^\s*[\[(]?([1-9])[\]).]\s+\S", re.MULTILINE)
__test__["MENU_LINE"] = """
>>> MENU_LINE.findall("[1] Tea\\n2) Cake"), MENU_LINE.findall("Route 66 is long.")
(['1', '2'], [])
"""

# A prompt to pick from a menu ("Select an option", "Choose a number", "Please enter 1-4").
MENU_PROMPT = re.compile(r"\b(?:select|choose|pick|enter|type) (?:an? )?(?:option|number|choice|one)\b|"
                         r"\bplease (?:select|choose|enter)\b", re.IGNORECASE)  # fmt: skip
__test__["MENU_PROMPT"] = """
>>> bool(MENU_PROMPT.search("Pick a number:")), bool(MENU_PROMPT.search("You pick the lock."))
(True, False)
"""
