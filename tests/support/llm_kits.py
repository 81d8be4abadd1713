"""Per-provider test kits: build a real-SDK model behind respx, and documented response bodies."""

from __future__ import annotations

import json
import random
import re
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import respx
from support.respx_bridge import sdk_http_client

from autofrotz.config import PriceConfig
from autofrotz.llm.base import BaseLLM
from autofrotz.storage.models import LLMCall

API_KEY = "sk-test-SECRET-0123456789abcdef"
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "room": {"type": "string"},
        "exits": {"type": "array", "items": {"type": "string"}},
        "moved": {"type": "boolean"},
    },
    "required": ["room", "exits", "moved"],
    "additionalProperties": False,
}
GOOD = {"room": "Cellar", "exits": ["north", "up"], "moved": True}
PRICE = PriceConfig(input=3.0, output=15.0, cache_read=0.3, cache_write=3.75)


@dataclass
class Recorder:
    """A sink and a sleep that remember what they were given."""

    calls: list[LLMCall] = field(default_factory=list)
    sleeps: list[float] = field(default_factory=list)

    def sink(self, call: LLMCall) -> None:
        """Record one logged attempt."""
        self.calls.append(call)

    def sleep(self, seconds: float) -> None:
        """Record a backoff instead of sleeping."""
        self.sleeps.append(seconds)


def closed_port() -> int:
    """A localhost port nothing listens on (connections are refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def openai_body(text: str, prompt: int = 2006, completion: int = 300, cached: int = 1920) -> dict[str, Any]:
    """A chat.completion object as documented, usage details included."""
    return {
        "id": "chatcmpl-abc123",
        "object": "chat.completion",
        "created": 1741569952,
        "model": "gpt-4o-2024-08-06",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text, "refusal": None, "annotations": []},
                "logprobs": None,
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": cached, "audio_tokens": 0},
            "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0},
        },
        "service_tier": "default",
    }


def anthropic_body(
    text: str | None = None, tool_input: dict[str, Any] | None = None, read: int = 1800, written: int = 0
) -> dict[str, Any]:
    """A Message object as documented: a text block or a tool_use block, usage with cache fields."""
    if tool_input is not None:
        content: list[dict[str, Any]] = [
            {"type": "tool_use", "id": "toolu_01A", "name": "record_result", "input": tool_input}
        ]
    else:
        content = [{"type": "text", "text": text or ""}]
    return {
        "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-6",
        "content": content,
        "stop_reason": "tool_use" if tool_input is not None else "end_turn",
        "stop_sequence": None,
        "usage": {
            "input_tokens": 200,
            "output_tokens": 120,
            "cache_creation_input_tokens": written,
            "cache_read_input_tokens": read,
        },
    }


def gemini_body(text: str, prompt: int = 2100, out: int = 90, cached: int = 1500) -> dict[str, Any]:
    """A GenerateContentResponse as documented, usageMetadata included."""
    return {
        "candidates": [
            {"content": {"parts": [{"text": text}], "role": "model"}, "finishReason": "STOP", "index": 0}
        ],
        "usageMetadata": {
            "promptTokenCount": prompt,
            "candidatesTokenCount": out,
            "totalTokenCount": prompt + out,
            "cachedContentTokenCount": cached,
        },
        "modelVersion": "gemini-2.5-flash",
        "responseId": "resp-1",
    }


@dataclass
class Kit:
    """How to build one provider over respx and answer it."""

    name: str
    url: str | re.Pattern[str]
    make: Callable[..., BaseLLM]
    text_body: Callable[[str], dict[str, Any]]
    json_body: Callable[[dict[str, Any]], dict[str, Any]]
    error_body: Callable[[int], dict[str, Any]]

    def build(self, router: respx.Router, rec: Recorder, **kw: Any) -> BaseLLM:
        """The provider with its SDK client sending through `router`."""
        kw.setdefault("http_client", sdk_http_client(router))
        return self.make(sink=rec.sink, sleep=rec.sleep, rng=random.Random(7), price=PRICE, **kw)


def _openai(**kw: Any) -> BaseLLM:
    from autofrotz.llm.openai_llm import OpenAILLM

    return OpenAILLM("gpt-4o", "map_parser", api_key=API_KEY, **kw)


def _claude(**kw: Any) -> BaseLLM:
    from autofrotz.llm.claude_llm import ClaudeLLM

    return ClaudeLLM("claude-sonnet-4-6", "game_agent", api_key=API_KEY, **kw)


def _gemini(**kw: Any) -> BaseLLM:
    from autofrotz.llm.gemini_llm import GeminiLLM

    return GeminiLLM("gemini-2.5-flash", "item_parser", api_key=API_KEY, **kw)


def _local(**kw: Any) -> BaseLLM:
    from autofrotz.llm.openai_llm import LocalLLM

    kw.setdefault("base_url", "http://localhost:1234/v1")
    return LocalLLM("llama-3.1-8b", "map_parser", api_key="not-needed", **kw)


def _openai_error(status: int) -> dict[str, Any]:
    return {"error": {"message": f"error {status}", "type": "server_error", "param": None, "code": None}}


def _anthropic_error(status: int) -> dict[str, Any]:
    kind = {429: "rate_limit_error", 529: "overloaded_error"}.get(status, "api_error")
    return {"type": "error", "error": {"type": kind, "message": f"error {status}"}}


def _gemini_error(status: int) -> dict[str, Any]:
    return {"error": {"code": status, "message": f"error {status}", "status": "UNAVAILABLE"}}


KITS = {
    "openai": Kit(
        "openai",
        "https://api.openai.com/v1/chat/completions",
        _openai,
        openai_body,
        lambda d: openai_body(json.dumps(d)),
        _openai_error,
    ),
    "anthropic": Kit(
        "anthropic",
        "https://api.anthropic.com/v1/messages",
        _claude,
        lambda t: anthropic_body(text=t),
        lambda d: anthropic_body(tool_input=d),
        _anthropic_error,
    ),
    "gemini": Kit(
        "gemini",
        re.compile(
            r"https://generativelanguage\.googleapis\.com/v1\w*/models/gemini-2\.5-flash:generateContent"
        ),
        _gemini,
        gemini_body,
        lambda d: gemini_body(json.dumps(d)),
        _gemini_error,
    ),
    "local": Kit(
        "local",
        "http://localhost:1234/v1/chat/completions",
        _local,
        lambda t: openai_body(t, cached=0),
        lambda d: openai_body(json.dumps(d), cached=0),
        _openai_error,
    ),
}
