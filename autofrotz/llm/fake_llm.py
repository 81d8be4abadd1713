"""A fake model that never runs dry, registered as provider "fake": budgets and comparisons without keys.

It answers every schema with the smallest valid value, and the game agent with the next command of a
fixed list of moves every game understands. Token counts are estimated from the text (about four
characters a token) and, like a provider's automatic prompt cache, the tokens of the prompt prefix it
shares with the same role's previous call are reported as cached, so the configured prices
(`prices` in config.json, keyed by the model name) give real-looking costs.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from autofrotz.llm.base import BaseLLM, Reply, Request, estimate_tokens, message_text

MOVES = ("look", "north", "east", "south", "west", "up", "down", "take all", "inventory", "examine me")


def minimal(schema: dict[str, Any]) -> Any:
    """The smallest value a JSON schema accepts (required keys only, first enum value).

    >>> minimal({"type": "object", "properties": {"a": {"type": "array"}, "b": {"enum": ["x"]}},
    ...          "required": ["a", "b"]})
    {'a': [], 'b': 'x'}
    """
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type", "object")
    kind = kind[0] if isinstance(kind, list) else kind
    if kind == "object":
        props = schema.get("properties", {})
        return {key: minimal(props.get(key, {})) for key in schema.get("required", [])}
    return {"array": [], "string": "", "boolean": False, "integer": 0, "number": 0, "null": None}.get(kind)


def shared_prefix(a: str, b: str) -> int:
    """Length of the common prefix of two strings.

    >>> shared_prefix("system rooms: A, B", "system rooms: A, C")
    17
    """
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


class FakeLLM(BaseLLM):
    """Deterministic answers with estimated token counts; the cached share is the repeated prefix."""

    provider: ClassVar[str] = "fake"
    preflight_check: ClassVar[bool] = False  # nothing to reach
    needs_api_key: ClassVar[bool] = False

    def __init__(self, model: str = "fake", role: str = "", **kw: Any) -> None:
        kw.setdefault("sleep", lambda _seconds: None)
        super().__init__(model, role, **kw)
        self.turn = 0
        self.last_prompt = ""

    def _complete(self, request: Request) -> Reply:
        schema = json.dumps(request.schema) if request.schema else ""
        prompt = "\n".join([request.system_prompt, schema, *(message_text(m) for m in request.messages)])
        cached = estimate_tokens(prompt[: shared_prefix(prompt, self.last_prompt)])
        self.last_prompt = prompt
        text = json.dumps(self._answer(request)) if request.schema is not None else "look"
        return Reply(text, estimate_tokens(prompt), estimate_tokens(text), cached_tokens=cached)

    def _answer(self, request: Request) -> Any:
        props = (request.schema or {}).get("properties", {})
        if "command" not in props:
            return minimal(request.schema or {})
        command = MOVES[self.turn % len(MOVES)]
        self.turn += 1
        return {**minimal(request.schema or {}), "reasoning": "trying the next move", "command": command}
