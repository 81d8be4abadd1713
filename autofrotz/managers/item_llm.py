"""LLM parser for item changes the deterministic rules could not settle."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

from autofrotz.llm.base import BaseLLM
from autofrotz.llm.errors import LLMError

PROMPT_PATH = Path(__file__).resolve().parent.parent / "prompts" / "item_update.txt"
SYSTEM_PROMPT = "You are a precise parser of interactive-fiction output. Answer only with JSON."
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
    """The user prompt for one turn (a missing template variable is an error).

    >>> "Command: take lamp" in render_prompt("Taken.", "take lamp", "Attic", ["sword"])
    True
    """
    template = string.Template(PROMPT_PATH.read_text(encoding="utf-8"))
    return template.substitute(
        command=command or "(none)",
        room=room or "(unknown)",
        inventory=", ".join(inventory) or "nothing",
        output=output.strip(),
    )


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
