"""Interactive-fiction knowledge as data: how games announce death and victory, and which verbs
an agent may not send. Small pure helpers read these tables; nothing here touches a game.
"""

from __future__ import annotations

import re

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
FORBIDDEN_VERBS: frozenset[str] = frozenset(
    {"quit", "q", "restart", "save", "restore", "load", "script", "unscript", "transcript", "noscript"}
)

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


def forbidden_verb(command: str) -> str | None:
    """The first interpreter-control verb that starts any clause of command, or None.

    >>> forbidden_verb("Quit")
    'quit'
    >>> forbidden_verb("north. save")
    'save'
    >>> forbidden_verb("take lamp then restore")
    'restore'
    >>> forbidden_verb("read the save sign") is None
    True
    """
    lowered = command.lower()
    chained = "." in lowered or "," in lowered or ";" in lowered or "then" in lowered
    for clause in _CLAUSE_SPLIT_RE.split(lowered) if chained else (lowered,):
        words = clause.split(None, 1)
        if words and words[0] in FORBIDDEN_VERBS:
            return words[0]
    return None


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
