"""Requests and tokens per minute, kept before sending: one window per provider, shared by its roles.

A provider's `requests_per_minute` and `tokens_per_minute` (config.json) are the limits its account
has; a call that would pass one waits until the oldest call of the last minute drops out of the
window, so the game slows down instead of collecting 429s (which are still retried when they come).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

WINDOW_S = 60.0


@dataclass
class RateLimit:
    """A sliding one-minute window of (time sent, tokens) for one provider."""

    requests_per_minute: int | None = None
    tokens_per_minute: int | None = None
    clock: Callable[[], float] = time.monotonic
    sent: deque[tuple[float, int]] = field(default_factory=deque)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def wait_for(self, tokens: int, sleep: Callable[[float], None]) -> float:
        """Wait (with `sleep`) until a call of `tokens` fits in the window, count it; seconds waited."""
        waited = 0.0
        while True:
            with self.lock:
                delay = self._delay(tokens)
                if delay <= 0:
                    self.sent.append((self.clock(), tokens))
                    return waited
            sleep(delay)
            waited += delay

    def _delay(self, tokens: int) -> float:
        """Seconds until a call of `tokens` fits (0: now)."""
        now = self.clock()
        while self.sent and self.sent[0][0] <= now - WINDOW_S:
            self.sent.popleft()
        if not self.sent:
            return 0.0  # a call bigger than the token limit still goes alone
        too_many = self.requests_per_minute is not None and len(self.sent) >= self.requests_per_minute
        used = sum(t for _, t in self.sent)
        too_big = self.tokens_per_minute is not None and used + tokens > self.tokens_per_minute
        if not (too_many or too_big):
            return 0.0
        return max(0.01, self.sent[0][0] + WINDOW_S - now)


_limits: dict[str, RateLimit] = {}
_limits_lock = threading.Lock()


def shared_limit(
    provider: str, requests_per_minute: int | None, tokens_per_minute: int | None
) -> RateLimit | None:
    """The one window of a provider (the same object for all its roles), or None without limits."""
    if requests_per_minute is None and tokens_per_minute is None:
        return None
    with _limits_lock:
        limit = _limits.get(provider)
        if limit is None or (limit.requests_per_minute, limit.tokens_per_minute) != (
            requests_per_minute,
            tokens_per_minute,
        ):
            limit = _limits[provider] = RateLimit(requests_per_minute, tokens_per_minute)
        return limit
