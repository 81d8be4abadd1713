"""The command check every command passes before it reaches a game, whoever sent it.

One printable line, first clause only, no backslashes, no interpreter-control verbs (read as the
game's parser reads them; see if_patterns.forbidden_verb). The game interface runs it on every send;
the page runs it on what a person types.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from autofrotz.if_patterns import MIN_DICTIONARY_CHARS, first_clause, forbidden_verb

MAX_COMMAND_CHARS = 120  # below every interpreter's input buffer, so nothing spills into a next read
RAW_CHARS_READ = 16  # of a longer command only this many times MAX_COMMAND_CHARS is read at all


class GameInterfaceError(Exception):
    """Base class of every game-interface failure."""


class ForbiddenCommandError(GameInterfaceError):
    """An agent sent an interpreter-control command (quit, save, restore, ...)."""


_LINE_BREAKS_RE = re.compile(r"[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]")
_SPACES_RE = re.compile(r"\s+")


def sanitise_command(command: str, max_chars: int = MAX_COMMAND_CHARS) -> str:
    """One printable ASCII line, backslashes and separators neutralised, capped in length.

    >>> sanitise_command("  open\\nmailbox ")
    'open mailbox'
    >>> sanitise_command("\\\\restore x")
    'restore x'
    >>> sanitise_command("take caf\\u00e9\\x07")
    'take cafe'
    >>> len(sanitise_command("x " * 5000)) <= MAX_COMMAND_CHARS
    True
    """
    if len(command) <= max_chars and command.isascii() and command.isprintable() and "\\" not in command:
        return " ".join(command.split())  # the usual case, kept cheap: the layer must stay thin
    text = _LINE_BREAKS_RE.sub(" ", command[: max_chars * RAW_CHARS_READ])
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    # dfrotz reads a leading backslash as a runtime command; nothing in a story needs one.
    text = "".join(ch if ch.isprintable() and ch != "\\" else " " for ch in text)
    text = _SPACES_RE.sub(" ", text).strip()
    if len(text) > max_chars:
        text = text[:max_chars].rsplit(" ", 1)[0] if " " in text[:max_chars] else text[:max_chars]
    return text


def check_command(
    command: str, word_chars: int = MIN_DICTIONARY_CHARS, aliases: frozenset[str] = frozenset()
) -> str:
    """Sanitise an agent's command and refuse interpreter-control verbs.

    word_chars is the story's dictionary word length (6 by default, the strictest reading); aliases
    the story's own control words (if_patterns.control_aliases). The cache is keyed on the sanitised,
    bounded text, so long commands are not kept.
    """
    return _check_clean(sanitise_command(command), word_chars, aliases)


@functools.lru_cache(maxsize=4096)  # agents repeat commands a lot; keeps the layer thin
def _check_clean(clean: str, word_chars: int, aliases: frozenset[str]) -> str:
    """check_command on a sanitised command (at most MAX_COMMAND_CHARS long)."""
    verb = forbidden_verb(clean, word_chars, aliases)
    if verb is not None:
        raise ForbiddenCommandError(f"'{verb}' controls the interpreter and may not be sent by an agent")
    return first_clause(clean)
