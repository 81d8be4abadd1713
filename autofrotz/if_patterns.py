"""Interactive-fiction knowledge as data: how games announce death and victory, and which verbs
an agent may not send. Small pure helpers read these tables; nothing here touches a game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# Each entry: (outcome, regex). Death is checked first: a game may print the score line on death too.
DEATH_PATTERNS: tuple[str, ...] = (
    r"\*{2,}\s*You have died\s*\*{2,}",  # Inform library and Infocom ("****  You have died  ****")
    r"\bYou have died\b",
    r"\*{2,}\s*You are dead\s*\*{2,}",
    r"\*{2,}\s*You have been killed\s*\*{2,}",
    r"\*{2,}\s*You have perished\s*\*{2,}",
)
VICTORY_PATTERNS: tuple[str, ...] = (
    r"\*{2,}\s*You have won\s*\*{2,}",  # Inform library
    # Infocom's end of game names the maximum: "Your score is 350 (total of 350 points)".
    r"Your score is (\d+) \(total of \1 points\)",
    r"\*{2,}\s*You have triumphed\s*\*{2,}",
    # Inform's closing score line at full marks ("You scored 1 out of a possible 1, in 61 turns"),
    # printed under any ending banner ("*** The End ***" in Inform 7 and TextWorld games).
    r"\bYou scored (?P<full>\d+) out of a possible (?P=full)\b",
)
# The question every Inform game asks once the story is over, whatever the ending: a game that asks
# it without a victory above has ended in a loss.
GAME_OVER_PATTERNS: tuple[str, ...] = (r"Would you like to RESTART, RESTORE a saved game\b[^\n]*\bQUIT\b",)

# Verbs that control the interpreter rather than the story; only the orchestrator may save/restore.
# Read the way a Z-machine parser reads them: a story's dictionary keeps only the first 6 letters
# of a word (versions 1-3) or 9 (versions 4-8), so "scripture" is SCRIPT to Zork I; punctuation
# around a word is dropped or split off by most parsers ("save?", "restart!"). Long verbs are refused
# in any position (orders "bob, save", "oops save" and "take lamp and save" reach them too); the
# short synonyms only where a clause starts, since "die" and "q" are ordinary nouns elsewhere.
FORBIDDEN_VERBS: frozenset[str] = frozenset(
    {"quit", "restart", "save", "restore", "load", "script", "unscript", "transcript", "noscript",
     "recording", "replay", "undo", "unrecord"}
)  # fmt: skip
FORBIDDEN_CLAUSE_VERBS: frozenset[str] = frozenset({"q", "die"})  # Inform's synonyms of quit
# Infocom's debugging verbs start with these ("#comm" writes a command file, "$ve" verifies).
DEBUG_VERB_MARKS = ("#", "$")
CLAUSE_WORDS = frozenset({"then", "and", "oops", "o", "again", "g"})  # after them a verb may follow
MIN_DICTIONARY_CHARS = 6  # the shortest dictionary word length of any Z-machine version

# Questions an interpreter-control verb leads to; a reply ending in one is answered by cancelling, in
# case a control verb ever passes the filter (Infocom: "Do you wish to restart? (Y is affirmative):",
# Inform: "Are you sure you want to quit?", Frotz: "Please enter a filename [zork1.qzl]: ").
CONTROL_QUESTION_PATTERNS: tuple[str, ...] = (
    r"\b(?:wish|want|sure)\b[^\n?]*\b(?:restart|quit|leave the game|start over|end the game)\?[^\n]*$",
    r"\b(?:file ?name|filename)\b[^\n]*[:?\]]\s*>?\s*$",
)
CANCEL_YES_NO = "no"
CANCEL_FILE_NAME = "refused"  # short: dfrotz cuts long names; made in its own folder and removed

# "Press a key" pauses (before the first prompt) that a line-based driver must answer.
PRESS_KEY_PATTERNS: tuple[str, ...] = (
    r"press (?:any|a|the) key",
    r"hit (?:any|a) key",
    r"press (?:return|enter|space)",
    r"\[more\]",
    r"\[press ",
)

# Games' own statements of score and moves, e.g. after SCORE or at the end.
SCORE_PATTERNS: tuple[str, ...] = (
    r"Your score is (?P<score>-?\d+) \(total of \d+ points\), in (?P<moves>\d+) moves?",
    r"You have so far scored (?P<score>-?\d+) out of a possible \d+, in (?P<moves>\d+) turns?",
    r"you scored (?P<score>-?\d+) out of a possible \d+, in (?P<moves>\d+) turns?",
)

PRESS_KEY_RE = re.compile("|".join(f"(?:{p})" for p in PRESS_KEY_PATTERNS), re.IGNORECASE)
_SCORE_RES = tuple(re.compile(p, re.IGNORECASE) for p in SCORE_PATTERNS)
_DEATH_RE = re.compile("|".join(f"(?:{p})" for p in DEATH_PATTERNS), re.IGNORECASE)
_VICTORY_RE = re.compile("|".join(f"(?:{p})" for p in VICTORY_PATTERNS), re.IGNORECASE)
_GAME_OVER_RE = re.compile("|".join(f"(?:{p})" for p in GAME_OVER_PATTERNS))
CONTROL_QUESTION_RE = re.compile("|".join(f"(?:{p})" for p in CONTROL_QUESTION_PATTERNS), re.IGNORECASE)
_CLAUSE_SPLIT_RE = re.compile(r"[.,;]|\bthen\b", re.IGNORECASE)


def detect_outcome(text: str) -> str | None:
    """'death', 'victory' or None for one command's output.

    >>> detect_outcome("The troll's axe removes your head.  ****  You have died  ****")
    'death'
    >>> detect_outcome("    *** You have won ***")
    'victory'
    >>> detect_outcome("Your score is 350 (total of 350 points), in 400 moves.")
    'victory'
    >>> detect_outcome("Your score is 10 (total of 350 points), in 40 moves.") is None
    True
    >>> detect_outcome("Taken.") is None
    True
    >>> end = "*** The End ***\\n\\nYou scored {} out of a possible 1, in 61 turns.\\n\\n"
    >>> menu = "Would you like to RESTART, RESTORE a saved game, QUIT or UNDO the last command?"
    >>> detect_outcome(end.format(1) + menu), detect_outcome(end.format(0) + menu)
    ('victory', 'death')
    """
    if "***" not in text and "died" not in text and "total of" not in text and "RESTART" not in text:
        return None  # cheap pre-check keeps the per-command cost near zero
    if _DEATH_RE.search(text):
        return "death"
    if _VICTORY_RE.search(text):
        return "victory"
    if _GAME_OVER_RE.search(text):
        return "death"
    return None


def dictionary_chars(version: int) -> int:
    """How many letters of a word a story of this Z-machine version keeps in its dictionary.

    >>> dictionary_chars(3), dictionary_chars(5)
    (6, 9)
    """
    return MIN_DICTIONARY_CHARS if version <= 3 else 9


_TOKEN_RE = re.compile(r"[a-z0-9]+|[^a-z0-9\s]")
_FORBIDDEN_BY_CHARS: dict[int, dict[str, str]] = {}


def _forbidden_at(chars: int) -> dict[str, str]:
    """Each forbidden verb cut to the dictionary length, mapped back to the verb."""
    table = _FORBIDDEN_BY_CHARS.get(chars)
    if table is None:
        table = {verb[:chars]: verb for verb in sorted(FORBIDDEN_VERBS)}
        _FORBIDDEN_BY_CHARS[chars] = table
    return table


# A story's dictionary may spell a control verb its own way ("saven" for save now, in some ports of
# mainframe games), and some parsers read a longer word by a dictionary word it starts with ("savenow"
# saves there). So the dictionary words a parser may read as a control verb are found once per story,
# and a command word that reaches one, cut or by such a prefix, is refused.
ALIAS_EXTRA_LETTERS = 2  # a control verb with up to this many letters added is the story's spelling of it
ALIAS_MIN_PREFIX = 4  # a dictionary word this long may be read from any word that starts with it


def control_aliases(words: Iterable[str], word_chars: int) -> frozenset[str]:
    """The story's dictionary words a parser may read as an interpreter-control verb.

    >>> sorted(control_aliases({"saven", "savend", "save", "scripture", "lamp", "savory"}, 9))
    ['save', 'saven', 'savend']
    """
    table = _forbidden_at(word_chars)
    return frozenset(
        w
        for w in words
        if w in table
        or any(w.startswith(v) and len(w) - len(v) <= ALIAS_EXTRA_LETTERS for v in FORBIDDEN_VERBS)
    )


def reached_alias(word: str, aliases: frozenset[str], word_chars: int) -> str | None:
    """The control alias a command word reaches: itself cut to the dictionary length, or one it starts with.

    >>> aliases = frozenset({"save", "saven"})
    >>> [reached_alias(word, aliases, 9) for word in ("savenow", "saved", "sav")]
    ['saven', 'save', None]
    """
    cut = word[:word_chars]
    if cut in aliases:
        return cut
    longest = sorted(aliases, key=lambda a: (-len(a), a))
    return next((a for a in longest if len(a) >= ALIAS_MIN_PREFIX and cut.startswith(a)), None)


def forbidden_verb(
    command: str, word_chars: int = MIN_DICTIONARY_CHARS, aliases: frozenset[str] = frozenset()
) -> str | None:
    """The first interpreter-control verb a Z-machine parser could read in command, or None.

    word_chars is the story's dictionary word length (6 when unknown: the strictest reading);
    aliases are the story's own control words (control_aliases).

    >>> forbidden_verb("Quit")
    'quit'
    >>> forbidden_verb("north. save")
    'save'
    >>> forbidden_verb("take lamp then restore")
    'restore'
    >>> forbidden_verb("scripture"), forbidden_verb("scripts/pwned"), forbidden_verb("restart!")
    ('script', 'script', 'restart')
    >>> forbidden_verb("scripture", word_chars=9) is None, forbidden_verb("recordings", word_chars=9)
    (True, 'recording')
    >>> forbidden_verb("bob, q"), forbidden_verb("roll the die") is None, forbidden_verb("#comm")
    ('q', True, '#comm')
    >>> forbidden_verb("read the sign") is None, forbidden_verb("savory") is None
    (True, True)
    >>> saven = frozenset({"saven"})
    >>> forbidden_verb("north. savenow", 9, saven), forbidden_verb("save-now", 9, saven)
    ('saven', 'saven')
    """
    lowered = command.lower()
    tokens = _TOKEN_RE.findall(lowered)
    table = _forbidden_at(word_chars)
    for word in lowered.split():  # a word with punctuation inside, as a parser that keeps it sees it
        if not word.isalnum():
            if word[0] in DEBUG_VERB_MARKS:
                return word
            joined = "".join(ch for ch in word if ch.isalnum())
            if joined[:word_chars] in table:
                return table[joined[:word_chars]]
            if aliases and joined and (alias := reached_alias(joined, aliases, word_chars)):
                return alias
    starts = True
    for token in tokens:
        verb = table.get(token[:word_chars]) if token[0].isalnum() else None
        if verb is None and aliases and token[0].isalnum():
            verb = reached_alias(token, aliases, word_chars)
        if verb is not None:
            return verb
        if starts and token in FORBIDDEN_CLAUSE_VERBS:
            return token
        starts = not token[0].isalnum() or token in CLAUSE_WORDS
    return None


def control_question(text: str) -> str | None:
    """'file' or 'confirm' when text ends asking for a file name or to confirm a restart or quit.

    >>> control_question("Do you wish to restart? (Y is affirmative): ")
    'confirm'
    >>> control_question("Please enter a filename [zork1.qzl]: ")
    'file'
    >>> control_question("Are you sure you want to quit? ")
    'confirm'
    >>> control_question("Taken.\\n\\n") is None, control_question("Which do you mean, the quit sign?\\n\\n")
    (True, None)
    """
    end = text[-24:].rstrip()
    if not end or end[-1] not in "?:>]":
        return None  # cheap pre-check, run on every reply: nearly all end otherwise
    found = CONTROL_QUESTION_RE.search(text[-300:].rstrip())
    if found is None:
        return None
    return "file" if "name" in found.group(0).lower() else "confirm"


_CHAIN_RE = re.compile(r"[.;]|\bthen\b", re.IGNORECASE)


def first_clause(command: str) -> str:
    """The command up to the first clause break, so one line is one game action.

    Story parsers run "n. e" or "take lamp then n" as several turns; an agent's reply must stay one
    command. Commas are kept: they address characters ("robot, go north").

    >>> first_clause("north. south")
    'north'
    >>> first_clause("take lamp then go north")
    'take lamp'
    >>> first_clause("floyd, go north")
    'floyd, go north'
    >>> first_clause("look")
    'look'
    """
    if "." not in command and ";" not in command and "then" not in command.lower():
        return command
    return _CHAIN_RE.split(command, maxsplit=1)[0].strip()


def score_and_moves_in(text: str) -> tuple[int | None, int | None]:
    """Score and moves when the text states them (the last statement wins), else (None, None).

    >>> score_and_moves_in("Your score is 10 (total of 350 points), in 4 moves.")
    (10, 4)
    >>> score_and_moves_in("In that game you scored 50 out of a possible 50, in 27 turns.")
    (50, 27)
    >>> score_and_moves_in("Taken.")
    (None, None)
    """
    if "score" not in text:
        return None, None
    for pattern in _SCORE_RES:
        found = list(pattern.finditer(text))
        if found:
            return int(found[-1]["score"]), int(found[-1]["moves"])
    return None, None


# The notice most libraries print when points are won or lost: "[Your score has just gone up by two
# points.]", "Your score has gone down by 1 point."
_NOTICE_RE = re.compile(
    r"\b(?:your|the) score has (?:just )?gone (?P<way>up|down) by "
    r"(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|a) points?\b",
    re.IGNORECASE,
)
_NUMBER_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_NUMBER_WORDS.update({"eight": 8, "nine": 9, "ten": 10})


def score_notice(text: str) -> int | None:
    """The points a score notice says were won (negative: lost), or None when there is none.

    >>> score_notice("[Your score has just gone up by one point.]"), score_notice("Taken.")
    (1, None)
    >>> score_notice("Your score has gone down by 5 points.")
    -5
    """
    found = _NOTICE_RE.search(text)
    if not found:
        return None
    n = found["n"].lower()
    points = int(n) if n.isdigit() else _NUMBER_WORDS[n]
    return points if found["way"].lower() == "up" else -points


# A game waiting for a key press takes whatever is sent next as that key: side copies leave such states alone.
KEY_WAIT = re.compile(
    r"\b(?:press|hit|strike|type)\s+(?:any\s+key|a\s+key|(?:the\s+)?<?(?:space|enter|return)\b)"
    r"|\[\s*more\s*\]|\(more\)|press\s+\w+\s+to\s+continue",
    re.IGNORECASE,
)


def awaiting_key(text: str) -> bool:
    """True when the end of a reply asks for a key press rather than a command.

    >>> awaiting_key("Your mind clears...\\n\\n      (Press SPACE to Continue)\\n")
    True
    >>> awaiting_key("[Press any key to begin.]"), awaiting_key("You press the button. Click.")
    (True, False)
    """
    tail = text.strip()[-200:]
    return bool(KEY_WAIT.search(tail))
