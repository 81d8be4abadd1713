"""The only component that touches the interpreter: one API, two back ends (jericho, dfrotz).

    with open_game("cellar") as game:
        intro = game.start()
        result = game.send("take lamp")     # StepResult(text, score, moves, outcome)

Agents' commands are sanitised to one printable line; interpreter-control verbs (quit, save,
restore, ...) raise ForbiddenCommandError, so only the orchestrator's save()/restore() reach the game.
The contract of a running game is backends/base.py; this module opens one and names its parts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from autofrotz.backends.base import (
    GameInterface,
    GameNotRunningError,
    GroundTruth,
    InterpreterDiedError,
    StepResult,
    TrappedCommandError,
    TruthUnknownError,
    UnsafeInterpreterError,
)
from autofrotz.words.commands import ForbiddenCommandError, GameInterfaceError
from autofrotz.words.vocabulary import Vocabulary

__all__ = [
    "ForbiddenCommandError",
    "RunningGame",
    "GameInterface",
    "GameInterfaceError",
    "GameNotRunningError",
    "GroundTruth",
    "InterpreterDiedError",
    "StepResult",
    "TrappedCommandError",
    "TruthUnknownError",
    "UnsafeInterpreterError",
    "dictionary_verbs",
    "open_game",
    "open_story",
    "side_copy",
]


class RunningGame(Protocol):
    """A running game as the turn loop, the side questions and the saves use it (GameInterface keeps it)."""

    path: Path
    backend: str
    word_chars: int  # the story's dictionary word length, for the command check
    story_sha256: str | None
    traps: set[str]  # commands that left the game not answering

    def start(self) -> str: ...

    def send(self, command: str) -> StepResult: ...

    def save(self, slot: str) -> None: ...

    def restore(self, slot: str) -> None: ...

    def export_state(self, slot: str) -> bytes: ...

    def import_state(self, slot: str, data: bytes) -> None: ...

    def vocabulary(self) -> Vocabulary: ...

    def score_now(self) -> int | None: ...

    def control_words(self) -> frozenset[str]: ...

    def ground_truth(self) -> GroundTruth: ...

    def close(self) -> None: ...


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


def open_story(name_or_path: str) -> Path:
    """A story by name or path through every check a played game gets: the header and checksum, and
    for a story outside the manifest a trial run in a child process; GameNotFoundError with one line."""
    from autofrotz.backends.story_probe import StoryProbeError, ensure_playable
    from autofrotz.games import GameNotFoundError, check_story, resolve_game

    path = check_story(resolve_game(name_or_path))
    try:
        ensure_playable(path)
    except StoryProbeError as exc:
        raise GameNotFoundError(str(exc)) from None
    return path


def side_copy(story: Path, seed: int | None) -> GameInterface:
    """A started copy of a story already being played, on the in-process back end, for questions asked
    away from the game (the learning layer's rehearsals): the one place outside open_game that starts
    an interpreter. The story passed its checks when the game was opened, so none is repeated."""
    from autofrotz.backends.jericho_backend import JerichoBackend

    game = JerichoBackend(Path(story).resolve(), seed)
    game.start()
    return game


def dictionary_verbs(story: Path) -> list[str]:
    """The words a story's dictionary marks as verbs, meta verbs left out ([] when it cannot be read)."""
    from autofrotz.backends.jericho_backend import dictionary_verbs as read_verbs

    return read_verbs(story)
