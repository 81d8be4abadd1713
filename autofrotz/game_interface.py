"""The only component that touches the interpreter: one API, two back ends (jericho, dfrotz).

    with open_game("cellar") as game:
        intro = game.start()
        result = game.send("take lamp")     # StepResult(text, score, moves, outcome)

Agents' commands are sanitised to one printable line; interpreter-control verbs (quit, save,
restore, ...) raise ForbiddenCommandError, so only the orchestrator's save()/restore() reach the game.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import logging
import os
import re
import shutil
import tempfile
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TypeVar

from autofrotz.if_patterns import (
    CANCEL_FILE_NAME,
    CANCEL_YES_NO,
    MIN_DICTIONARY_CHARS,
    control_aliases,
    control_question,
    detect_outcome,
    dictionary_chars,
    first_clause,
    forbidden_verb,
)
from autofrotz.watchdog import WATCHDOG

log = logging.getLogger(__name__)
_T = TypeVar("_T")

MAX_COMMAND_CHARS = 120  # below every interpreter's input buffer, so nothing spills into a next read
RAW_CHARS_READ = 16  # of a longer command only this many times MAX_COMMAND_CHARS is read at all


class GameInterfaceError(Exception):
    """Base class of every game-interface failure."""


class ForbiddenCommandError(GameInterfaceError):
    """An agent sent an interpreter-control command (quit, save, restore, ...)."""


class TrappedCommandError(ForbiddenCommandError):
    """A command that left this story not answering before (a menu it cannot leave)."""


class InterpreterDiedError(GameInterfaceError):
    """The interpreter process ended or stopped answering; restart and restore."""


class GameNotRunningError(GameInterfaceError):
    """send/save/restore before start() or after close()."""


class TruthUnknownError(GameInterfaceError):
    """The object tree does not tell where the player is (evaluation only): unknown, not a guess."""


class UnsafeInterpreterError(GameInterfaceError):
    """The interpreter is known to lose game text (e.g. styled text dropped)."""


@dataclass(frozen=True, init=False)
class StepResult:
    text: str
    score: int | None
    moves: int | None
    outcome: str | None  # None | "death" | "victory"

    def __init__(self, text: str, score: int | None, moves: int | None, outcome: str | None = None) -> None:
        # One write to __dict__ instead of four frozen setattr calls: built once per game command.
        self.__dict__.update(text=text, score=score, moves=moves, outcome=outcome)

    @property
    def ended(self) -> bool:
        """True once the game announced death or victory."""
        return self.outcome is not None


@dataclass(frozen=True)
class GroundTruth:
    room_name: str
    room_number: int
    inventory: list[str]
    score: int | None = None  # None: unknown (no bindings and the game's own "score" did not confirm it)
    source: str = "jericho"  # "jericho" (its bindings) or "memory" (our reader, backends/memory_truth.py)
    around: tuple[str, ...] = ()  # names of the other objects directly in the room
    within: tuple[str, ...] = ()  # names of the objects in or on those, at any depth


@dataclass(frozen=True)
class Vocabulary:
    """The story's own word list (its Z-machine dictionary): the words its parser can read.

    Not ground truth: every player may read it from the story file. Entries are cut to `zchars`
    Z-characters (6 in version 1-3 stories, 9 later), so words are compared cut the same way.
    An empty vocabulary (unknown) knows every word.
    """

    words: frozenset[str] = frozenset()
    zchars: int = 9
    nouns: frozenset[str] = frozenset()  # the words the story marks as naming objects (empty: unknown)

    def names_a_thing(self, word: str) -> bool:
        """Whether the story marks this word as naming an object (when it does not say, any word it knows).

        >>> Vocabulary(frozenset({"lamp", "small"}), 9, frozenset({"lamp"})).names_a_thing("small")
        False
        """
        if not self.nouns:
            return self.knows(word)
        return cut(word.lower(), self.zchars) in self.nouns

    def knows(self, word: str) -> bool:
        """Whether the parser can read this word.

        >>> v = Vocabulary(frozenset({"lantern", "four-pos"}), 9)
        >>> v.knows("lantern"), v.knows("four-poster"), v.knows("lanterns"), Vocabulary().knows("xyzzy")
        (True, True, False, True)
        """
        return not self.words or cut(word.lower(), self.zchars) in self.words


def cut(word: str, zchars: int) -> str:
    """A word cut to the Z-characters a dictionary entry keeps (letters take 1, other printable 2, rest 4).

    >>> cut("lanterns", 6), cut("four-poster", 9), cut("up", 6)
    ('lanter', 'four-pos', 'up')
    """
    used, kept = 0, []
    for ch in word:
        cost = 1 if "a" <= ch <= "z" else 2 if ch in "0123456789.,!?_#'\"/\\-:()" else 4
        if used + cost > zchars:
            break
        used += cost
        kept.append(ch)
    return "".join(kept)


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


class GameInterface(ABC):
    """A running story file. Subclasses implement the _raw methods; this class keeps the contract."""

    backend: str = ""
    reports_score_each_step = True  # False: score/moves only when the game's text states them
    in_process = False  # True: the interpreter shares our working directory, so it runs in _in_own_folder

    def __init__(self, path: Path, seed: int | None) -> None:
        self.path = path
        self.seed = seed
        self._running = False
        try:
            story = path.read_bytes()  # already size-checked by open_game (check_story)
        except OSError:
            story = b""  # a stand-in interface with no file: the strictest reading of commands
        self.word_chars = dictionary_chars(story[0] if story else 0)
        self.story_sha256 = hashlib.sha256(story).hexdigest() if story else None  # checked on resume
        self._own_cwd: str | None = None
        self._folders: tuple[int, int] | None = None  # (where we run, the interpreter's own), held open
        self._vocabulary: Vocabulary | None = None
        self._control_words: frozenset[str] | None = None
        self.traps: set[str] = set()  # commands that left the game not answering (undone when sent)
        self._answered: set[str] = set()  # first words the game answered after: not checked again

    @abstractmethod
    def _start(self) -> str: ...

    @abstractmethod
    def _step(self, command: str) -> tuple[str, int | None, int | None]: ...

    @abstractmethod
    def _save(self, slot: str) -> None: ...

    @abstractmethod
    def _restore(self, slot: str) -> None: ...

    @abstractmethod
    def _close(self) -> None: ...

    @abstractmethod
    def export_state(self, slot: str) -> bytes:
        """The saved slot as bytes, for the database."""

    @abstractmethod
    def import_state(self, slot: str, data: bytes) -> None:
        """Make bytes from export_state available as a slot for restore()."""

    def ground_truth(self) -> GroundTruth:
        """The player's room and carried objects from the object tree (evaluation only)."""
        raise GameInterfaceError(f"the {self.backend} back end has no ground truth; use jericho")

    def vocabulary(self) -> Vocabulary:
        """The story file's dictionary (read once from the file, so the same on every back end)."""
        if self._vocabulary is None:
            from autofrotz.backends import zmachine

            try:
                story = self.path.read_bytes()
                words, zchars = zmachine.dictionary(story)
                nouns = zmachine.dictionary_nouns(story)
            except (OSError, IndexError):  # an unreadable table: no vocabulary, so nothing is filtered
                words, zchars, nouns = frozenset(), 9, frozenset()
            self._vocabulary = Vocabulary(words, zchars or 9, nouns)
        return self._vocabulary

    def start(self) -> str:
        """Start (or restart) the story; returns the intro text with the first room description."""
        text = self._in_own_folder(lambda _: self._start(), "")  # its opening code may write files too
        self._running = True
        return text

    def control_words(self) -> frozenset[str]:
        """The story's dictionary words a parser may read as a control verb (found once per story)."""
        if self._control_words is None:
            self._control_words = control_aliases(self.vocabulary().words, self.word_chars)
        return self._control_words

    def send(self, command: str) -> StepResult:
        """Send one agent command; raises ForbiddenCommandError for interpreter-control verbs."""
        clean = check_command(command, self.word_chars, self.control_words())
        if clean in self.traps:
            raise TrappedCommandError(f"'{clean}' left this story not answering before; it is not sent again")
        if not self._running:
            self._require_running()
        before = None if clean.split(" ", 1)[0] in self._answered else self._state_before()
        # Whatever the command, in the interpreter's own folder: a disguised save writes only there.
        text, score, moves = self._in_own_folder(self._step, clean)
        if before is not None:
            self._check_still_answering(clean, text, before)
        asked = control_question(text)
        if asked is not None:
            text = self._cancel(clean, text, asked)
        return StepResult(text, score, moves, detect_outcome(text))

    def _state_before(self) -> object | None:
        """A state to go back to if the command traps the game (None: this back end does not check)."""
        return None

    def _answers(self) -> bool:
        """Whether the game still answers a command (asked in a side copy)."""
        return True

    def _go_back(self, state: object) -> None:
        """Put the game back in a state from _state_before."""
        raise NotImplementedError(f"the {self.backend} back end keeps no state to go back to")

    def _check_still_answering(self, command: str, text: str, before: object) -> None:
        """Rule ``a command that traps the game is undone``: a menu the interpreter cannot leave (help,
        hints, about in many stories) makes every later command come back empty: its own reply is
        empty, or a side "look" after it is (a reply asking for a key is left alone). Checked until the
        command's first word has been answered once; a trap is undone and remembered (kept with
        saves, see mind.py)."""
        from autofrotz.inventory_probe import awaiting_key

        if awaiting_key(text) or (text.strip() and self._answers()):
            self._answered.add(command.split(" ", 1)[0])
            return
        log.warning("%s: %r left the game not answering; undone and remembered", self.path.name, command)
        self._go_back(before)
        self.traps.add(command)

    def _cancel(self, command: str, text: str, asked: str) -> str:
        """Answer a file name or restart/quit question by cancelling it (a second line of defence)."""
        log.warning("%s: %r led to a control question; cancelled it", self.path.name, command)
        answer = CANCEL_FILE_NAME if asked == "file" else CANCEL_YES_NO
        self._remove_cancel_files()  # so a restore question finds nothing to load
        reply, _score, _moves = self._in_own_folder(self._step, answer)
        self._remove_cancel_files()
        return text + reply

    def _remove_cancel_files(self) -> None:
        """Delete files the cancelling answer may have made (an interpreter may cut the name short)."""
        folder = self._scratch_dir()
        with contextlib.suppress(OSError):
            for name in os.listdir(folder):
                if name and CANCEL_FILE_NAME.startswith(name):
                    os.unlink(os.path.join(folder, name))

    def _scratch_dir(self) -> str:
        """The folder the interpreter writes files into when a game asks it to."""
        if self._own_cwd is None:
            self._own_cwd = tempfile.mkdtemp(prefix="autofrotz-cwd-")
        return self._own_cwd

    def _in_own_folder(self, call: Callable[[str], _T], command: str) -> _T:
        """Run an in-process interpreter call inside a folder of its own, so no file lands in ours,
        under the step watchdog (a story that never returns ends the game; see watchdog.py).

        This runs on every command, so it is kept to two fchdir calls: both folders are held open
        from the first call (the folder we return to is the one the game was started from).
        """
        if not self.in_process:
            return call(command)
        if self._folders is None:
            self._folders = (os.open(".", os.O_RDONLY), os.open(self._scratch_dir(), os.O_RDONLY))
        home, own = self._folders
        os.fchdir(own)
        WATCHDOG.begin()
        try:
            return call(command)
        finally:
            WATCHDOG.end()
            os.fchdir(home)

    def save(self, slot: str) -> None:
        """Save the game into a named slot (orchestrator only)."""
        self._require_running()
        self._save(slot)

    def restore(self, slot: str) -> None:
        """Restore a slot made by save() or import_state()."""
        self._require_running()
        self._restore(slot)

    def close(self) -> None:
        """Stop the interpreter; safe to call twice."""
        if self._running:
            self._running = False
            self._close()
        if self._folders is not None:
            for fd in self._folders:
                os.close(fd)
            self._folders = None
        if self._own_cwd is not None:
            shutil.rmtree(self._own_cwd, ignore_errors=True)
            self._own_cwd = None

    def _require_running(self) -> None:
        if not self._running:
            raise GameNotRunningError(f"{self.path.name} is not running: call start() first")

    def __enter__(self) -> GameInterface:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def open_game(
    game: str | Path,
    backend: str = "jericho",
    seed: int | None = 42,
    *,
    dfrotz_path: str = "/usr/games/dfrotz",
    save_dir: Path | None = None,
    force: bool = False,
) -> GameInterface:
    """A not yet started game on the chosen back end; game is a name in games/ or a path.

    seed None lets jericho use the seed its walkthrough was recorded with. force=True lets dfrotz
    run even when the probe shows it drops styled text (a warning is logged instead).
    """
    from autofrotz.backends import BACKENDS
    from autofrotz.backends.story_probe import StoryProbeError, ensure_playable
    from autofrotz.games import GameNotFoundError, check_story, resolve_game

    if backend not in BACKENDS:
        raise GameInterfaceError(f"unknown back end '{backend}'; valid: {', '.join(BACKENDS)}")
    path = resolve_game(str(game))
    try:
        check_story(path)  # jericho ends the whole process on a file that is not a story
    except GameNotFoundError as exc:
        raise GameInterfaceError(str(exc)) from None
    if backend == "dfrotz":
        from autofrotz.backends.dfrotz_backend import DfrotzBackend

        return DfrotzBackend(path, seed, dfrotz_path=dfrotz_path, save_dir=save_dir, force=force)
    from autofrotz.backends.jericho_backend import JerichoBackend

    try:
        ensure_playable(path)  # in-process: an unfamiliar story gets a trial run in a child first
    except StoryProbeError as exc:
        raise GameInterfaceError(str(exc)) from None
    return JerichoBackend(path, seed)
