"""Typed failures of the LLM layer; callers catch LLMError and fall back to a safe default."""

from __future__ import annotations


class LLMError(Exception):
    """A model call failed for good (after retries and re-asks); never a crash, never game text."""


class MissingAPIKeyError(LLMError):
    """The environment variable that should hold a provider's API key is unset."""

    def __init__(self, provider: str, env_var: str) -> None:
        self.provider = provider
        self.env_var = env_var
        super().__init__(
            f"provider {provider!r} needs an API key: set the environment variable {env_var} "
            f"(for example `export {env_var}=...`), or pick another provider in config.json"
        )


class UnknownProviderError(LLMError):
    """config.json names a provider this layer does not know."""

    def __init__(self, name: str, valid: list[str]) -> None:
        self.name = name
        self.valid = valid
        super().__init__(f"unknown LLM provider {name!r}; valid providers: {', '.join(valid)}")


class TransientError(LLMError):
    """A failure worth retrying: rate limit, overload, server error, timeout, lost connection."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class PermanentError(LLMError):
    """A request the provider will never accept as sent (bad request, auth, not found)."""


class BudgetSpentError(PermanentError):
    """The game's budget is spent: the call was not sent (see autofrotz/budget.py)."""


class BadReplyError(LLMError):
    """The model answered, but not usably: empty, not JSON, or not matching the schema."""


class UnexpectedCallError(AssertionError):
    """A fake model was called with nothing queued: a test failure, so never swallowed."""


RETRYABLE_STATUS = frozenset({408, 429, 500, 502, 503, 504, 529})


def status_error(status: int, message: str, retry_after: str | None = None) -> LLMError:
    """The typed error for an HTTP status: retry rate limits, overload and server errors only.

    >>> type(status_error(529, "overloaded")).__name__, type(status_error(400, "bad")).__name__
    ('TransientError', 'PermanentError')
    >>> status_error(429, "slow down", "2").retry_after
    2.0
    """
    text = f"HTTP {status}: {message}"
    error: LLMError = (
        TransientError(text, _seconds(retry_after)) if status in RETRYABLE_STATUS else PermanentError(text)
    )
    error.status = status  # type: ignore[attr-defined]
    return error


def _seconds(value: str | None) -> float | None:
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None  # an HTTP date; the backoff schedule is good enough
