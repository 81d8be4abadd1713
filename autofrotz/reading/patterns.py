"""Every table of stock phrases a turn's reply is read with, in one place (reading.py builds a Reading
from them). Each table answers one question of a reply; the modules that read replies import their
table from here.

Where two tables answer one question differently, both are kept, so that each reader keeps its
answer, and the difference is named here for a later pass:

- Darkness: DARKNESS_PATTERNS (the map's, line by line) and DARK (the built-in agent's, one pattern)
  disagree: DARK takes "it is now dark" and "in total darkness", DARKNESS_PATTERNS takes "you have
  moved into a dark place" and "you can't see anything". `Reading.dark` is the map's answer.
- "Can't go that way": NO_EXIT_PATTERNS (the map's refusals of a move) is the full table; FAILURE_PATTERNS
  (the stuck detector's and the puzzles') holds it only as "can't go that way".
- No such thing here: NOT_HERE (the built-in agent's, broad: "only scenery", "not important") and
  SUCH_THING (the agents' and the knowledge's narrow "any such thing") disagree on scenery replies;
  `Reading.not_here` is NOT_HERE's answer, `Reading.no_such_thing` SUCH_THING's.
- The maze solver keeps its own, shorter darkness and no-exit tables (maze/text.py: DARK_PATTERNS,
  NO_EXIT_PATTERNS), and the learning layer its own unknown-word phrases (knowledge/learner.py).
- A clue: `reply.is_clue` judges a reply against the room and item names known as it was read; the
  notebook takes that answer.
"""

from __future__ import annotations

import re

# Darkness messages of Infocom, Inform 6/7 and TADS libraries.
DARKNESS_PATTERNS: tuple[str, ...] = (
    r"\bit is pitch (?:black|dark)\b",
    r"\bit'?s pitch (?:black|dark)\b",
    r"\byou have moved into a dark place\b",
    r"\bit is (?:too|very) dark to see\b",
    r"\bit'?s too dark to see\b",
    r"\byou can'?t see (?:a thing|anything)\b",
    r"\byou are in the dark\b",
    r"\bin the dark,? you\b",
    r"^\s*darkness\s*$",
)

# Darkness said to come back: the player is returned to a dark place ("everything goes black again").
DARK_AGAIN_PATTERNS: tuple[str, ...] = (r"\b(?:goes|went|turns|turned|is) (?:black|dark|pitch dark) again\b",)

# Replies meaning "there is no exit that way": they refute an exit.
NO_EXIT_PATTERNS: tuple[str, ...] = (
    r"\byou can'?t go that way\b",
    r"\byou cannot go that way\b",
    r"\byou can'?t go in that direction\b",
    r"\bthere(?:'s| is) no (?:exit|way|path|passage) (?:that way|in that direction|there)\b",
    r"\bthere is a wall there\b",
    r"\bthat'?s not a direction you can go\b",
    r"\byou can'?t (?:go|move|walk) (?:there|that way)\b",
    r"\bno exit that way\b",
    r"\byou can'?t go (?:north|south|east|west|up|down|in|out|\w+east|\w+west) from here\b",
    r"\byou can'?t go (?:[nsewud]|n[ew]|s[ew]) from here\b",  # the direction as the player typed it
    r"\bi can'?t go in that direction\b",
    r"\bthere'?s no way to go in that direction\b",
    # the same refusal in the words of other systems and hand-written games: "There's no way to go
    # that way.", "I can't go THAT way." (Scott Adams), "You can't move in that direction." (ADRIFT),
    # "You are unable to go that way.", "It is not possible to go that way."
    r"\bthere(?:'s| is) no (?:exit|way|path|passage|way out)(?: to go)? (?:that way|in that direction)\b",
    r"\bi can'?t go (?:that way|there)\b",
    r"\byou (?:can'?t|cannot|are unable to) (?:go|head|move|walk|travel) (?:that way|in that direction)\b",
    r"\bit is(?:n't| not) possible to go (?:that way|in that direction)\b",
    r"\bnothing (?:lies |is )?in that direction\b",
    r"\byou (?:can'?t|cannot) walk through (?:the )?walls?\b",
    r"\byou aren'?t in anything\b",  # the Inform library's "out" where there is nothing to get out of
)


def first_match(patterns: tuple[str, ...], text: str) -> str | None:
    """The first stretch of text any of the patterns finds (case-insensitive, per line), or None."""
    for pattern in patterns:
        m = re.search(pattern, text, re.IGNORECASE | re.MULTILINE)
        if m:
            return m.group(0)
    return None


# Replies that mean the action did nothing; the stuck detector's and the puzzle agent's failure.
FAILURE_PATTERNS = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (
        r"\byou can't\b",
        r"\byou cannot\b",
        r"\bcan't go that way\b",
        r"\bi don't know the word\b",
        r"\bthat's not a verb\b",
        r"\bnot a verb i recogni[sz]e\b",
        r"\bi don't understand\b",
        r"\bnothing happens\b",
        r"\byou don't see\b",
        r"\byou see no\b",
        r"\bthere is no\b",
        r"\bis locked\b",
        r"\bdoesn't seem to\b",
        r"\bisn't something you can\b",
        r"\bhave no effect\b",
        r"\bbeyond your power\b",
        r"\bdon't have\b",
        r"\bnot open\b",
        r"\bno reason to\b",
        r"\bthat's fixed in place\b",
        r"\bhardly portable\b",
    )
)


def is_failure(text: str) -> bool:
    """Whether a game reply says the action failed.

    >>> is_failure("The door is locked."), is_failure("Taken.")
    (True, False)
    """
    return any(p.search(text) for p in FAILURE_PATTERNS)


# A dark room as the built-in agent reads one: "It is pitch black/dark", "too dark to see", Inform's
# "Darkness" room header on a line of its own, "You are in (total) darkness". The bare word is no sign:
# a lit room's description may say "once your eyes get used to the darkness you see...".
DARK = re.compile(
    r"\b(pitch[- ]black|pitch[- ]dark|too dark to see|it is (?:now )?dark|"
    r"(?:are|is|in) (?:total |complete |utter )?darkness(?! you)|can't see a thing)\b|^\s*darkness\s*$",
    re.I | re.M,
)
# The parser does not know a word: the word it names.
UNKNOWN_WORD = re.compile(r"(?:don't know the word|doesn't know the word|not familiar with the word)\s+"
                          r"[\"'`]?([a-z-]+)", re.IGNORECASE)  # fmt: skip
# The parser says no such thing is in sight (or that it is scenery, not worth a word).
NOT_HERE = re.compile(r"can't see any such|don't see any|no such thing|you see no\b|isn't here|aren't here|"
                      r"not here|don't see (?:that|it|the)|can't see (?:that|the|it)|there is no \w+ here|"
                      r"only scenery|not important|"
                      r"don't need to (?:refer|worry)|you don't need", re.IGNORECASE)  # fmt: skip
# The parser's stock "any such thing": the command named something not here.
SUCH_THING = re.compile(r"(?:can't|cannot|can not) see any such thing|no such thing|"
                        r"don't see (?:that|it) here", re.IGNORECASE)  # fmt: skip
# The parser's question when a verb needs a thing: "What do you want to fold?", and the same about a
# named player ("What does Mara want to fold?"); the verb asked about.
WANTS_OBJECT = re.compile(r"what (?:do you|does [a-z]+(?: [a-z]+)?) want to ([a-z]+)\?", re.IGNORECASE)


def is_dark(text: str) -> bool:
    """Whether a reply says the player cannot see (the map's table).

    >>> is_dark("It is pitch black. You are likely to be eaten by a grue."), is_dark("The lamp is now on.")
    (True, False)
    """
    return first_match(DARKNESS_PATTERNS, text) is not None


def is_no_exit(text: str) -> bool:
    """Whether a reply refuses a move for want of an exit (the map's table).

    >>> is_no_exit("You can't go that way."), is_no_exit("Taken.")
    (True, False)
    """
    return first_match(NO_EXIT_PATTERNS, text) is not None


def unknown_word(text: str) -> str | None:
    """The word the parser says it does not know, lower-cased, or None.

    >>> unknown_word("I don't know the word 'xyzzy'."), unknown_word("Taken.")
    ('xyzzy', None)
    """
    found = UNKNOWN_WORD.search(text)
    return found.group(1).lower() if found else None


def parser_question(text: str) -> str | None:
    """The verb the parser asks a thing for ("What do you want to fold?": "fold"), read in the reply's
    first 200 characters as the built-in agent reads it, or None.

    >>> parser_question("What do you want to fold?"), parser_question("Folded.")
    ('fold', None)
    """
    found = WANTS_OBJECT.search(text[:200])
    return found.group(1).lower() if found else None
