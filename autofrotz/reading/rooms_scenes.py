"""The scenes whose text misleads a header reader, and the words of a reply the map's identity rules read:
falls, lifts, returns, dreams, visions, rides, getting off a seat, another version of a place, a first
visit's opening, things dropped and taken as markers in a maze.

>>> [bool(first_match(FALL_PATTERNS, t)) for t in ("You tumble into a pit.", "You fall asleep.")]
[True, False]
>>> [bool(first_match(LIFT_PATTERNS, t)) for t in ("The crane hauls you up.", "You go up.")]
[True, False]
>>> [bool(first_match(RETURN_PATTERNS, t)) for t in ("You find yourself back home.", "You go home.")]
[True, False]
>>> bool(DREAM_HEADER.search("A Strange Dream")), bool(DREAM_HEADER.search("Dreary Yard"))
(True, False)
>>> [bool(first_match(WAKE_PATTERNS, t)) for t in ("You awaken slowly.", "You are awake.")]
[True, False]
>>> [bool(first_match(VISION_PATTERNS, t)) for t in ("You are swept into a vision.", "A vision.")]
[True, False]
>>> bool(EXIT_LISTING.match("Obvious exits: up")), bool(EXIT_LISTING.match("A tin exit sign"))
(True, False)
>>> bool(TUMBLE_DOWN.search("You fall downwards.")), bool(TUMBLE_DOWN.search("You fall asleep."))
(True, False)
>>> bool(GOT_OFF.match("You get off the stool.")), bool(GOT_OFF.match("You get the stool."))
(True, False)
>>> [bool(first_match(RIDE_PATTERNS, t)) for t in ("The cart comes to a halt.", "The cart is red.")]
[True, False]
>>> QUOTED.search('A dial reads "Cellar".').group(1), QUOTED.search("A dial.") is None
('Cellar', True)
>>> bool(OTHER_VERSION.search("It looks familiar, yet different.")), bool(OTHER_VERSION.search("A yard."))
(True, False)
>>> bool(FIRST_VISIT.match("You are in a yard.")), bool(FIRST_VISIT.match("You are in the yard."))
(True, False)
>>> ASIDE_END.sub("", "Quay (by the steps)"), ASIDE_END.sub("", "Quay")
('Quay', 'Quay')
>>> bool(DONE_DROP.search("Dropped.")), bool(DONE_DROP.search("You can't."))
(True, False)
>>> bool(DONE_TAKE.search("Taken.")), bool(DONE_TAKE.search("You can't."))
(True, False)
>>> LISTED_RESULT.findall("tin cup: Dropped."), LISTED_RESULT.findall("Dropped.")
([('tin cup', 'Dropped')], [])
>>> bool(HERE.search("A cup is here.")), bool(HERE.search("A cup is there."))
(True, False)
"""

from __future__ import annotations

import re

from autofrotz.reading.patterns import first_match

__all__ = [
    "ASIDE_END",
    "DONE_DROP",
    "DONE_TAKE",
    "DREAM_HEADER",
    "EXIT_LISTING",
    "FALL_PATTERNS",
    "FIRST_VISIT",
    "GOT_OFF",
    "HERE",
    "LIFT_PATTERNS",
    "LISTED_RESULT",
    "OTHER_VERSION",
    "QUOTED",
    "RETURN_PATTERNS",
    "RIDE_PATTERNS",
    "TUMBLE_DOWN",
    "VISION_PATTERNS",
    "WAKE_PATTERNS",
    "first_match",
]

# Replies telling of a fall to the place below (no header follows): "you are falling".
FALL_PATTERNS: tuple[str, ...] = (
    r"\byou (?:are |go )?(?:fall|falling|tumble|tumbling|plummet|plummeting)\b(?! asleep)",
    r"\byou come down in\b",
)
# Replies telling of being drawn up to the place above: "you arrive at the top, out of breath".
LIFT_PATTERNS: tuple[str, ...] = (
    r"\byou arrive at the top\b",
    r"\b(?:pulls?|hauls?|hoists?|drags?) you (?:back )?up\b",
)
# Replies telling of a return to where a teleport took us from.
RETURN_PATTERNS: tuple[str, ...] = (r"\byou (?:\w+ )?find yourself back\b",)
# A header that names a dream: the sleeper stays in bed, whatever rooms the dream shows.
DREAM_HEADER = re.compile(r"\b(?:dream|dreams|dreaming|nightmare)\b", re.IGNORECASE)
# Replies telling that the sleeper woke or the vision ended.
WAKE_PATTERNS: tuple[str, ...] = (
    r"\byou (?:wake|awake|awaken)\b",
    r"\bwake up\b",
    r"\bthe vision (?:is gone|fades|ends|passes)\b",
)
# Replies that carry the player off into a vision: its rooms are seen, not walked into.
VISION_PATTERNS: tuple[str, ...] = (
    r"\b(?:swept|carried|drawn|transported) (?:away )?(?:in|into) (?:a|an) (?:\w+ )?"
    r"(?:vision|dream|trance)\b",
)
# "Obvious exits: North, Up.": a listing many look-alike rooms share, no fixture of one of them (a phrase
# that opens with "exits", as the map's furnishings are read; rooms_prose.EXITS_OPENING reads a line).
EXIT_LISTING = re.compile(r"(?:obvious )?exits?\b", re.IGNORECASE)
# "You tumble downwards...": the reply goes on below the room it named first (splits a reply; FALL_PATTERNS
# reads a fall told with no header).
TUMBLE_DOWN = re.compile(r"\byou (?:tumble|fall|plummet|plunge|drop)\s+down(?:wards?)?\b", re.IGNORECASE)
# The library's reply to leaving a bed, chair or vehicle (Inform 6 and 7: "You get out of the bed.",
# "You get off the chair."): the player stands up in the same room.
GOT_OFF = re.compile(r"^you (?:get|got|climb|clamber|step) (?:out of|off|down from) ", re.IGNORECASE)
# Replies saying the player was carried somewhere (IF conventions for vehicles, lifts and rides).
RIDE_PATTERNS: tuple[str, ...] = (
    r"\bcarrying (?:me|you|us) (?:with it|along|away|off|up|down)\b",
    r"\b(?:you|we|it|the \w+) (?:come|comes|came) to an? (?:\w+ )?(?:stop|halt)\b",
    r"\b(?:you|we) (?:arrive|have arrived) at (?:the|your) (?:destination|next stop)\b",
)
# A label in quotes on a control ("The green button reads \"Stables\"").
QUOTED = re.compile(r"[\"“]([^\"”]{2,40})[\"”]")
# Replies saying a familiar place is not the one we knew (time travel, a dream, a copy).
OTHER_VERSION = re.compile(
    r"\bfamiliar,? (?:yet|but) (?:somehow )?different\b|\bsomething (?:seems|is|looks) (?:\w+ )?different\b",
    re.IGNORECASE,
)
# A first visit's description, which introduces the place ("You are in a ...").
FIRST_VISIT = re.compile(r"you are (?:\w+ )?(?:in|on|at|inside) (?:a|an) ", re.IGNORECASE)
ASIDE_END = re.compile(r"\s*\([^()]*\)$")  # an aside in brackets ending a room's name
# Replies that say a drop or a take was done.
DONE_DROP = re.compile(r"^\s*(?:dropped|discarded|ok|okay)\b|\byou (?:drop|put down|leave)\b", re.IGNORECASE)
DONE_TAKE = re.compile(r"^\s*(?:taken|ok|okay|got it)\b|\byou (?:take|pick up|now have)\b", re.IGNORECASE)
# "red apple: Dropped." / "red apple: Taken." lines of a reply to "drop all" or "take all".
LISTED_RESULT = re.compile(r"^\s*(.+?):\s*(dropped|taken)\b", re.IGNORECASE | re.MULTILINE)
HERE = re.compile(r"\bhere\b", re.IGNORECASE)  # "A red apple is here.", "You can see ... here."
