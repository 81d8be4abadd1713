"""Does our memory reader agree with jericho's own answers? Checked on every game jericho has bindings for.

At every walkthrough step the same memory image is read twice: by jericho (its player object,
`get_player_location()` lifted to the room holding it, `get_inventory()`, `get_score()`) and by
`MemoryTruth` told nothing (it finds the player and the room level itself, and reports a score only
once the game's reply to "score" confirms it). It steps jericho itself, so it lives with the back
ends; `python -m autofrotz.evals.truth_agreement` runs it over the corpus and prints one line per game.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from pathlib import Path

import jericho

from autofrotz.backends import zmachine
from autofrotz.backends.base import TruthUnknownError
from autofrotz.backends.memory_truth import MemoryTruth


@dataclass
class Agreement:
    """Per-game counts of steps where the memory reader matched jericho."""

    game: str
    steps: int = 0
    player_found: bool = False
    holder: int | None = None  # the room level the reader learned (0: rooms are roots)
    rooms_agree: int = 0
    inventory_agree: int = 0
    unknown: int = 0
    scores_checked: int = 0
    scores_agree: int = 0
    disagreements: list[str] = field(default_factory=list)

    @property
    def all_agree(self) -> bool:
        """Every step with a known answer matched jericho's (rooms, inventory, validated scores)."""
        known = self.steps - self.unknown
        return (
            self.rooms_agree == known
            and self.inventory_agree == known
            and self.scores_agree == self.scores_checked
        )


def compare_game(path: Path, steps: list[str] | None = None) -> Agreement:
    """Play the commands (jericho's walkthrough by default) and compare the two readings after every step."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = jericho.FrotzEnv(str(path))
    story = path.read_bytes()
    result = Agreement(path.stem)
    try:
        steps = list(steps) if steps is not None else env.get_walkthrough()
        env.reset()
        ours = MemoryTruth()
        told = MemoryTruth(int(env.player_obj_num))
        last = ""

        def memory() -> bytes:
            ram = env._get_ram().tobytes()
            return ram + story[len(ram) :]

        def side_step(command: str) -> tuple[str, bytes]:
            state = env.get_state()
            try:
                text, *_ = env.step(command)
                return text, memory()
            finally:
                env.set_state(state)

        for index, command in enumerate([None, *steps]):
            if command is not None:
                last, *_ = env.step(command)
            mem = memory()
            _check_step(result, index, command, mem, env, ours, told, side_step, last)
        result.player_found = ours.layout.player == int(env.player_obj_num)
        result.holder = ours.layout.holder
    finally:
        env.close()
    return result


def _check_step(
    result: Agreement,
    index: int,
    command: str | None,
    mem: bytes,
    env: jericho.FrotzEnv,
    ours: MemoryTruth,
    told: MemoryTruth,
    side_step: object,
    last: str,
) -> None:
    result.steps += 1
    for reader in (ours, told):
        if reader.layout.player is None or reader.layout.holder is None:
            reader.discover(mem, side_step)  # type: ignore[arg-type]
    try:
        mine = ours.place(mem)
    except TruthUnknownError:
        result.unknown += 1
        return
    theirs = told.place(mem)
    jericho_inventory = [int(o.num) for o in env.get_inventory()]
    if mine.room.num == theirs.room.num:
        result.rooms_agree += 1
    else:
        result.disagreements.append(f"{index} {command!r}: room {mine.room.name!r} vs {theirs.room.name!r}")
    if _same_inventory(mine.carried, jericho_inventory, env):
        result.inventory_agree += 1
    else:
        result.disagreements.append(f"{index} {command!r}: inventory {mine.inventory} vs {jericho_inventory}")
    index_of_location = zmachine.location_global(mem)
    score_index = index_of_location + 1 if index_of_location is not None else None
    score = ours.score(mem, score_index, lambda: side_step("score")[0], last)  # type: ignore[operator]
    if score is not None:
        result.scores_checked += 1
        result.scores_agree += score == int(env.get_score())
        if score != int(env.get_score()):
            result.disagreements.append(f"{index} {command!r}: score {score} vs {env.get_score()}")


def _same_inventory(ours: list[int], theirs: list[int], env: jericho.FrotzEnv) -> bool:
    """Equal object numbers; jericho's list stops early at an object it cannot read (numbers past its
    own object count, as in Advent's axe), which counts as agreeing up to that point."""
    if ours == theirs:
        return True
    cut = len(theirs)
    return ours[:cut] == theirs and cut < len(ours) and env.get_object(ours[cut]) is None
