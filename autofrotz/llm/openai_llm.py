"""OpenAI chat completions, and OpenAI-compatible local servers (llama.cpp, vLLM, Ollama)."""

from __future__ import annotations

import logging
from typing import Any, ClassVar

import httpx2
import openai

from autofrotz.config import ProviderConfig
from autofrotz.llm.base import BaseLLM, Reply, Request, estimate_tokens, message_text, prompt_text
from autofrotz.llm.errors import LLMError, PermanentError, TransientError, status_error
from autofrotz.llm.json_tools import is_strict_compatible

log = logging.getLogger(__name__)


class OpenAILLM(BaseLLM):
    """OpenAI: native json_schema output; caching is automatic, so static text goes first."""

    provider: ClassVar[str] = "openai"
    default_key_env: ClassVar[str | None] = "OPENAI_API_KEY"
    prompt_caching: ClassVar[bool] = True
    token_limit_param: ClassVar[str] = "max_completion_tokens"

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
        self.base_url = base_url
        # max_retries=0: our own backoff is the only retry policy, and every attempt gets logged
        self.client = openai.OpenAI(
            api_key=api_key, base_url=base_url, max_retries=0, timeout=self.timeout_s, http_client=http_client
        )

    @classmethod
    def from_config(
        cls, role: str, model: str, provider: ProviderConfig, api_key: str | None, **kw: Any
    ) -> OpenAILLM:
        """Build from config values."""
        return cls(
            model,
            role,
            api_key=api_key or "not-needed",
            base_url=provider.base_url,
            max_retries=provider.max_retries,
            timeout_s=provider.timeout_s,
            **kw,
        )

    def build_request(self, request: Request) -> dict[str, Any]:
        """The keyword arguments of chat.completions.create for one request."""
        body: dict[str, Any] = {"model": self.model, "messages": self._messages(request)}
        if request.temperature is not None:
            body["temperature"] = request.temperature
        if request.max_tokens is not None:
            body[self.token_limit_param] = request.max_tokens
        if request.schema is not None and self.native_json:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {
                    "name": "result",
                    "schema": request.schema,
                    "strict": is_strict_compatible(request.schema),
                },
            }
        if self.prompt_caching and self.role:
            body["prompt_cache_key"] = f"autofrotz-{self.role}"  # keeps one role's calls on one cache
        return body

    def _messages(self, request: Request) -> list[dict[str, Any]]:
        """System prompt first so the static prefix is identical from call to call."""
        messages = [{"role": "system", "content": request.system_prompt}] if request.system_prompt else []
        return messages + [
            {"role": m.get("role", "user"), "content": message_text(m)} for m in request.messages
        ]

    def _complete(self, request: Request) -> Reply:
        try:
            completion = self.client.chat.completions.create(**self.build_request(request))
        except openai.APIStatusError as exc:
            raise status_error(
                exc.status_code, exc.message, exc.response.headers.get("retry-after")
            ) from None
        except openai.APIConnectionError as exc:  # includes APITimeoutError
            raise TransientError(f"{type(exc).__name__}: {exc}") from None
        except openai.APIError as exc:
            raise PermanentError(f"{type(exc).__name__}: {exc}") from None
        return self.parse_response(completion, request)

    def parse_response(self, completion: Any, request: Request) -> Reply:
        """Text and usage of a ChatCompletion; usage is estimated when a local server omits it."""
        choice = completion.choices[0] if completion.choices else None
        text = (choice.message.content or "") if choice and choice.message else ""
        truncated = bool(choice and choice.finish_reason == "length")
        usage = completion.usage
        if usage is None:
            return Reply(
                text, estimate_tokens(prompt_text(request)), estimate_tokens(text), truncated=truncated
            )
        details = usage.prompt_tokens_details
        return Reply(
            text,
            input_tokens=usage.prompt_tokens or 0,
            output_tokens=usage.completion_tokens or 0,
            cached_tokens=(details.cached_tokens or 0) if details else 0,
            cache_write_tokens=(getattr(details, "cache_write_tokens", None) or 0) if details else 0,
            truncated=truncated,
        )


# What `structured_output: "auto"` tries, in order, until the server accepts one: the OpenAI form
# (llama.cpp's llama-server, vLLM, Ollama, LM Studio), then llama-cpp-python's json_object with a
# schema (both turn the schema into a grammar), then the schema by instruction only.
STRUCTURED_MODES = ("json_schema", "json_object", "off")
REFUSED_STATUS = frozenset({400, 422})  # how a server says it does not know a request field
# llama-cpp-python answers its own validation errors with HTTP 500, naming the field: that too is a refusal


class LocalLLM(OpenAILLM):
    """An OpenAI-compatible local server: no caching parameters, the schema both in the prompt and, where
    the server accepts it, as a grammar-constrained response_format; tolerant parsing."""

    provider: ClassVar[str] = "local"
    native_json: ClassVar[bool] = False  # the schema always goes into the prompt too: small models need it
    needs_api_key: ClassVar[bool] = False
    default_key_env: ClassVar[str | None] = None
    prompt_caching: ClassVar[bool] = False
    token_limit_param: ClassVar[str] = "max_tokens"  # what llama.cpp, vLLM and Ollama understand

    def __init__(self, model: str, role: str = "", *, structured_output: str = "auto", **kw: Any) -> None:
        super().__init__(model, role, **kw)
        self.structured_setting = structured_output
        self.structured_mode = "json_schema" if structured_output == "auto" else structured_output

    @classmethod
    def from_config(
        cls, role: str, model: str, provider: ProviderConfig, api_key: str | None, **kw: Any
    ) -> OpenAILLM:
        """Build from config values; a local server must name its base_url."""
        if not provider.base_url:
            raise PermanentError("a local OpenAI-compatible provider needs base_url in config.json")
        kw.setdefault("structured_output", provider.structured_output)
        return super().from_config(role, model, provider, api_key, **kw)

    def build_request(self, request: Request) -> dict[str, Any]:
        """The OpenAI body plus the response_format of the current structured-output mode."""
        body = super().build_request(request)
        if request.schema is not None:
            if self.structured_mode == "json_schema":
                schema = {
                    "name": "result",
                    "schema": request.schema,
                    "strict": is_strict_compatible(request.schema),
                }
                body["response_format"] = {"type": "json_schema", "json_schema": schema}
            elif self.structured_mode == "json_object":
                body["response_format"] = {"type": "json_object", "schema": request.schema}
        return body

    def _complete(self, request: Request) -> Reply:
        while True:
            try:
                reply = super()._complete(request)
            except (PermanentError, TransientError) as exc:
                if not self._step_down(request, exc):
                    raise
                continue
            if request.schema is not None and self.structured_mode != "off":
                reply.structured = self.structured_mode
            return reply

    def _step_down(self, request: Request, error: LLMError) -> bool:
        """In auto mode, a server that refuses a response_format form gets the next one (for good)."""
        if request.schema is None or self.structured_setting != "auto" or self.structured_mode == "off":
            return False
        status = getattr(error, "status", None)
        named = status is not None and status >= 400 and "response_format" in str(error)
        if status not in REFUSED_STATUS and not named:
            return False
        refused = self.structured_mode
        self.structured_mode = STRUCTURED_MODES[STRUCTURED_MODES.index(refused) + 1]
        log.warning(
            "%s (%s): the server refused response_format %s (%s); trying %s",
            self.base_url, self.role, refused, self.redact(str(error))[:200], self.structured_mode,
        )  # fmt: skip
        return True
