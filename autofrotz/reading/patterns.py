"""Every table of stock phrases a turn's reply is read with, in one place (reply.py builds a Reading
from them). Each table answers one question of a reply; the readers of a turn take the Reading's answer,
and the few places that read other text (a side copy's reply, an earlier run's stored replies, one part of
a listed reply) call the helpers here.

Where two tables answer one question differently, both are kept, each its own field of the Reading, so
that every reader keeps its answer; the differences:

- Darkness, four tables: DARKNESS_PATTERNS (the map's, line by line: `dark`) takes "you have moved into
  a dark place" and "you can't see anything"; DARK (the built-in agent's: `dark_said`, `dark_said_head`)
  takes "it is now dark" and "in total darkness"; DARK_ANYWHERE (the reply rules': `dark_anywhere`) any
  "darkness" or "in the dark"; TOO_DARK_PATTERNS (the maze solver's: `too_dark`) only "pitch dark", "too
  dark to see", "can't see a thing"; DARK_SENTENCE (the puzzle rules' "said_dark" row, read sentence by
  sentence) a fifth.
- A refused move, three tables here: NO_EXIT_PATTERNS (the map's, full: `no_exit`), MOVE_REFUSED_PATTERNS
  (the maze solver's, which also takes a closed way and "you'd better not": `move_refused`) and
  FAILURE_PATTERNS (`failure`), which holds it only as "can't go that way". Two more are read on other
  text: STOCK_MOVE_REFUSAL (the built-in agent's barriers, on a part of a reply) and LIBRARY_NO_EXIT (the
  learning layer's histories, on earlier runs' stored replies).
- A refusal in general: FAILURE_PATTERNS (the stuck detector's, the notebook's and the puzzles':
  `failure`), REFUSALS with LOCKED (the built-in agent's, broader: "already", "no point", "you must":
  `refusal` and its shorter stretches), PARSER_REFUSALS (the puzzle agent's "the parser refused":
  `parser_refused`; with `failure` it is `turned_down`), and NOT_UNDERSTOOD with STOCK_REFUSED (the
  learning layer's, a short reply that opens with a refusal: `refusal_class`).
- No such thing here: NOT_HERE (broad: "only scenery", "not important": `not_here`) and SUCH_THING (the
  parser's narrow "any such thing": `no_such_thing`, `such_thing_head`, `such_thing_flat_head`) disagree
  on scenery replies; CANT_SEE names the thing (`names_not_here`).
- Locked: LOCKED ("is locked", "seems to be securely locked": `locked`, `locked_head`) and
  LOCKED_ANY_ADVERB (the reply rules': also "It's locked", any adverb: `locked_any`).
- A refusal in kind (the thing is not a lock, a container, a surface, alive): KIND_REFUSALS
  (`refused_kinds`); the command's shape that names the thing is knowledge/kinds.py's.
- An unknown word: UNKNOWN_WORD (the word: `unknown_word`), UNKNOWN_WORDS with UNKNOWN_VERB (every word,
  the misread word and the unknown verb, with their rules: `unknown_words`), and NOT_UNDERSTOOD (the
  learning layer's "parser" class, which also takes "I beg your pardon").
- The parser's question: WANTS_OBJECT (the verb of "What do you want to fold?" near the start:
  `parser_question`), ASKS_FOR_THING (anywhere, also "whom": `asks_for_thing`), WHICH (the options of
  "Which do you mean": `which_options`, the one reading of that question, also of side copies' answers)
  and PARSER_ASKS (either, read on earlier runs' stored replies).
- Stretches: a field named `_head` or `_opening` asks its table of the reply's first characters (reply.py:
  OPENING, HEAD, LONG_HEAD), as its reader asked it.
- A clue: `reply.is_clue` judges a reply against the room and item names the world knows once it has read
  the reply; the turn loop hands that answer to the notebook and the puzzle signals.
- The map takes the turn's reading for the reply's outcome, darkness and a refused move
  (`reply.reading_with_outcome` reads a part of a reply or a reply read outside play); the room parser
  asks `is_dark` and `is_no_exit` of other texts (side copies' answers, a paragraph). "No such thing" in
  a side copy's answer to "examine" is answers.py's (`in_sight`, `said_not_here`, and its own unknown word).
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

# The parser asks for a thing ("What do you want to sign?", "Whom does Mara want to ask?") anywhere in a
# reply, and for the tool of a command ("What do you want to unlock the door with?"): the learning layer's.
ASKS_FOR_THING = re.compile(r"\b(?:what|whom|who) (?:do|does) .{0,40}\bwant to [a-z]+", re.IGNORECASE)
ASKS_FOR_TOOL = re.compile(r"\bwant to [a-z]+ .{1,60} with\?", re.IGNORECASE)
# Any question of the parser back (which of two things; what to act on): the next command answers it.
PARSER_ASKS = re.compile(r"(?:which|who|whom) do you mean|" + ASKS_FOR_THING.pattern, re.IGNORECASE)

# The parser names a thing it does not see ("You can't see any blue key here."): the phrase.
CANT_SEE = re.compile(
    r"(?:you can't see any|you can't see|you see no|there is no|there's no|i don't see any|i see no)"
    r" (?:such )?([a-z][a-z -]{0,30}?)(?: here| around| nearby)?[.!]",
    re.IGNORECASE,
)
# The parser's words for a word it does not know or misread, with the rule each names, and for a verb
# it does not know (the built-in agent's reply rules).
QUOTED_WORD = r"[\"'`]?([a-z-]+)[\"'`]?"
UNKNOWN_WORDS = tuple(
    (rule, re.compile(pattern.replace("WORD", QUOTED_WORD), re.IGNORECASE))
    for rule, pattern in (
        ("unknown-word", r"(?:don't|doesn't|do not) (?:know|recogni[sz]e) the word WORD"),
        ("unknown-word", r"not familiar with the word WORD"),
        ("unknown-word", r"the word WORD (?:isn't|is not) (?:one )?I (?:know|recogni)"),
        ("word-misused", r"used the word WORD in a way (?:that )?I don't understand"),
    )
)
UNKNOWN_VERB = re.compile(r"(?:that's|that is) not a verb I recogni[sz]e|I don't know the verb|"
                          r"I don't know how to [\"'`]?([a-z]+)", re.I)  # fmt: skip
# The parser read the command in part or not at all.
HALF_READ = re.compile(
    r"only understood you as far as|didn't understand that sentence|not a verb I recogni[sz]e", re.IGNORECASE
)
WORDS_HEAD = 300  # characters of a reply where the parser's words about words are read


def unknown_words(text: str, command: str) -> list[tuple[str, str]]:
    """(rule, word) for each word the parser says it does not know, or misused; the verb of the command
    when it does not know the verb.

    >>> unknown_words("I don't know the word 'familiar'.", "take familiar map")
    [('unknown-word', 'familiar')]
    >>> unknown_words("That's not a verb I recognise.", "frob lamp")
    [('unknown-verb', 'frob')]
    >>> unknown_words('You used the word "wind" in a way that I don\\'t understand.', "wind clock")
    [('word-misused', 'wind')]
    """
    head = text[:WORDS_HEAD]
    found = [(rule, m.group(1).lower()) for rule, pattern in UNKNOWN_WORDS for m in pattern.finditer(head)]
    verb = UNKNOWN_VERB.search(head)
    if verb and command.split():
        found.append(("unknown-verb", (verb.group(1) or command.split()[0]).lower()))
    return found


# The parser asks which thing is meant: "Which do you mean, the A or the B?", "Who do you mean, ...?" when
# every option is a person (the Inform library), "Which lamp do you mean, the A, the B, or the C?" with the
# thing's noun and a serial comma (Infocom, TADS); the options may run across lines. Read in the reply's
# first WHICH_HEAD characters, where the parser puts it.
WHICH = re.compile(r"\b(?:which|who|whom)(?: [\w'-]+){0,3} do you mean,? (.+?)\?", re.IGNORECASE | re.DOTALL)
WHICH_HEAD = 400
WHICH_SPLIT = re.compile(r",\s*(?:or\s+)?|\s+or\s+")
OPTION_ARTICLE = re.compile(r"^(?:the|an?|some|your|my|his|her|its)\s+", re.IGNORECASE)


def which_options(text: str) -> tuple[str, ...]:
    """The options of the parser's question of which thing is meant, as it lists them without their
    articles, or (). Every reader of the question takes these: the turn's Reading (the built-in agent
    answers with one), and the side copies' answers to "examine" (each option is a thing in sight).

    >>> which_options("Which do you mean, the window or the shower?")
    ('window', 'shower')
    >>> which_options("Who do you mean, the night porter or Mrs Pell?")
    ('night porter', 'Mrs Pell')
    >>> which_options("Which door do you mean, the wooden door, the trap door, or the torch?")
    ('wooden door', 'trap door', 'torch')
    >>> which_options("(first taking the pen)\\nWhich do you mean, the red\\nbox, the tin or\\nan old box?")
    ('red box', 'tin', 'old box')
    >>> which_options("Which do you mean, Ada's badge or the spare badge?")
    ("Ada's badge", 'spare badge')
    >>> which_options("The couch is soft."), which_options("Which way? The door is shut.")
    ((), ())
    >>> which_options("x" * WHICH_HEAD + " Which do you mean, the cup or the jug?")
    ()
    """
    match = WHICH.search(text[:WHICH_HEAD])
    if not match:
        return ()
    parts = WHICH_SPLIT.split(" ".join(match.group(1).split()))
    return tuple(OPTION_ARTICLE.sub("", part.strip()) for part in parts if part.strip())


# A question the game asks that a yes or no answers ("Do you ...?", "(Y or N)").
YES_NO_PROMPT = re.compile(r"\((?:y|yes)(?:/| or )(?:n|no)\)|answer (?:the question )?(?:yes or no|\(?y or n)"
                           r"|please answer (?:yes|y)\b", re.IGNORECASE)  # fmt: skip
AUXILIARIES = frozenset(
    [
        "do",
        "does",
        "did",
        "are",
        "is",
        "was",
        "were",
        "would",
        "will",
        "shall",
        "should",
        "can",
        "could",
        "have",
        "has",
        "may",
        "might",
        "must",
        "am",
    ]
)
# Questions after a death or at the end are the game's own menus: the orchestrator restores a save.
GAME_OVER = re.compile(r"\b(?:restart|restore|quit|undo|reincarnat\w*|resurrect\w*|killed|died|dead)\b",
                       re.IGNORECASE)  # fmt: skip


def yes_no_question(text: str) -> bool:
    """Whether the reply ends in a question a yes or no answers ("Do you ...?", "(Y or N)").

    >>> yes_no_question("Do you want an introduction to this story?")
    True
    >>> yes_no_question("[Type 'help' for details.]  Do you want an introduction?")
    True
    >>> yes_no_question("Please answer the question (Y or N):")
    True
    >>> yes_no_question("Which do you mean, the red box or the blue box?")
    False
    >>> yes_no_question("Would you like to RESTART, RESTORE a saved game or QUIT?")
    False
    >>> yes_no_question("You seem to have gotten yourself killed. Do you want me to try to reincarnate you?")
    False
    >>> yes_no_question("The man asks, 'Are you lost?' He walks away to the north.")
    False
    """
    tail = " ".join(text.split())[-200:]
    if GAME_OVER.search(tail):
        return False
    if YES_NO_PROMPT.search(tail):
        return True
    if not tail.rstrip(" >\"'").endswith("?"):
        return False
    question = re.split(r"(?<=[.!?:\"\])])\s+", tail.rstrip(" >\"'"))[-1]
    first = re.findall(r"[a-z']+", question.lower())
    return bool(first) and first[0] in AUXILIARIES


# A step the game asks for before the action ("You need to open the glass lid of the case first.").
FIRST = re.compile(r"\bneed to \w+(?: on)? (?:the|a|an|your) [a-z -]{1,40}? first\b", re.IGNORECASE)
# "You can't reach it from the bed." / "...while you're in the chair": a place to leave first.
FROM_PLACE = re.compile(
    r"\b(?:can't|cannot|can not|unable to) (?:reach|do that|get at|touch)[a-z ,]{0,30}? "
    r"(?:from|while (?:you're|you are|lying|sitting|standing)) (?:in |on )?(?:the |your |a )?([a-z-]+)",
    re.IGNORECASE,
)
# The thing named is out of reach (not "from the bed": that is a step).
OUT_OF_REACH = re.compile(r"\b(?:can't|cannot) (?:quite )?reach (?:it|them|that|the [a-z -]{1,30})\b",
                          re.IGNORECASE)  # fmt: skip


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


# ----- the maze solver's darkness and refused moves (shorter tables than the map's) -----
TOO_DARK_PATTERNS: tuple[str, ...] = (
    r"\bit is (?:now )?pitch (?:dark|black)",
    r"\bit'?s (?:too )?dark to see",
    r"\btoo dark to see",
    r"\byou can'?t see a thing",
    r"\bit is too dark\b",
)
# A move that did not happen: no exit, a wall, a closed or blocked way, a warning not to.
MOVE_REFUSED_PATTERNS: tuple[str, ...] = (
    r"you can'?t go that way",
    r"you can'?t go in that direction",
    r"there is a wall (?:there|in the way)",
    r"there'?s no (?:way|exit|path)",
    r"you can'?t (?:go|move|walk) there",
    r"the \w+ is closed",
    r"that way is blocked",
    r"\bwall is solid\b",
    r"you'?d better not",
)


# A refused move read on a part of a reply: the library's stock refusal, which names no obstacle whatever
# follows it ("There is no entrance on this side", "no way off the porch" name where, not what bars): the
# built-in agent's barriers.
STOCK_MOVE_REFUSAL = re.compile(
    r"\b(?:can't|cannot) go that way\b|\bno (?:exit|entrance|way)\b", re.IGNORECASE
)
# A move refused for want of any exit, read in earlier runs' stored replies (a closed or locked door, a
# guard, the dark say something else): the learning layer's known walls.
LIBRARY_NO_EXIT = re.compile(
    r"(?:can't|cannot|can not) go (?:that way|in that direction)|no exit (?:that way|in that direction)|"
    r"you can't go there|there is no way to go|there's no way (?:to go )?that way",
    re.IGNORECASE,
)
# Darkness in one sentence, as the puzzle rules' "said_dark" row reads it: not every "dark" of a sentence
# ("a lamp out in the dark").
DARK_SENTENCE = r"\b(pitch[- ](black|dark)|too dark to see|it is (now )?(very )?dark|you are in the dark)\b"


# Words about an ending that the game interface's outcome patterns (outcomes_endings) did not confirm: the
# outcome judge (agents/outcome.py) is asked whether the game ended.
ENDING_HINTS = re.compile(
    r"\b(you('ve| have)? (died|been killed|perished)|you are dead|the end|game over|"
    r"would you like to restart|restart, restore|\*\*\*)",
    re.IGNORECASE,
)


# ----- the built-in agent's stock refusals -----
# A thing said to be locked ("is locked", "seems to be securely locked").
LOCKED = re.compile(r"\b(is|are|seems?|appears?) (?:to be )?(securely |firmly )?locked\b", re.IGNORECASE)
# The same with any adverb and a contraction ("It's locked.", "are solidly locked"): the reply rules' reading.
LOCKED_ANY_ADVERB = re.compile(
    r"(?:\b(?:is|are|seems?|appears?)|'s|'re) (?:to be )?(?:[a-z]+ly )?locked\b", re.I
)
# The parser does not know the command's verb.
BAD_VERB = re.compile(r"not a verb i recogni[sz]e|don't know the verb|i don't understand that sentence",
                      re.IGNORECASE)  # fmt: skip
# Refusals and replies that do nothing, as the built-in agent reads them (broader than FAILURE_PATTERNS).
REFUSALS = re.compile(
    r"\b(you can't|you cannot|i can't|i cannot|can't go|i don't|you don't|there is no|there's no|you see no|"
    r"isn't something|not something|nothing happens|is locked|are locked|won't budge|doesn't seem|"
    r"don't seem|no effect|beyond your power|not open|no reason to|fixed in place|hardly portable|"
    r"securely anchored|already|not possible|unable to|no way|isn't (?:open|here)|aren't here|"
    r"that's not|what do you want|which do you mean|you'?re not holding|you need to be holding|"
    r"not (?:be )?able to|impossible|to no avail|didn't understand|you must|only be used|"
    r"is closed|are closed|isn't anything|nothing (?:interesting|special|unusual)|"
    r"you (?:only )?(?:can|could) (?:not|n't)|too (?:heavy|big|large)|refuse|cannot|only understood|"
    r"(?:not|seem) interested|unimpressed|there is no reply|ignores you|nothing obvious happens|"
    r"no point|pointless|waste of time|too dark to|(?:is|are) stuck|not the time|"
    # the parser library's refusals of a put into or onto the wrong kind of thing (not "you can't")
    r"can't contain things|would achieve nothing)\b",
    re.IGNORECASE,
)
REFUSAL_HEAD = 400  # characters of a reply a refusal is looked for in
# Replies that report an action done (the parser library's own words for success): never a stock refusal.
SUCCESS = re.compile(r"\b(taken|dropped|done|okay|ok|opened|closed|you (?:take|put|open|drop|close))\b", re.I)
# The parser library's way of calling a word scenery: nothing there is worth a command, in any room.
SCENERY = re.compile(r"don't need to (?:worry|refer)|not important|only scenery|no need to (?:worry|concern)|"
                     r"not something you need to", re.IGNORECASE)  # fmt: skip
# The player carries too much to take (or keep) one more thing.
TOO_HEAVY = re.compile(r"load is too heavy|carrying too much|hands are full|can't carry any more|"
                       r"too many things|already carrying too", re.IGNORECASE)  # fmt: skip
# The parser read only the start of the command, and the verb it read when that was all.
PARTLY_UNDERSTOOD = re.compile(r"only understood you as far as|understood only as far as", re.IGNORECASE)
VERB_ONLY = re.compile(r"only understood you as far as wanting to ([a-z]+)\s*\.", re.IGNORECASE)
# The verb the parser says it read, whatever followed it ("...as far as wanting to take the lamp."): the
# built-in agent's reading of a move read as another verb, and of a command read without its instrument.
READ_AS = re.compile(r"(?:only understood you|understood only) as far as wanting to ([a-z]+)", re.IGNORECASE)
NOTHING_HAPPENS = re.compile(
    r"nothing (?:obvious )?happens\.?", re.IGNORECASE
)  # a stock no-op, not a thing's text
# Darkness as the built-in agent's reply rules read it: broader than DARK ("in the dark", any "darkness").
DARK_ANYWHERE = re.compile(
    r"\b(?:pitch[- ]?(?:black|dark)|too dark to see|it is (?:now )?(?:very )?dark|in the dark|"
    r"can't see (?:a thing|anything)|darkness)\b",
    re.IGNORECASE,
)


def is_refusal(text: str) -> bool:
    """Whether a reply refuses or does nothing (the built-in agent's reading, in its first REFUSAL_HEAD
    characters).

    >>> is_refusal("It is securely anchored."), is_refusal("Taken.")
    (True, False)
    >>> is_refusal("The porter doesn't seem interested."), is_refusal("Nothing obvious happens.")
    (True, True)
    >>> is_refusal("I can't seem to open the door.")
    True
    >>> is_refusal("The gate is stuck."), is_refusal("This is not the time for a nap.")
    (True, True)
    >>> is_refusal("That can't contain things."), is_refusal("Putting it on the rug would achieve nothing.")
    (True, True)
    """
    head_text = text[:REFUSAL_HEAD]
    return bool(REFUSALS.search(head_text) or LOCKED.search(head_text))


def is_stock_no(text: str) -> bool:
    """Whether a reply's head is one of the parser's stock noes: no such thing, scenery, an unknown word,
    a command read only in part, an unknown verb, or nothing happening.

    >>> is_stock_no("You can't see any such thing."), is_stock_no("Nothing happens.")
    (True, True)
    >>> is_stock_no("The lamp is brass, with a dent in its side.")
    False
    """
    if NOT_HERE.search(text) or SCENERY.search(text) or UNKNOWN_WORD.search(text):
        return True
    return bool(
        PARTLY_UNDERSTOOD.search(text) or BAD_VERB.search(text) or NOTHING_HAPPENS.fullmatch(text.strip())
    )


# ----- the puzzle agent's parser refusals -----
# The parser refused the command: it saw no such thing, did not know a word, or asks what is meant.
PARSER_REFUSALS = re.compile(
    r"\byou can'?t see any such thing\b|\bi don'?t (?:know|understand|recognise|see)\b|"
    r"\bthat'?s not a verb\b|\byou (?:can'?t|cannot) see (?:that|it|any)\b|\bthere is no\b|"
    r"\bnothing (?:like that|by that name)\b|\bwhat do you want to\b",
    re.IGNORECASE,
)


def parser_refused(reply: str) -> bool:
    """Whether the parser refused the command, in the reply's first 200 characters (the puzzle agent's
    reading).

    >>> parser_refused("You can't see any such thing."), parser_refused("Taken.")
    (True, False)
    """
    return bool(PARSER_REFUSALS.search(reply[:200]))


# ----- the learning layer's refusals in kind -----
# family -> the refusal that says the thing a command used is not of that family (not a lock, not a
# container, no surface, not alive); the command's shape that names the thing is knowledge/kinds.py's.
KIND_REFUSALS: dict[str, re.Pattern[str]] = {
    "unlock": re.compile(
        r"(?:doesn't|does not|don't|do not) (?:seem|appear) to (?:be|have) (?:something|anything|a lock)"
        r"|\bnot something (?:you|i) can (?:unlock|lock)\b|\bhas no lock\b|\bno keyhole\b",
        re.I,
    ),
    "open": re.compile(r"\bnot something (?:you|i) can open\b|\bcan(?:'t|not) be opened\b", re.I),
    "in": re.compile(
        r"\bcan(?:'t|not) contain things\b|\bnot (?:a container|something (?:you|i) can put things in)\b"
        r"|\bcan(?:'t|not) put (?:things|anything|something) (?:in|into|inside)\b",
        re.I,
    ),
    "on": re.compile(
        r"^putting things on .{1,60} would achieve nothing\b|\bno (?:good |suitable )?surface\b"
        r"|\bcan(?:'t|not) put (?:things|anything|something) on\b",
        re.I,
    ),
    "living": re.compile(r"\bonly do that to something animate\b", re.I),
}
KIND_HEAD = 200  # characters of the reply, read as one line, where a refusal in kind is looked for


def refused_kinds(text: str) -> tuple[str, ...]:
    """The families a reply refuses a thing for, in KIND_REFUSALS' order.

    >>> refused_kinds("That can't contain things."), refused_kinds("Taken.")
    (('in',), ())
    """
    said = " ".join(text.split())[:KIND_HEAD]
    return tuple(family for family, refusal in KIND_REFUSALS.items() if refusal.search(said))


# ----- the learning layer's classes of a refusal -----
# Library replies of the common parsers (Infocom, Inform, TADS) when a command's words are not
# understood at all: the same words will not be understood in another run either.
NOT_UNDERSTOOD = re.compile(
    r"don't know the word|doesn't know the word|not familiar with the word|not a verb i recogni[sz]e|"
    r"i don't understand|didn't understand|used the word .{1,30} in a way|"
    r"isn't a word i know|sentence isn't one i recogni[sz]e|i beg your pardon",
    re.IGNORECASE,
)
# Short replies that refuse an action without changing anything (the library's stock refusals).
STOCK_REFUSED = re.compile(
    r"^(?:you can't|you cannot|that's not something|that isn't something|i don't think|"
    r"you don't see|you see no|there is no|i can't see|you can't see|nothing happens|"
    r"that's hardly|you're not|it is locked|that's fixed|it's fixed|you have no)",
    re.IGNORECASE,
)
SHORT_REFUSAL = 160  # characters: a stock refusal is short; a long reply did something


def refusal_class(text: str) -> str | None:
    """'parser' when the words were not understood, 'refused' for a short stock refusal, else None (the
    learning layer's reading).

    >>> refusal_class("I don't know the word 'frob'."), refusal_class("You can't see any such thing.")
    ('parser', 'refused')
    >>> refusal_class("Taken.") is None
    True
    """
    reply = " ".join(text.split())
    if NOT_UNDERSTOOD.search(reply):
        return "parser"
    if len(reply) <= SHORT_REFUSAL and STOCK_REFUSED.search(reply):
        return "refused"
    return None
