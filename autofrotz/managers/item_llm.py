"""LLM parser for item changes the deterministic rules could not settle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from autofrotz.fences import reply_message
from autofrotz.llm.base import BaseLLM
from autofrotz.llm.errors import LLMError

PROMPT_PATH = Path(__file__).resolve().parent.parent / "prompts" / "item_update.txt"
# The instructions are the system prompt: static, first, and long enough for a provider to cache them.
SYSTEM_PROMPT = PROMPT_PATH.read_text(encoding="utf-8")
CHANGE_KINDS = ["taken", "dropped", "gone", "moved", "seen"]
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "changes": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "item": {"type": "string"},
                    "change": {"type": "string", "enum": CHANGE_KINDS},
                    "container": {"type": ["string", "null"]},
                },
                "required": ["item", "change", "container"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["changes"],
    "additionalProperties": False,
}


def render_prompt(output: str, command: str | None, room: str | None, inventory: list[str]) -> str:
    """The user message for one turn: the turn's facts, then the reply, fenced, last.

    >>> "Command: take lamp" in render_prompt("Taken.", "take lamp", "Attic", ["sword"])
    True
    """
    facts = {
        "Command": command or "(none)",
        "Current room": room or "(unknown)",
        "Objects carried before this command": ", ".join(inventory) or "nothing",
    }
    return reply_message(facts, output)


class ItemLLMParser:
    """Turns one game reply into item changes with a single complete_json call."""

    def __init__(self, llm: BaseLLM) -> None:
        self.llm = llm

    def parse(
        self, output: str, command: str | None, room: str | None, inventory: list[str]
    ) -> list[dict[str, Any]] | None:
        """Changes the model reports, or None when the call failed (the caller keeps its rules)."""
        messages = [{"role": "user", "content": render_prompt(output, command, room, inventory)}]
        try:
            result = self.llm.complete_json(messages, SYSTEM_PROMPT, SCHEMA)
        except LLMError:
            return None
        changes = result.get("changes", []) if isinstance(result, dict) else []
        return [c for c in changes if isinstance(c, dict) and c.get("change") in CHANGE_KINDS]
