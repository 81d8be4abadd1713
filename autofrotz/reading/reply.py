"""One reading of a turn's reply, made once in the turn loop as the reply arrives and handed to whoever
reads the turn (the maze solver, the notebook, the puzzle agent, the stuck detector, the learner, and
through the turn context the built-in agent and the knowledge layer), so that no one parses the same text
again.

`read_reply` answers each question of the reply with a table of patterns.py; the outcome (death,
victory) is the game interface's, read as the reply arrived (outcomes_endings.detect_outcome). Whether a reply
is a clue worth keeping is judged against the names the world knows (`is_clue`), so it is no field here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from autofrotz.reading.outcomes_endings import detect_outcome
from autofrotz.reading.patterns import (
    ASKS_FOR_THING,
    ASKS_FOR_TOOL,
    BAD_VERB,
    CANT_SEE,
    DARK,
    DARK_ANYWHERE,
    ENDING_HINTS,
    FIRST,
    FROM_PLACE,
    HALF_READ,
    LOCKED,
    LOCKED_ANY_ADVERB,
    MOVE_REFUSED_PATTERNS,
    NOT_HERE,
    OUT_OF_REACH,
    PARTLY_UNDERSTOOD,
    SCENERY,
    SUCCESS,
    SUCH_THING,
    TOO_DARK_PATTERNS,
    TOO_HEAVY,
    VERB_ONLY,
    first_match,
    is_dark,
    is_failure,
    is_no_exit,
    is_refusal,
    is_stock_no,
    parser_question,
    parser_refused,
    refusal_class,
    refused_kinds,
    unknown_word,
    unknown_words,
    which_options,
    yes_no_question,
)
from autofrotz.words.directions import canonical_direction

# A clue answers one of these verbs (reading, examining, asking).
CLUE_VERBS = frozenset(
    {"read", "examine", "x", "look", "l", "search", "ask", "tell", "talk", "listen", "consult"}
)
CLUE_MIN_CHARS = 50  # a shorter reply is no clue
CLUE_LONG_CHARS = 100  # a reply this long to a clue verb is kept as it is
FAILURE_CLUE_CHARS = 120  # a refusal shorter than this is no clue
# Characters of a reply some questions are asked of: a reply that opens with a refusal; the parser's own
# short answers; "no such thing", darkness, a refusal or a lock said near the start.
OPENING = 60
HEAD = 200
LONG_HEAD = 300


@dataclass(frozen=True)
class Reading:
    """What one reply says, read once: the command and text it answers, its outcome, whether it is a
    failure, darkness, a refused move, the parser's unknown word, "no such thing here", the parser's
    question, and the finer readings each consumer asks of it. Where two consumers read one question
    differently, each answer is its own field (patterns.py names the differences)."""

    command: str
    text: str
    outcome: str | None = None  # "death", "victory" or None
    ending_hinted: bool = False  # words about an ending (patterns.ENDING_HINTS): the outcome judge asks
    failure: bool = False  # the action did nothing (patterns.FAILURE_PATTERNS)
    dark: bool = False  # the player cannot see (the map's table)
    no_exit: bool = False  # a move refused for want of an exit
    unknown_word: str | None = None  # the word the parser does not know
    not_here: bool = False  # the parser sees no such thing (patterns.NOT_HERE, broad, in LONG_HEAD)
    no_such_thing: bool = False  # the parser's stock "any such thing" (patterns.SUCH_THING, narrow)
    parser_question: str | None = None  # the verb the parser asks a thing for (in HEAD)
    asks_for_thing: bool = False  # the parser asks what to act on, anywhere (patterns.ASKS_FOR_THING)
    asks_for_tool: bool = False  # the parser asks what to do it with (patterns.ASKS_FOR_TOOL)
    which_options: tuple[str, ...] = ()  # the options of "Which do you mean, ...?", without articles
    yes_no_question: bool = False  # the reply ends in a question a yes or no answers
    # The built-in agent's readings (patterns.py, "the built-in agent's stock refusals"), each in the
    # stretch of the reply it is asked of.
    refusal: bool = False  # refuses or does nothing (patterns.is_refusal)
    refusal_opening: bool = False  # refuses in its first OPENING characters
    refusal_head: bool = False  # refuses in its first HEAD characters
    refusal_lock_head: bool = False  # refuses in its first LONG_HEAD characters
    asks_first: bool = False  # asks for a step before the action (patterns.FIRST), in HEAD
    held_back: bool = False  # refuses, or asks for a step first, in HEAD
    out_of_reach: bool = False  # the thing is out of reach, not from where the player is (in HEAD)
    locked: bool = False  # a thing said locked (patterns.LOCKED)
    locked_head: bool = False  # the same in the first HEAD characters
    locked_any: bool = False  # a thing said locked, any adverb (patterns.LOCKED_ANY_ADVERB), in LONG_HEAD
    bad_verb: bool = False  # the parser does not know the verb
    scenery: bool = False  # the parser calls the thing scenery (in HEAD)
    too_heavy: bool = False  # the player carries too much
    partly_understood: bool = False  # the parser read only the start of the command (in HEAD)
    understood_verb: str | None = None  # the one verb the parser read ("as far as wanting to X.")
    understood_verb_head: str | None = None  # the same, in HEAD
    such_thing_head: bool = False  # the parser's "any such thing" in HEAD
    names_not_here: tuple[str, ...] = ()  # phrases the parser says it does not see, in HEAD (CANT_SEE)
    unknown_words: tuple[tuple[str, str], ...] = ()  # (rule, word) the parser did not know or misread
    half_read: bool = False  # the parser read the command in part or not at all (HALF_READ)
    such_thing_flat_head: bool = False  # the same in HEAD of the reply read as one line
    stock_no: bool = False  # HEAD is a stock no of the parser (patterns.is_stock_no)
    success_said: bool = False  # the reply, in one lower-case line, reports an action done
    dark_said: bool = False  # darkness as the built-in agent reads it (patterns.DARK)
    dark_said_head: bool = False  # the same in the first LONG_HEAD characters
    dark_anywhere: bool = False  # darkness as the reply rules read it (patterns.DARK_ANYWHERE)
    too_dark: bool = False  # darkness as the maze solver reads it (patterns.TOO_DARK_PATTERNS)
    move_refused: bool = False  # a move that did not happen, the maze solver's (MOVE_REFUSED_PATTERNS)
    parser_refused: bool = False  # the parser saw no such thing or knew no word (the puzzle agent's)
    # The learning layer's class of a refusal: "parser" (words not understood), "refused" or None.
    refusal_class: str | None = None
    refused_kinds: tuple[str, ...] = ()  # families the reply says a thing is not of (KIND_REFUSALS)

    @property
    def turned_down(self) -> bool:
        """The command failed or the parser refused it (the puzzle agent's reading)."""
        return self.failure or self.parser_refused


EMPTY = Reading("", "")  # the reading of no reply at all


def read_reply(command: str, text: str, outcome: str | None = None) -> Reading:
    """The reading of one reply to ``command``.

    >>> r = read_reply("north", "You can't go that way.")
    >>> r.failure, r.no_exit, r.dark, r.refusal
    (True, True, False, True)
    >>> read_reply("xyzzy", "I don't know the word 'xyzzy'.").unknown_word
    'xyzzy'
    >>> read_reply("fold", "What do you want to fold?").parser_question
    'fold'
    """
    head, lock_head = text[:HEAD], text[:LONG_HEAD]
    understood, understood_head = VERB_ONLY.search(text), VERB_ONLY.search(head)
    refusal_head, asks_first = is_refusal(head), bool(FIRST.search(head))
    return Reading(
        command=command,
        text=text,
        outcome=outcome,
        ending_hinted=bool(ENDING_HINTS.search(text)),
        failure=is_failure(text),
        dark=is_dark(text),
        no_exit=is_no_exit(text),
        unknown_word=unknown_word(text),
        not_here=bool(NOT_HERE.search(text[:LONG_HEAD])),
        no_such_thing=bool(SUCH_THING.search(text)),
        parser_question=parser_question(text),
        asks_for_thing=bool(ASKS_FOR_THING.search(text)),
        asks_for_tool=bool(ASKS_FOR_TOOL.search(text)),
        which_options=which_options(text),
        yes_no_question=yes_no_question(text),
        refusal=is_refusal(text),
        refusal_opening=is_refusal(text[:OPENING]),
        refusal_head=refusal_head,
        refusal_lock_head=is_refusal(lock_head),
        asks_first=asks_first,
        held_back=refusal_head or asks_first,
        out_of_reach=bool(OUT_OF_REACH.search(head)) and not FROM_PLACE.search(head),
        locked=bool(LOCKED.search(text)),
        locked_head=bool(LOCKED.search(head)),
        locked_any=bool(LOCKED_ANY_ADVERB.search(lock_head)),
        bad_verb=bool(BAD_VERB.search(text)),
        scenery=bool(SCENERY.search(head)),
        too_heavy=bool(TOO_HEAVY.search(text)),
        partly_understood=bool(PARTLY_UNDERSTOOD.search(head)),
        understood_verb=understood.group(1) if understood else None,
        understood_verb_head=understood_head.group(1) if understood_head else None,
        such_thing_head=bool(SUCH_THING.search(head)),
        names_not_here=tuple(m.group(1) for m in CANT_SEE.finditer(head)),
        unknown_words=tuple(unknown_words(text, command)),
        half_read=bool(HALF_READ.search(text)),
        such_thing_flat_head=bool(SUCH_THING.search(" ".join(text.split())[:HEAD])),
        stock_no=is_stock_no(head),
        success_said=bool(SUCCESS.search(" ".join(text.split()).lower())),
        dark_said=bool(DARK.search(text)),
        dark_said_head=bool(DARK.search(text[:LONG_HEAD])),
        dark_anywhere=bool(DARK_ANYWHERE.search(text)),
        too_dark=first_match(TOO_DARK_PATTERNS, text) is not None,
        move_refused=first_match(MOVE_REFUSED_PATTERNS, text) is not None,
        parser_refused=parser_refused(text),
        refusal_class=refusal_class(text),
        refused_kinds=refused_kinds(text),
    )


def reading_of(reading: Reading, command: str, text: str) -> Reading:
    """``reading`` when it is the reading of ``text`` answering ``command``, else that reply read now (for
    a view made without the turn's reading, or with another reply's).

    >>> r = read_reply("north", "You can't go that way.")
    >>> reading_of(r, "north", "You can't go that way.") is r, reading_of(r, "south", "Taken.").no_exit
    (True, False)
    """
    return reading if reading.text == text and reading.command == command else read_reply(command, text)


def reading_with_outcome(reading: Reading | None, command: str, text: str) -> Reading:
    """``reading`` when it is the reading of ``text``, else that text read now with its outcome read as
    the game interface reads it (a part of a reply, a side copy's answer, a reply read outside play).

    >>> r = read_reply("north", "You can't go that way.")
    >>> reading_with_outcome(r, "north", "You can't go that way.") is r
    True
    >>> reading_with_outcome(None, "east", "The troll hits you.  ****  You have died  ****").outcome
    'death'
    """
    if reading is not None and reading.text == text:
        return reading
    return read_reply(command, text, detect_outcome(text))


def is_clue(command: str, reply: str, names: Iterable[str]) -> bool:
    """A reply worth keeping: to reading, examining or asking, long enough, not a refusal, and naming a
    place, a thing or a way (a direction, a room or item name the game has shown).

    >>> is_clue("read note", "The note says: look for the key beneath a loose cellar stone.", ["key"])
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
