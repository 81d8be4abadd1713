"""What really happened in a benchmark run, read from the Z-machine: rooms visited, score known or not.

Evaluation only. The observer runs inside the benchmark's worker beside the orchestrator; it reads
`GameInterface.ground_truth()` after each turn and writes one small JSON file per run next to the
benchmark database. No agent or manager ever sees it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autofrotz.hooks.base import Observer

OPENING_WINDOW = 20  # a walkthrough "leaves its opening room early" when it does so within this many steps


@dataclass
class TrueRun:
    """The truth gathered over one run."""

    opening_room: int | None = None
    rooms: set[int] = field(default_factory=set)
    unknown_reads: int = 0
    score_known: bool = False
    best_true_score: int | None = None

    def add(self, room: int, score: int | None) -> None:
        """One reading of the truth."""
        if self.opening_room is None:
            self.opening_room = room
        self.rooms.add(room)
        if score is not None:
            self.score_known = True
            self.best_true_score = max(score, self.best_true_score or score)

    def as_dict(self) -> dict[str, Any]:
        """The JSON form written after the run."""
        left = self.opening_room is not None and bool(self.rooms - {self.opening_room})
        return {
            "true_rooms": len(self.rooms),
            "opening_room": self.opening_room,
            "left_opening_room": left,
            "unknown_reads": self.unknown_reads,
            "score_known": self.score_known,
            "best_true_score": self.best_true_score,
        }


def truth_file(db: str, game: str, seed: int, turns: int) -> Path:
    """Where the truth of one run is kept: a folder beside the benchmark database."""
    return Path(f"{db}.truth") / f"{Path(game).stem.lower()}-s{seed}-t{turns}.json"


def read_truth(db: str, game: str, seed: int, turns: int) -> dict[str, Any] | None:
    """The truth written for a run, or None (an older run, or one whose worker crashed)."""
    path = truth_file(db, game, seed, turns)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) else None


class TruthWatch(Observer):
    """Reads the true room and score after the game starts and after every turn."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.game: Any = None  # set once the session has opened the interpreter
        self.run = TrueRun()

    def on_game_start(self, _event: Any) -> None:
        self._read()

    def on_turn_end(self, _event: Any) -> None:
        self._read()

    def _read(self) -> None:
        from autofrotz.game_interface import GameInterfaceError

        if self.game is None:
            return
        try:
            truth = self.game.ground_truth()
        except GameInterfaceError:  # unknown truth (or a back end without it): counted, not guessed
            self.run.unknown_reads += 1
            return
        self.run.add(int(truth.room_number), truth.score)

    def close(self) -> None:
        """Write the run's truth (once the game is over)."""
        self.out.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.out.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.run.as_dict()), encoding="utf-8")
        tmp.replace(self.out)


def walkthrough_leaves_early(path: Path, steps: tuple[str, ...] | None) -> bool | None:
    """Whether a walkthrough leaves its opening room within OPENING_WINDOW commands (None: unknown)."""
    from autofrotz.game_interface import ForbiddenCommandError, GameInterfaceError, open_game

    if not steps:
        return None
    try:
        with open_game(path, "jericho", seed=None) as game:
            game.start()
            opening = game.ground_truth().room_number
            for command in steps[:OPENING_WINDOW]:
                try:
                    result = game.send(command)
                except ForbiddenCommandError:
                    continue
                if game.ground_truth().room_number != opening:
                    return True
                if result.ended:
                    break
    except GameInterfaceError:
        return None
    return False
