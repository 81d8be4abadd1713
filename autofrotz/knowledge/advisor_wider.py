"""Rules for when the agent's own exploring is spent: things an earlier run took, rooms it saw, the
wider pool and its walks."""

from __future__ import annotations

import logging
from typing import Any

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_idle import next_late_action
from autofrotz.agents.builtin_tactics import allowed
from autofrotz.knowledge.advisor_base import (
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
    OWN_SWEEP,
    POOL_WALK,
    UNSEEN,
    on,
)
from autofrotz.knowledge.taken import TakenRule
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
        return self._taken().walk_step(ctx) or self._unseen_room(ctx) or self._pool(ctx, scene)

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

    def _taken(self) -> TakenRule:
        """Rule ``what an earlier run took`` for this run (its row, and its walk in the ``wider`` seam)."""
        return TakenRule(
            self.state.taken, self.lore.taken, lambda: self.inner.mem, self._walk_to_nearest, self.lore.runs
        )

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
