"""The command check every command passes before it reaches a game, whoever sent it.

One printable line, first clause only, no backslashes, no interpreter-control verbs (read as the
game's parser reads them; see forbidden_verb). The game interface runs it on every send;
the page runs it on what a person types.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

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


def dictionary_chars(version: int) -> int:
    """How many letters of a word a story of this Z-machine version keeps in its dictionary.

    >>> dictionary_chars(3), dictionary_chars(5)
    (6, 9)
    """
    return MIN_DICTIONARY_CHARS if version <= 3 else 9


# Reads a command: its words and the marks between them, as a parser splits them.
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


# Reads a command: where one game action ends ("n. e", "take lamp then n").
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
    the story's own control words (control_aliases). The cache is keyed on the sanitised,
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
