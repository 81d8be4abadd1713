"""A game agent that plays a fixed command list by turn number (tests, crash test, benchmarks)."""

from __future__ import annotations

from autofrotz.agents.base import Decision, TurnContext


class ScriptedAgent:
    """Plays ``commands[turn_number - 1]``; after the end of the script, a default command."""

    deterministic = True  # a resume re-decides recorded turns and gets the same commands
    watch_pace_s = 0.0  # a script is played at full speed unless the config sets a pace

    def __init__(self, commands: list[str], default: str = "look") -> None:
        self.commands = commands
        self.default = default

    @classmethod
    def from_file(cls, path: str) -> ScriptedAgent:
        """One command a line; blank lines and # comments skipped."""
        with open(path, encoding="utf-8") as fh:
            lines = [line.strip() for line in fh]
        return cls([line for line in lines if line and not line.startswith("#")])

    def brief(self, briefing: str) -> None:
        """Nothing: a script plays its lines whatever earlier runs taught."""

    def decide(self, context: TurnContext) -> Decision:
        """The script's command for this turn number (1-based)."""
        index = context.turn_number - 1
        if 0 <= index < len(self.commands):
            return Decision(self.commands[index], f"script line {index + 1}", source="script")
        return Decision(self.default, "script finished", source="script")
