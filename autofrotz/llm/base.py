"""The provider-neutral model interface: retries, JSON recovery, accounting and call logging live here once.

A provider subclass implements `_complete(request) -> Reply` (one HTTP round trip, SDK errors turned
into TransientError / PermanentError) and a pure `build_request(request)`. Everything else is shared.
"""

from __future__ import annotations

import json
import logging
import math
import random
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from autofrotz.config import PriceConfig, ProviderConfig
from autofrotz.llm.errors import BadReplyError, BudgetSpentError, LLMError, PermanentError, TransientError
from autofrotz.llm.json_tools import JSONExtractError, extract_json_how, schema_instruction, validate
from autofrotz.llm.rate_limit import RateLimit
from autofrotz.storage.models import LLMCall

log = logging.getLogger(__name__)

Sink = Callable[[LLMCall], None]
Gate = Callable[[], str | None]  # before each attempt: a reason not to send it (a spent budget), or None
_SECRET_PATTERNS = re.compile(r"(sk-[A-Za-z0-9_\-*]{6,}|AIza[A-Za-z0-9_\-]{10,}|Bearer\s+\S+)")


@dataclass
class LLMResponse:
    """What a call produced, summed over all its attempts (each attempt is also logged separately)."""

    text: str
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    cost_estimate: float = 0.0
    latency_ms: float = 0.0
    attempts: int = 1


@dataclass
class Request:
    """One call as the provider should send it."""

    messages: list[dict[str, Any]]
    system_prompt: str
    temperature: float | None = None
    max_tokens: int | None = None
    schema: dict[str, Any] | None = None


@dataclass
class Reply:
    """One provider round trip: text plus usage; `data` when the provider returned structure natively."""

    text: str
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    data: Any = None
    truncated: bool = False
    structured: str | None = None  # the response_format a local server was sent (json_schema, json_object)
    cache_mode: str | None = None  # how the provider cached the prompt, where it has a choice (gemini)


@dataclass
class Usage:
    """Running totals for one model object (all attempts, failed ones included)."""

    calls: int = 0
    attempts: int = 0
    failures: int = 0
    unanswered: int = 0  # of the failures, calls the provider never answered usably (not a bad reply)
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    cost: float = 0.0
    latency_ms: float = 0.0

    def add(self, reply: Reply, cost: float, latency_ms: float) -> None:
        """Count one attempt's usage."""
        self.input_tokens += reply.input_tokens
        self.output_tokens += reply.output_tokens
        self.cached_tokens += reply.cached_tokens
        self.cache_write_tokens += reply.cache_write_tokens
        self.cost += cost
        self.latency_ms += latency_ms


def cost_of(reply: Reply, price: PriceConfig) -> float:
    """US dollars for one attempt; `input_tokens` includes the cached and cache-written tokens.

    >>> cost_of(Reply("", 1_000_000, 0, cached_tokens=500_000), PriceConfig(input=2.0, cache_read=0.2))
    1.1
    """
    uncached = max(0, reply.input_tokens - reply.cached_tokens - reply.cache_write_tokens)
    dollars = (
        uncached * price.input
        + reply.cached_tokens * price.cache_read
        + reply.cache_write_tokens * price.cache_write
        + reply.output_tokens * price.output
    )
    return round(dollars / 1_000_000, 10)


def estimate_tokens(text: str) -> int:
    """Rough token count (about four characters a token), good enough for budgets and fakes.

    >>> estimate_tokens(""), estimate_tokens("open the mailbox")
    (0, 4)
    """
    return math.ceil(len(text) / 4)


def backoff_delay(failures: int, rng: random.Random, base: float = 0.5, cap: float = 20.0) -> float:
    """Exponential backoff with full jitter: uniform in [0, min(cap, base * 2**(failures-1))].

    >>> 0 <= backoff_delay(3, random.Random(1)) <= 2.0
    True
    """
    return rng.uniform(0, min(cap, base * 2 ** max(0, failures - 1)))


class BaseLLM(ABC):
    """One model bound to one role, with the shared call machinery."""

    provider: ClassVar[str] = "base"
    native_json: ClassVar[bool] = True  # False: the schema goes into the prompt instead
    needs_api_key: ClassVar[bool] = True
    default_key_env: ClassVar[str | None] = None
    preflight_check: ClassVar[bool] = True  # asked one tiny question at start-up (model_checks.py)
    base_url: str | None = None  # the server's address, for a provider that is given one

    def __init__(
        self,
        model: str,
        role: str = "",
        *,
        price: PriceConfig | None = None,
        sink: Sink | None = None,
        max_retries: int = 4,
        max_repairs: int = 2,
        timeout_s: float = 60.0,
        temperature: float | None = None,
        max_tokens: int | None = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        gate: Gate | None = None,
        limiter: RateLimit | None = None,
    ) -> None:
        self.model = model
        self.role = role
        self.price = price or PriceConfig()
        self.sink = sink
        self.max_retries = max_retries
        self.max_repairs = max_repairs
        self.timeout_s = timeout_s
        self.default_temperature = temperature
        self.default_max_tokens = max_tokens
        self.sleep = sleep
        self.rng = rng or random.Random()
        self.gate = gate
        self.limiter = limiter  # the provider's requests and tokens per minute (rate_limit.py)
        self.usage = Usage()
        self.last_response: LLMResponse | None = None
        self._secrets: list[str] = []

    @classmethod
    def from_config(
        cls, role: str, model: str, provider: ProviderConfig, api_key: str | None, **kw: Any
    ) -> BaseLLM:
        """Build from config values; providers needing more (base_url, TTL) override this."""
        return cls(model, role, max_retries=provider.max_retries, timeout_s=provider.timeout_s, **kw)

    # ---- provider hooks -------------------------------------------------------------------
    @abstractmethod
    def _complete(self, request: Request) -> Reply:
        """Send one request; raise TransientError or PermanentError on failure."""

    def close(self) -> None:
        """Release what the provider keeps between calls (an explicit cache); nothing by default."""
        return None

    def count_tokens(self, text: str) -> int:
        """Estimate the token count of a string."""
        return estimate_tokens(text)

    # ---- public API -----------------------------------------------------------------------
    def complete(
        self,
        messages: list[dict[str, Any]],
        system_prompt: str,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> LLMResponse:
        """Plain text completion; raises LLMError after retries."""
        request = self._request(messages, system_prompt, temperature, max_tokens, None)
        response, _ = self._run(request, _require_text)
        return response

    def complete_json(
        self,
        messages: list[dict[str, Any]],
        system_prompt: str,
        schema: dict[str, Any],
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> dict[str, Any]:
        """Structured completion validated against `schema`; raises LLMError when unrecoverable."""
        request = self._request(messages, system_prompt, temperature, max_tokens, schema)
        _, result = self._run(request, lambda reply: _parse_json(reply, schema))
        return result

    # ---- shared machinery -----------------------------------------------------------------
    def _request(
        self,
        messages: list[dict[str, Any]],
        system_prompt: str,
        temperature: float | None,
        max_tokens: int | None,
        schema: dict[str, Any] | None,
    ) -> Request:
        if schema is not None and not self.native_json:
            system_prompt = f"{system_prompt}\n\n{schema_instruction(schema)}".lstrip()
        return Request(
            messages=[dict(m) for m in messages],
            system_prompt=system_prompt,
            temperature=self.default_temperature if temperature is None else temperature,
            max_tokens=self.default_max_tokens if max_tokens is None else max_tokens,
            schema=schema,
        )

    def _run(self, request: Request, parse: Callable[[Reply], Any]) -> tuple[LLMResponse, Any]:
        """Attempt until a usable reply, retrying transient faults and re-asking on bad replies.

        Each attempt's record says how its reply parsed and, when it did not, what came next:
        `retry` (a transient fault, after a backoff), `repair` (asked again with the bad answer and
        a correction) or `give_up` (the caller gets an LLMError and takes its safe default).
        """
        self.usage.calls += 1
        total = LLMResponse(text="", attempts=0)
        failures = repairs = 0
        while True:
            self._check_gate(total.attempts)
            if self.limiter is not None:
                self.limiter.wait_for(estimate_tokens(prompt_text(request)), self.sleep)
            total.attempts += 1
            outcome = self._attempt(request, parse)
            if isinstance(outcome, _Success):
                self._account(
                    request, outcome.reply, outcome.result, outcome.latency, None, total, outcome.how
                )
                total.text = outcome.reply.text
                self.last_response = total
                return total, outcome.result
            step = next_step(outcome.error, failures, repairs, self.max_retries, self.max_repairs)
            self._account(request, outcome.reply, None, outcome.latency, outcome.error, total, None, step)
            if step == "retry":
                failures += 1
                self._backoff(failures, outcome.error)  # type: ignore[arg-type]
            elif step == "repair":
                repairs += 1
                request = _repaired(request, outcome.reply, outcome.error)
            else:
                self.usage.failures += 1
                self.usage.unanswered += not isinstance(outcome.error, BadReplyError)
                self.last_response = total
                raise self._final_error(outcome.error, total.attempts) from outcome.error

    def _check_gate(self, attempts: int) -> None:
        """Rule budget_gate (budget.py): send nothing once the game's budget is spent."""
        reason = self.gate() if self.gate is not None else None
        if reason:
            if attempts == 0:
                self.usage.failures += 1
            raise BudgetSpentError(f"{self.provider}/{self.model} ({self.role}) not asked: {reason}")

    def _attempt(self, request: Request, parse: Callable[[Reply], Any]) -> _Outcome:
        started = time.perf_counter()
        reply: Reply | None = None
        try:
            reply = self._complete(request)
            latency = (time.perf_counter() - started) * 1000
            result, how = parse(reply)
        except AssertionError:
            raise  # a test's fake ran dry: a test failure, never a model failure
        except Exception as exc:  # every failure becomes a typed LLMError for the retry policy
            latency = (time.perf_counter() - started) * 1000
            error = exc if isinstance(exc, LLMError) else self._unexpected(exc)
            return _Failure(error, reply, latency)
        return _Success(reply, result, latency, how)

    def _unexpected(self, exc: Exception) -> LLMError:
        log.warning("%s/%s: unexpected %s from provider", self.provider, self.model, type(exc).__name__)
        return PermanentError(f"{type(exc).__name__}: {exc}")

    def _account(
        self,
        request: Request,
        reply: Reply | None,
        result: Any,
        latency: float,
        error: LLMError | None,
        total: LLMResponse,
        how: str | None = None,
        step: str | None = None,
    ) -> None:
        used = reply or Reply("")
        cost = cost_of(used, self.price)
        self.usage.attempts += 1
        self.usage.add(used, cost, latency)
        total.input_tokens += used.input_tokens
        total.output_tokens += used.output_tokens
        total.cached_tokens += used.cached_tokens
        total.cache_write_tokens += used.cache_write_tokens
        total.cost_estimate += cost
        total.latency_ms += latency
        self._emit(request, used, result, cost, latency, error, total.attempts, how, step)

    def _emit(
        self,
        request: Request,
        reply: Reply,
        result: Any,
        cost: float,
        latency: float,
        error: LLMError | None,
        attempt: int,
        how: str | None = None,
        step: str | None = None,
    ) -> None:
        """Report one attempt to the sink; a broken sink must not break the game."""
        log.debug(
            "%s/%s %s attempt %d: %d in (%d cached), %d out, %.0f ms, error=%s, reply=%.200r",
            self.provider, self.model, self.role, attempt, reply.input_tokens, reply.cached_tokens,
            reply.output_tokens, latency, self.redact(str(error)) if error else None, reply.text,
        )  # fmt: skip
        if self.sink is None:
            return
        call = LLMCall(
            agent=self.role,
            provider=self.provider,
            model=self.model,
            system_prompt=request.system_prompt,
            messages=[{**m, "content": message_text(m)} for m in request.messages],  # blocks as text
            raw_response=reply.text,
            parsed_result=result if request.schema is not None else None,
            input_tokens=reply.input_tokens,
            output_tokens=reply.output_tokens,
            cached_tokens=reply.cached_tokens,
            cache_write_tokens=reply.cache_write_tokens,
            cost_estimate=cost,
            latency_ms=latency,
            error=self.redact(f"{type(error).__name__}: {error}") if error else None,
            attempt=attempt,
            parsed_how=how,
            next_step=step,
            truncated=reply.truncated,
            structured_output=reply.structured,
            cache_mode=reply.cache_mode,
        )
        try:
            self.sink(call)
        except Exception:
            log.exception("LLM call sink failed; call not recorded")

    def redact(self, text: str) -> str:
        """Remove API keys and auth headers from text that will be stored or shown."""
        for secret in self._secrets:
            if secret:
                text = text.replace(secret, "[redacted]")
        return _SECRET_PATTERNS.sub("[redacted]", text)

    def _backoff(self, failures: int, error: TransientError) -> None:
        delay = backoff_delay(failures, self.rng)
        if error.retry_after is not None:  # the server (or a rejected cache) says when to come back
            delay = min(error.retry_after, 60.0)
        log.info("%s/%s: %s; retry %d in %.2fs", self.provider, self.model, error, failures, delay)
        self.sleep(delay)

    def _final_error(self, error: LLMError, attempts: int) -> LLMError:
        message = self.redact(
            f"{self.provider}/{self.model} ({self.role}) failed after {attempts} attempt(s): {error}"
        )
        final = (
            type(error)(message) if type(error) in (TransientError, PermanentError, BadReplyError) else error
        )
        final.attempts = attempts  # type: ignore[attr-defined]
        return final


@dataclass
class _Success:
    reply: Reply
    result: Any
    latency: float = 0.0
    how: str = ""  # how the reply parsed: text, native, json, fenced, embedded (+comma)


@dataclass
class _Failure:
    error: LLMError
    reply: Reply | None = None
    latency: float = 0.0


_Outcome = _Success | _Failure


def next_step(error: LLMError, failures: int, repairs: int, max_retries: int, max_repairs: int) -> str:
    """What follows a failed attempt: retry, repair or give_up.

    >>> next_step(TransientError("503"), 0, 0, 4, 2), next_step(BadReplyError("x"), 0, 2, 4, 2)
    ('retry', 'give_up')
    """
    if isinstance(error, TransientError) and failures < max_retries:
        return "retry"
    if isinstance(error, BadReplyError) and repairs < max_repairs:
        return "repair"
    return "give_up"


def _require_text(reply: Reply) -> tuple[str, str]:
    if not reply.text.strip():
        raise BadReplyError("empty reply" + (" (output limit reached)" if reply.truncated else ""))
    return reply.text, "text"


def _parse_json(reply: Reply, schema: dict[str, Any]) -> tuple[Any, str]:
    """The reply's structured value, checked against the schema, and how it was found."""
    if reply.data is not None:
        value, how = reply.data, "native"
    else:
        try:
            value, how = extract_json_how(reply.text, schema)
        except JSONExtractError as exc:
            suffix = " (output limit reached)" if reply.truncated else ""
            raise BadReplyError(f"{exc}{suffix}") from None
    errors = validate(value, schema)
    if errors:
        raise BadReplyError("reply does not match the schema: " + "; ".join(errors[:5]))
    return value, how


def _repaired(request: Request, reply: Reply | None, error: LLMError) -> Request:
    """The request again, with the bad answer and a correction appended (bounded by max_repairs)."""
    bad_text = reply.text if reply else ""
    if reply and reply.truncated and request.max_tokens:
        request = replace(request, max_tokens=request.max_tokens * 2)  # it ran out of room: give it more
    if not bad_text.strip() or request.schema is None:
        return request  # nothing to show the model: just ask again
    correction = (
        f"That reply could not be used ({error}). Answer again with only a JSON value that "
        "conforms to the schema, with no other text."
    )
    messages = request.messages + [
        {"role": "assistant", "content": bad_text},
        {"role": "user", "content": correction},
    ]
    return replace(request, messages=messages)


def message_text(message: dict[str, Any]) -> str:
    """The text of a chat message whose content is a string or a list of text blocks."""
    content = message.get("content", "")
    if isinstance(content, str):
        return content
    return "".join(b.get("text", "") for b in content if isinstance(b, dict))


def prompt_text(request: Request) -> str:
    """All prompt text of a request, for token estimates."""
    parts = [request.system_prompt] + [message_text(m) for m in request.messages]
    if request.schema is not None:
        parts.append(json.dumps(request.schema))
    return "\n".join(parts)
