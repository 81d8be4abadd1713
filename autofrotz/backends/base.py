"""The contract every back end keeps: `GameInterface`, what a step returns, and the game's errors.

Every command passes the command check (words/commands.py) on its way in: one printable line;
interpreter-control verbs (quit, save, restore, ...) raise ForbiddenCommandError, so only the
orchestrator's save()/restore() reach the game. game_interface.py opens a game on one of the back ends.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import shutil
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.util import Finalize
from pathlib import Path
from types import TracebackType
from typing import TypeVar

from autofrotz.reading.outcomes_endings import detect_outcome
from autofrotz.reading.outcomes_prompts import CANCEL_FILE_NAME, CANCEL_YES_NO, awaiting_key, control_question
from autofrotz.watchdog import BEFORE_EXIT, WATCHDOG
from autofrotz.words.commands import (
    ForbiddenCommandError,
    GameInterfaceError,
    check_command,
    control_aliases,
    dictionary_chars,
)
from autofrotz.words.vocabulary import Vocabulary

log = logging.getLogger(__name__)
_T = TypeVar("_T")


class ScratchFolder:
    """The temporary folder an in-process interpreter runs in, and the two folders held open to switch
    into it and back. Released once: by close(), or when its interface is collected or the process
    exits without closing it, a bench or eval worker process included (a side copy dropped on an error
    path leaves nothing behind in /tmp)."""

    def __init__(self) -> None:
        self.path = tempfile.mkdtemp(prefix="autofrotz-cwd-")
        self.folders: tuple[int, int] | None = None  # (where we run, the interpreter's own), held open
        self.pid = os.getpid()
        _UNRELEASED.add(self)

    def open_folders(self) -> tuple[int, int]:
        """Both folders, opened on first use (the one we return to is the one the game was started from)."""
        if self.folders is None:
            self.folders = (os.open(".", os.O_RDONLY), os.open(self.path, os.O_RDONLY))
        return self.folders

    def release(self) -> None:
        """Close the held folders and delete the scratch folder; safe to call twice, and a no-op in a
        forked child (its parent still runs there)."""
        if os.getpid() != self.pid:
            return
        _UNRELEASED.discard(self)
        if self.folders is not None:
            for fd in self.folders:
                with contextlib.suppress(OSError):
                    os.close(fd)
            self.folders = None
        shutil.rmtree(self.path, ignore_errors=True)


_UNRELEASED: set[ScratchFolder] = set()  # this process's scratch folders not yet released


def _release_all() -> None:
    """Release every scratch folder this process made (run before the watchdog ends it with os._exit)."""
    for folder in list(_UNRELEASED):
        folder.release()


BEFORE_EXIT.append(_release_all)


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
    around_nums: tuple[int, ...] = ()  # the object numbers of around, in its order
    within_nums: tuple[int, ...] = ()  # the object numbers of within, in its order


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
        self._scratch: ScratchFolder | None = None  # made on first use, released on close()
        self._release_scratch: Finalize | None = None
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

    @property
    def halted(self) -> bool:
        """True once the interpreter stopped for good on a runtime error (a back end that can tell)."""
        return False

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

    def score_now(self) -> int | None:
        """The score as the game stands (before its first command too), where the interpreter reads one
        without a turn; None where only the game's own text tells it."""
        return None

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
        return self._scratch_folder().path

    def _scratch_folder(self) -> ScratchFolder:
        if self._scratch is None:
            self._scratch = ScratchFolder()
            # run when the game is collected, at exit, and before a multiprocessing worker's os._exit
            # (which runs no weakref finalizer); never in a forked child, whose parent still runs there
            self._release_scratch = Finalize(self, self._scratch.release, exitpriority=0)
        return self._scratch

    def _in_own_folder(self, call: Callable[[str], _T], command: str) -> _T:
        """Run an in-process interpreter call inside a folder of its own, so no file lands in ours,
        under the step watchdog (a story that never returns ends the game; see watchdog.py).

        This runs on every command, so it is kept to two fchdir calls: both folders are held open
        from the first call (the folder we return to is the one the game was started from).
        """
        if not self.in_process:
            return call(command)
        home, own = self._scratch_folder().open_folders()
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
        if self._release_scratch is not None:
            self._release_scratch()  # runs ScratchFolder.release once, then never again
            self._scratch = self._release_scratch = None

    def _require_running(self) -> None:
        if not self._running:
            raise GameNotRunningError(f"{self.path.name} is not running: call start() first")

    def __enter__(self) -> GameInterface:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
