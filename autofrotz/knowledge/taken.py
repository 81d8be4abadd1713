"""Rule ``what an earlier run took``: here, a command that first gave an earlier run things this run never
held is sent (once a run, as a plan); once the agent's own exploring is spent, the known map leads to the
nearest room with such a command (``TAKE_STEPS`` steps a room, ``TAKE_TURNS`` a run; the agent's
``wider`` seam asks ``TakenRule.walk_step``). A later run's path skips what the first run picked up on
the way and never used; a point may need it with what the path brings.

Rule ``not there yet``: a taking answered "You can't see any such thing" (the thing comes later: an
event puts it there) is sent once more when a text of the room names the thing.

A rule object of a later run's policy holding its part of the run's state (``TakenState``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_tactics import objects
from autofrotz.knowledge.path import same_place
from autofrotz.knowledge.rules import NOT_YET, TAKEN, on
from autofrotz.knowledge.told import notes_nothing
from autofrotz.reading.told_text import WORDS

TAKE_STEPS = 12
TAKE_TURNS = 80
TAKEN_RULE = "what an earlier run took"
NOT_YET_RULE = "not there yet"
# (first step, the room's name) towards the nearest of the rooms over the known map, each walked towards
# at most ``limit`` steps (counted in ``walked``); None when there is none.
WalkToNearest = Callable[[TurnContext, list[str], dict[str, int], int], "tuple[str, str] | None"]


@dataclass
class TakenState:
    """What the rule sent, the walks to it, what this run has held."""

    took: list[str] = field(default_factory=list)  # "room|command" sent by rule ``what an earlier run took``
    take_walks: dict[str, int] = field(default_factory=dict)  # its room -> steps walked towards it
    took_absent: list[str] = field(default_factory=list)  # "room|command" takings answered "can't see"
    held: list[str] = field(default_factory=list)  # every thing this run has carried (lower case)


@dataclass
class TakenRule:
    """Here, the taking an earlier run made (a plan); elsewhere, a step towards it (``walk_step``)."""

    taken: TakenState
    known: Mapping[tuple[str, str], tuple[int, tuple[str, ...]]]  # (room, command) -> (run, things)
    memory: Callable[[], Memory]  # the built-in agent's memory, as it is now
    walk_to_nearest: WalkToNearest
    runs: int  # earlier runs
    name = TAKEN
    observe = notes_nothing

    def takes_left(self, ctx: TurnContext, text: str = "") -> list[tuple[str, str, int, tuple[str, ...]]]:
        """(room, command, run, things) not sent this run (or sent before the thing was there, and
        ``text`` names it now), whose things this run never held, that never killed there."""
        if not on(TAKEN) or ctx.room_id is None:
            return []
        s, mem = self.taken, self.memory()
        words = set(WORDS.findall(text))
        return [
            (room, command, run, things)
            for (room, command), (run, things) in self.known.items()
            if (
                f"{room}|{command}" not in s.took
                or f"{room}|{command}" in s.took_absent
                and any(words & {h, f"{h}s", f"{h}es"} for h in (t.lower().split()[-1] for t in things))
            )
            and not any(t.lower() in s.held for t in things)
            and not mem.deadly(room, command)
        ]

    def note_held(self, ctx: TurnContext) -> None:
        """What this run carries now joins ``held`` (not fetched again)."""
        if on(TAKEN) and ctx.room_id is not None:
            held = self.taken.held
            held += [c.lower() for c in ctx.inventory if c.lower() not in held]

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Here: its command (once a run), or once more when the room now names what was not there."""
        self.note_held(ctx)
        s, last = self.taken, (ctx.last_command or "").strip().lower()
        if on(NOT_YET) and s.took and s.took[-1].endswith(f"|{last}") and ctx.reading.no_such_thing:
            s.took_absent += [] if s.took[-1] in s.took_absent else [s.took[-1]]
        text = f"{ctx.room_description or ''} {ctx.last_output or ''}".lower()
        for room, command, run, things in self.takes_left(ctx, text):
            if same_place(ctx.room_id, room):
                key = f"{room}|{command}"
                again = key in s.took
                s.took += [] if again else [key]
                s.took_absent = [k for k in s.took_absent if k != key]
                if again:  # this run's own memory of the refusal is no bar now: the thing is named here
                    mem = self.memory()
                    mem.attempts.unmark(ctx.room_id, command)
                    named = set(objects(command))
                    mem.seen.absent = [
                        a for a in mem.seen.absent if a.room != ctx.room_id or a.what not in named
                    ]
                rule = f"{NOT_YET_RULE} (run {run})" if again else f"{TAKEN_RULE} (run {run})"
                return command, f"{rule}: {', '.join(things)}"
        return None

    def walk_step(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Elsewhere: a step towards the nearest room with a taking left."""
        if ctx.room_id is None or sum(self.taken.take_walks.values()) >= TAKE_TURNS:
            return None
        self.note_held(ctx)
        rooms = [room for room, _command, _run, _things in self.takes_left(ctx)]
        rooms = [r for r in rooms if not same_place(ctx.room_id, r)]
        step = self.walk_to_nearest(ctx, rooms, self.taken.take_walks, TAKE_STEPS)
        if step is None:
            return None
        return step[0], f"{TAKEN_RULE} (after {self.runs} earlier runs): to {step[1]}"
