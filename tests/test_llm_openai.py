"""OpenAI and local providers: pure request building, and the wire through the real SDK client."""

from __future__ import annotations

import json

import httpx
import pytest
import respx
from support.llm_kits import GOOD, KITS, SCHEMA, Recorder, openai_body

from autofrotz.llm.base import Request
from autofrotz.llm.openai_llm import LocalLLM, OpenAILLM

URL = "https://api.openai.com/v1/chat/completions"
MESSAGES = [{"role": "user", "content": "Cellar. Exits: north, up.", "cache": True}]


def _request(schema: dict | None = None) -> Request:
    return Request(MESSAGES, "Static rules.", temperature=0.1, max_tokens=256, schema=schema)


def test_build_request_puts_static_system_prompt_first_and_asks_for_the_schema() -> None:
    llm = OpenAILLM("gpt-4o-mini", "map_parser", api_key="k")
    body = llm.build_request(_request(SCHEMA))
    assert body["messages"][0] == {"role": "system", "content": "Static rules."}
    assert body["messages"][1] == {"role": "user", "content": "Cellar. Exits: north, up."}  # no "cache" key
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "result", "schema": SCHEMA, "strict": True},
    }
    assert body["max_completion_tokens"] == 256 and body["temperature"] == 0.1
    assert body["prompt_cache_key"] == "autofrotz-map_parser"


def test_open_schema_is_sent_without_strict_mode() -> None:
    llm = OpenAILLM("gpt-4o-mini", "map_parser", api_key="k")
    body = llm.build_request(_request({"type": "object", "properties": {"a": {"type": "string"}}}))
    assert body["response_format"]["json_schema"]["strict"] is False


def test_local_build_request_has_no_caching_and_sends_the_schema_both_ways() -> None:
    llm = LocalLLM("llama", "map_parser", api_key="not-needed", base_url="http://localhost:1234/v1")
    request = llm._request(MESSAGES, "Static rules.", None, 128, SCHEMA)
    body = llm.build_request(request)
    assert "prompt_cache_key" not in body
    assert body["max_tokens"] == 128 and "temperature" not in body
    assert '"required":["room","exits","moved"]' in body["messages"][0]["content"]  # schema by instruction
    assert body["response_format"]["type"] == "json_schema"  # and as a grammar where the server can
    assert body["response_format"]["json_schema"]["schema"] == SCHEMA
    plain = llm.build_request(llm._request(MESSAGES, "Static rules.", None, 128, None))
    assert "response_format" not in plain


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        ("off", None),
        ("json_object", {"type": "json_object", "schema": SCHEMA}),
        ("json_schema", "json_schema"),
    ],
)
def test_local_structured_output_setting(setting: str, expected: object) -> None:
    llm = LocalLLM(
        "m", "item_parser", api_key="x", base_url="http://localhost:1/v1", structured_output=setting
    )
    body = llm.build_request(llm._request(MESSAGES, "Rules.", None, 64, SCHEMA))
    found = body.get("response_format")
    assert (found["type"] if expected == "json_schema" and found else found) == expected


def test_complete_on_the_wire() -> None:
    router, rec = respx.Router(), Recorder()
    route = router.post(URL).mock(return_value=httpx.Response(200, json=openai_body("Go north.")))
    llm = KITS["openai"].build(router, rec, temperature=0.7, max_tokens=99)
    response = llm.complete(MESSAGES, "Static rules.")
    sent = json.loads(route.calls.last.request.content)
    assert sent["model"] == "gpt-4o" and sent["temperature"] == 0.7 and sent["max_completion_tokens"] == 99
    assert "response_format" not in sent
    assert route.calls.last.request.headers["authorization"].startswith("Bearer sk-test")
    assert (response.text, response.input_tokens, response.output_tokens) == ("Go north.", 2006, 300)
    assert response.cached_tokens == 1920 and response.cache_write_tokens == 0
    assert response.cost_estimate == pytest.approx((86 * 3.0 + 1920 * 0.3 + 300 * 15.0) / 1e6)
    assert response.latency_ms > 0
    (call,) = rec.calls
    assert (call.agent, call.provider, call.model, call.attempt) == ("map_parser", "openai", "gpt-4o", 1)
    assert call.system_prompt == "Static rules." and call.messages == MESSAGES
    assert call.raw_response == "Go north." and call.cached_tokens == 1920 and call.error is None


def test_complete_json_on_the_wire() -> None:
    router, rec = respx.Router(), Recorder()
    route = router.post(URL).mock(return_value=httpx.Response(200, json=openai_body(json.dumps(GOOD))))
    llm = KITS["openai"].build(router, rec)
    assert llm.complete_json(MESSAGES, "Static rules.", SCHEMA) == GOOD
    sent = json.loads(route.calls.last.request.content)
    assert sent["response_format"]["type"] == "json_schema"
    assert sent["response_format"]["json_schema"]["schema"] == SCHEMA
    assert rec.calls[0].parsed_result == GOOD and rec.calls[0].input_tokens == 2006
    assert llm.last_response is not None and llm.last_response.cached_tokens == 1920
    assert llm.usage.cost == pytest.approx(llm.last_response.cost_estimate)


def test_local_on_the_wire_uses_base_url_and_tolerates_prose() -> None:
    router, rec = respx.Router(), Recorder()
    reply = "Sure! Here is the JSON:\n```json\n" + json.dumps(GOOD) + "\n```\nLet me know."
    route = router.post("http://localhost:1234/v1/chat/completions").mock(
        return_value=httpx.Response(200, json=openai_body(reply, cached=0))
    )
    llm = KITS["local"].build(router, rec)
    assert llm.complete_json(MESSAGES, "Static rules.", SCHEMA) == GOOD
    assert route.calls.last.request.url.host == "localhost"
    sent = json.loads(route.calls.last.request.content)
    assert sent["model"] == "llama-3.1-8b" and sent["response_format"]["type"] == "json_schema"
    assert rec.calls[0].system_prompt.startswith("Static rules.\n\nReply with one JSON value only")
    assert rec.calls[0].parsed_how == "fenced" and rec.calls[0].structured_output == "json_schema"
