"""What the puzzle agent's model is told: its schema, and the user message built from the world model
(open puzzles with where their obstacles are, a map summary, where things are, recent actions, now)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from autofrotz.context import clipped, one_line
from autofrotz.managers.exit_states import LEADS, UNTRIED, exit_lines
from autofrotz.storage.models import UNKNOWN, Puzzle

CONFIDENCES = ("high", "medium", "low")
KINDS = ("locked", "blocked", "dark", "clue", "general")
MAP_ROOMS = 30
ITEMS_SHOWN = 40
RECENT_ACTIONS = 4

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
    """Each known room in the order rooms were found (so the text only grows), with the ways the game
    barred, made one way or warned against, in its words: where an obstacle may be. Walked ways and
    untried ones are the player's business (its briefing routes it), not the analyst's.

    >>> from types import SimpleNamespace as Room
    >>> gate = {"state": "blocked", "reason": "A gate bars the way."}
    >>> rooms = [Room(room_id="y", name="Yard", first_visited_turn=2, exit_states={"e": gate}),
    ...          Room(room_id="h", name="Hall", first_visited_turn=1, exit_states={"n": {"state": "leads"}})]
    >>> print(map_summary(Room(rooms=lambda: rooms), lambda r: r))
    - Hall
    - Yard: e (blocked: A gate bars the way.)
    """
    if world_map is None:
        return "(unknown)"
    rooms = sorted(world_map.rooms(), key=lambda r: (r.first_visited_turn or 0, r.room_id))[-MAP_ROOMS:]
    lines = [_room_line(room.name, barred_ways(room.exit_states, name_of)) for room in rooms]
    return "\n".join(lines) or "(none)"


def barred_ways(states: dict[str, Any], name_of: Callable[[str | None], str | None]) -> str:
    """A room's barred, one-way and warned ways as the briefing says them, with the game's words (barred
    ways that share their words said once, as exit_lines groups them).

    >>> print(barred_ways({"north": {"state": "leads", "to": "h"}, "up": {"state": "untried", "to": "h"},
    ...     "west": {"state": "blocked", "reason": "The door is locked"},
    ...     "south": {"state": "blocked", "reason": "The door is locked"}}, lambda r: "Hall"))
    s, w (blocked: The door is locked)
    """
    barred = {d: s for d, s in states.items() if s.get("state") not in (UNTRIED, LEADS) or _warned(s)}
    return "; ".join(exit_lines(barred, name_of))


def _room_line(name: str, ways: str) -> str:
    return f"- {name}: {ways}" if ways else f"- {name}"


def _warned(state: dict[str, Any]) -> bool:
    return bool(state.get("warning")) or str(state.get("reason") or "").startswith("WARNED")


def item_places(items: Any, name_of: Callable[[str | None], str | None]) -> str:
    """Each known thing not carried (the prompt's Now says what is), grouped by where it was last seen
    (a room, or in or on a thing); things whose place is not known, nor that of what holds them, are
    left out.

    >>> from autofrotz.managers.item_registry import ItemRegistry
    >>> reg = ItemRegistry()
    >>> box, bag = reg.add_item("box", location="hall"), reg.add_item("bag", location=None)
    >>> _ = reg.add_item("key", location=box.item_id), reg.add_item("lamp", location="hall")
    >>> _ = reg.add_item("map", location="inventory"), reg.add_item("coin", location=bag.item_id)
    >>> print(item_places(reg, lambda r: {"hall": "Great Hall"}.get(r or "", r)))
    Great Hall: box, lamp
    in or on box: key
    """
    if items is None:
        return "(unknown)"
    everything = items.get_all_items()
    by_id = {item.item_id: item for item in everything}
    places: dict[str, list[str]] = {}
    for item in [i for i in everything if i.location != "inventory" and _placed(i, by_id)][:ITEMS_SHOWN]:
        holder = by_id.get(item.location or "")
        where = f"in or on {holder.name}" if holder else name_of(item.location) or str(item.location)
        places.setdefault(where, []).append(item.name)
    return "\n".join(f"{where}: {', '.join(names)}" for where, names in places.items()) or "(none)"


def _placed(item: Any, by_id: dict[str, Any]) -> bool:
    """Whether a thing's place is known: a room, carried, or in or on a thing whose place is known."""
    seen = set()
    while item.location in by_id and item.item_id not in seen:
        seen.add(item.item_id)
        item = by_id[item.location]
    return item.location not in (None, UNKNOWN) and item.location not in by_id


def recent_actions(history: list[Any]) -> str:
    """The last RECENT_ACTIONS turns before the latest (which the prompt shows whole), a short line each."""
    if len(history) < 2:
        return "(none yet)"
    lines = [f"{h.turn}. > {h.command} -> {one_line(h.output, 80)}" for h in history[:-1][-RECENT_ACTIONS:]]
    return clipped("\n".join(lines), 2000)


def _where(location: str | None, name_of: Callable[[str | None], str | None]) -> str:
    return f"at {name_of(location)}" if location else "location unknown"
