"""What the puzzle agent's model is told: its schema, and the user message built from the world model
(open puzzles with where their obstacles are, a map summary, where things are, recent actions, now)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from autofrotz.context import clipped, one_line
from autofrotz.managers.exit_states import UNTRIED, exit_lines
from autofrotz.storage.models import Puzzle
from autofrotz.words.directions import abbreviate

CONFIDENCES = ("high", "medium", "low")
KINDS = ("locked", "blocked", "dark", "clue", "general")
MAP_ROOMS = 30
ITEMS_SHOWN = 40

_STRINGS = {"type": "array", "items": {"type": "string"}}
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "new_puzzles": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "description": {"type": "string"},
                    "obstacle": {"type": "string"},
                    "related_items": _STRINGS,
                    "kind": {"type": "string", "enum": list(KINDS)},
                },
                "required": ["description", "obstacle", "related_items", "kind"],
                "additionalProperties": False,
            },
        },
        "suggestions": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "puzzle_id": {"type": ["integer", "null"]},
                    "action": {"type": "string"},
                    "items": _STRINGS,
                    "confidence": {"type": "string", "enum": list(CONFIDENCES)},
                    "reasoning": {"type": "string"},
                },
                "required": ["puzzle_id", "action", "items", "confidence", "reasoning"],
                "additionalProperties": False,
            },
        },
        "solved": {"type": "array", "items": {"type": "integer"}},
    },
    "required": ["new_puzzles", "suggestions", "solved"],
    "additionalProperties": False,
}


def puzzle_lines(puzzles: list[Puzzle], name_of: Callable[[str | None], str | None]) -> str:
    """Open puzzles with their obstacle, where it is, the things that may help and what was tried.

    >>> stone = Puzzle(1, "A stone is jammed.", location="yard", related_items=["crowbar"], kind="blocked")
    >>> stone.obstacle = "stone"
    >>> print(puzzle_lines([stone], lambda r: "Yard"))
    - #1 [blocked] A stone is jammed. (obstacle: stone; at Yard; may help: crowbar); failed: -
    """
    lines = [
        f"- #{p.puzzle_id} [{p.kind}] {p.description} (obstacle: {p.obstacle or '?'}; "
        f"{_where(p.location, name_of)}{may_help(p)}); failed: {'; '.join(p.attempts) or '-'}"
        for p in puzzles
    ]
    return "\n".join(lines) or "(none)"


def may_help(puzzle: Puzzle) -> str:
    """The things linked to a puzzle, as the tail of its place ('' when none).

    >>> may_help(Puzzle(1, "A stone is jammed.", related_items=["crowbar", "bar"]))
    '; may help: crowbar, bar'
    """
    return f"; may help: {', '.join(puzzle.related_items)}" if puzzle.related_items else ""


def map_summary(world_map: Any, name_of: Callable[[str | None], str | None]) -> str:
    """Each known room with its true exits, in the order they were found (so the text only grows)."""
    if world_map is None:
        return "(unknown)"
    rooms = sorted(world_map.rooms(), key=lambda r: (r.first_visited_turn or 0, r.room_id))[-MAP_ROOMS:]
    lines = [f"- {room.name}: {room_ways(room.exit_states, name_of) or 'no exits known'}" for room in rooms]
    return "\n".join(lines) or "(none)"


def room_ways(states: dict[str, Any], name_of: Callable[[str | None], str | None]) -> str:
    """A room's exits in short: where each walked way leads, the ways not tried by direction alone, and
    every other (blocked, one way, warned) as the briefing says it, with the game's words (blocked
    ways that share their words said once, as exit_lines groups them).

    >>> print(room_ways({"north": {"state": "leads", "to": "h"}, "up": {"state": "untried", "to": "h"},
    ...     "east": {"state": "untried", "reason": "leads to a place (seen in a side copy)"},
    ...     "west": {"state": "blocked", "reason": "The door is locked"},
    ...     "south": {"state": "blocked", "reason": "The door is locked"}}, lambda r: "Hall"))
    n -> Hall; s, w (blocked: The door is locked); not tried: e, u
    """
    said, untried = {}, []
    for direction in sorted(states):
        state = states[direction]
        warned = state.get("warning") or str(state.get("reason") or "").startswith("WARNED")
        if state.get("state") == UNTRIED and not warned:
            untried.append(abbreviate(direction))
        else:
            said[direction] = state
    return "; ".join(exit_lines(said, name_of) + ([f"not tried: {', '.join(untried)}"] if untried else []))


def item_places(items: Any, name_of: Callable[[str | None], str | None]) -> str:
    """Each known thing not carried (the prompt's Now says what is), grouped by where it was last seen
    (a room, or in or on a thing).

    >>> from autofrotz.managers.item_registry import ItemRegistry
    >>> reg = ItemRegistry()
    >>> box = reg.add_item("box", location="hall")
    >>> _ = reg.add_item("key", location=box.item_id), reg.add_item("lamp", location="hall")
    >>> _ = reg.add_item("map", location="inventory"), reg.add_item("coin", location=None)
    >>> print(item_places(reg, lambda r: {"hall": "Great Hall"}.get(r or "", r)))
    Great Hall: box, lamp
    in or on box: key
    unknown: coin
    """
    if items is None:
        return "(unknown)"
    everything = items.get_all_items()
    things = {item.item_id: item.name for item in everything}
    places: dict[str, list[str]] = {}
    for item in [i for i in everything if i.location != "inventory"][:ITEMS_SHOWN]:
        if item.location in things:
            where = f"in or on {things[item.location]}"
        else:
            where = name_of(item.location) or "unknown"
        places.setdefault(where, []).append(item.name)
    return "\n".join(f"{where}: {', '.join(names)}" for where, names in places.items()) or "(none)"


def recent_actions(history: list[Any]) -> str:
    """The turns before the latest (which the prompt shows whole), as story text."""
    if len(history) < 2:
        return "(none yet)"
    lines = [f"{h.turn}. > {h.command} -> {one_line(h.output, 120)}" for h in history[:-1]]
    return clipped("\n".join(lines), 2000)


def _where(location: str | None, name_of: Callable[[str | None], str | None]) -> str:
    return f"at {name_of(location)}" if location else "location unknown"
