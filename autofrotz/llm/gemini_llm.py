"""Google Gemini (google-genai): JSON via response_schema, an explicit cache for the static prompt."""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import httpx
import httpx2
from google import genai
from google.genai import errors as genai_errors
from google.genai import types

from autofrotz.llm.base import BaseLLM, Reply, Request, message_text
from autofrotz.llm.cache_rules import gemini_min_tokens, split_static
from autofrotz.llm.errors import LLMError, PermanentError, TransientError, status_error

log = logging.getLogger(__name__)

UNSUPPORTED_SCHEMA_KEYS = frozenset({"additionalProperties", "$schema", "title"})
EXPIRY_MARGIN_S = 60.0  # recreate a little before the server drops the cache


@dataclass
class CacheEntry:
    """One explicit cache: what it holds (key), its server name and when it lapses (monotonic)."""

    key: str
    name: str
    expires_at: float


def gemini_schema(schema: Any) -> Any:
    """The schema without keywords response_schema rejects (our own validator still enforces them).

    >>> gemini_schema({"type": "object", "additionalProperties": False, "properties": {"a": {}}})
    {'type': 'object', 'properties': {'a': {}}}
    >>> gemini_schema({"type": ["integer", "null"]})
    {'type': 'integer', 'nullable': True}
    """
    if isinstance(schema, dict):
        kinds = schema.get("type")
        if isinstance(kinds, list):  # ["integer", "null"]: Gemini writes a nullable integer
            rest = [k for k in kinds if k != "null"]
            schema = {**schema, "type": rest[0] if len(rest) == 1 else rest, "nullable": "null" in kinds}
        return {k: gemini_schema(v) for k, v in schema.items() if k not in UNSUPPORTED_SCHEMA_KEYS}
    if isinstance(schema, list):
        return [gemini_schema(v) for v in schema]
    return schema


class GeminiLLM(BaseLLM):
    """Gemini generate_content.

    The system prompt plus any leading messages marked `"cache": True` go into an explicit cache
    (client.caches.create) referenced by name; it is recreated when it lapses or the server rejects it.
    """

    provider: ClassVar[str] = "gemini"
    default_key_env: ClassVar[str | None] = "GEMINI_API_KEY"

    def __init__(
        self,
        model: str,
        role: str = "",
        *,
        api_key: str,
        base_url: str | None = None,
        http_client: httpx2.Client | None = None,
        cache_ttl_s: int = 3600,
        clock: Callable[[], float] = time.monotonic,
        **kw: Any,
    ) -> None:
        super().__init__(model, role, **kw)
        self._secrets.append(api_key)
        self.cache_ttl_s = cache_ttl_s
        self.clock = clock
        self.cache: CacheEntry | None = None
        self._uncacheable: set[str] = set()
        self._said_implicit = False
        options = types.HttpOptions(
            base_url=base_url,
            timeout=int(self.timeout_s * 1000),  # milliseconds
            retry_options=types.HttpRetryOptions(attempts=1),  # our own retries only
            httpx_client=http_client,
        )
        self.client = genai.Client(api_key=api_key, http_options=options)

    @classmethod
    def from_config(cls, role: str, model: str, provider: Any, api_key: str | None, **kw: Any) -> GeminiLLM:
        """Build from config values."""
        return cls(
            model,
            role,
            api_key=api_key or "",
            base_url=provider.base_url,
            cache_ttl_s=provider.cache_ttl_s,
            max_retries=provider.max_retries,
            timeout_s=provider.timeout_s,
            **kw,
        )

    # ---- pure request building ------------------------------------------------------------
    def build_request(self, request: Request, cache_name: str | None = None) -> dict[str, Any]:
        """The keyword arguments of models.generate_content; cached parts are left out when cached."""
        static, dynamic = split_static(request.messages)
        config: dict[str, Any] = {}
        if cache_name:
            config["cached_content"] = cache_name
            messages = dynamic
        else:
            messages = request.messages
            if request.system_prompt:
                config["system_instruction"] = request.system_prompt
        if request.temperature is not None:
            config["temperature"] = request.temperature
        if request.max_tokens is not None:
            config["max_output_tokens"] = request.max_tokens
        if request.schema is not None:
            config["response_mime_type"] = "application/json"
            config["response_schema"] = gemini_schema(request.schema)
        return {"model": self.model, "contents": to_contents(messages), "config": config}

    def build_cache_request(self, request: Request) -> dict[str, Any]:
        """The keyword arguments of caches.create for the static part of a request."""
        static, _ = split_static(request.messages)
        config: dict[str, Any] = {
            "ttl": f"{self.cache_ttl_s}s",
            "display_name": f"autofrotz-{self.role or 'llm'}",
        }
        if request.system_prompt:
            config["system_instruction"] = request.system_prompt
        if static:
            config["contents"] = to_contents(static)
        return {"model": self.model, "config": config}

    # ---- calls ----------------------------------------------------------------------------
    def _complete(self, request: Request) -> Reply:
        cache_name, written = self._ensure_cache(request)
        try:
            response = self.client.models.generate_content(**self.build_request(request, cache_name))
        except genai_errors.APIError as exc:
            raise self._api_error(exc, cache_name) from None
        except (httpx2.TransportError, httpx.TransportError) as exc:  # timeouts, refused connections
            raise TransientError(f"{type(exc).__name__}: {exc}") from None
        reply = self.parse_response(response)
        reply.cache_mode = "explicit" if cache_name else "implicit"
        # creation tokens count as input written to the cache, so cost_of prices them as writes
        reply.input_tokens += written
        reply.cache_write_tokens += written
        return reply

    def _api_error(self, exc: genai_errors.APIError, cache_name: str | None) -> LLMError:
        if cache_name and cache_rejected(exc):
            log.info("gemini cache %s rejected (%s); recreating", cache_name, exc.code)
            self.cache = None
            return TransientError(f"cache {cache_name} rejected: HTTP {exc.code}", retry_after=0.0)
        return status_error(exc.code, str(exc.message or exc), _retry_after(exc))

    def _ensure_cache(self, request: Request) -> tuple[str | None, int]:
        """A live cache name for this request's static part and the tokens written creating it."""
        key = self._cache_key(request)
        if key is None or key in self._uncacheable:
            return None, 0
        if self.cache and self.cache.key == key and self.clock() < self.cache.expires_at:
            return self.cache.name, 0
        try:
            created = self.client.caches.create(**self.build_cache_request(request))
        except genai_errors.APIError as exc:
            if exc.code in (429,) or exc.code >= 500:
                raise status_error(
                    exc.code, f"creating cache: {exc.message or exc}", _retry_after(exc)
                ) from None
            log.warning("gemini cache not created (%s); continuing without it", exc.code)
            self._uncacheable.add(key)
            return None, 0
        except (httpx2.TransportError, httpx.TransportError) as exc:
            raise TransientError(f"creating cache: {type(exc).__name__}: {exc}") from None
        if not created.name:
            raise PermanentError("cache created without a name")
        self.cache = CacheEntry(key, created.name, self.clock() + self.cache_ttl_s - EXPIRY_MARGIN_S)
        usage = created.usage_metadata
        return created.name, (usage.total_token_count or 0) if usage else 0

    def _cache_key(self, request: Request) -> str | None:
        static, _ = split_static(request.messages)
        text = request.system_prompt + "".join(message_text(m) for m in static)
        if self.count_tokens(text) < gemini_min_tokens(self.model):  # the API refuses a smaller cache
            if not self._said_implicit:
                self._said_implicit = True
                log.info(
                    "gemini %s (%s): the static prompt is below the %d-token minimum of an explicit "
                    "cache; relying on implicit caching (cached tokens are read from the usage)",
                    self.model, self.role, gemini_min_tokens(self.model),
                )  # fmt: skip
            return None
        return hashlib.sha256(f"{self.model}\0{text}".encode()).hexdigest()

    def close(self) -> None:
        """Delete the explicit cache at the game's end (it would otherwise be billed until its TTL)."""
        if self.cache is None:
            return
        name, self.cache = self.cache.name, None
        try:
            self.client.caches.delete(name=name)
        except (genai_errors.APIError, httpx2.TransportError, httpx.TransportError) as exc:
            log.warning("gemini cache %s not deleted (%s); it lapses after its TTL", name, exc)

    @staticmethod
    def parse_response(response: Any) -> Reply:
        """Text and usage of a GenerateContentResponse; thinking tokens are billed as output."""
        candidate = response.candidates[0] if response.candidates else None
        parts = candidate.content.parts if candidate and candidate.content and candidate.content.parts else []
        text = "".join(p.text for p in parts if p.text and not p.thought)
        usage = response.usage_metadata
        finish = str(candidate.finish_reason) if candidate and candidate.finish_reason else ""
        if usage is None:
            return Reply(text, truncated="MAX_TOKENS" in finish)
        return Reply(
            text,
            input_tokens=usage.prompt_token_count or 0,
            output_tokens=(usage.candidates_token_count or 0) + (usage.thoughts_token_count or 0),
            cached_tokens=usage.cached_content_token_count or 0,
            truncated="MAX_TOKENS" in finish,
        )


def to_contents(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Chat messages as Gemini contents (assistant turns are role "model").

    >>> to_contents([{"role": "assistant", "content": "hi"}])
    [{'role': 'model', 'parts': [{'text': 'hi'}]}]
    """
    return [
        {"role": "model" if m.get("role") == "assistant" else "user", "parts": [{"text": message_text(m)}]}
        for m in messages
    ]


def cache_rejected(exc: genai_errors.APIError) -> bool:
    """Whether an error says the cached content is gone, expired or unusable."""
    text = f"{exc.message or ''} {exc.details}".lower()
    return exc.code in (400, 403, 404) and ("cache" in text or "cachedcontent" in text)


def _retry_after(exc: genai_errors.APIError) -> str | None:
    headers = getattr(exc.response, "headers", None)
    return headers.get("retry-after") if headers is not None else None
