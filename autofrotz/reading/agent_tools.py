"""The built-in agent's tables for reading treasure in a game's text: a room where treasures are to be
left, names starred as treasure, sentences that call a thing valuable (agents/builtin_tools.py reads with
them).

Each table's example, one match and one non-match, is its entry of ``__test__`` (run as a doctest).
"""

from __future__ import annotations

import re

__test__: dict[str, str] = {}

# A room's text saying treasures are to be left there.
TREASURE_ROOM = re.compile(
    r"\b(?:leave|drop|deposit|store|put) (?:all )?(?:your |the )?treasures? here\b|"
    r"\btreasures? (?:go|belong|are to be (?:left|kept)) here\b",
    re.IGNORECASE,
)
__test__["TREASURE_ROOM"] = """
>>> bool(TREASURE_ROOM.search("Drop your treasures here.")), bool(TREASURE_ROOM.search("No treasure here."))
(True, False)
"""

# A name the game marks as treasure with asterisks ("*SHINING ORB*"): the name.
STARRED = re.compile(r"\*([A-Za-z][A-Za-z' -]{1,40}[A-Za-z])\*")
__test__["STARRED"] = """
>>> STARRED.findall("a stool - *SHINING ORB* - a rope"), STARRED.findall("a stool - a rope")
(['SHINING ORB'], [])
"""

# Words calling a thing valuable, and the words that deny it in the same sentence.
VALUED = re.compile(r"\b(valuable|precious|priceless|worth a fortune|must be worth)\b", re.IGNORECASE)
NEGATED = re.compile(r"\b(not|no|nothing|worthless|isn't|aren't)\b", re.IGNORECASE)
__test__["VALUED"] = """
>>> bool(VALUED.search("A precious orb.")), bool(VALUED.search("A dull orb."))
(True, False)
>>> bool(NEGATED.search("The can is not valuable.")), bool(NEGATED.search("The orb is valuable."))
(True, False)
"""
