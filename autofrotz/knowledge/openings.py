"""Rule ``a way an earlier run opened``: in the room where a command's reply told an earlier run of a way
opening, the command is planned (once a run); the turn after, when the reply tells of an opening, the way
itself is sent (once), past the earlier runs' vetoes (the way was a wall before it opened). Two rows of a
later run's policy holding one part of the run's state (``Openings``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_ways import ways_the_reply_opens
from autofrotz.knowledge.path import same_place
from autofrotz.knowledge.rules import OPENINGS as RULE
from autofrotz.knowledge.rules import on
from autofrotz.knowledge.told import notes_nothing


@dataclass
class Openings:
    """The openings sent this run, and the way to go next."""

    opened: list[str] = field(default_factory=list)  # "room|command" sent by the rule
    opened_way: str = ""  # the way to go next (the command was just sent)


@dataclass
class OpeningHere:
    """The command that opened a way, planned in its room."""

    openings: Openings
    known: Mapping[tuple[str, str], tuple[int, str]]  # (room, command) -> (run, way) of earlier runs
    name = RULE
    observe = notes_nothing

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        """The command of an opening in this room not sent this run (spent once asked)."""
        kept = self.openings
        for (room, command), (run, way) in self.known.items() if on(RULE) else ():
            key = f"{room}|{command}"
            if same_place(ctx.room_id, room) and key not in kept.opened:
                kept.opened.append(key)
                kept.opened_way = way
                return command, f"{RULE} (run {run}): it opened a way {way}"
        return None


@dataclass
class ThroughOpening:
    """The way the command opened, sent at once the turn after it when the reply told of an opening."""

    openings: Openings
    deadly: Callable[[str | None, str], bool]  # whether a command killed the player there this run
    name = RULE
    observe = notes_nothing

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        """The way to go (spent once asked)."""
        way, self.openings.opened_way = self.openings.opened_way, ""
        if not way or not ways_the_reply_opens(ctx.last_command or "", ctx.last_output or ""):
            return None
        if self.deadly(ctx.room_id, way):
            return None
        return way, f"{RULE}: go that way"
