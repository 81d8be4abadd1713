"""Rotating save slots, and the envelope that keeps the world model with an interpreter state.

The database stores one bytes value per saved state. We pack the interpreter's own state together
with the orchestrator's memory (map, items, puzzles, agent state) so that a restore after a death,
and a resume after a crash, roll the world model back to exactly the moment the game was saved.
"""

from __future__ import annotations

import json
import struct
import zlib
from dataclasses import dataclass
from typing import Any

MAGIC = b"AFZ1"
_HEADER = struct.Struct(">I")


def pack_state(interpreter: bytes, mind: dict[str, Any]) -> bytes:
    """Interpreter bytes plus the JSON memory, in one self-describing value.

    >>> unpack_state(pack_state(b"\\x00ram", {"turn": 3}))
    (b'\\x00ram', {'turn': 3})
    """
    header = zlib.compress(json.dumps(mind, separators=(",", ":")).encode("utf-8"))
    return MAGIC + _HEADER.pack(len(header)) + header + interpreter


def unpack_state(data: bytes) -> tuple[bytes, dict[str, Any] | None]:
    """Split a packed state; a bare interpreter state comes back with no memory.

    >>> unpack_state(b"plain")
    (b'plain', None)
    """
    if not data.startswith(MAGIC):
        return data, None
    start = len(MAGIC) + _HEADER.size
    (size,) = _HEADER.unpack(data[len(MAGIC) : start])
    mind = json.loads(zlib.decompress(data[start : start + size]).decode("utf-8"))
    return data[start + size :], mind


@dataclass(frozen=True)
class SavePoint:
    """One save: its slot, the turn it was taken after, and the packed state."""

    slot: str
    turn: int
    packed: bytes

    @property
    def mind(self) -> dict[str, Any]:
        """The memory stored with the save."""
        return unpack_state(self.packed)[1] or {}


RETRIES_PER_SAVE = 2  # deaths restored to one save before an older one is preferred
# Rule ``an older save after repeated deaths``: a death that comes back from every rotating save (a
# clock already running, a step that doomed the game some turns before) is escaped only from a state
# before that step. So besides the rotation, a ladder of older saves is kept, one every ``LADDER_EVERY``
# turns (``LADDER_SAVES`` at most); once every rotating save has been died from ``RETRIES_PER_SAVE``
# times, a death goes back to the newest rung older than them that holds as many points as the newest
# save (the agent remembers what it tried, so points given back were seldom won again: measured on a
# dev story, run 1 fell from 10 to 0 points going down the ladder), and the ladder is cut there.
LADDER_EVERY = 40
LADDER_SAVES = 6
LADDER_RULE = "an older save after repeated deaths"


class SaveRotation:
    """Saves into ``slots`` rotating slots; restores the most recent one that has not failed twice."""

    def __init__(self, game: Any, slots: int = 3, prefix: str = "autofrotz") -> None:
        self.game = game
        self.names = [f"{prefix}_{i}" for i in range(max(1, slots))]
        self.points: list[SavePoint] = []
        self.deaths: dict[str, int] = {}  # slot -> deaths restored to its current save
        self.ladder: list[SavePoint] = []  # older saves along this timeline, the oldest first
        self.rule = ""  # the rule of the last restore when it was not the plain rotation's
        self._next = 0

    def save(self, turn: int, mind: dict[str, Any]) -> SavePoint:
        """Save the running game into the next slot, with the memory given."""
        slot = self.names[self._next]
        self._next = (self._next + 1) % len(self.names)
        self.game.save(slot)
        point = SavePoint(slot, turn, pack_state(self.game.export_state(slot), mind))
        self._keep(point)
        if not self.ladder or turn - self.ladder[-1].turn >= LADDER_EVERY:
            self.ladder = (self.ladder + [point])[-LADDER_SAVES:]
        return point

    def adopt(self, turn: int, packed: bytes) -> SavePoint:
        """Load a stored state into a slot (resume) and restore the game to it."""
        slot = self.names[self._next]
        self._next = (self._next + 1) % len(self.names)
        raw, _ = unpack_state(packed)
        self.game.import_state(slot, raw)
        self.game.restore(slot)
        point = SavePoint(slot, turn, packed)
        self._keep(point)
        return point

    def _keep(self, point: SavePoint) -> None:
        self.points = [p for p in self.points if p.slot != point.slot] + [point]
        self.deaths[point.slot] = 0

    def latest(self) -> SavePoint | None:
        """The most recent save, if any."""
        return self.points[-1] if self.points else None

    def restore_after_death(self) -> SavePoint | None:
        """Restore for a death: the newest save not yet died from twice, else a rung of the ladder older
        than all of them (rule ``an older save after repeated deaths``), else the oldest save.

        A save taken where death cannot be escaped (a foe already attacking) would otherwise be
        restored forever; stepping back to an older save gives the agent another way forward.
        """
        self.rule = ""
        if not self.points:
            return None
        fresh = [p for p in self.points if self.deaths.get(p.slot, 0) < RETRIES_PER_SAVE]
        if not fresh:
            rung = self._older_rung()
            if rung is not None:
                return self._climb_down(rung)
        point = fresh[-1] if fresh else self.points[0]
        self.deaths[point.slot] = self.deaths.get(point.slot, 0) + 1
        self.game.restore(point.slot)
        self.ladder = [p for p in self.ladder if p.turn <= point.turn]  # the rest is an undone timeline
        return point

    def _older_rung(self) -> SavePoint | None:
        """Rule ``an older save after repeated deaths``: the newest rung older than every rotating save."""
        oldest = min(p.turn for p in self.points)
        floor = _score(self.points[-1])  # points given back are not won again: an agent remembers its tries
        older = [p for p in self.ladder if p.turn < oldest and _score(p) >= floor]
        return older[-1] if older else None

    def _climb_down(self, rung: SavePoint) -> SavePoint:
        """Restore a rung into a slot; it becomes the only rotating save (the others all died twice)."""
        slot = self.names[self._next]
        self._next = (self._next + 1) % len(self.names)
        raw, _ = unpack_state(rung.packed)
        self.game.import_state(slot, raw)
        self.game.restore(slot)
        point = SavePoint(slot, rung.turn, rung.packed)
        self.points, self.deaths = [point], {slot: 1}
        self.ladder = [p for p in self.ladder if p.turn < rung.turn]
        self.rule = LADDER_RULE
        return point


def _score(point: SavePoint) -> int:
    """The score stored with a save (0 when none was)."""
    return int(point.mind.get("score") or 0)
