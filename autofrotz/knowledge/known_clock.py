"""Rules ``known clock``, ``another way out when the way back is barred`` and ``a known point before the
clock`` (clock.py) as three rows of a later run's policy holding one part of the run's state
(``ClockState``): ``ClockWatch`` follows where this run walked in when every row observes and finds
the turn's way out; ``PointBeforeClock`` sends the room's known scoring action first when there is one;
``LeaveByClock`` sends the way out."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.knowledge.clock import (
    CLOCK_VISITS,
    OTHER_WAY_RULE,
    Deaths,
    Stay,
    leave_by,
    other_way_out,
    this_run_exits,
    unwalked_ways,
)
from autofrotz.knowledge.path import same_place
from autofrotz.knowledge.rules import CLOCK_POINT, CLOCKS, OTHER_WAYS, on
from autofrotz.knowledge.state_part import fields_of
from autofrotz.knowledge.told import Send, notes_nothing
from autofrotz.policy.protocol import Proposal
from autofrotz.words.directions import parse_direction

log = logging.getLogger(__name__)


@dataclass
class ClockState:
    """Rule ``known clock``: where this run walked in, its deaths, the rooms it left."""

    stay: Stay = field(default_factory=Stay)  # where this run last walked in (rule ``known clock``)
    room: str = ""  # the room of the last turn
    own_deaths: list[list[Any]] = field(default_factory=list)  # [room, since, command]: this run's
    leaves: dict[str, int] = field(default_factory=dict)  # room -> times left by its clock
    barred: list[str] = field(default_factory=list)  # "room|direction" moves not walked again

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClockState:
        known = fields_of(cls, data)
        if isinstance(known.get("stay"), dict):
            known["stay"] = Stay(**known["stay"])
        return cls(**known)


@dataclass
class ClockWatch:
    """Follows where this run walked in (this run's deaths count as they come); back in a room whose
    clock killed, half its turns spent, the way it came is the turn's way out (``leave``); a way out
    refused, a way the room's text names that this run never walked."""

    clock: ClockState
    stays: dict[str, list[tuple[int, str, int]]]  # earlier runs' deaths after walking in, by room
    said_first: Callable[[], bool]  # whether a reply spelled out a command to send first
    hinted: Callable[[str], list[str]]  # the ways the agent read in a room's text
    leave: tuple[str, str] | None = None  # this turn's way out (command, reasoning)
    name = CLOCKS
    plans = False

    def observe(self, turn: AgentTurn) -> None:
        self.leave = self.way_out(turn.given)

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        return None

    def way_out(self, ctx: TurnContext) -> tuple[str, str] | None:
        """The turn's (command, reasoning) out of a room whose clock kills, or None."""
        s = self.clock
        room = ctx.room_id or ""
        died = s.stay.step(s.room, ctx.last_command or "", room, bool(ctx.death_note))
        s.room = room
        if died is not None:
            s.own_deaths.append([died[0], died[1], ctx.last_command or ""])
        if on(CLOCKS) and on(OTHER_WAYS) and s.stay.left and not self.said_first():
            last, reply = (ctx.last_command or "").strip().lower(), ctx.last_output or ""
            way = other_way_out(s.stay, last, room, self.ways_of(ctx), reply)
            if way is not None:
                log.info("knowledge: %s: %s", OTHER_WAY_RULE, way)
                return way, f"{OTHER_WAY_RULE}: the way back was refused"
        if not on(CLOCKS) or not s.stay.room or s.stay.left or s.stay.room != room:
            return None
        deaths = Deaths({r: list(d) for r, d in self.stays.items()})
        for r, since, command in s.own_deaths:
            deaths.add(r, since, command, 0)
        clock = next((c for r, c in deaths.clocks().items() if same_place(r, room) and r and room), None)
        if clock is None or s.stay.since < clock.leave_after:
            return None
        command = leave_by(s.stay, this_run_exits(ctx.map))
        if command is None:
            return None
        s.stay.left = True
        s.leaves[room] = s.leaves.get(room, 0) + 1
        back = parse_direction(command)
        if s.leaves[room] >= CLOCK_VISITS and s.stay.came_from and back is not None:
            s.barred.append(f"{s.stay.came_from}|{s.stay.direction}")
        why = f"{clock.rule()}: it killed {clock.turns} turns after walking in here; {s.stay.since} spent"
        log.info("knowledge: %s", why)
        return command, why

    def ways_of(self, ctx: TurnContext) -> list[str]:
        """The ways this room's text names that this run has not walked (clock.unwalked_ways)."""
        room = ctx.room_id or "?"
        walked = set(this_run_exits(ctx.map).get(room, {}))
        return unwalked_ways(ctx.map, room, self.hinted(room), walked)


@dataclass
class PointBeforeClock:
    """Rule ``a known point before the clock``: the clock says leave, and a known scoring action of this
    room can be done: it is sent first, and the clock still says leave the turn after."""

    watch: ClockWatch
    point: Callable[[TurnContext], tuple[str, str] | None]  # the room's known scoring action, if any
    send: Send
    name = CLOCK_POINT
    plans = False
    observe = notes_nothing

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        ctx = turn.given
        point = self.point(ctx) if self.watch.leave is not None and on(CLOCK_POINT) else None
        if point is None:
            return None
        s = self.watch.clock
        s.stay.left = False  # the clock still says leave next turn
        room = ctx.room_id or ""
        s.leaves[room] = s.leaves.get(room, 1) - 1
        s.barred = [b for b in s.barred if b != f"{s.stay.came_from}|{s.stay.direction}"]
        return self.send(ctx, point)


@dataclass
class LeaveByClock:
    """Rule ``known clock``: the way out the watch found, sent at once."""

    watch: ClockWatch
    send: Send
    name = CLOCKS
    plans = False
    observe = notes_nothing

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        return self.send(turn.given, self.watch.leave)
