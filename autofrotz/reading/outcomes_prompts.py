"""How a reply asks for something other than a command: a key press, or (after an interpreter-control
verb) a file name or a confirmation, which the game interface answers by cancelling.

>>> bool(PRESS_KEY.search("[Press any key]")), bool(PRESS_KEY.search("You press the bell."))
(True, False)
>>> bool(KEY_WAIT.search("(Press SPACE to go on)")), bool(KEY_WAIT.search("You press the bell."))
(True, False)
>>> bool(CONTROL_QUESTION.search("Do you want to quit?")), bool(CONTROL_QUESTION.search("Do you want tea?"))
(True, False)
"""

from __future__ import annotations

import re

# Questions an interpreter-control verb leads to; a reply ending in one is answered by cancelling, in
# case a control verb ever passes the filter (Infocom: "Do you wish to restart? (Y is affirmative):",
# Inform asks if you are sure to quit, Frotz: "Please enter a filename [zork1.qzl]: ").
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

PRESS_KEY = re.compile("|".join(f"(?:{p})" for p in PRESS_KEY_PATTERNS), re.IGNORECASE)  # a key pause
CONTROL_QUESTION = re.compile(  # the question an interpreter-control verb leads to
    "|".join(f"(?:{p})" for p in CONTROL_QUESTION_PATTERNS), re.IGNORECASE
)


def control_question(text: str) -> str | None:
    """'file' or 'confirm' when text ends asking for a file name or to confirm a restart or quit.

    >>> control_question("Do you wish to restart? (Y is affirmative): ")
    'confirm'
    >>> control_question("Please enter a filename [zork1.qzl]: ")
    'file'
    >>> control_question("Do you really want to quit? ")
    'confirm'
    >>> control_question("Taken.\\n\\n") is None, control_question("Which do you mean, the quit sign?\\n\\n")
    (True, None)
    """
    end = text[-24:].rstrip()
    if not end or end[-1] not in "?:>]":
        return None  # cheap pre-check, run on every reply: nearly all end otherwise
    found = CONTROL_QUESTION.search(text[-300:].rstrip())
    if found is None:
        return None
    return "file" if "name" in found.group(0).lower() else "confirm"


# A game waiting for a key press takes whatever is sent next as that key: side copies leave such states alone.
# Differs from PRESS_KEY: also "strike"/"type" a key, "(more)", "press X to continue"; not "[press ".
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
