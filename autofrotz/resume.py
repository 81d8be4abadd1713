"""Resume a recorded game after a crash or Ctrl-C.

The newest stored state (interpreter plus memory, see saves.py) is loaded with the save rotation it
records (every save, its slot and deaths, the older-save ladder), then every turn recorded
after it is replayed through the same turn code with the pinned seed: commands come from the record
(a deterministic agent re-decides them, which also rebuilds its own state), nothing is written, no
model is asked, and turn numbering continues from the last recorded turn.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from pathlib import Path

from autofrotz.agents.stuck import StuckDetector
from autofrotz.game_interface import GameInterfaceError
from autofrotz.hooks import base as ev
from autofrotz.orchestrator import Orchestrator
from autofrotz.storage.states import StateDamagedError

log = logging.getLogger(__name__)
# budget: stopped by its budget, goes on with a higher one; model_error: its model failed, goes on once fixed
RESUMABLE = ("playing", "abandoned", "budget", "model_error")


class ResumeError(RuntimeError):
    """The game cannot be resumed (unknown id, finished, or no saved state)."""


@dataclass(frozen=True)
class GameInfo:
    """What a resume needs from the game row before building anything."""

    game_file: str
    seed: int | None
    backend: str
    status: str
    story_sha256: str | None = None


def game_info(db: object, game_id: int) -> GameInfo:
    """The stored game's file, seed and back end; ResumeError if it cannot be resumed."""
    game = db.game(game_id)  # type: ignore[attr-defined]
    if game is None:
        raise ResumeError(f"no game with id {game_id} in the database")
    if game.status not in RESUMABLE:
        raise ResumeError(f"game {game_id} has ended ({game.status}); nothing to resume")
    return GameInfo(game.game_file, game.seed, game.backend, game.status, game.story_sha256)


def check_same_story(info: GameInfo, game_id: int, path: Path) -> None:
    """ResumeError unless the story file is the one the game was started with (by sha256).

    Games recorded before the checksum was kept carry none and are not checked.
    """
    if info.story_sha256 is None:
        return
    got = hashlib.sha256(path.read_bytes()).hexdigest()
    if got != info.story_sha256:
        raise ResumeError(
            f"game {game_id} was played on a different story file: {path} has sha256 {got[:16]}..., "
            f"the game was started with {info.story_sha256[:16]}...; put the original file back to resume"
        )


def resume(orch: Orchestrator, game_id: int) -> int:
    """Bring the orchestrator to the end of the recorded game; returns the number of replayed turns."""
    db = orch.p.db
    last, packed, state_turn = db.latest_state(game_id)
    if packed is None:
        raise ResumeError(f"game {game_id} has no saved interpreter state")
    orch.game_id = game_id
    orch.p.recorder.game_id = game_id
    orch.p.game.start()
    try:
        point = orch.saves.resume(state_turn, packed, lambda ref: db.state_by_ref(game_id, ref))
        orch.stuck = StuckDetector.from_dict(orch.mind.load(point.mind))
    except (StateDamagedError, GameInterfaceError) as exc:
        raise ResumeError(f"game {game_id} cannot be resumed: {exc}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ResumeError(
            f"game {game_id}: the saved state's world model cannot be read ({exc!r:.80})"
        ) from None
    orch.turn = state_turn
    orch.last_death = db.last_death(game_id)  # no periodic save straight after a recent death
    replayed = db.turns_after(game_id, state_turn)
    for turn in replayed:
        orch.run_turn(replay=turn)
        if orch.mind.last_output != turn.game_output:
            log.warning("resume: turn %d replayed with different output", turn.turn_number)
    orch.turn = last
    _ended(orch, db.turns_after(game_id, last - 1), state_turn == last)
    orch._emit(ev.GameStart(game_id, orch.p.game_file, resumed=True))
    return len(replayed)


def _ended(orch: Orchestrator, tail: list, recovered: bool) -> None:
    """A crash between the last turn and closing the record: the game had already ended."""
    event = tail[-1].event if tail else None
    if event == "victory":
        orch.status = "won"
    elif event == "death" and not recovered:
        orch.status = "lost"
