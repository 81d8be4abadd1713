"""The built-in agent's tables for reading what a reply says happened around the player: something after
it or striking at it, someone coming, a room that rides, a thing handed over or taken
(agents/builtin_flight.py, builtin_devices.py, builtin_base.py and builtin_readings.py read with them).

Each table's example, one match and one non-match, is its entry of ``__test__`` (run as a doctest).
"""

from __future__ import annotations

import re

__test__: dict[str, str] = {}

# Something hostile after the player.
CHASE = re.compile(
    r"\b(chases? (?:\w+ )?after you|charges at you|pursues you|comes after you|runs after you|"
    r"(?:is|are) (?:hot |close )?on your heels)\b",
    re.IGNORECASE,
)
__test__["CHASE"] = """
>>> bool(CHASE.search("The hound is hot on your heels!")), bool(CHASE.search("The hound sleeps."))
(True, False)
"""

# Something hostile striking at the player.
STRIKES = re.compile(
    r"\b(leaps at you|lunges at you|snapping at|snaps at you|bites you|latches onto|claws at you|"
    r"sinks its teeth|attacks you)\b",
    re.IGNORECASE,
)
__test__["STRIKES"] = """
>>> bool(STRIKES.search("The rat lunges at you.")), bool(STRIKES.search("The rat squeaks."))
(True, False)
"""

# A reply that puts something in the player's hands.
GOT_SOMETHING = re.compile(
    r"\b(which you pick up|you pick (?:it|them) up|you take (?:it|them)|you now have|"
    r"hands? you|gives you|you are now (?:carrying|holding))\b",
    re.IGNORECASE,
)
__test__["GOT_SOMETHING"] = """
>>> bool(GOT_SOMETHING.search("The clerk hands you a ticket.")), bool(GOT_SOMETHING.search("The clerk naps."))
(True, False)
"""

# Someone or something on its way here.
APPROACH = re.compile(
    r"\b(footsteps|someone (?:is )?(?:coming|approaching)|(?:is|are) (?:coming|approaching)|rushes up|"
    r"hurrying towards|heading (?:this|your) way|draws? near(?:er)?|about to arrive)\b",
    re.IGNORECASE,
)
__test__["APPROACH"] = """
>>> bool(APPROACH.search("You hear footsteps above.")), bool(APPROACH.search("All is quiet."))
(True, False)
"""

# A control that carries the room: a lift or a cage that moves and opens on another floor.
RIDE = re.compile(
    r"\b(?:feel|feels) (?:as if |as though |like )?(?:the (?:room|floor|lift|elevator|car|cage) )?"
    r"(?:is )?(?:moving|move|rising|falling|descending|ascending)\b|"
    r"\b(?:lift|elevator|cage|car|room|platform) (?:starts to |begins to )?"
    r"(?:moves|rises|descends|ascends|drops|lurches|shudders into motion)\b",
    re.IGNORECASE,
)
__test__["RIDE"] = """
>>> bool(RIDE.search("The cage lurches and descends.")), bool(RIDE.search("The cage is empty."))
(True, False)
"""

# A "take all" reply's line for a thing taken: its name.
TAKEN_LINE = re.compile(r"^\s*([^:\n]+):\s*(?:Taken|Picked up|You take)", re.MULTILINE | re.IGNORECASE)
__test__["TAKEN_LINE"] = """
>>> TAKEN_LINE.findall("tin cup: Taken.\\nanvil: Too heavy."), TAKEN_LINE.findall("anvil: Too heavy.")
(['tin cup'], [])
"""

# A reply saying something was taken.
TAKEN_WORDS = re.compile(r"\b(taken|you take|picked up|you pick up)\b", re.IGNORECASE)
__test__["TAKEN_WORDS"] = """
>>> bool(TAKEN_WORDS.search("You pick up the cup.")), bool(TAKEN_WORDS.search("It will not budge."))
(True, False)
"""

# A thing a reply says opening or moving something revealed: its name.
REVEAL = re.compile(
    r"\breveal(?:s|ing|ed)? (?:a|an|the|some|two|three) ([a-z][a-z -]{1,30}?)"
    r"(?: (?:inside|within|beneath|underneath))?[.,!;]",
    re.IGNORECASE,
)
__test__["REVEAL"] = """
>>> REVEAL.findall("Lifting the mat reveals a brass key."), REVEAL.findall("The mat is dusty.")
(['brass key'], [])
"""

# A spell the text names ("the frotz spell"), not the act of casting it: the spell's word.
SPELL = re.compile(r"\b([a-z]{3,})\s+spell\b(?!\s+(?:cast|on)\b)", re.IGNORECASE)
__test__["SPELL"] = """
>>> SPELL.findall("You learn the blorple spell."), SPELL.findall("The spell cast on you fades.")
(['blorple'], [])
"""
