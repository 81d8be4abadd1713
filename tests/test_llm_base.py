"""BaseLLM machinery through MockLLM: retries, re-asks, accounting, logging; JSON recovery tables."""

from __future__ import annotations

import random

import pytest
from support.llm_kits import GOOD, SCHEMA, Recorder

from autofrotz.config import PriceConfig
from autofrotz.llm import BadReplyError, LLMError, MockLLM, PermanentError, Reply, TransientError
from autofrotz.llm.base import backoff_delay
from autofrotz.llm.errors import UnexpectedCallError
from autofrotz.llm.json_tools import JSONExtractError, extract_json, validate

MESSAGES = [{"role": "user", "content": "West of House. There is a small mailbox here."}]


def _mock(rec: Recorder, **kw: object) -> MockLLM:
    return MockLLM("mock-model", "map_parser", sink=rec.sink, sleep=rec.sleep, **kw)


def test_mock_answers_in_order_and_records_history() -> None:
    rec = Recorder()
    llm = _mock(rec)
    llm.enqueue("open mailbox", GOOD)
    assert llm.complete(MESSAGES, "sys").text == "open mailbox"
    assert llm.complete_json(MESSAGES, "sys", SCHEMA) == GOOD
    assert [h["schema"] for h in llm.history] == [None, SCHEMA]
    assert llm.history[0]["messages"] == MESSAGES


def test_mock_raises_when_its_queue_is_empty() -> None:
    llm = _mock(Recorder())
    with pytest.raises(UnexpectedCallError):
        llm.complete(MESSAGES, "sys")
    assert not issubclass(UnexpectedCallError, LLMError)  # callers' fallbacks cannot hide it


def test_mock_reports_plausible_token_counts() -> None:
    rec = Recorder()
    llm = _mock(rec, price=PriceConfig(input=1.0, output=2.0))
    llm.enqueue("go north")
    response = llm.complete(MESSAGES, "x" * 400)
    assert response.input_tokens == llm.count_tokens("x" * 400 + "\n" + MESSAGES[0]["content"])
    assert response.output_tokens == 2
    assert response.cost_estimate == pytest.approx((response.input_tokens + 4) / 1e6)


def test_transient_errors_are_retried_with_backoff() -> None:
    rec = Recorder()
    llm = _mock(rec, rng=random.Random(3))
    llm.enqueue(TransientError("HTTP 503"), TransientError("HTTP 529"), "look")
    response = llm.complete(MESSAGES, "sys")
    assert response.text == "look" and response.attempts == 3 and len(rec.sleeps) == 2
    assert [c.attempt for c in rec.calls] == [1, 2, 3] and rec.calls[2].error is None


def test_retries_are_bounded() -> None:
    rec = Recorder()
    llm = _mock(rec, max_retries=2)
    llm.enqueue(*[TransientError("HTTP 500")] * 3)
    with pytest.raises(TransientError, match="after 3 attempt"):
        llm.complete(MESSAGES, "sys")
    assert len(rec.calls) == 3 and llm.usage.failures == 1


def test_permanent_errors_are_not_retried() -> None:
    rec = Recorder()
    llm = _mock(rec)
    llm.enqueue(PermanentError("HTTP 400"), "never used")
    with pytest.raises(PermanentError):
        llm.complete(MESSAGES, "sys")
    assert len(rec.calls) == 1 and len(llm.queue) == 1


def test_unexpected_provider_exceptions_become_typed_errors() -> None:
    rec = Recorder()
    llm = _mock(rec)
    llm.enqueue(KeyError("choices"))
    with pytest.raises(PermanentError, match="KeyError"):
        llm.complete(MESSAGES, "sys")


def test_bad_json_is_re_asked_with_the_correction_then_recovers() -> None:
    rec = Recorder()
    llm = _mock(rec)
    llm.enqueue('{"room": "Cellar"}', GOOD)
    assert llm.complete_json(MESSAGES, "sys", SCHEMA) == GOOD
    second = llm.history[1]["messages"]
    assert second[-2] == {"role": "assistant", "content": '{"room": "Cellar"}'}
    assert "missing required key 'exits'" in second[-1]["content"]
    assert rec.calls[1].messages == second and rec.calls[1].parsed_result == GOOD


def test_re_asks_are_bounded() -> None:
    rec = Recorder()
    llm = _mock(rec, max_repairs=1)
    llm.enqueue("no idea", "still no idea", GOOD)
    with pytest.raises(BadReplyError):
        llm.complete_json(MESSAGES, "sys", SCHEMA)
    assert len(rec.calls) == 2 and len(llm.queue) == 1


def test_truncated_reply_is_re_asked_with_a_larger_limit() -> None:
    llm = _mock(Recorder())
    llm.enqueue(Reply('{"room": "Cel', 10, 64, truncated=True), GOOD)
    assert llm.complete_json(MESSAGES, "sys", SCHEMA, max_tokens=64) == GOOD
    assert [h["max_tokens"] for h in llm.history] == [64, 128]


def test_usage_totals_include_failed_attempts() -> None:
    rec = Recorder()
    llm = _mock(rec)
    llm.enqueue(Reply("garbage", 100, 5), Reply('{"a": 1}', 120, 7))
    llm.complete_json(MESSAGES, "sys", {"type": "object", "required": ["a"]})
    assert (llm.usage.input_tokens, llm.usage.output_tokens, llm.usage.attempts) == (220, 12, 2)
    assert llm.last_response is not None and llm.last_response.input_tokens == 220
    assert sum(c.input_tokens for c in rec.calls) == 220


def test_a_broken_sink_does_not_break_the_call() -> None:
    def sink(_call: object) -> None:
        raise RuntimeError("database is locked")

    llm = MockLLM("m", "game_agent", sink=sink)
    llm.enqueue("wait")
    assert llm.complete(MESSAGES, "sys").text == "wait"


def test_backoff_grows_and_is_capped() -> None:
    rng = random.Random(0)
    for failures, ceiling in [(1, 0.5), (2, 1.0), (3, 2.0), (6, 16.0), (12, 20.0)]:
        assert all(0 <= backoff_delay(failures, rng) <= ceiling for _ in range(50))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1}', {"a": 1}),
        ('```json\n{"a": 1}\n```', {"a": 1}),
        ('```\n{"a": 1}\n```', {"a": 1}),
        ('Here is the result: {"a": 1}', {"a": 1}),
        ('{"a": 1}\nI hope this helps! {not json}', {"a": 1}),
        ('Example: {"b": 2}. Answer: {"a": 1}', {"a": 1}),  # the one matching the schema wins
        ('{"a": "x}y", "n": {"z": [1, 2]}}', {"a": "x}y", "n": {"z": [1, 2]}}),
        ('{"a": 1,}', {"a": 1}),
    ],
)
def test_extract_json_tolerates_wrappers(text: str, expected: dict) -> None:
    schema = {"type": "object", "required": ["a"]}
    assert extract_json(text, schema) == expected


@pytest.mark.parametrize("text", ["", "   ", "I cannot answer that.", '{"a": 1', '```json\n{"a":\n```'])
def test_extract_json_refuses_unrecoverable(text: str) -> None:
    with pytest.raises(JSONExtractError):
        extract_json(text)


def test_validator_subset() -> None:
    assert validate(GOOD, SCHEMA) == []
    assert validate({**GOOD, "extra": 1}, SCHEMA) == ["$: unexpected key 'extra'"]
    assert validate({**GOOD, "exits": ["n", 3]}, SCHEMA) == ["$.exits[1]: expected string, got integer"]
    assert validate({**GOOD, "moved": 1}, SCHEMA) == ["$.moved: expected boolean, got integer"]
    enum = {"type": "string", "enum": ["north", "south"]}
    assert validate("up", enum) == ["$: 'up' not one of ['north', 'south']"]
    assert validate(None, {"type": ["string", "null"]}) == []
    assert validate(2.0, {"type": "integer"}) == [] and validate(True, {"type": "number"}) != []
    assert validate([], {"type": "object"}) == ["$: expected object, got array"]
