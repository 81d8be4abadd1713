"""A minimal deterministic game agent that needs no LLM: explore, take what is visible.

It reads only the world model in the turn context. A stronger built-in agent can replace it behind
the same seam: ``decide(context) -> Decision`` plus ``to_dict``/``load_dict`` for resume.
"""

from __future__ import annotations

from typing import Any

from autofrotz.agents.base import Decision, TurnContext

FALLBACKS = ("look", "inventory", "wait")
# Tried in this order in a room whose description names no exits.
PROBE_DIRECTIONS = (
    "north",
    "south",
    "east",
    "west",
    "northeast",
    "northwest",
    "southeast",
    "southwest",
    "up",
    "down",
)


class BuiltinAgent:
    """Takes each visible item once, then walks to the nearest unexplored exit."""

    deterministic = True  # a resume re-decides recorded turns to rebuild this agent's state

    def __init__(self) -> None:
        self.tried: set[str] = set()
        self.idle = 0

    def decide(self, context: TurnContext) -> Decision:
        """Choose the next command from the world model."""
        for name in context.visible_items:
            command = f"take {name}"
            if command not in self.tried:
                self.tried.add(command)
                return Decision(command, f"take the {name}", source="builtin")
        step = self._explore_step(context)
        if step:
            return Decision(step, "head for the nearest unexplored exit", source="builtin")
        probe = self._probe(context)
        if probe:
            return Decision(probe, "try a direction not yet tried here", source="builtin")
        self.idle += 1
        return Decision(FALLBACKS[self.idle % len(FALLBACKS)], "nothing left to explore", source="builtin")

    def _explore_step(self, context: TurnContext) -> str | None:
        if context.unexplored_exits:
            return context.unexplored_exits[0]
        if context.map is None or context.room_id is None:
            return None
        found = context.map.get_nearest_unexplored(context.room_id)
        if not found or not found[1]:
            return None
        return str(found[1][0])

    def _probe(self, context: TurnContext) -> str | None:
        tried_here = set(context.exits) - set(context.unexplored_exits)
        for direction in PROBE_DIRECTIONS:
            key = f"go {direction} from {context.room_id}"
            if direction not in tried_here and key not in self.tried:
                self.tried.add(key)
                return direction
        return None

    def to_dict(self) -> dict[str, Any]:
        """State to keep across a resume."""
        return {"tried": sorted(self.tried), "idle": self.idle}

    def load_dict(self, state: dict[str, Any]) -> None:
        """Restore the state written by to_dict."""
        self.tried = set(state.get("tried", []))
        self.idle = int(state.get("idle", 0))


class ScriptedAgent:
    """Plays a fixed list of commands by turn number (tests, crash test, benchmarks)."""

    deterministic = True

    def __init__(self, commands: list[str], default: str = "look") -> None:
        self.commands = commands
        self.default = default

    @classmethod
    def from_file(cls, path: str) -> ScriptedAgent:
        """One command a line; blank lines and # comments skipped."""
        with open(path, encoding="utf-8") as fh:
            lines = [line.strip() for line in fh]
        return cls([line for line in lines if line and not line.startswith("#")])

    def decide(self, context: TurnContext) -> Decision:
        """The script's command for this turn number (1-based)."""
        index = context.turn_number - 1
        if 0 <= index < len(self.commands):
            return Decision(self.commands[index], f"script line {index + 1}", source="script")
        return Decision(self.default, "script finished", source="script")
