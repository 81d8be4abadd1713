"""Anthropic Claude: explicit cache breakpoints, structured output through a forced tool call."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import anthropic
import httpx2

from autofrotz.llm.base import BaseLLM, Reply, Request, message_text
from autofrotz.llm.errors import PermanentError, TransientError, status_error

EPHEMERAL = {"type": "ephemeral"}
RESULT_TOOL = "record_result"
MAX_BREAKPOINTS = 4  # the API rejects more cache_control markers than this
DEFAULT_MAX_TOKENS = 1024  # Anthropic requires max_tokens on every request


class ClaudeLLM(BaseLLM):
    """Claude messages API.

    The system prompt always ends with a cache breakpoint (it covers the result tool, which comes
    first in the cached prefix); a message or content block carrying `"cache": True` ends a stable
    prefix and gets one too (up to the API's limit of four).
    """

    provider: ClassVar[str] = "anthropic"
    default_key_env: ClassVar[str | None] = "ANTHROPIC_API_KEY"

    def __init__(
        self,
        model: str,
        role: str = "",
        *,
        api_key: str,
        base_url: str | None = None,
        http_client: httpx2.Client | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(model, role, **kw)
        self._secrets.append(api_key)
        self.client = anthropic.Anthropic(
            api_key=api_key, base_url=base_url, max_retries=0, timeout=self.timeout_s, http_client=http_client
        )

    @classmethod
    def from_config(cls, role: str, model: str, provider: Any, api_key: str | None, **kw: Any) -> ClaudeLLM:
        """Build from config values."""
        return cls(
            model,
            role,
            api_key=api_key or "",
            base_url=provider.base_url,
            max_retries=provider.max_retries,
            timeout_s=provider.timeout_s,
            **kw,
        )

    def build_request(self, request: Request) -> dict[str, Any]:
        """The keyword arguments of messages.create for one request."""
        system, messages = self._split(request)
        body: dict[str, Any] = {
            "model": self.model,
            "max_tokens": request.max_tokens or DEFAULT_MAX_TOKENS,
            "messages": messages,
        }
        if system:
            body["system"] = system
        if request.temperature is not None:
            body["temperature"] = request.temperature
        if request.schema is not None:
            body["tools"] = [
                {
                    "name": RESULT_TOOL,
                    "description": "Record the result. Always call this tool with the complete answer.",
                    "input_schema": request.schema,
                }
            ]
            body["tool_choice"] = {"type": "tool", "name": RESULT_TOOL}
        return body

    def _split(self, request: Request) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """System blocks (cached) and user/assistant messages, with breakpoints on static blocks.

        A message's content may be a list of text blocks; a block (or a whole message) marked
        `"cache": True` ends a stable prefix and gets a breakpoint. Consecutive messages of one role
        become one message with several blocks, so a breakpoint stays on a block boundary.
        """
        system = [{"type": "text", "text": request.system_prompt, "cache_control": dict(EPHEMERAL)}]
        system = system if request.system_prompt else []
        budget = MAX_BREAKPOINTS - len(system)
        messages: list[dict[str, Any]] = []
        for message in request.messages:
            if message.get("role") == "system":
                system.append({"type": "text", "text": message_text(message)})
                continue
            blocks = []
            for text, marked in _parts(message):
                block: dict[str, Any] = {"type": "text", "text": text}
                if marked and budget > 0:
                    block["cache_control"] = dict(EPHEMERAL)
                    budget -= 1
                blocks.append(block)
            role = message.get("role", "user")
            if messages and messages[-1]["role"] == role:
                messages[-1]["content"].extend(blocks)
            else:
                messages.append({"role": role, "content": blocks})
        return system, messages

    def _complete(self, request: Request) -> Reply:
        try:
            message = self.client.messages.create(**self.build_request(request))
        except anthropic.APIStatusError as exc:
            raise status_error(
                exc.status_code, exc.message, exc.response.headers.get("retry-after")
            ) from None
        except anthropic.APIConnectionError as exc:  # includes APITimeoutError
            raise TransientError(f"{type(exc).__name__}: {exc}") from None
        except anthropic.APIError as exc:
            raise PermanentError(f"{type(exc).__name__}: {exc}") from None
        return self.parse_response(message)

    @staticmethod
    def parse_response(message: Any) -> Reply:
        """Text (or the forced tool's input) and usage; Anthropic counts cache reads and writes apart."""
        data = next((b.input for b in message.content if b.type == "tool_use"), None)
        text = (
            json.dumps(data)
            if data is not None
            else "".join(b.text for b in message.content if b.type == "text")
        )
        usage = message.usage
        read = usage.cache_read_input_tokens or 0
        written = usage.cache_creation_input_tokens or 0
        return Reply(
            text,
            input_tokens=usage.input_tokens + read + written,
            output_tokens=usage.output_tokens,
            cached_tokens=read,
            cache_write_tokens=written,
            data=data,
            truncated=message.stop_reason == "max_tokens",
        )


def _parts(message: dict[str, Any]) -> list[tuple[str, bool]]:
    """A message's non-empty text blocks, each with whether it ends a stable prefix.

    >>> _parts({"content": [{"text": "a", "cache": True}, {"text": ""}, {"text": "b"}]})
    [('a', True), ('b', False)]
    """
    content = message.get("content", "")
    blocks = content if isinstance(content, list) else [{"text": str(content)}]
    found = [(str(b.get("text", "")), bool(b.get("cache"))) for b in blocks if isinstance(b, dict)]
    if message.get("cache") and found:
        found[-1] = (found[-1][0], True)
    return [(text, marked) for text, marked in found if text] or [("(empty)", False)]
