"""Rule ``known way on``: here, a command other than a move that led on in an earlier run to a room this
run has not seen is sent (once a run, as a plan). A rule object of a later run's policy holding its part
of the run's state (``WaysOn``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from autofrotz.agents.base import TurnContext
from autofrotz.knowledge.path import same_place
from autofrotz.knowledge.rules import WAYS_ON, on
from autofrotz.knowledge.told import notes_nothing


@dataclass
class WaysOn:
    """The known ways on sent this run."""

    ways: list[str] = field(default_factory=list)  # "room|command"


@dataclass
class KnownWayOn:
    """A way on an earlier run found here, to a room this run has not seen, that never killed here."""

    sent: WaysOn
    known: Mapping[tuple[str, str], tuple[int, str]]  # (room, command) -> (run, the room it led to)
    rooms: Mapping[str, str]  # room -> its name
    deadly: Callable[[str | None, str], bool]  # whether the command killed the player there
    name = WAYS_ON
    observe = notes_nothing

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        if not on(WAYS_ON) or ctx.room_id is None:
            return None
        names = set(ctx.known_rooms)  # the context lists this run's rooms by name, not by id
        for (room, command), (run, to) in self.known.items():
            key = f"{room}|{command}"
            if key in self.sent.ways or not same_place(ctx.room_id, room):
                continue
            if self.rooms.get(to, to) in names:  # it leads where this run has been
                continue
            if self.deadly(ctx.room_id, command):
                continue
            self.sent.ways.append(key)
            return command, f"known way on (run {run}): it led on from here"
        return None
