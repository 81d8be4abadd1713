"""What a reply tells of people: who speaks or acts, who is called him or her, whom to give a thing to,
what a person is busy with, whom to ask about what, a quoted name to say. Read by the knowledge layer's
rules on people and descriptions and by the built-in agent's listings and speech.

Each table has a line saying what it reads; its examples (one match, one non-match) follow it in
``__test__``, which the doctests run.
"""

from __future__ import annotations

import re

__test__: dict[str, str] = {}

NAME = r"((?:[a-z]+[ -]){0,3}[a-z]+)"  # a person's name of one to four words, as the ACTORS shapes read it
SPEECH = r"(?:says|said|asks|asked|exclaims|shouts|whispers|replies|snorts|sighs|mutters|grumbles)"

# Prose that names someone by what only people do ("the cook, who ...", "says the cook", "the cook
# nods"): group 1 is the name.
ACTORS = (
    re.compile(rf"\b(?:the|a|an) {NAME},? who\b", re.I),
    re.compile(rf"\b{SPEECH} the {NAME}\b", re.I),
    re.compile(rf"\bthe {NAME} (?:{SPEECH}|nods|smiles|frowns|shrugs|grins|winks|laughs)\b", re.I),
)
__test__["ACTORS"] = """
>>> ACTORS[1].search("'Soup,' mutters the cook.")[1], ACTORS[2].search("The soup boils.")
('cook', None)
"""

# A refusal's first sentence that calls the thing acted on him or her ("Folding her would do little.").
HE_OR_SHE = re.compile(
    r"^(?:[a-z]+ing )?(?:he|she|him|her)\b(?!\s+(?:own|way))|\b(?:he|she)(?:'s| is) not something\b", re.I
)
__test__["HE_OR_SHE"] = """
>>> bool(HE_OR_SHE.search("He's not something you can fold.")), bool(HE_OR_SHE.search("It won't fold."))
(True, False)
"""

# A reply that names whom to give a thing to next ("Now give it to the cook."): group 1 is who.
GIVE_TO = re.compile(r"\bgive (?:it|them|this|that)(?: back)? to (?:the |a |an )?([a-z]+(?: [a-z]+)?)", re.I)
__test__["GIVE_TO"] = """
>>> GIVE_TO.search("Give it back to the cook.")[1], GIVE_TO.search("The cook takes it.")
('cook', None)
"""

# A sentence of a person's description that says what they are busy with ("She is stamping forms").
BUSY = re.compile(r"\b(?:he|she) is (?:\w+ )?\w+ing\b", re.I)
__test__["BUSY"] = """
>>> bool(BUSY.search("He is busily peeling onions.")), bool(BUSY.search("He is tall."))
(True, False)
"""

# A text telling the player to ask someone about something ("You might ask the cook about 'soup'."):
# group 1 is the person, group 2 a quoted topic, group 3 the words after "about".
ASK_TOLD = re.compile(
    r"\bask(?:ing)?\s+((?:[a-z]+\s+){0,3}?[a-z]+)\s+about\s+"
    r"(?:['\"\u2018\u201c]([a-z][a-z -]{0,30}?)['\"\u2019\u201d]|((?:[a-z-]+\s*){1,3}))",
    re.IGNORECASE,
)
__test__["ASK_TOLD"] = """
>>> ASK_TOLD.search("Ask the cook about 'soup'.").group(1, 2), ASK_TOLD.search("Ask nothing.")
(('the cook', 'soup'), None)
"""

# A quoted proper name on a sign or a page ('Mill Lane', "Zorbo"): group 1 is the name, a destination,
# a password or a magic word (told_text.QUOTE takes any quoted words, capitals or not).
QUOTED_NAME = re.compile(
    r"(?:^|[\s(])['\"\u2018\u201c]([A-Z][a-z]{2,}(?: [A-Z][a-z]+){0,2})[.!]?['\"\u2019\u201d]"
    r"(?=[\s.,;:!?)]|$)"
)
__test__["QUOTED_NAME"] = """
>>> QUOTED_NAME.findall("The sign says 'Mill Lane' in gilt."), QUOTED_NAME.findall("It says 'hello'.")
(['Mill Lane'], [])
"""
