"""One reading of a turn's reply, made once in the turn loop and handed to whoever reads the turn (the
notebook, the puzzle agent's signals, the stuck detector), so that no one parses the same text again.

`read_reply` answers each question of the reply with a table of patterns.py; the outcome (death,
victory) is the game interface's, read as the reply arrived (if_patterns.detect_outcome).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from autofrotz.reading.patterns import (
    NOT_HERE,
    SUCH_THING,
    is_dark,
    is_failure,
    is_no_exit,
    parser_question,
    unknown_word,
)
from autofrotz.words.directions import canonical_direction

# A clue answers one of these verbs (reading, examining, asking).
CLUE_VERBS = frozenset(
    {"read", "examine", "x", "look", "l", "search", "ask", "tell", "talk", "listen", "consult"}
)
CLUE_MIN_CHARS = 50  # a shorter reply is no clue
CLUE_LONG_CHARS = 100  # a reply this long to a clue verb is kept as it is
FAILURE_CLUE_CHARS = 120  # a refusal shorter than this is no clue
NOT_HERE_HEAD = 300  # characters where the parser's "no such thing" is looked for


@dataclass(frozen=True)
class Reading:
    """What one reply says, read once: the command and text it answers, its outcome, whether it is a
    failure, darkness, a refused move, the parser's unknown word, "no such thing here", the parser's
    question, and whether it is a clue worth keeping (which takes the names the game has shown)."""

    command: str
    text: str
    outcome: str | None = None  # "death", "victory" or None
    failure: bool = False  # the action did nothing (patterns.FAILURE_PATTERNS)
    dark: bool = False  # the player cannot see (the map's table)
    no_exit: bool = False  # a move refused for want of an exit
    unknown_word: str | None = None  # the word the parser does not know
    not_here: bool = False  # the parser sees no such thing (patterns.NOT_HERE, broad)
    no_such_thing: bool = False  # the parser's stock "any such thing" (patterns.SUCH_THING, narrow)
    parser_question: str | None = None  # the verb the parser asks a thing for
    clue: bool = False  # worth keeping in the notebook
    names: tuple[str, ...] = field(default=(), repr=False)  # room and item names the game had shown


def read_reply(command: str, text: str, outcome: str | None = None, names: Iterable[str] = ()) -> Reading:
    """The reading of one reply to ``command``.

    >>> r = read_reply("north", "You can't go that way.")
    >>> r.failure, r.no_exit, r.dark, r.clue
    (True, True, False, False)
    >>> read_reply("xyzzy", "I don't know the word 'xyzzy'.").unknown_word
    'xyzzy'
    >>> read_reply("fold", "What do you want to fold?").parser_question
    'fold'
    >>> read_reply("read note", "The note says: the key is hidden under the loose stone in the cellar.").clue
    True
    """
    shown = tuple(names)
    return Reading(
        command=command,
        text=text,
        outcome=outcome,
        failure=is_failure(text),
        dark=is_dark(text),
        no_exit=is_no_exit(text),
        unknown_word=unknown_word(text),
        not_here=bool(NOT_HERE.search(text[:NOT_HERE_HEAD])),
        no_such_thing=bool(SUCH_THING.search(text)),
        parser_question=parser_question(text),
        clue=is_clue(command, text, shown),
        names=shown,
    )


def is_clue(command: str, reply: str, names: Iterable[str]) -> bool:
    """A reply worth keeping: to reading, examining or asking, long enough, not a refusal, and naming a
    place, a thing or a way (a direction, a room or item name the game has shown).

    >>> is_clue("read note", "The note says: the key is hidden under the loose stone in the cellar.", ["key"])
    True
    >>> is_clue("read note", "You can't see any such thing.", [])
    False
    """
    verb = command.lower().split(" ", 1)[0] if command else ""
    flat = " ".join(reply.split())
    if verb not in CLUE_VERBS or len(flat) < CLUE_MIN_CHARS:
        return False
    if len(flat) < FAILURE_CLUE_CHARS and is_failure(reply):
        return False
    if command.lower().strip() in ("look", "l"):
        return False
    if (
        verb in ("read", "consult") or len(flat) >= CLUE_LONG_CHARS
    ):  # words written to be read, or a long answer
        return True
    words = set(re.findall(r"[a-z]+", flat.lower()))
    if any(canonical_direction(w) for w in words if len(w) > 2):
        return True
    return any(name.lower() in flat.lower() for name in names if len(name) > 2)
