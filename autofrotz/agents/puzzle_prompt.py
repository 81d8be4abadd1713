"""What the puzzle agent's model is told: its schema, and the user message built from the world model
(open puzzles with where their obstacles are, a map summary, where things are, recent actions, now)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from autofrotz.context import fence, one_line
from autofrotz.managers.exit_states import describe_exit
from autofrotz.storage.models import Puzzle

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
    """Open puzzles with their obstacle, where it is, and what was tried."""
    lines = [
        f"- #{p.puzzle_id} [{p.kind}] {p.description} (obstacle: {getattr(p, 'obstacle', '') or '?'}; "
        f"{_where(p.location, name_of)}); failed: {'; '.join(p.attempts) or '-'}"
        for p in puzzles
    ]
    return "\n".join(lines) or "(none)"


def map_summary(world_map: Any, name_of: Callable[[str | None], str | None]) -> str:
    """Each known room with its true exits, in the order they were found (so the text only grows)."""
    if world_map is None:
        return "(unknown)"
    rooms = sorted(world_map.rooms(), key=lambda r: (r.first_visited_turn or 0, r.room_id))[-MAP_ROOMS:]
    lines = []
    for room in rooms:
        exits = "; ".join(describe_exit(d, room.exit_states[d], name_of) for d in sorted(room.exit_states))
        lines.append(f"- {room.name}: {exits or 'no exits known'}")
    return "\n".join(lines) or "(none)"


def item_places(items: Any, name_of: Callable[[str | None], str | None]) -> str:
    """Each known thing and where it was last seen."""
    if items is None:
        return "(unknown)"
    lines = []
    for item in items.get_all_items()[:ITEMS_SHOWN]:
        where = "carried" if item.location == "inventory" else (name_of(item.location) or "unknown")
        lines.append(f"{item.name} ({where})")
    return ", ".join(lines) or "(none)"


def recent_actions(history: list[Any]) -> str:
    """The last turns, as story text."""
    if not history:
        return "(none yet)"
    return fence("\n".join(f"{h.turn}. > {h.command} -> {one_line(h.output, 120)}" for h in history), 2000)


def _where(location: str | None, name_of: Callable[[str | None], str | None]) -> str:
    return f"at {name_of(location)}" if location else "location unknown"
