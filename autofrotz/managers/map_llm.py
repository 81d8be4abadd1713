"""LLM parser for the map: the same observation as room_parser, read by a model.

Used in "llm" mode, and in "hybrid" mode only when the rules report low confidence.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from autofrotz.fences import reply_message
from autofrotz.managers.room_parser import ParsedOutput
from autofrotz.words.directions import canonical_direction

PROMPT_PATH = Path(__file__).resolve().parent.parent / "prompts" / "map_update.txt"
# The instructions are the system prompt: static, first, and long enough for a provider to cache them.
SYSTEM_PROMPT = PROMPT_PATH.read_text(encoding="utf-8")
log = logging.getLogger(__name__)

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "room_name": {"type": "string"},
        "description": {"type": "string"},
        "is_dark": {"type": "boolean"},
        "no_exit": {"type": "boolean"},
        "blocked_reason": {"type": "string"},
        "exits": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["room_name", "description", "is_dark", "no_exit", "blocked_reason", "exits"],
    "additionalProperties": False,
}


def render_prompt(output_text: str, command: str | None, room: str | None) -> str:
    """The user message for one output: the turn's facts, then the reply, fenced, last."""
    facts = {"Command": command or "(game start)", "Room before this command": room or "unknown"}
    return reply_message(facts, output_text)


def to_parsed(answer: dict[str, Any]) -> ParsedOutput:
    """Turn the model's JSON into the rules' observation type.

    >>> to_parsed({"room_name": "Attic", "description": "Dusty.", "exits": ["Down", "x"]}).exits
    ['down']
    """
    name = str(answer.get("room_name") or "").strip() or None
    exits = [d for e in answer.get("exits", []) if (d := canonical_direction(str(e)))]
    return ParsedOutput(
        header=name,
        description=str(answer.get("description") or "").strip(),
        is_dark=bool(answer.get("is_dark")),
        no_exit=bool(answer.get("no_exit")),
        blocked_reason=str(answer.get("blocked_reason") or "").strip() or None,
        exits=list(dict.fromkeys(exits)),
    )


def parse_with_llm(llm: Any, output_text: str, command: str | None, room: str | None) -> ParsedOutput | None:
    """Ask the model; None when the call fails for good, so the caller keeps the rules' reading."""
    from autofrotz.llm.errors import LLMError

    messages = [{"role": "user", "content": render_prompt(output_text, command, room)}]
    try:
        answer = llm.complete_json(messages, SYSTEM_PROMPT, SCHEMA)
    except LLMError as error:
        log.warning("map parser LLM failed, keeping the rules' reading: %s", error)
        return None
    return to_parsed(answer)
