"""Walkthrough playback for evaluations: game text for the managers, ground truth for the scorer.

Ground truth is read here only; nothing in the managers ever sees it.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jericho

from autofrotz.bench.figures import progress

UNNAMED = re.compile(r"\(\d+\)")  # the memory reader's name for an object with an empty short name
# A bracketed tree name, ours or an internal code some libraries give every object ("(UMB)"): the name
# the game's own inventory reply gave it is remembered for later steps.
CODED = re.compile(r"\([^()]+\)")


@dataclass(frozen=True)
class Truth:
    """Where the player really is and what they really carry; room_number None: the truth is unknown."""

    room_number: int | None
    room_name: str
    inventory: list[str]
    score: int | None = None
    source: str = ""
    around: tuple[str, ...] = ()  # other objects directly in the room, for the exploration driver
    listing: str = ""  # the game's own answer to a side "inventory" at this step (the eval's diagnosis)
    within: tuple[str, ...] = ()  # objects in or on those around, at any depth (eval briefing)
    around_nums: tuple[int, ...] = ()  # the object numbers of around and within, in their orders
    within_nums: tuple[int, ...] = ()

    @property
    def inventory_known(self) -> bool:
        """False while a carried object has no name at all yet (a TextWorld object taken on the winning
        move, when the game no longer answers "inventory"): that step's inventory is not scored."""
        return not any(UNNAMED.fullmatch(name) for name in self.inventory)


def walkthrough(path: Path) -> list[str] | None:
    """Jericho's walkthrough for a story file, or None when jericho does not support the game."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            env = jericho.FrotzEnv(str(path))
        except Exception:  # jericho raises bare exceptions for unknown story files
            return None
        try:
            steps = env.get_walkthrough()
        except Exception:
            steps = None
        finally:
            env.close()
    return list(steps) if steps else None


def supported_games(games_dir: Path) -> list[Path]:
    """Story files in a directory that jericho has a walkthrough for."""
    found = []
    for path in sorted(games_dir.glob("*.z[1-8]"), key=lambda p: p.name.lower()):
        if walkthrough(path):
            found.append(path)
    return found


class EvalSession:
    """The project's jericho back end (GameInterface) with a side-copy "inventory" for counted truth."""

    def __init__(self, path: Path) -> None:
        from autofrotz.game_interface import open_game

        # seed None: jericho's own seed, the one its walkthrough was recorded with
        self.game: Any = open_game(path, "jericho", seed=None)
        self._last_reply = ""  # the game's last answer to a side "inventory"
        self._last_output = ""  # the last reply, to leave a game waiting for a key press alone
        self._names: dict[str, str] = {}  # "(53)" -> "cucumber": names the game's inventory replies gave

    def start(self) -> str:
        """Intro text."""
        return str(self.game.start())

    def send(self, command: str) -> tuple[str, bool]:
        """Game reply and whether the game ended; forbidden commands answer ("", False)."""
        from autofrotz.game_interface import ForbiddenCommandError

        try:
            result = self.game.send(command)
        except ForbiddenCommandError:
            progress(f"  skipped forbidden walkthrough command {command!r}")
            return "", False
        self._last_output = result.text
        if self.game.halted:
            progress(f"  the interpreter halted on a runtime error after {command!r}; the game ends here")
            return result.text, True
        return result.text, result.ended

    def saw(self, text: str) -> None:
        """The game's last reply when another loop sends the commands (a key wait is left alone)."""
        self._last_output = text

    def truth(self) -> Truth:
        """Ground truth after the last step, inventory limited to what "inventory" itself names.

        Jericho's answers where it has bindings, our memory reader elsewhere; unknown (room_number
        None) when the reader cannot tell where the player is."""
        from autofrotz.game_interface import TruthUnknownError

        try:
            gt = self.game.ground_truth()
        except TruthUnknownError:
            return Truth(None, "", [], None, "unknown")
        inventory = self._counted(list(gt.inventory))
        listing = self._last_reply if inventory else ""
        return Truth(
            gt.room_number,
            gt.room_name,
            inventory,
            gt.score,
            gt.source,
            gt.around,
            listing,
            gt.within,
            gt.around_nums,
            gt.within_nums,
        )

    def _counted(self, carried: list[str]) -> list[str]:
        if not carried:
            return []
        try:
            from autofrotz.evals.inventory_metrics import counted_truth
        except ImportError:
            return carried
        from autofrotz.side_copies import side_inventory

        # asked afresh at every step: the same objects can be listed differently as the story goes on
        self._last_reply = side_inventory(self.game, self._last_output, "eval_side") or self._last_reply
        carried = [self._names.get(name, name) for name in carried]
        counted = list(counted_truth(carried, self._last_reply))
        if len(counted) == len(carried):  # remember what an unnamed object was called for later steps
            self._names.update({c: n for c, n in zip(carried, counted, strict=True) if CODED.fullmatch(c)})
        return counted

    def close(self) -> None:
        """Stop the interpreter."""
        self.game.close()
