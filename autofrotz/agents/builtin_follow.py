"""The built-in agent following stated objectives (builtin_objectives.py) through the game's replies.

Each turn: judge the step sent last turn by the reply (done, refused, its thing not here), read the
instructions the reply gives, then choose: the head step itself; a walk back to the room a route step is
to be taken from; or a walk towards a room where the thing a waiting step names was mentioned. When none
applies the agent's other rules act (a refusal gets their answer first: open, unlock, fetch).
"""

from __future__ import annotations

from collections.abc import Callable

from autofrotz.agents import builtin_words as w
from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_explore import Explorer
from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_objectives import Objectives
from autofrotz.agents.builtin_readings import LOOK_VERBS, refused
from autofrotz.agents.builtin_routes import place_words, route_steps
from autofrotz.agents.builtin_tactics import objects, short

Choice = tuple[str, str, str | None]  # command, reasoning, the room it counts against


def observe(obj: Objectives, ctx: TurnContext, score_before: int) -> None:
    """Judge the step sent last turn, then read the instructions this reply gives."""
    text = ctx.last_output or ""
    if ctx.death_note:
        obj.sent = ""
        return
    command = obj.sent
    failed = bool(command) and (refused(command, ctx.reading) or ctx.reading.unknown_word is not None)
    failed = failed and not (ctx.score is not None and ctx.score > score_before)  # points: it worked
    obj.judge(ctx.room_id, text, ctx.turn_number, ctx.room_id != obj.sent_from, failed, ctx.reading.not_here)
    opening = not obj.read_opening and ctx.last_command is None
    body = text.replace(ctx.room_description, " ") if ctx.room_description else text
    obj.read(body, ctx.vocabulary, opening)
    if (ctx.last_command or "").startswith(LOOK_VERBS):  # rule follow-a-written-route: a text read
        obj.read_route([(s.command, s.rule) for s in route_steps(body, ctx.vocabulary)])


def choose(obj: Objectives, ctx: TurnContext, mem: Memory, pending: Callable[[str], bool]) -> Choice | None:
    """The next stated step (from the room a move step is to be taken from), else None."""
    room = ctx.room_id
    held = list(ctx.inventory) + mem.seen.held
    obj.walk_again(held)
    if obj.steps and obj.steps[0][1] == "objective-place":
        walk = _to_place(obj, ctx, mem, pending)
        if walk:
            return walk
    anchor = obj.anchor_for(room)
    if anchor and room:
        step = Explorer(ctx.map, mem, pending).step_towards(room, lambda r: r == anchor)
        if step:
            return step, f"{obj.steps[0][1]}: walk back to where the route continues", room
        obj.anchor = room  # no known way back: take the route from here
    chosen = obj.next(room, ctx.turn_number, held)
    if chosen is None:
        return _seek(obj, ctx, mem, pending) if obj.steps and obj.seek_since >= 0 else None
    return chosen[0], f"{chosen[1]} (a stated objective)", room


def _seek(obj: Objectives, ctx: TurnContext, mem: Memory, pending: Callable[[str], bool]) -> Choice | None:
    """Walk towards a room where the thing the waiting step names was mentioned."""
    room = ctx.room_id
    names = [w.head(short(n)) for n in objects(obj.steps[0][0])]
    if not room or not names:
        return None

    def mentions(other: str) -> bool:
        heads = {w.head(short(n)) for n in mem.seen.nouns.get(other, [])}
        return other not in obj.missing_in and names[0] in heads

    step = Explorer(ctx.map, mem, pending).step_towards(room, mentions)
    return (step, f"{obj.steps[0][1]}: walk to where its thing was seen", room) if step else None


def _to_place(
    obj: Objectives, ctx: TurnContext, mem: Memory, pending: Callable[[str], bool]
) -> Choice | None:
    """Rule follow-a-written-route, its landmark: walk to the known room whose name holds the landmark's
    words ("the middle of camp" -> "Center of Camp"); there, or when no known room is reachable by that
    name, the step is done and the route's legs are taken from where we stand."""
    room = ctx.room_id
    words = set(obj.steps[0][0].split())

    def named(other: str) -> bool:
        world = ctx.map
        if world is None:
            return False
        try:
            title = str(world.room(other).get("name") or "")
        except Exception:  # an unknown room id
            return False
        return bool(words) and words <= set(place_words(title))

    step = None if not room or named(room) else Explorer(ctx.map, mem, pending).step_towards(room, named)
    if step:
        return step, "objective-place: walk to where the written route starts", room
    obj.finish_place(room)
    return None
