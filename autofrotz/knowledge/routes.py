"""Walking the known map for a later run's rules: routes over earlier runs' exits and this run's, the
rooms a word names, and a step towards the nearest of some rooms."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.world_view import MapReader
from autofrotz.knowledge.clock import this_run_exits
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.rules import DETOUR, on
from autofrotz.reading.told_text import WORDS
from autofrotz.words.directions import parse_direction

STEP_REPEATS = 3  # a step plans walked this often leads nowhere this run (a guard, the dark): avoid it
DETOURS = 4  # first steps that killed left out before a route is given up


@dataclass
class RouteSteps:
    """The routes' part of the run's state: the steps plans walked this run."""

    steps: dict[str, int] = field(default_factory=dict)  # "room|direction" -> times a plan walked it


@dataclass
class Routes:
    """The routing every rule that walks shares: ``memory`` the built-in agent's as it is now, ``walked``
    its part of the run's state."""

    memory: Callable[[], Memory]
    lore: Lore
    walked: RouteSteps

    def to(self, ctx: TurnContext, room: str) -> list[str]:
        """Moves over the known map (earlier runs' exits and this run's) to a room, first step allowed."""
        mem = self.memory()
        avoid = frozenset(
            (k.split("|", 1)[0], k.split("|", 1)[1])
            for k, n in self.walked.steps.items()
            if n >= STEP_REPEATS
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
        self.walked.steps[key] = self.walked.steps.get(key, 0) + 1
        return steps

    def to_any(self, ctx: TurnContext, rooms: list[str]) -> list[str]:
        """The shortest known route to one of the rooms."""
        routes = [r for r in (self.to(ctx, room) for room in rooms if room != ctx.room_id) if r]
        return min(routes, key=len) if routes else []

    def rooms_naming(self, ctx: TurnContext, word: str) -> list[str]:
        """Rooms where this run saw a thing of that name, whose text names it, or where an earlier run
        sent a command naming it."""
        mem, rooms = self.memory(), []
        rooms += [r for r, names in mem.seen.nouns.items() if any(word in n.split() for n in names)]
        texts = room_texts(ctx.map)
        rooms += [r for r, text in texts.items() if word in WORDS.findall(text.lower())]
        sent = [*self.lore.dead_ends, *self.lore.taken, *((g.room, g.command) for g in self.lore.scoring)]
        rooms += [room for room, command in sent if word in command.split()]
        return list(dict.fromkeys(rooms))

    def walk_to_nearest(
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
        mem = self.memory()
        if mem.failed_this_run(ctx.room_id, steps[0]) or mem.deadly(ctx.room_id, steps[0]):
            walked[room] = limit  # the way there is shut or kills: leave that room
            return None
        walked[room] = walked.get(room, 0) + 1
        return steps[0], self.lore.rooms.get(room, room)


def room_texts(world_map: MapReader | None) -> dict[str, str]:
    """This run's room descriptions by room id."""
    if world_map is None:
        return {}
    try:
        return {str(r): room_text(world_map, r) for r in world_map.graph}
    except Exception:  # a test's bare map
        return {}


def room_text(world_map: MapReader | None, room: str) -> str:
    """This run's description of one room ("" when the map does not hold it)."""
    if world_map is None:
        return ""
    try:
        return str(world_map.room(room).get("description") or "")
    except Exception:  # a room it does not hold, or a test's bare map
        return ""
