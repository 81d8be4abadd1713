"""What a later run offers once the agent's own exploring is spent (the agent's ``wider`` seam): things an
earlier run took, rooms it saw, the wider pool of knowledge/widen.py and its walks."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import Advised
from autofrotz.agents.builtin_idle import next_late_action
from autofrotz.agents.builtin_tactics import Scene, allowed
from autofrotz.knowledge.clock import this_run_exits
from autofrotz.knowledge.informed import KnownVetoes
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.path import same_place
from autofrotz.knowledge.pool_state import PoolState, ThingsState, UnseenWalks
from autofrotz.knowledge.pool_walk import RULE as POOL_RULE
from autofrotz.knowledge.pool_walk import RUN_STEPS as POOL_RUN_STEPS
from autofrotz.knowledge.pool_walk import SWEEP_TURNS as POOL_SWEEP_TURNS
from autofrotz.knowledge.pool_walk import WALK_STEPS as POOL_WALK_STEPS
from autofrotz.knowledge.pool_walk import pool_target
from autofrotz.knowledge.routes import Routes
from autofrotz.knowledge.rules import (
    OWN_SWEEP,
    POOL_WALK,
    UNSEEN,
    on,
)
from autofrotz.knowledge.spread import SpreadState
from autofrotz.knowledge.taken import TakenRule
from autofrotz.knowledge.widen import (
    ROOM_BUDGET,
    Asked,
    pool_commands,
    untried_use,
)

log = logging.getLogger(__name__)

UNSEEN_STEPS = 12  # steps walked towards one such room before it is left
UNSEEN_TURNS = 120  # steps a run walks towards them in all
UNSEEN_RULE = "known room not seen this run"


@dataclass
class WiderPool:
    """The agent's ``wider`` seam for one later run, on its parts of the run's state (``pool``,
    ``things``, ``spread``, ``walks``: the steps walked towards known rooms not seen), the rule ``what an
    earlier run took`` (``taken``, whose walk it offers first), the built-in agent it reads (its memory,
    what it remembers of other rooms) and the routes over the known map."""

    pool: PoolState
    things: ThingsState
    spread: SpreadState
    walks: UnseenWalks
    taken: TakenRule
    lore: Lore
    inner: Advised
    advice: KnownVetoes
    routes: Routes

    def ask(self, ctx: TurnContext, scene: Scene) -> tuple[str, str] | None:
        """The agent's ``wider`` seam: a known room not seen this run, else an untried use."""
        self.pool.ran_dry = self.advice.ran_dry = True  # rule ``a dead end at fewer points`` may lift
        return self.taken.walk_step(ctx) or self.unseen_room(ctx) or self.next_use(ctx, scene)

    def next_use(self, ctx: TurnContext, scene: Scene) -> tuple[str, str] | None:
        """The wider pool here; when it has nothing left here, a step towards a room where it has."""
        p, here = self.pool, ctx.room_id or "?"
        if p.pool_to and here != p.pool_to and p.pool_steps < POOL_WALK_STEPS:
            walk = self.walk_step(ctx)
            if walk is not None:
                return walk
        p.pool_to = ""
        plan = self.untried(ctx, scene)
        if plan is not None:
            p.pool_rooms += [] if here in p.pool_rooms else [here]
            return plan
        p.pool_dry += [] if here in p.pool_dry else [here]
        if not on(POOL_WALK) or p.pool_walked >= POOL_RUN_STEPS or ctx.room_id is None:
            return None
        if p.sweep_room != f"{here}|{self.spread.stale_score}" or self.spread.stale_since < p.sweep_from:
            p.sweep_room, p.sweep_from = (
                f"{here}|{self.spread.stale_score}",
                self.spread.stale_since if on(OWN_SWEEP) else 0,
            )
        own = self.spread.stale_since - p.sweep_from  # the sweep's turns here so far
        if own < POOL_SWEEP_TURNS and next_late_action(scene, self.inner.mem) is not None:
            return None  # the agent's sweep of other verbs has its turns here first
        exits = this_run_exits(ctx.map)
        rooms = set(exits) | {to for d in exits.values() for to in d.values()}
        far = {
            r: len(steps)
            for r in rooms
            if r != here and r not in p.pool_dry and self.left_in(ctx, r)
            for steps in [self.lore.route(here, r, exits)]
            if steps
        }
        things = set(p.pool_rooms) | {
            r for r in rooms if any(same_place(r, k) for k in self.lore.items.values())
        }
        target = pool_target(here, rooms, set(p.pool_dry), things, far)
        if target is None:
            return None
        p.pool_to, p.pool_steps = target, 0
        return self.walk_step(ctx)

    def left_in(self, ctx: TurnContext, room: str) -> bool:
        """Whether the wider pool has a command left in another room of this run's map (seen as the
        agent remembers it: its things, what is carried now)."""
        p, mem = self.pool, self.inner.mem
        if p.uses.get(room, 0) >= ROOM_BUDGET:
            return False
        if not mem.now.lit and self.inner.map_dark(room):
            return False
        scene = self.inner.remote_scene(room)
        verbs = self.lore.verbs
        on_things = [v for v in verbs if v not in p.no_thing]
        kinds, ruled_out = self.not_kinds(), self.ruled_out()
        asked = Asked(verbs, p.wide_sent, p.wants_thing, p.wants_tool, on_things, kinds, ruled_out)
        pool = pool_commands(ctx.vocabulary.knows, room, scene, mem, asked)
        return any(allowed(c, room, mem) for c, _ in pool)

    def walk_step(self, ctx: TurnContext) -> tuple[str, str] | None:
        """A step of rule ``the pool is not spent elsewhere`` (None, and the walk left, when none)."""
        p = self.pool
        steps = self.routes.to(ctx, p.pool_to)
        if not steps:
            p.pool_dry.append(p.pool_to)  # no way there this time: not walked to again at this score
            p.pool_to = ""
            return None
        p.pool_steps += 1
        p.pool_walked += 1
        where = self.lore.rooms.get(p.pool_to, p.pool_to)
        return steps[0], f"{POOL_RULE} (after {self.lore.runs} earlier runs): to {where}"

    def untried(self, ctx: TurnContext, scene: Scene) -> tuple[str, str] | None:
        """An untried use (knowledge/widen.py)."""
        p, verbs = self.pool, self.lore.verbs
        on_things = [v for v in verbs if v not in p.no_thing]
        return untried_use(
            ctx,
            scene,
            self.inner.mem,
            p.uses,
            self.lore.runs,
            verbs,
            p.wide_sent,
            p.wants_thing,
            p.wants_tool,
            on_things,
            self.not_kinds(),
            self.ruled_out(),
        )

    def unseen_room(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``known room not seen this run``: a step towards the nearest room earlier runs saw and this
        run has not, over the known map (earlier runs' exits and this run's)."""
        if not on(UNSEEN) or ctx.room_id is None or sum(self.walks.unseen.values()) >= UNSEEN_TURNS:
            return None
        exits = this_run_exits(ctx.map)
        seen = {ctx.room_id, *exits, *(to for d in exits.values() for to in d.values())}
        names = set(ctx.known_rooms)  # the context lists rooms by name (two rooms may share one)
        rooms = [
            room
            for room, name in self.lore.rooms.items()
            if name not in names and not any(same_place(room, r) for r in seen)
        ]
        step = self.routes.walk_to_nearest(ctx, rooms, self.walks.unseen, UNSEEN_STEPS, exits)
        if step is None:
            return None
        return step[0], f"{UNSEEN_RULE} (after {self.lore.runs} earlier runs): {step[1]}"

    def ruled_out(self) -> frozenset[str]:
        """The things ("room|thing") the wider pool uses nothing on: not here (until the score rises), or
        one that swallowed a carried thing this run (rules ``a thing not here is not used here``, ``what
        swallows things gets no more``)."""
        return frozenset(self.things.absent + self.things.sinks)

    def not_kinds(self) -> frozenset[str]:
        """Uses refused in kind by earlier runs and this one (rule ``what a thing is not``, kinds.py)."""
        return frozenset(self.lore.not_kinds) | frozenset(self.things.not_kinds)
