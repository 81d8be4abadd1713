"""Room descriptions read as prose: the lines that list what is in a room, a line of exits closing a
room's block, the journey told before a description, and where sentences end. room_prose (the map)
reads descriptions with these.

>>> [bool(first_match(ITEM_LINE_PATTERNS, t)) for t in ("There is a tin cup here.", "A low attic.")]
[True, False]
>>> bool(EXITS_OPENING.match("Exits: n s")), bool(EXITS_OPENING.match("The exits are hidden."))
(True, False)
>>> bool(TRAVEL_LINE.match("You clamber up the bank.")), bool(TRAVEL_LINE.match("You are on a bank."))
(True, False)
>>> len(sentence_ends(".!?").findall("A hut. A pot!")), len(sentence_ends(".").findall("Ver2.5"))
(2, 0)
"""

from __future__ import annotations

import re

from autofrotz.reading.patterns import first_match

__all__ = ["EXITS_OPENING", "ITEM_LINE_PATTERNS", "TRAVEL_LINE", "first_match", "sentence_ends"]

# Lines that list what is in a room (objects, people), printed after or instead of its description.
ITEM_LINE_PATTERNS: tuple[str, ...] = (
    r"^you (?:can |could )?(?:also )?(?:see|notice)\b",
    r"^there(?: is| are|'s) .{1,80}\b(?:here|nearby|lying|sitting|on the ground)\b",
    r"\b(?:is|are) (?:here|lying here|sitting here|resting here|standing here)\b",
    r"^(?:on|in|under|beside|inside) (?:the|a|an) [\w' -]+ (?:is|are|sits?|lies?|stands?)\b",
    r"^(?:a|an|the|some|your) [\w' -]+ (?:is|are) (?:sitting|lying|resting|standing|here|on|in)\b",
    r"\bcontains?:$",
)
# A line that opens with the word "Exits" (the Quill's and PAWS' closing line of a room's block);
# rooms_headers.EXITS_LINE takes only a line with its colon, and "possible exits".
EXITS_OPENING = re.compile(r"^(?:obvious |visible )?exits?\b", re.IGNORECASE)
# "You climb the stair.", "You pick your way down the slope." but not "You are in a hall." or "You
# can see a lamp here.": the player as subject of a verb of going.
TRAVEL_LINE = re.compile(
    r"^(?:You|We|I) (?!(?:are|were|am|can|could|see|have|had|feel|hear|notice|find|know|'re|'ve)\b)"
    r"(?:\w+ly )?(?:\w+ )?(?:climb|walk|go|went|head|follow|crawl|squeeze|swim|wade|descend|"
    r"ascend|make|made|stroll|run|ran|jump|step|wander|trudge|hurry|scramble|clamber|ride|rode|travel|"
    r"pass|push|duck|slip|edge|tramp|hike|row|sail|drive|drove|fly|flew|float|drift|fall|fell|slide|"
    r"slid|enter|leave|left|cross|return|set|pick|wind|find yourself)\w*\b[^.!?]*[.!]$"
)


def sentence_ends(ends: str) -> re.Pattern[str]:
    """The marks that end a sentence, one of `ends` followed by a space or the end of the text."""
    return re.compile(rf"[{re.escape(ends)}](?:\s|$)")
