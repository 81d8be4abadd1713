"""What every part of KnowingAgent shares: the agent it informs, the lore, the path, this run's
state, and walking the known map."""

from __future__ import annotations

import logging
import re
from typing import Any

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import Advised
from autofrotz.knowledge.clock import this_run_exits
from autofrotz.knowledge.goal_state import GoalState
from autofrotz.knowledge.informed import KnownVetoes
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.path import ProvenPath
from autofrotz.knowledge.rules import (
    DETOUR,
    on,
)
from autofrotz.words.directions import parse_direction

log = logging.getLogger(__name__)

STEP_REPEATS = 3  # a step plans walked this often leads nowhere this run (a guard, the dark): avoid it
PATH_RULE = "proven path"
REJOINS = 4  # times a run may rejoin the proven path after going off it
REJOIN_RULE = "rejoin the path"
PASS_RULE = "a refused step is passed over"
BACK_TURNS = 40  # turns a run may spend walking back to the path
BACK_RULE = "back to the path"
UNSEEN_STEPS = 12  # steps walked towards one such room before it is left
UNSEEN_TURNS = 120  # steps a run walks towards them in all
UNSEEN_RULE = "known room not seen this run"
DETOURS = 4  # first steps that killed left out before a route is given up
OPENED_RULE = "a way an earlier run opened"


class KnowingBase:
    """What every part of KnowingAgent shares: the agent, the lore, the path, the state, the known map."""

    inner: Advised
    advice: KnownVetoes
    lore: Lore
    path: ProvenPath | None
    state: GoalState

    def _inform(self) -> None:
        """Hand the agent this run's vetoes and seams (KnowingAgent does)."""
        raise NotImplementedError

    def _route_to(self, ctx: TurnContext, room: str) -> list[str]:
        """Moves over the known map (earlier runs' exits and this run's) to a room, first step allowed."""
        mem, s = self.inner.mem, self.state
        avoid = frozenset(
            (k.split("|", 1)[0], k.split("|", 1)[1]) for k, n in s.steps.items() if n >= STEP_REPEATS
        )
        exits = this_run_exits(ctx.map)
        if on(DETOUR):  # rule ``a shut step is walked around``: moves refused this run, wherever they were
            avoid = avoid | {(k.room, k.what) for k in mem.attempts.fails if parse_direction(k.what)}
        steps = self.lore.route(ctx.room_id, room, exits, avoid)
        for _ in range(DETOURS if on(DETOUR) else 0):  # a first step that killed here: another way
            if not steps or not mem.deadly(ctx.room_id, steps[0]):
                break
            avoid = avoid | {(ctx.room_id or "", steps[0])}
            steps = self.lore.route(ctx.room_id, room, exits, avoid)
        if not steps or mem.failed_this_run(ctx.room_id, steps[0]) or mem.deadly(ctx.room_id, steps[0]):
            return []
        key = f"{ctx.room_id}|{steps[0]}"
        s.steps[key] = s.steps.get(key, 0) + 1
        return steps

    def _route_to_any(self, ctx: TurnContext, rooms: list[str]) -> list[str]:
        """The shortest known route to one of the rooms."""
        routes = [r for r in (self._route_to(ctx, room) for room in rooms if room != ctx.room_id) if r]
        return min(routes, key=len) if routes else []

    def _rooms_naming(self, ctx: TurnContext, word: str) -> list[str]:
        """Rooms where this run saw a thing of that name, whose text names it, or where an earlier run
        sent a command naming it."""
        mem, rooms = self.inner.mem, []
        rooms += [r for r, names in mem.seen.nouns.items() if any(word in n.split() for n in names)]
        texts = _room_texts(ctx.map)
        rooms += [r for r, text in texts.items() if word in re.findall(r"[a-z]+", text.lower())]
        sent = [*self.lore.dead_ends, *self.lore.taken, *((g.room, g.command) for g in self.lore.scoring)]
        rooms += [room for room, command in sent if word in command.split()]
        return list(dict.fromkeys(rooms))

    def _walk_to_nearest(
        self,
        ctx: TurnContext,
        rooms: list[str],
        walked: dict[str, int],
        limit: int,
        exits: dict[str, dict[str, str]] | None = None,
    ) -> tuple[str, str] | None:
        """(first step, the room's name) towards the nearest of ``rooms`` over the known map, each walked
        towards at most ``limit`` steps (counted in ``walked``); a room whose first step failed or killed
        here is left. ``exits``: this run's, when the caller has read them already."""
        exits = this_run_exits(ctx.map) if exits is None else exits
        best: tuple[str, list[str]] | None = None
        for room in rooms:
            if walked.get(room, 0) >= limit:
                continue
            steps = self.lore.route(ctx.room_id, room, exits)
            if steps and (best is None or len(steps) < len(best[1])):
                best = (room, steps)
        if best is None:
            return None
        room, steps = best
        mem = self.inner.mem
        if mem.failed_this_run(ctx.room_id, steps[0]) or mem.deadly(ctx.room_id, steps[0]):
            walked[room] = limit  # the way there is shut or kills: leave that room
            return None
        walked[room] = walked.get(room, 0) + 1
        return steps[0], self.lore.rooms.get(room, room)

    def _ruled_out(self) -> frozenset[str]:
        """The things ("room|thing") the wider pool uses nothing on: not here (until the score rises), or
        one that swallowed a carried thing this run (rules ``a thing not here is not used here``, ``what
        swallows things gets no more``)."""
        return frozenset(self.state.things.absent + self.state.things.sinks)

    def _not_kinds(self) -> frozenset[str]:
        """Uses refused in kind by earlier runs and this one (rule ``what a thing is not``, kinds.py)."""
        return frozenset(self.lore.not_kinds) | frozenset(self.state.things.not_kinds)


def _room_texts(world_map: Any) -> dict[str, str]:
    """This run's room descriptions by room id."""
    try:
        return {str(r): _room_text(world_map, r) for r in world_map.graph}
    except Exception:  # no map (a test's bare context)
        return {}


def _room_text(world_map: Any, room: str) -> str:
    """This run's description of one room ("" when the map does not hold it)."""
    try:
        return str(world_map.room(room).get("description") or "")
    except Exception:  # no map (a test's bare context) or a room it does not hold
        return ""
