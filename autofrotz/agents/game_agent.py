"""The LLM game agent: one command and brief reasoning per turn, via complete_json."""

from __future__ import annotations

from typing import Any

from autofrotz.agents.base import Decision, TurnContext
from autofrotz.agents.commands import SAFE_DEFAULT, clean_command, looks_risky
from autofrotz.agents.prompting import render_prompt
from autofrotz.context import render_context

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "reasoning": {"type": "string"},
        "command": {"type": "string"},
        "risky": {"type": "boolean"},
    },
    "required": ["reasoning", "command", "risky"],
    "additionalProperties": False,
}


NO_KNOWLEDGE = "None: this is the first run of this game that you know of."


def prompt_variables(game_name: str, knowledge: str = NO_KNOWLEDGE) -> dict[str, str]:
    """The variables the game agent passes to prompts/game_agent.txt."""
    return {"game_name": game_name, "knowledge": knowledge}


class GameAgent:
    """Asks an LLM for the next command; a failed or malformed reply becomes a safe default."""

    def __init__(self, llm: Any, game_name: str) -> None:
        self.llm = llm
        self.game_name = game_name
        self.system_prompt = render_prompt("game_agent.txt", **prompt_variables(game_name))

    def brief(self, learning: Any) -> None:
        """Put what earlier runs of this story taught into the system prompt (knowledge/briefing.py)."""
        from autofrotz.knowledge.briefing import briefing

        text = briefing(learning.lore, learning.guide, learning.guide_run)
        self.system_prompt = render_prompt("game_agent.txt", **prompt_variables(self.game_name, text))

    def messages(self, context: TurnContext) -> list[dict[str, str]]:
        """The message list sent for one turn."""
        return [{"role": "user", "content": render_context(context)}]

    def decide(self, context: TurnContext) -> Decision:
        """Choose the next command."""
        try:
            reply = self.llm.complete_json(self.messages(context), self.system_prompt, schema=SCHEMA)
        except AssertionError:  # a fake model's unexpected call is a test failure, never a default
            raise
        except Exception as exc:  # any provider or parsing failure: play on with a safe command
            error = f"{type(exc).__name__}: {exc}"
            return Decision(SAFE_DEFAULT, "game agent failed; safe default", error=error)
        return self._from_reply(reply)

    def _from_reply(self, reply: Any) -> Decision:
        if not isinstance(reply, dict):
            return Decision(SAFE_DEFAULT, "reply was not an object", error=f"malformed reply: {reply!r:.200}")
        command = clean_command(reply.get("command"))
        reasoning = str(reply.get("reasoning") or "")[:500]
        if command is None:
            error = f"unusable command: {reply.get('command')!r:.200}"
            return Decision(SAFE_DEFAULT, reasoning, error=error)
        risky = bool(reply.get("risky")) or looks_risky(command)
        return Decision(command, reasoning, risky=risky)
