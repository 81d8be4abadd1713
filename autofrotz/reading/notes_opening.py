"""What the notebook reads in a story's opening and its replies: the sentences that state the player's
task, the lines of a banner, the score's maximum, what a reply to opening something says was done.

>>> bool(GOAL.search("Your task is to find the brass bell.")), bool(GOAL.search("The bell is brass."))
(True, False)
>>> bool(BANNER.search("Release 2 / Serial number 010203")), bool(BANNER.search("A release of doves."))
(True, False)
>>> MAXIMUM.search("You scored 4 out of a possible 40.").groups(), MAXIMUM.search("Four of forty.") is None
(('40', None), True)
>>> bool(TASK.search("Be sure to knock twice.")), bool(TASK.search("The door is oak."))
(True, False)
>>> bool(SAYS_OPENED.search("The lid opens, revealing a coin.")), bool(SAYS_OPENED.search("It is shut."))
(True, False)
>>> bool(SAYS_UNLOCKED.search("You unlock the gate.")), bool(SAYS_UNLOCKED.search("The gate is locked."))
(True, False)
"""

from __future__ import annotations

import re

# Sentences of an opening that state what the player is to do.
GOAL_PATTERNS: tuple[str, ...] = (
    r"\b(?:your|the) (?:task|goal|quest|mission|job|aim|objective|purpose)\b",
    r"\byou (?:must|need to|have to|are to|should|will have to|'ll have to)\b",
    r"\bon (?:one|a single) condition\b",
    r"\b(?:find|recover|rescue|retrieve|bring back|return|escape|save|stop|reach|collect|deliver)\b"
    r"[^.!?]{0,80}\b(?:before|so that|in order to|if you|and (?:put|bring|return))\b",
    r"\bto win\b",
    r"\b(?:i|we) (?:want|need|expect) you to\b",
    r"\b(?:bring back|solve|mission|quest)\b",
)
GOAL = re.compile("|".join(GOAL_PATTERNS), re.IGNORECASE)
# A reminder of what to do, as a note or a person puts it ("Don't forget to feed the cat"): with the goal's
# patterns, the sentences that make a clue the player's task (TASK).
REMINDER_PATTERNS: tuple[str, ...] = (
    r"\b(?:don'?t|do not|never) forget to\b",
    r"\b(?:remember|be sure|make sure) to\b",
)
TASK = re.compile("|".join((*GOAL_PATTERNS, *REMINDER_PATTERNS)), re.IGNORECASE)
# Lines of an opening that are the story's banner, not its words.
# Differs from rooms_headers.BANNER_PATTERNS: "inform v6", "type help"; no author's credit, year or version.
BANNER = re.compile(
    r"release \d|serial number|copyright|\(c\)|inform v\d|library v\d|type .?help|interpreter",
    re.IGNORECASE,
)
# The score's maximum: "out of a possible 50", "out of 350", "of a maximum of 20 points".
MAXIMUM = re.compile(r"\bout of (?:a (?:possible|maximum of) )?(\d{1,6})\b|\bmaximum of (\d{1,6})\b", re.I)
# What a reply to opening or unlocking something says was done: opened (it may have been unlocked too),
# else unlocked (the notebook's log names its line by it).
SAYS_OPENED = re.compile(r"\bopen(?:s|ed|ing)?\b|\brevealing\b", re.IGNORECASE)
SAYS_UNLOCKED = re.compile(r"\b(?:unlock|unbolt|unbar)(?:s|ed|ing)?\b", re.IGNORECASE)
