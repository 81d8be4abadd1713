"""Algorithmic stuck detection: repeated commands, room cycling, repeated failures.

Every counter starts afresh when the world changes (a new room, an item, the score), since a
change means the agent is making progress even if it repeats itself.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from autofrotz.reading import Reading

REPEAT_WINDOW = 10
REPEAT_LIMIT = 2  # more than this many times in the window is stuck
CYCLE_TURNS = 15
CYCLE_ROOMS = 3
FAILURE_LIMIT = 3


def _normalise(text: str) -> str:
    return " ".join(text.lower().split())[:120]


@dataclass
class StuckDetector:
    """Watches the action history since the last change in the world."""

    commands: list[str] = field(default_factory=list)
    rooms: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def record(self, reading: Reading, room: str | None, progressed: bool) -> None:
        """Add one turn, as its reply was read (reading/); a change in the world resets the counters."""
        if progressed:
            self.reset()
            return
        self.commands.append(reading.command.lower().strip())
        self.rooms.append(room or "?")
        if reading.failure:
            self.failures.append(_normalise(reading.text))

    def reset(self) -> None:
        """Forget the history (the world changed)."""
        self.commands.clear()
        self.rooms.clear()
        self.failures.clear()

    def check(self) -> str:
        """A short description of how the agent is stuck, or an empty string."""
        # the same command counts as repeated only where it left the player in the same room: walking
        # "east" down a corridor of rooms is no circling
        pairs = list(zip(self.commands, self.rooms, strict=False))[-REPEAT_WINDOW:]
        repeated = Counter(pairs).most_common(1)
        if repeated and repeated[0][1] > REPEAT_LIMIT:
            command, count = repeated[0][0][0], repeated[0][1]
            return f"you have typed '{command}' {count} times recently in one place; try something else"
        recent = self.rooms[-(CYCLE_TURNS + 1) :]
        if len(recent) > CYCLE_TURNS and len(set(recent)) <= CYCLE_ROOMS:
            return "you have circled the same few rooms without progress; explore somewhere new"
        fails = Counter(self.failures).most_common(1)
        if fails and fails[0][1] >= FAILURE_LIMIT:
            return "the same action keeps failing; try a different verb, object or place"
        return ""

    def to_dict(self) -> dict[str, Any]:
        """State for saves and resume."""
        return {"commands": list(self.commands), "rooms": list(self.rooms), "failures": list(self.failures)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> StuckDetector:
        """Rebuild from to_dict output."""
        lists = (list(data.get(key, [])) for key in ("commands", "rooms", "failures"))
        return cls(*lists)
