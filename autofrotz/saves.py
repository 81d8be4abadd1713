"""Rotating save slots and the older-save ladder.

Each save packs the interpreter's own state together with the orchestrator's memory (map, items,
puzzles, agent state; the envelope is storage/states.py) so that a restore after a death, and a
resume after a crash, roll the world model back to exactly the moment the game was saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from autofrotz.storage.states import ROTATION, SELF, StateDamagedError, pack_state, state_ref, unpack_state


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

    @property
    def ref(self) -> str:
        """How a rotation record names this save (SELF while it is being packed)."""
        return state_ref(self.packed) if self.packed else SELF


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
        self.resume_slot = f"{prefix}_resume"  # where a resumed game's own state is loaded
        self._next = 0

    def save(self, turn: int, mind: dict[str, Any]) -> SavePoint:
        """Save the running game into the next slot, with the memory given and the rotation after it."""
        slot = self._take_slot()
        self.game.save(slot)
        placeholder = SavePoint(slot, turn, b"")  # stands for this save in the record it carries
        self._keep(placeholder)
        if not self.ladder or turn - self.ladder[-1].turn >= LADDER_EVERY:
            self.ladder = (self.ladder + [placeholder])[-LADDER_SAVES:]
        point = SavePoint(slot, turn, self.pack(self.game.export_state(slot), mind))
        self.points = [point if p is placeholder else p for p in self.points]
        self.ladder = [point if p is placeholder else p for p in self.ladder]
        return point

    def pack(self, interpreter: bytes, mind: dict[str, Any]) -> bytes:
        """A state to store: the interpreter, the memory and this rotation (what a resume rebuilds)."""
        return pack_state(interpreter, {**mind, ROTATION: self.record()})

    def record(self) -> dict[str, Any]:
        """The rotation as data: slots, their saves (by ref), deaths per slot, the ladder, the next slot."""
        return {
            "next": self._next,
            "points": [[p.slot, p.turn, p.ref] for p in self.points],
            "deaths": dict(self.deaths),
            "ladder": [[p.slot, p.turn, p.ref] for p in self.ladder],
        }

    def resume(self, turn: int, packed: bytes, fetch: Callable[[str], bytes | None]) -> SavePoint:
        """Rebuild the rotation a stored state records and bring the game to that state (resume).

        ``fetch`` finds another stored state by its ref. A state stored before rotations were recorded,
        or with another number of slots, starts a rotation of its own.
        """
        raw, mind = unpack_state(packed)
        record = (mind or {}).get(ROTATION)
        if not isinstance(record, dict) or not _fits(record, self.names):
            return self.adopt(turn, packed)  # recorded before rotations were, or with other slots
        try:
            if len(record["points"]) > len(self.names) or len(record["ladder"]) > LADDER_SAVES:
                raise ValueError("more saves than the slots and the ladder hold")
            self.points = [self._entry(e, packed, fetch) for e in record["points"]]
            self.ladder = [self._entry(e, packed, fetch) for e in record["ladder"]]
            self.deaths = {str(k): int(v) for k, v in record["deaths"].items()}
            self._next = int(record["next"]) % len(self.names)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise StateDamagedError(f"the stored save rotation cannot be read: {exc}") from None
        for point in self.points:
            self.game.import_state(point.slot, unpack_state(point.packed)[0])
        self.game.import_state(self.resume_slot, raw)
        self.game.restore(self.resume_slot)
        return SavePoint(self.resume_slot, turn, packed)

    def _entry(self, entry: Any, own: bytes, fetch: Callable[[str], bytes | None]) -> SavePoint:
        """One [slot, turn, ref] entry of a record, with the state it names."""
        slot, turn, ref = entry
        if slot not in self.names:
            raise StateDamagedError(f"the stored save rotation names an unknown slot {str(slot)[:40]!r}")
        data = own if ref == SELF else fetch(str(ref))
        if data is None:
            raise StateDamagedError(f"the save of turn {int(turn)} that the rotation names is not stored")
        return SavePoint(slot, int(turn), data)

    def adopt(self, turn: int, packed: bytes) -> SavePoint:
        """Load a stored state into a slot and restore the game to it (a state with no rotation record)."""
        slot = self._take_slot()
        raw, _ = unpack_state(packed)
        self.game.import_state(slot, raw)
        self.game.restore(slot)
        point = SavePoint(slot, turn, packed)
        self._keep(point)
        return point

    def _take_slot(self) -> str:
        slot = self.names[self._next]
        self._next = (self._next + 1) % len(self.names)
        return slot

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
        slot = self._take_slot()
        raw, _ = unpack_state(rung.packed)
        self.game.import_state(slot, raw)
        self.game.restore(slot)
        point = SavePoint(slot, rung.turn, rung.packed)
        self.points, self.deaths = [point], {slot: 1}
        self.ladder = [p for p in self.ladder if p.turn < rung.turn]
        self.rule = LADDER_RULE
        return point


def _fits(record: dict[str, Any], names: list[str]) -> bool:
    """Whether a rotation record was made with these slots (save_slots may change between sessions)."""
    entries = record.get("points")
    return isinstance(entries, list) and all(isinstance(e, list) and e and e[0] in names for e in entries)


def _score(point: SavePoint) -> int:
    """The score stored with a save (0 when none was)."""
    return int(point.mind.get("score") or 0)
