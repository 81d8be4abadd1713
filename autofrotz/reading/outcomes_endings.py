"""How a reply says the story ended or the score moved: death, victory, the question a finished story
asks, the game's own statement of score and moves, and the notice of points won or lost. The game
interface reads each reply's outcome with `detect_outcome` as it arrives.

>>> bool(DEATH.search("**** You have died ****")), bool(DEATH.search("You have dinner."))
(True, False)
>>> bool(VICTORY.search("*** You have won ***")), bool(VICTORY.search("You have lost."))
(True, False)
>>> over = "Would you like to RESTART, RESTORE a saved game or QUIT?"
>>> bool(GAME_OVER.search(over)), bool(GAME_OVER.search("Restart?"))
(True, False)
>>> said = "Your score is 5 (total of 90 points), in 7 moves."
>>> bool(SCORES[0].search(said)), bool(SCORES[0].search("Score: 5"))
(True, False)
>>> notice = "[Your score has gone up by two points.]"
>>> bool(SCORE_NOTICE.search(notice)), bool(SCORE_NOTICE.search("A fine score."))
(True, False)
>>> SCORE_NUMBER.findall("You have scored 4 of a possible 20."), SCORE_NUMBER.findall("Turn 12.")
([('4', '')], [])
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
    # Infocom's end of game names the maximum: "Your score is 90 (total of 90 points)".
    r"Your score is (\d+) \(total of \1 points\)",
    r"\*{2,}\s*You have triumphed\s*\*{2,}",
    # Inform's closing score line at full marks ("You scored 5 out of a possible 5, in 40 turns"),
    # printed under any ending banner ("*** The End ***" in Inform 7 and TextWorld games).
    r"\bYou scored (?P<full>\d+) out of a possible (?P=full)\b",
)
# The question every Inform game asks once the story is over, whatever the ending: a game that asks
# it without a victory above has ended in a loss.
GAME_OVER_PATTERNS: tuple[str, ...] = (r"Would you like to RESTART, RESTORE a saved game\b[^\n]*\bQUIT\b",)
# Games' own statements of score and moves, e.g. after SCORE or at the end.
SCORE_PATTERNS: tuple[str, ...] = (
    r"Your score is (?P<score>-?\d+) \(total of \d+ points\), in (?P<moves>\d+) moves?",
    r"You have so far scored (?P<score>-?\d+) out of a possible \d+, in (?P<moves>\d+) turns?",
    r"you scored (?P<score>-?\d+) out of a possible \d+, in (?P<moves>\d+) turns?",
)

SCORES = tuple(re.compile(p, re.IGNORECASE) for p in SCORE_PATTERNS)  # each statement of score and moves
DEATH = re.compile("|".join(f"(?:{p})" for p in DEATH_PATTERNS), re.IGNORECASE)  # a death banner
VICTORY = re.compile("|".join(f"(?:{p})" for p in VICTORY_PATTERNS), re.IGNORECASE)  # a victory banner
GAME_OVER = re.compile("|".join(f"(?:{p})" for p in GAME_OVER_PATTERNS))  # the question after any ending


def detect_outcome(text: str) -> str | None:
    """'death', 'victory' or None for one command's output.

    >>> detect_outcome("The troll's axe removes your head.  ****  You have died  ****")
    'death'
    >>> detect_outcome("    *** You have won ***")
    'victory'
    >>> detect_outcome("Your score is 90 (total of 90 points), in 120 moves.")
    'victory'
    >>> detect_outcome("Your score is 10 (total of 90 points), in 40 moves.") is None
    True
    >>> detect_outcome("Taken.") is None
    True
    >>> end = "*** The End ***\\n\\nYou scored {} out of a possible 5, in 40 turns.\\n\\n"
    >>> menu = "Would you like to RESTART, RESTORE a saved game, QUIT or UNDO the last command?"
    >>> detect_outcome(end.format(5) + menu), detect_outcome(end.format(2) + menu)
    ('victory', 'death')
    """
    if "***" not in text and "died" not in text and "total of" not in text and "RESTART" not in text:
        return None  # cheap pre-check keeps the per-command cost near zero
    if DEATH.search(text):
        return "death"
    if VICTORY.search(text):
        return "victory"
    if GAME_OVER.search(text):
        return "death"
    return None


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
    for pattern in SCORES:
        found = list(pattern.finditer(text))
        if found:
            return int(found[-1]["score"]), int(found[-1]["moves"])
    return None, None


# The notice most libraries print when points are won or lost: "[Your score has just gone up by two
# points.]", "Your score has gone down by 1 point."
SCORE_NOTICE = re.compile(
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
    found = SCORE_NOTICE.search(text)
    if not found:
        return None
    n = found["n"].lower()
    points = int(n) if n.isdigit() else _NUMBER_WORDS[n]
    return points if found["way"].lower() == "up" else -points


# The number a reply to "score" gives as the score: "scored 3", "score is 3", "Score: 3", "3 points",
# "3 out of 10", "3 of a possible 10" (not the turn count that often follows it).
SCORE_NUMBER = re.compile(
    r"\bscor(?:ed?|ing)\b\D{0,12}?(-?\d+)|(-?\d+)\s*(?:points?\b|out\s+of\b|of\s+a\s+possible\b|/\s*\d)",
    re.IGNORECASE,
)
