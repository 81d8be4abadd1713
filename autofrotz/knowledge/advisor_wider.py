"""Rules for when the agent's own exploring is spent: things an earlier run took, rooms it saw, the
wider pool and its walks."""

from __future__ import annotations

import logging
import re
from typing import Any

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_idle import next_late_action
from autofrotz.agents.builtin_tactics import allowed, objects
from autofrotz.knowledge.advisor_base import (
    NOT_YET_RULE,
    TAKE_STEPS,
    TAKE_TURNS,
    TAKEN_RULE,
    UNSEEN_RULE,
    UNSEEN_STEPS,
    UNSEEN_TURNS,
    KnowingBase,
)
from autofrotz.knowledge.clock import this_run_exits
from autofrotz.knowledge.path import same_place
from autofrotz.knowledge.pool_walk import RULE as POOL_RULE
from autofrotz.knowledge.pool_walk import RUN_STEPS as POOL_RUN_STEPS
from autofrotz.knowledge.pool_walk import SWEEP_TURNS as POOL_SWEEP_TURNS
from autofrotz.knowledge.pool_walk import WALK_STEPS as POOL_WALK_STEPS
from autofrotz.knowledge.pool_walk import pool_target
from autofrotz.knowledge.rules import (
    NOT_YET,
    OWN_SWEEP,
    POOL_WALK,
    TAKEN,
    UNSEEN,
    on,
)
from autofrotz.knowledge.widen import (
    ROOM_BUDGET,
    Asked,
    pool_commands,
    untried_use,
)

log = logging.getLogger(__name__)


class WiderRules(KnowingBase):
    """Rules for when the agent's own exploring is spent."""

    def _wider(self, ctx: TurnContext, scene: Any) -> tuple[str, str] | None:
        """The agent's ``wider`` seam: a known room not seen this run, else an untried use."""
        self.state.pool.ran_dry = self.advice.ran_dry = True  # rule ``a dead end at fewer points`` may lift
        return self._take_walk(ctx) or self._unseen_room(ctx) or self._pool(ctx, scene)

    def _pool(self, ctx: TurnContext, scene: Any) -> tuple[str, str] | None:
        """The wider pool here; when it has nothing left here, a step towards a room where it has."""
        s, here = self.state, ctx.room_id or "?"
        if s.pool.pool_to and here != s.pool.pool_to and s.pool.pool_steps < POOL_WALK_STEPS:
            walk = self._pool_step(ctx)
            if walk is not None:
                return walk
        s.pool.pool_to = ""
        plan = self._untried(ctx, scene)
        if plan is not None:
            s.pool.pool_rooms += [] if here in s.pool.pool_rooms else [here]
            return plan
        s.pool.pool_dry += [] if here in s.pool.pool_dry else [here]
        if not on(POOL_WALK) or s.pool.pool_walked >= POOL_RUN_STEPS or ctx.room_id is None:
            return None
        if s.pool.sweep_room != f"{here}|{s.spread.stale_score}" or s.spread.stale_since < s.pool.sweep_from:
            s.pool.sweep_room, s.pool.sweep_from = (
                f"{here}|{s.spread.stale_score}",
                s.spread.stale_since if on(OWN_SWEEP) else 0,
            )
        own = s.spread.stale_since - s.pool.sweep_from  # the sweep's turns here so far
        if own < POOL_SWEEP_TURNS and next_late_action(scene, self.inner.mem) is not None:
            return None  # the agent's sweep of other verbs has its turns here first
        exits = this_run_exits(ctx.map)
        rooms = set(exits) | {to for d in exits.values() for to in d.values()}
        far = {
            r: len(steps)
            for r in rooms
            if r != here and r not in s.pool.pool_dry and self._pool_left(ctx, r)
            for steps in [self.lore.route(here, r, exits)]
            if steps
        }
        things = set(s.pool.pool_rooms) | {
            r for r in rooms if any(same_place(r, k) for k in self.lore.items.values())
        }
        target = pool_target(here, rooms, set(s.pool.pool_dry), things, far)
        if target is None:
            return None
        s.pool.pool_to, s.pool.pool_steps = target, 0
        return self._pool_step(ctx)

    def _pool_left(self, ctx: TurnContext, room: str) -> bool:
        """Whether the wider pool has a command left in another room of this run's map (seen as the
        agent remembers it: its things, what is carried now)."""
        s, mem = self.state, self.inner.mem
        if s.pool.uses.get(room, 0) >= ROOM_BUDGET:
            return False
        if not mem.now.lit and self.inner.map_dark(room):
            return False
        scene = self.inner.remote_scene(room)
        verbs = self.lore.verbs
        on = [v for v in verbs if v not in s.pool.no_thing]
        kinds, ruled_out = self._not_kinds(), self._ruled_out()
        asked = Asked(verbs, s.pool.wide_sent, s.pool.wants_thing, s.pool.wants_tool, on, kinds, ruled_out)
        pool = pool_commands(ctx.vocabulary.knows, room, scene, mem, asked)
        return any(allowed(c, room, mem) for c, _ in pool)

    def _pool_step(self, ctx: TurnContext) -> tuple[str, str] | None:
        """A step of rule ``the pool is not spent elsewhere`` (None, and the walk left, when none)."""
        s = self.state
        steps = self._route_to(ctx, s.pool.pool_to)
        if not steps:
            s.pool.pool_dry.append(
                s.pool.pool_to
            )  # no way there this time: not walked to again at this score
            s.pool.pool_to = ""
            return None
        s.pool.pool_steps += 1
        s.pool.pool_walked += 1
        where = self.lore.rooms.get(s.pool.pool_to, s.pool.pool_to)
        return steps[0], f"{POOL_RULE} (after {self.lore.runs} earlier runs): to {where}"

    def _untried(self, ctx: TurnContext, scene: Any) -> tuple[str, str] | None:
        """An untried use (knowledge/widen.py)."""
        s = self.state
        mem, verbs = self.inner.mem, self.lore.verbs
        runs = self.lore.runs
        on = [v for v in verbs if v not in s.pool.no_thing]
        kinds = self._not_kinds()
        absent = self._ruled_out()
        return untried_use(
            ctx,
            scene,
            mem,
            s.pool.uses,
            runs,
            verbs,
            s.pool.wide_sent,
            s.pool.wants_thing,
            s.pool.wants_tool,
            on,
            kinds,
            absent,
        )

    def _takes_left(self, ctx: TurnContext, text: str = "") -> list[tuple[str, str, int, tuple[str, ...]]]:
        """(room, command, run, things) of rule ``what an earlier run took`` not sent this run (or sent
        before the thing was there, and ``text`` names it now), whose things this run never held, that
        never killed there."""
        if not on(TAKEN) or ctx.room_id is None:
            return []
        held, mem, s = self.state.taken.held, self.inner.mem, self.state
        words = set(re.findall(r"[a-z]+", text))
        return [
            (room, command, run, things)
            for (room, command), (run, things) in self.lore.taken.items()
            if (
                f"{room}|{command}" not in s.taken.took
                or f"{room}|{command}" in s.taken.took_absent
                and any(words & {h, f"{h}s", f"{h}es"} for h in (t.lower().split()[-1] for t in things))
            )
            and not any(t.lower() in held for t in things)
            and not mem.deadly(room, command)
        ]

    def _note_held(self, ctx: TurnContext) -> None:
        """What this run carries now joins ``held`` (rule ``what an earlier run took``: not fetched again)."""
        if on(TAKEN) and ctx.room_id is not None:
            held = self.state.taken.held
            held += [c.lower() for c in ctx.inventory if c.lower() not in held]

    def _take_here(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``what an earlier run took``, here: its command (once a run). Rule ``not there yet``: a
        taking answered "You can't see any such thing" (the thing comes later: an event puts it there)
        is sent once more when a text of the room names the thing."""
        self._note_held(ctx)
        s, last = self.state, (ctx.last_command or "").strip().lower()
        if (
            on(NOT_YET)
            and s.taken.took
            and s.taken.took[-1].endswith(f"|{last}")
            and ctx.reading.no_such_thing
        ):
            s.taken.took_absent += [] if s.taken.took[-1] in s.taken.took_absent else [s.taken.took[-1]]
        text = f"{ctx.room_description or ''} {ctx.last_output or ''}".lower()
        for room, command, run, things in self._takes_left(ctx, text):
            if same_place(ctx.room_id, room):
                key = f"{room}|{command}"
                again = key in s.taken.took
                s.taken.took += [] if again else [key]
                s.taken.took_absent = [k for k in s.taken.took_absent if k != key]
                if again:  # this run's own memory of the refusal is no bar now: the thing is named here
                    mem = self.inner.mem
                    mem.attempts.unmark(ctx.room_id, command)
                    named = set(objects(command))
                    mem.seen.absent = [
                        a for a in mem.seen.absent if a.room != ctx.room_id or a.what not in named
                    ]
                rule = f"{NOT_YET_RULE} (run {run})" if again else f"{TAKEN_RULE} (run {run})"
                return command, f"{rule}: {', '.join(things)}"
        return None

    def _take_walk(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``what an earlier run took``, elsewhere: a step towards the nearest room with one."""
        if ctx.room_id is None or sum(self.state.taken.take_walks.values()) >= TAKE_TURNS:
            return None
        self._note_held(ctx)
        rooms = [room for room, _command, _run, _things in self._takes_left(ctx)]
        rooms = [r for r in rooms if not same_place(ctx.room_id, r)]
        step = self._walk_to_nearest(ctx, rooms, self.state.taken.take_walks, TAKE_STEPS)
        if step is None:
            return None
        return step[0], f"{TAKEN_RULE} (after {self.lore.runs} earlier runs): to {step[1]}"

    def _unseen_room(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``known room not seen this run``: a step towards the nearest room earlier runs saw and this
        run has not, over the known map (earlier runs' exits and this run's)."""
        if not on(UNSEEN) or ctx.room_id is None or sum(self.state.unseen.values()) >= UNSEEN_TURNS:
            return None
        exits = this_run_exits(ctx.map)
        seen = {ctx.room_id, *exits, *(to for d in exits.values() for to in d.values())}
        names = set(ctx.known_rooms)  # the context lists rooms by name (two rooms may share one)
        rooms = [
            room
            for room, name in self.lore.rooms.items()
            if name not in names and not any(same_place(room, r) for r in seen)
        ]
        step = self._walk_to_nearest(ctx, rooms, self.state.unseen, UNSEEN_STEPS, exits)
        if step is None:
            return None
        return step[0], f"{UNSEEN_RULE} (after {self.lore.runs} earlier runs): {step[1]}"
