"""In-process Frotz through the jericho package: full text, in-memory saves, the object tree."""

from __future__ import annotations

import base64
import json
import warnings
import zlib
from pathlib import Path
from typing import Any

import jericho
import numpy as np

from autofrotz.backends import zmachine
from autofrotz.game_interface import GameInterface, GameInterfaceError, GameNotRunningError, GroundTruth

INFORM_PLAYER_NAME = "(self object)"
DEFAULT_SEED = 42
_STATE_FIELDS = ("pc", "sp", "fp", "frame_count", "opcode")


class JerichoBackend(GameInterface):
    """Jericho's FrotzEnv. For games jericho has no bindings for, score, moves and the player object
    are read from the Z-machine memory (Inform's location/score/turns globals)."""

    backend = "jericho"
    in_process = True

    def __init__(self, path: Path, seed: int | None) -> None:
        super().__init__(path, seed)
        self._env: Any = None
        self._slots: dict[str, tuple[Any, ...]] = {}
        self._story = path.read_bytes()
        self._supported = False
        self._location_global: int | None = None

    def _start(self) -> str:
        if self._env is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", jericho.UnsupportedGameWarning)
                self._env = jericho.FrotzEnv(str(self.path), seed=self.seed)
            self._supported = bool(self._env.is_fully_supported)
            if self.seed is None and self._env._seed == -1:
                self._env.seed(DEFAULT_SEED)  # no walkthrough seed: pin one rather than use the clock
        text, _info = self._env.reset()
        self._location_global = self._find_location_global()
        return text if self._supported else strip_status_line(text)

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        text, _reward, _done, info = self._env.step(command)
        if self._supported:
            return text, info["score"], info["moves"]
        score, moves = self.score_and_moves_from_memory()
        return strip_status_line(text), score, moves

    def _memory(self) -> bytes:
        ram = self._env._get_ram().tobytes()
        return ram + self._story[len(ram) :]

    def _find_location_global(self) -> int | None:
        """Index of the location global: 0 in Infocom and older Inform games, 1 from Inform 6.3x on."""
        mem = self._memory()
        if mem[0] <= 3 or not zmachine.is_inform(mem):
            return 0 if mem[0] <= 3 else None
        return 0 if zmachine.global_var(mem, 0) > 0 else 1

    def score_and_moves_from_memory(self) -> tuple[int | None, int | None]:
        if self._location_global is None:
            return None, None
        mem = self._memory()
        base = self._location_global
        return zmachine.global_var(mem, base + 1), zmachine.global_var(mem, base + 2)

    def _save(self, slot: str) -> None:
        self._slots[slot] = self._env.get_state()

    def _restore(self, slot: str) -> None:
        if slot not in self._slots:
            raise GameInterfaceError(f"no saved slot '{slot}'; saved: {sorted(self._slots)}")
        self._env.set_state(self._slots[slot])

    def export_state(self, slot: str) -> bytes:
        """The slot as compressed JSON (RAM and stack in base64), safe to load back."""
        if slot not in self._slots:
            raise GameInterfaceError(f"no saved slot '{slot}'")
        return encode_state(self._slots[slot])

    def import_state(self, slot: str, data: bytes) -> None:
        """Make an exported state restorable under slot."""
        self._slots[slot] = decode_state(data)

    def ground_truth(self) -> GroundTruth:
        """The room (walking up from the player through vehicles and containers) and inventory."""
        if self._env is None or not self._running:
            raise GameNotRunningError("ground_truth() needs a started game")
        mem = self._memory()
        objs = zmachine.objects(mem)
        player = self._player_number(objs)
        location = (
            zmachine.global_var(mem, self._location_global) if self._location_global is not None else None
        )
        room = zmachine.room_of(objs, player, location)
        inventory = [o.name for o in _children(objs, player)]
        return GroundTruth(room.name, room.num, inventory)

    def _player_number(self, objs: dict[int, zmachine.ZObject]) -> int:
        if self._supported:
            return int(self._env.player_obj_num)
        for obj in objs.values():
            if obj.name == INFORM_PLAYER_NAME:
                return obj.num
        raise GameInterfaceError(f"cannot find the player object in {self.path.name}")

    def _close(self) -> None:
        if self._env is not None:
            self._env.close()
            self._env = None


def _children(objs: dict[int, zmachine.ZObject], parent: int) -> list[zmachine.ZObject]:
    found: list[zmachine.ZObject] = []
    child = objs[parent].child
    while child and child in objs and len(found) < len(objs):
        found.append(objs[child])
        child = objs[child].sibling
    return found


def strip_status_line(text: str) -> str:
    """Drop the trailing prompt line, where jericho leaves an unknown game's status line.

    >>> strip_status_line("Taken.\\n\\n>          HallScore: 0Moves: 3")
    'Taken.\\n\\n'
    >>> strip_status_line("No prompt here.\\n")
    'No prompt here.\\n'
    """
    cut = text.rfind("\n>")
    if cut < 0 or "\n" in text[cut + 1 :]:
        return text
    return text[: cut + 1]


def encode_state(state: tuple[Any, ...]) -> bytes:
    """Serialise a jericho state tuple without pickle."""
    ram, stack, pc, sp, fp, frame_count, opcode, rng, narrative = state
    doc: dict[str, Any] = {
        k: int(v) for k, v in zip(_STATE_FIELDS, (pc, sp, fp, frame_count, opcode), strict=True)
    }
    doc.update(ram=_b64(ram.tobytes()), stack=_b64(stack.tobytes()), narrative=_b64(narrative))
    doc["rng"] = [int(x) for x in rng]
    return zlib.compress(json.dumps(doc).encode("ascii"))


def decode_state(data: bytes) -> tuple[Any, ...]:
    """The inverse of encode_state."""
    try:
        doc = json.loads(zlib.decompress(data))
    except (zlib.error, ValueError) as exc:
        raise GameInterfaceError(f"not an exported jericho state: {exc}") from exc
    ram = np.frombuffer(base64.b64decode(doc["ram"]), dtype=np.uint8).copy()
    stack = np.frombuffer(base64.b64decode(doc["stack"]), dtype=np.uint8).copy()
    ints = [int(doc[k]) for k in _STATE_FIELDS]
    return (ram, stack, *ints, tuple(doc["rng"]), base64.b64decode(doc["narrative"]))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")
