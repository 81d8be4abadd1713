"""What a reply tells of the ways: a way shut, stuck, unlocked or opened, the ways out a refused move
lists, a header that says the player is inside something. Read by the built-in agent's reply rules and
listings and by the knowledge layer's histories.

Each table has a line saying what it reads; its examples (one match, one non-match) follow it in
``__test__``, which the doctests run.
"""

from __future__ import annotations

import re

__test__: dict[str, str] = {}

# What shuts a way, in the parser's words ("You can't, since the hatch is in the way.", "The gate is
# closed."): group 1 is the thing.
IN_THE_WAY = re.compile(
    r"(?:\b(?:the|a|an)|\bsince) ([a-z][a-z' -]{0,30}?) (?:is|are|seems to be) "
    r"(?:in the way|closed|shut|locked)\b",
    re.I,
)
__test__["IN_THE_WAY"] = """
>>> IN_THE_WAY.search("The red hatch is shut.")[1], IN_THE_WAY.search("You shut the hatch.")
('red hatch', None)
"""

# A thing in a way rather than a way itself ("The crate is in the way."): pushed, not opened.
IN_THE_WAY_ONLY = re.compile(r"\bin the way\b", re.I)
__test__["IN_THE_WAY_ONLY"] = """
>>> bool(IN_THE_WAY_ONLY.search("A crate is in the way.")), bool(IN_THE_WAY_ONLY.search("On the way."))
(True, False)
"""

# A lock said to be open ("You unlock the hatch.", "is now unlocked").
UNLOCKED = re.compile(r"\byou unlock\b|\b(?:is|are) now unlocked\b|\bunlocked\b", re.I)
__test__["UNLOCKED"] = """
>>> bool(UNLOCKED.search("You unlock the chest.")), bool(UNLOCKED.search("The chest is locked."))
(True, False)
"""

# A thing said to be opened ("You open the gate.", "The gate opens."), anywhere in a reply;
# told_things.OPENED_ALONE is a reply that says nothing else.
OPENED = re.compile(r"\byou open\b|\b(?:is|are) now open\b|\bopened\b|\bopens\b", re.I)
__test__["OPENED"] = """
>>> bool(OPENED.search("The gate opens slowly.")), bool(OPENED.search("The gate is open."))
(True, False)
"""

# Words of a refusal of an unlock, an open, a push or a take (narrower than patterns.REFUSALS: any
# "not", "fit", "already").
REFUSED = re.compile(r"\b(?:can't|cannot|won't|doesn't|don't|isn't|aren't|not|locked|fit|already)\b", re.I)
__test__["REFUSED"] = """
>>> bool(REFUSED.search("The key doesn't fit.")), bool(REFUSED.search("You unlock the chest."))
(True, False)
"""

# A door opened in vain in the story's own words ("it won't budge", "The gate refuses to open."): it
# may be locked without the word.
STUCK = re.compile(
    r"\b(?:won't|will not|doesn't|does not|didn't|did not|wouldn't|would not) (?:budge|open|give|yield)\b|"
    r"\b(?:is|are|seems? to be) (?:stuck|jammed|firmly shut|shut tight)\b|\brefuses? to (?:open|budge)\b",
    re.I,
)
__test__["STUCK"] = """
>>> bool(STUCK.search("The hatch seems to be jammed.")), bool(STUCK.search("The hatch opens."))
(True, False)
"""

# What follows the name of what shuts a way ("the door to the pantry"): a command names the door alone.
WAY_NAME_TAIL = re.compile(r"\s+(?:to|of|into|leading)\s+")
__test__["WAY_NAME_TAIL"] = """
>>> WAY_NAME_TAIL.split("the door to the pantry"), WAY_NAME_TAIL.split("oak hatch")
(['the door', 'the pantry'], ['oak hatch'])
"""

# A stored reply that opens by saying a thing is shut ("The hatch is closed."): group 1 is the thing;
# IN_THE_WAY reads it anywhere in a reply, also "in the way" and "locked".
SHUT_REFUSAL = re.compile(
    r"^\s*(?:the|your)\s+([a-z][a-z -]{1,30}?)\s+(?:is|are|was) (?:closed|shut)\b", re.I
)
__test__["SHUT_REFUSAL"] = """
>>> SHUT_REFUSAL.match("The pantry door is shut.")[1], SHUT_REFUSAL.match("You open the door.")
('pantry door', None)
"""

# A refused move's stored reply naming something that may open later (a door, a lock, the dark, a
# guard): never a wall.
MAY_OPEN = re.compile(
    r"\b(?:door|gate|locked|closed|shut|lock|key|dark|guard|blocks?|won't let)\b", re.IGNORECASE
)
__test__["MAY_OPEN"] = """
>>> bool(MAY_OPEN.search("The gate is shut.")), bool(MAY_OPEN.search("You bump into rock."))
(True, False)
"""

# The compass words a refused move's reply names as ways out: group 1 is one.
COMPASS_WORDS = re.compile(
    r"\b(north-?east|north-?west|south-?east|south-?west|north|south|east|west|up|down|upstairs|downstairs)\b",
    re.IGNORECASE,
)
__test__["COMPASS_WORDS"] = """
>>> COMPASS_WORDS.findall("Paths lead north-west and downstairs."), COMPASS_WORDS.findall("Easter eggs")
(['north-west', 'downstairs'], [])
"""

# How a reply lists the ways out: "you can (only) go", "exits are", "the only way out is", "lies to the".
WAYS_OUT = re.compile(
    r"\b(?:can|could) (?:only )?(?:go|leave|head|walk)\b|\bexits?\b|\bways? (?:out|on)\b|"
    r"\b(?:is|are|lies|lie|leads?) (?:to the |off to the )?(?:north|south|east|west|up|down)",
    re.IGNORECASE,
)
__test__["WAYS_OUT"] = """
>>> bool(WAYS_OUT.search("The kitchen lies to the west.")), bool(WAYS_OUT.search("Bats live west."))
(True, False)
"""

# A room header that says the player is in or on something ("Dock (in the rowing boat)").
INSIDE_HEADER = re.compile(r"\((?:in|on|inside) (?:the |a |an )?[a-z]", re.IGNORECASE)
__test__["INSIDE_HEADER"] = """
>>> bool(INSIDE_HEADER.search("Dock (in the boat)")), bool(INSIDE_HEADER.search("Dock (lit)"))
(True, False)
"""
