"""A fake model that never runs dry, registered as provider "fake": budgets and comparisons without keys.

It answers every schema with the smallest valid value, and the game agent with the next command of a
fixed list of moves every game understands. Token counts are estimated from the text (about four
characters a token) and, like a provider's automatic prompt cache, the tokens of the prompt prefix it
shares with the same role's previous call are reported as cached, so the configured prices
(`prices` in config.json, keyed by the model name) give real-looking costs. With `"provider_type":
"anthropic"` (or "openai", "gemini") in its `providers` entry it reports instead what that provider's
cache would read and write, with that provider's minimums (cache_rules.py). `latency_s` in the
provider's config makes each answer wait, as a network round trip would.
"""

from __future__ import annotations

import json
import time
from typing import Any, ClassVar

from autofrotz.config import ProviderConfig
from autofrotz.llm.base import BaseLLM, Reply, Request, estimate_tokens, message_text
from autofrotz.llm.cache_rules import IMITATED, CacheImitation, shared_prefix
from autofrotz.llm.errors import PermanentError

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


class FakeLLM(BaseLLM):
    """Deterministic answers with estimated token counts; the cached share is the repeated prefix, or
    what provider `imitate` would read from its cache (cache_rules.py, minimums included)."""

    provider: ClassVar[str] = "fake"
    preflight_check: ClassVar[bool] = False  # nothing to reach
    needs_api_key: ClassVar[bool] = False

    def __init__(
        self,
        model: str = "fake",
        role: str = "",
        imitate: str | None = None,
        latency_s: float = 0.0,
        **kw: Any,
    ) -> None:
        kw.setdefault("sleep", lambda _seconds: None)
        super().__init__(model, role, **kw)
        if imitate is not None and imitate not in IMITATED:
            raise PermanentError(f"the fake provider imitates one of {', '.join(IMITATED)}, not {imitate!r}")
        self.cache = CacheImitation(imitate, model) if imitate else None
        self.turn = 0
        self.last_prompt = ""
        self.latency_s = latency_s

    @classmethod
    def from_config(
        cls, role: str, model: str, provider: ProviderConfig, api_key: str | None, **kw: Any
    ) -> BaseLLM:
        """Build from config values: the simulated network wait, and `provider_type` names the provider
        whose cache it imitates."""
        kw.setdefault("imitate", provider.provider_type)
        return cls(
            model, role, latency_s=provider.latency_s, max_retries=provider.max_retries,
            timeout_s=provider.timeout_s, **kw,
        )  # fmt: skip

    def _complete(self, request: Request) -> Reply:
        if self.latency_s:
            time.sleep(self.latency_s)  # a network round trip, simulated: the run waits, the CPU is free
        text = json.dumps(self._answer(request)) if request.schema is not None else "look"
        if self.cache is not None:
            use = self.cache.use(request)
            return Reply(text, use.input_tokens, estimate_tokens(text), use.read, use.written)
        schema = json.dumps(request.schema) if request.schema else ""
        prompt = "\n".join([request.system_prompt, schema, *(message_text(m) for m in request.messages)])
        cached = estimate_tokens(prompt[: shared_prefix(prompt, self.last_prompt)])
        self.last_prompt = prompt
        return Reply(text, estimate_tokens(prompt), estimate_tokens(text), cached_tokens=cached)

    def _answer(self, request: Request) -> Any:
        props = (request.schema or {}).get("properties", {})
        if "command" not in props:
            return minimal(request.schema or {})
        command = MOVES[self.turn % len(MOVES)]
        self.turn += 1
        return {**minimal(request.schema or {}), "reasoning": "trying the next move", "command": command}
