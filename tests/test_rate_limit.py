"""Requests and tokens per minute are kept before sending, in one window per provider."""

from __future__ import annotations

import pytest

from autofrotz.config import ConfigError, config_from_dict
from autofrotz.llm import MockLLM, build_llm
from autofrotz.llm.rate_limit import RateLimit


class Clock:
    """A clock that only moves when the model sleeps."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


MESSAGES = [{"role": "user", "content": "x" * 400}]  # about 100 tokens


def model(limit: RateLimit, clock: Clock) -> MockLLM:
    llm = MockLLM("m", "game_agent", limiter=limit, sleep=clock.sleep)
    llm.enqueue(*["ok"] * 5)
    return llm


def test_requests_per_minute_wait_for_the_oldest_call_to_leave_the_window() -> None:
    clock = Clock()
    llm = model(RateLimit(requests_per_minute=2, clock=clock), clock)
    for _ in range(3):
        llm.complete(MESSAGES, "")
    assert clock.slept == [60.0] and len(llm.history) == 3


def test_tokens_per_minute_wait_too() -> None:
    clock = Clock()
    llm = model(RateLimit(tokens_per_minute=250, clock=clock), clock)
    llm.complete(MESSAGES, "")
    clock.now = 10.0
    llm.complete(MESSAGES, "")
    llm.complete(MESSAGES, "")  # 300 tokens in the minute: waits until the first call is 60 s old
    assert clock.slept == [50.0]


def test_roles_of_one_provider_share_one_window_and_limits_are_checked() -> None:
    raw = {
        "agents": {
            "game_agent": {"provider": "mock", "model": "a"},
            "map_parser": {"provider": "mock", "model": "b"},
        },
        "providers": {"mock": {"requests_per_minute": 30}},
    }
    config = config_from_dict(raw)
    one, two = build_llm("game_agent", config), build_llm("map_parser", config)
    assert one is not None and two is not None and one.limiter is two.limiter is not None
    assert one.limiter.requests_per_minute == 30
    with pytest.raises(ConfigError, match="requests_per_minute"):
        config_from_dict({"providers": {"mock": {"requests_per_minute": 0}}})
