"""Collects every LLM call of a turn (through BaseLLM.sink) and turns them into metric rows."""

from __future__ import annotations

from dataclasses import replace

from autofrotz.storage.models import LLMCall, Metric


class CallRecorder:
    """The sink every LLM reports to; the orchestrator drains it once per turn."""

    def __init__(self) -> None:
        self.game_id: int | None = None
        self.turn_number = 0
        self.calls: list[LLMCall] = []
        self.total_cost = 0.0
        self.total_calls = 0
        self.total_tokens = 0

    def begin(self, turn_number: int) -> None:
        """Start collecting for a new turn."""
        self.turn_number = turn_number
        self.calls = []

    def __call__(self, call: LLMCall) -> None:
        self.calls.append(replace(call, game_id=self.game_id, turn_number=self.turn_number))
        self.total_cost += call.cost_estimate
        self.total_calls += 1
        self.total_tokens += call.input_tokens + call.output_tokens

    def drain(self) -> list[LLMCall]:
        """The calls collected since begin(), emptying the list."""
        calls, self.calls = self.calls, []
        return calls

    def errors(self) -> list[str]:
        """Errors reported by this turn's calls so far."""
        return [f"{c.agent}: {c.error}" for c in self.calls if c.error]


def metrics_for(calls: list[LLMCall], game_id: int, turn_number: int) -> list[Metric]:
    """One metric row per call."""
    return [
        Metric(
            game_id=game_id,
            turn_number=turn_number,
            agent_name=c.agent,
            provider=c.provider,
            model=c.model,
            input_tokens=c.input_tokens,
            output_tokens=c.output_tokens,
            cached_tokens=c.cached_tokens,
            cost_estimate=c.cost_estimate,
            latency_ms=c.latency_ms,
        )
        for c in calls
    ]
