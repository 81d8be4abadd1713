"""Checks on agent commands: one clean line, no meta commands."""

from __future__ import annotations

import re

from autofrotz.words.commands import forbidden_verb

SAFE_DEFAULT = "look"
MAX_COMMAND_CHARS = 100
# Meta verbs the game loop owns (saving, restoring) or that would end or rewind the session.
META_VERBS = frozenset({"save", "restore", "restart", "quit", "q", "undo", "script", "unscript", "oops"})
RISKY_WORDS = ("jump", "attack", "kill", "fight", "drink", "eat", "climb", "dive", "swim", "burn", "break")


def clean_command(raw: object) -> str | None:
    """A usable command from an agent's raw text, or None.

    >>> clean_command("> Open the mailbox.")
    'open the mailbox'
    >>> clean_command('"north"\\nthen east') is None, clean_command("save") is None
    (False, True)
    >>> clean_command("   ") is None
    True
    """
    if not isinstance(raw, str):
        return None
    line = raw.strip().splitlines()[0] if raw.strip() else ""
    line = line.strip().lstrip(">").strip().strip("\"'`").strip().rstrip(".!").strip()
    if not line or len(line) > MAX_COMMAND_CHARS:
        return None
    if not re.search(r"[A-Za-z]", line):
        return None
    first = line.split()[0].lower()
    if first in META_VERBS or forbidden_verb(line) is not None:  # read as the game's parser would
        return None
    return line.lower()


def looks_risky(command: str) -> bool:
    """Whether a command's verb suggests danger (worth a save first).

    >>> looks_risky("jump off cliff"), looks_risky("take lamp")
    (True, False)
    """
    words = command.lower().split()
    return bool(words) and words[0] in RISKY_WORDS
