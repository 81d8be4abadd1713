"""Getting away from danger: leaving a room we died in, backing out of darkness, running from a pursuer."""

from __future__ import annotations

from typing import Any

from autofrotz.agents import builtin_words as w
from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_explore import Explorer, is_move
from autofrotz.agents.builtin_flight import chased, flight_step, still_hunted
from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_readings import dark_on_map
from autofrotz.agents.builtin_tactics import Scene, carried
from autofrotz.words.directions import opposite


def getaway(mem: Memory, ctx: TurnContext, scene: Scene) -> str | None:
    """The move that gets away from danger this turn, or None when there is none to flee."""
    return escape_death_room(mem, ctx) or retreat_from_dark(mem, ctx, scene) or flee(mem, ctx)


def _links(ctx: TurnContext, room: str) -> dict[str, Any]:
    return dict(ctx.map.links.get(room, {})) if ctx.map is not None else {}


def flee(mem: Memory, ctx: TurnContext) -> str | None:
    """Something hostile is after us: keep moving on, not back where we came from."""
    text = ctx.last_output or ""
    if not chased(text) and not (mem.now.chase_trail and still_hunted(text)) or ctx.map is None:
        mem.now.chase_trail = []
        return None
    room = ctx.room_id or "?"
    mem.now.chase_trail = [r for r in mem.now.chase_trail if r != room] + [room]
    came_from = mem.now.last_room if is_move(mem.now.last_command) and mem.now.last_room != room else None
    links = _links(ctx, room)
    untravelled = Explorer(ctx.map, mem, lambda _: False).mentioned(room)
    barred = _barred_ways(ctx, room)  # a way the game bars is no escape: the turn goes to the pursuer
    unsafe = {d for d in [*links, *untravelled] if mem.deadly(room, d) or mem.failed(room, d) or d in barred}
    return flight_step(links, untravelled, came_from, mem.now.chase_trail, unsafe)


def _barred_ways(ctx: TurnContext, room: str) -> set[str]:
    """The ways of a room never walked that the map holds barred (its own tries, or side copies')."""
    try:
        states = ctx.map.room(room).get("exits", {}) if ctx.map is not None else {}
    except Exception:  # a room the map does not hold
        return set()
    return {str(d) for d, state in states.items() if state == "blocked"}


def escape_death_room(mem: Memory, ctx: TurnContext) -> str | None:
    """Right after a restore in a room where we died, leave by a known exit to a safe room."""
    if not mem.now.flee:
        return None
    mem.now.flee = False
    room = ctx.room_id or "?"
    if not mem.attempts.deaths.get(room) or ctx.map is None:
        return None
    for label, link in sorted(_links(ctx, room).items()):
        if not link.blocked and not mem.attempts.deaths.get(link.to_room) and not mem.deadly(room, label):
            return str(label)
    return None


def retreat_from_dark(mem: Memory, ctx: TurnContext, scene: Scene) -> str | None:
    """In the dark with no light to carry, go back the way we came."""
    if not scene.dark or mem.now.lit or carried(scene, w.LIGHTS) or ctx.map is None:
        return None
    room = ctx.room_id or "?"
    back = opposite(mem.now.last_command) if is_move(mem.now.last_command) else None
    for label, link in sorted(_links(ctx, room).items(), key=lambda kv: kv[0] != back):
        if not link.blocked and not dark_on_map(ctx.map, link.to_room) and not mem.deadly(room, label):
            return str(label)
    return None
