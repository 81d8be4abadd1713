"""The LLM game agent: one command and brief reasoning per turn, via complete_json."""

from __future__ import annotations

from typing import Any

from autofrotz.agents.base import Decision, TurnContext
from autofrotz.agents.commands import SAFE_DEFAULT, clean_command, looks_risky
from autofrotz.agents.prompting import render_prompt, with_reference
from autofrotz.context import render_context_parts

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


MAX_STABLE_BLOCKS = 12  # Anthropic looks back 20 blocks for an earlier breakpoint; start over well before


def prompt_variables(game_name: str, knowledge: str = NO_KNOWLEDGE) -> dict[str, str]:
    """The variables the game agent passes to prompts/game_agent.txt."""
    return {"game_name": game_name, "knowledge": knowledge}


def system_prompt(game_name: str, knowledge: str = NO_KNOWLEDGE) -> str:
    """The game agent's prompt with the command reference before its reply format.

    The reference is useful on its own, and it takes the prompt past the 1,024 tokens Anthropic,
    OpenAI and Gemini need before they cache anything (see llm/cache_rules.py), just past it: every
    word of it is sent each turn.
    """
    return with_reference(render_prompt("game_agent.txt", **prompt_variables(game_name, knowledge)))


def stable_blocks(previous: list[str], stable: str) -> list[str]:
    """The stable part of the context as append-only blocks: what grew is a new block at the end, so
    the cache breakpoint of the last call stays on a block boundary (Anthropic reads it back).

    >>> stable_blocks(["# Game\\nA"], "# Game\\nA, B")
    ['# Game\\nA', ', B']
    >>> stable_blocks(["# Game\\nA"], "# Game\\nC")
    ['# Game\\nC']
    """
    joined = "".join(previous)
    if previous and stable == joined:
        return previous
    if previous and stable.startswith(joined) and len(previous) < MAX_STABLE_BLOCKS:
        return [*previous, stable[len(joined) :]]
    return [stable]


class GameAgent:
    """Asks an LLM for the next command; a failed or malformed reply becomes a safe default."""

    deterministic = False  # a model may answer differently: a resume replays the recorded commands
    watch_pace_s = 0.0  # model calls already pace the game

    def __init__(self, llm: Any, game_name: str) -> None:
        self.llm = llm
        self.game_name = game_name
        self.system_prompt = system_prompt(game_name)
        self.blocks: list[str] = []  # the stable part of the context, as sent in append-only blocks

    def brief(self, briefing: str) -> None:
        """Put the briefing on what earlier runs of this story taught into the system prompt."""
        self.system_prompt = system_prompt(self.game_name, briefing)

    def messages(self, context: TurnContext) -> list[dict[str, Any]]:
        """The message sent for one turn: the stable blocks, the last marked as a cache breakpoint, the
        part that stays while the player stays, a breakpoint too (read back on the turns the player does
        not move), then the part that changes every turn (their texts joined are render_context's)."""
        stable, where, changing = render_context_parts(context)
        self.blocks = stable_blocks(self.blocks, stable) if stable else []
        content: list[dict[str, Any]] = [{"type": "text", "text": b} for b in self.blocks]
        if content:
            content[-1]["cache"] = True
        content.append({"type": "text", "text": where, "cache": True})
        content.append({"type": "text", "text": changing})
        return [{"role": "user", "content": content}]

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
