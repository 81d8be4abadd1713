"""What a reply tells of a puzzle: a sentence that reveals an obstacle or a clue, the tool an act needs,
an obstacle solved, and the thing a sentence says is in the way. Read by the puzzle agent's rules
(`agents/puzzle_rules.py`, which switches each detection row by its name) and its obstacles.

Each table has a line saying what it reads; its examples (one match, one non-match) follow it in
``__test__``, which the doctests run.
"""

from __future__ import annotations

import re

from autofrotz.reading.patterns import DARK_SENTENCE

__test__: dict[str, str] = {}

# (name, pattern, kind), in order: a sentence matching the first pattern whose row is on becomes a puzzle
# of that kind. "said_locked" reads what patterns.LOCKED reads, in its own words (the rules listing shows
# each row's pattern).
DETECTION_RULES: tuple[tuple[str, re.Pattern[str], str], ...] = tuple(
    (name, re.compile(p, re.IGNORECASE), kind)
    for name, p, kind in (
        # stuck fast, not locked with a key: before "locked", so "locked solid" is read here
        ("stuck_fast", r"\b(is|are) (now )?(jammed|wedged|stuck|locked solid|frozen solid)\b", "blocked"),
        ("said_locked", r"\b(is|are|seems?|appears?)( to be)? (securely |firmly )?locked\b", "locked"),
        # the player cannot see (reading/patterns.py)
        ("said_dark", DARK_SENTENCE, "dark"),
        ("way_barred", r"\b(blocks?|bars?) (your|the) (way|path|passage)\b", "blocked"),
        ("not_let_through", r"\bwon't let you\b", "blocked"),
        ("out_of_reach", r"\bcan't reach\b", "blocked"),
        ("firmly_shut", r"\b(firmly|tightly) (shut|closed)\b", "blocked"),
        ("you_need", r"\byou('ll| will| would)? need\b", "clue"),
        ("perhaps_you", r"\bperhaps you (should|could|need)\b", "clue"),
        ("nothing_happens", r"\bnothing happens\b", "general"),
    )
)
__test__["DETECTION_RULES"] = """
>>> [n for n, p, _ in DETECTION_RULES if p.search("The hatch is firmly shut.")]
['firmly_shut']
>>> [n for n, p, _ in DETECTION_RULES if p.search("The hatch swings open.")]
[]
"""

# A clue that some tool is needed for an act ("you need something to saw it with"): group 1 is the act.
NEEDED_ACT = re.compile(r"\bneeds? (?:some|any)(?:thing|one)(?: [a-z]+)? to ([a-z]+)\b", re.IGNORECASE)
__test__["NEEDED_ACT"] = """
>>> NEEDED_ACT.search("You need something sharp to saw it.")[1], NEEDED_ACT.search("You need a saw.")
('saw', None)
"""

# Sentences that say an obstacle gave way (unlocked, lit, open): any one of them.
SOLVED_PATTERNS = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (r"\bunlocked\b", r"\byou unlock\b", r"\b(is|are) now (lit|on|open)\b", r"\bopens?\b")
)
__test__["SOLVED_PATTERNS"] = """
>>> [bool(p.search("The stove is now lit.")) for p in SOLVED_PATTERNS]
[False, False, True, False]
>>> any(p.search("The stove is cold.") for p in SOLVED_PATTERNS)
False
"""

# The words before "is"/"are"/"seems" of a sentence: what it says is locked (group 1).
LOCKED_SUBJECT = re.compile(r"(?:the\s+)?([\w\s]+?)\s+(?:is|are|seems?)\b", re.IGNORECASE)
__test__["LOCKED_SUBJECT"] = """
>>> LOCKED_SUBJECT.search("The tin box is locked.")[1], LOCKED_SUBJECT.search("Locked!")
('tin box', None)
"""

# The thing a sentence says is needed ("You would need a long pole."): group 1 is it.
NEEDED_THING = re.compile(
    r"\bneed(?:s)? (?:the |a |an |some |your )?([a-z][\w' -]{0,30}?)\s*(?:[,.;!]|\b(?:to|for)\b|$)", re.I
)
__test__["NEEDED_THING"] = """
>>> NEEDED_THING.search("You would need a long pole.")[1], NEEDED_THING.search("A pole.")
('long pole', None)
"""

# The noun phrase a sentence opens with (its article too) or an article opens, before the verb that says
# it is in the way: group 1.
OBSTACLE_SUBJECT = re.compile(
    r"(?:^|\b(?:the|a|an)\s+)([a-z][\w' -]{0,40}?)\s+(?:is|are|seems?|blocks?|bars?|won't|will not|"
    r"stands?|sits?)\b",
    re.IGNORECASE,
)
__test__["OBSTACLE_SUBJECT"] = """
>>> OBSTACLE_SUBJECT.search("A large goat blocks the bridge.")[1], OBSTACLE_SUBJECT.search("Go on.")
('A large goat', None)
"""

# What follows an obstacle's name and places it ("shed to the north", "goat on the bridge").
PLACE_TAIL = re.compile(r"\s+(?:to|toward|towards|on|in|at|by|beside|behind|across|under)\s+")
__test__["PLACE_TAIL"] = """
>>> PLACE_TAIL.split("goat on the bridge"), PLACE_TAIL.split("goat")
(['goat', 'the bridge'], ['goat'])
"""

# A sentence already read as an obstacle that is about the dark (a word starting "dark", or ending "black");
# the darkness tables of patterns.py read whether a reply says the player is in the dark.
DARK_WORD = re.compile(r"\bdark|black\b", re.I)
__test__["DARK_WORD"] = """
>>> bool(DARK_WORD.search("All is darkness.")), bool(DARK_WORD.search("All is bright."))
(True, False)
"""
