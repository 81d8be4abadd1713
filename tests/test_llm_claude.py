"""Claude: cache breakpoints, forced-tool structured output and cache-aware usage, on the wire."""

from __future__ import annotations

import json

import httpx
import pytest
import respx
from support.llm_kits import GOOD, KITS, SCHEMA, Recorder, anthropic_body

from autofrotz.llm.base import Request
from autofrotz.llm.claude_llm import EPHEMERAL, RESULT_TOOL, ClaudeLLM

URL = "https://api.anthropic.com/v1/messages"
STATIC = {"role": "user", "content": "Full game rules ... (large, unchanging)", "cache": True}
TURN = {"role": "user", "content": "West of House. What now?"}


def test_build_request_marks_system_prompt_and_static_blocks() -> None:
    llm = ClaudeLLM("claude-sonnet-4-6", "game_agent", api_key="k")
    body = llm.build_request(Request([STATIC, TURN], "You play text adventures.", 0.7, None, None))
    system = [{"type": "text", "text": "You play text adventures.", "cache_control": EPHEMERAL}]
    assert body["system"] == system
    assert body["messages"][0]["content"][0]["cache_control"] == EPHEMERAL
    assert "cache_control" not in body["messages"][0]["content"][1]  # one user message, two blocks
    assert body["max_tokens"] == 1024 and body["temperature"] == 0.7 and "tools" not in body


def test_build_request_keeps_within_four_breakpoints() -> None:
    llm = ClaudeLLM("claude-sonnet-4-6", "game_agent", api_key="k")
    body = llm.build_request(Request([STATIC] * 6, "sys", None, 50, None))
    markers = json.dumps(body).count('"cache_control"')
    assert markers == 4


def test_build_request_forces_the_result_tool_for_json() -> None:
    llm = ClaudeLLM("claude-sonnet-4-6", "map_parser", api_key="k")
    body = llm.build_request(Request([TURN], "Parse.", None, 200, SCHEMA))
    assert body["tools"][0]["name"] == RESULT_TOOL and body["tools"][0]["input_schema"] == SCHEMA
    assert body["tool_choice"] == {"type": "tool", "name": RESULT_TOOL}


def test_complete_on_the_wire_counts_cache_reads() -> None:
    router, rec = respx.Router(), Recorder()
    route = router.post(URL).mock(return_value=httpx.Response(200, json=anthropic_body(text="open mailbox")))
    llm = KITS["anthropic"].build(router, rec)
    response = llm.complete([STATIC, TURN], "You play text adventures.")
    request = route.calls.last.request
    sent = json.loads(request.content)
    auth = request.headers.get("x-api-key") or request.headers.get("authorization", "")
    assert "sk-test" in auth and "anthropic-version" in request.headers
    assert sent["model"] == "claude-sonnet-4-6"
    assert sent["system"][0]["cache_control"] == {"type": "ephemeral"}
    assert sent["messages"][0]["content"][0]["cache_control"] == {"type": "ephemeral"}
    assert response.text == "open mailbox"
    assert (response.input_tokens, response.cached_tokens, response.cache_write_tokens) == (2000, 1800, 0)
    assert response.output_tokens == 120
    assert response.cost_estimate == pytest.approx((200 * 3.0 + 1800 * 0.3 + 120 * 15.0) / 1e6)
    assert response.latency_ms > 0 and rec.calls[0].cached_tokens == 1800


def test_cache_write_tokens_are_priced_as_writes() -> None:
    router, rec = respx.Router(), Recorder()
    body = anthropic_body(text="x", read=0, written=1500)
    router.post(URL).mock(return_value=httpx.Response(200, json=body))
    response = KITS["anthropic"].build(router, rec).complete([TURN], "sys")
    assert (response.input_tokens, response.cache_write_tokens) == (1700, 1500)
    assert response.cost_estimate == pytest.approx((200 * 3.0 + 1500 * 3.75 + 120 * 15.0) / 1e6)
    assert rec.calls[0].cache_write_tokens == 1500


def test_complete_json_on_the_wire_reads_the_tool_input() -> None:
    router, rec = respx.Router(), Recorder()
    route = router.post(URL).mock(return_value=httpx.Response(200, json=anthropic_body(tool_input=GOOD)))
    llm = KITS["anthropic"].build(router, rec)
    assert llm.complete_json([TURN], "Parse.", SCHEMA) == GOOD
    sent = json.loads(route.calls.last.request.content)
    assert sent["tool_choice"] == {"type": "tool", "name": RESULT_TOOL}
    assert sent["tools"][0]["input_schema"] == SCHEMA
    call = rec.calls[0]
    assert call.parsed_result == GOOD and json.loads(call.raw_response) == GOOD
    assert (call.input_tokens, call.output_tokens, call.cached_tokens) == (2000, 120, 1800)
