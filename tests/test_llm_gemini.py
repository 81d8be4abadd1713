"""Gemini: response_schema JSON, the explicit cache (create, reuse, expiry, rejection), usage parsing."""

from __future__ import annotations

import json
import re

import httpx
import pytest
import respx
from support.llm_kits import GOOD, KITS, SCHEMA, Recorder, gemini_body

from autofrotz.llm.base import Request
from autofrotz.llm.gemini_llm import GeminiLLM

GENERATE = re.compile(
    r"https://generativelanguage\.googleapis\.com/v1\w*/models/gemini-2\.5-flash:generateContent"
)
CACHES = re.compile(r"https://generativelanguage\.googleapis\.com/v1\w*/cachedContents$")
LONG_SYSTEM = "You parse interactive fiction output into structured updates. " * 80  # over 1024 tokens
TURN = {"role": "user", "content": "You are in the cellar."}


class Clock:
    """A settable monotonic clock."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _cache_body(name: str) -> dict:
    return {
        "name": name,
        "displayName": "autofrotz-item_parser",
        "model": "models/gemini-2.5-flash",
        "createTime": "2026-11-23T01:00:00Z",
        "updateTime": "2026-11-23T01:00:00Z",
        "expireTime": "2026-11-23T02:00:00Z",
        "usageMetadata": {"totalTokenCount": 1500},
    }


def _setup(clock: Clock | None = None, **kw: object) -> tuple[respx.Router, Recorder, GeminiLLM]:
    router, rec = respx.Router(), Recorder()
    llm = KITS["gemini"].build(router, rec, clock=clock or Clock(), cache_ttl_s=600, **kw)
    assert isinstance(llm, GeminiLLM)
    return router, rec, llm


def test_build_request_uses_cache_name_instead_of_system_instruction() -> None:
    llm = GeminiLLM("gemini-2.5-flash", "item_parser", api_key="k")
    request = Request([{"role": "user", "content": "rules", "cache": True}, TURN], "sys", 0.1, 64, SCHEMA)
    cached = llm.build_request(request, cache_name="cachedContents/abc")
    assert cached["config"]["cached_content"] == "cachedContents/abc"
    assert "system_instruction" not in cached["config"]
    assert cached["contents"] == [{"role": "user", "parts": [{"text": "You are in the cellar."}]}]
    assert cached["config"]["response_mime_type"] == "application/json"
    assert "additionalProperties" not in json.dumps(cached["config"]["response_schema"])
    plain = llm.build_request(request)
    assert plain["config"]["system_instruction"] == "sys" and len(plain["contents"]) == 2
    assert llm.build_cache_request(request)["config"]["ttl"] == "3600s"


def test_short_system_prompt_is_sent_uncached() -> None:
    router, rec, llm = _setup()
    route = router.post(url__regex=GENERATE.pattern).mock(
        return_value=httpx.Response(200, json=gemini_body("take lamp", cached=0))
    )
    response = llm.complete([TURN], "Short rules.")
    sent = json.loads(route.calls.last.request.content)
    assert sent["systemInstruction"]["parts"][0]["text"] == "Short rules." and "cachedContent" not in sent
    assert route.calls.last.request.headers["x-goog-api-key"].startswith("sk-test")
    assert response.text == "take lamp" and (response.input_tokens, response.output_tokens) == (2100, 90)
    assert response.cost_estimate == pytest.approx((2100 * 3.0 + 90 * 15.0) / 1e6)


def test_cache_is_created_once_and_referenced_by_name() -> None:
    router, rec, llm = _setup()
    caches = router.post(url__regex=CACHES.pattern).mock(
        return_value=httpx.Response(200, json=_cache_body("cachedContents/abc123"))
    )
    generate = router.post(url__regex=GENERATE.pattern).mock(
        return_value=httpx.Response(200, json=gemini_body(json.dumps(GOOD)))
    )
    assert llm.complete_json([TURN], LONG_SYSTEM, SCHEMA) == GOOD
    assert llm.complete_json([TURN], LONG_SYSTEM, SCHEMA) == GOOD
    assert caches.call_count == 1 and generate.call_count == 2
    created = json.loads(caches.calls.last.request.content)
    assert created["ttl"] == "600s" and created["model"].endswith("gemini-2.5-flash")
    assert created["systemInstruction"]["parts"][0]["text"] == LONG_SYSTEM
    sent = json.loads(generate.calls.last.request.content)
    assert sent["cachedContent"] == "cachedContents/abc123" and "systemInstruction" not in sent
    assert sent["generationConfig"]["responseMimeType"] == "application/json"
    assert "responseSchema" in sent["generationConfig"]
    first, second = rec.calls
    assert (first.input_tokens, first.cached_tokens, first.cache_write_tokens) == (3600, 1500, 1500)
    assert (second.input_tokens, second.cached_tokens, second.cache_write_tokens) == (2100, 1500, 0)
    assert first.cost_estimate == pytest.approx((600 * 3.0 + 1500 * 0.3 + 1500 * 3.75 + 90 * 15.0) / 1e6)
    assert second.parsed_result == GOOD


def test_cache_is_recreated_after_it_lapses() -> None:
    clock = Clock()
    router, rec, llm = _setup(clock)
    caches = router.post(url__regex=CACHES.pattern)
    caches.side_effect = [
        httpx.Response(200, json=_cache_body("cachedContents/one")),
        httpx.Response(200, json=_cache_body("cachedContents/two")),
    ]
    generate = router.post(url__regex=GENERATE.pattern).mock(
        return_value=httpx.Response(200, json=gemini_body("ok"))
    )
    llm.complete([TURN], LONG_SYSTEM)
    clock.now += 600  # past the TTL
    llm.complete([TURN], LONG_SYSTEM)
    assert caches.call_count == 2
    assert json.loads(generate.calls.last.request.content)["cachedContent"] == "cachedContents/two"


def test_rejected_cache_is_recreated_transparently() -> None:
    router, rec, llm = _setup()
    caches = router.post(url__regex=CACHES.pattern)
    caches.side_effect = [
        httpx.Response(200, json=_cache_body("cachedContents/old")),
        httpx.Response(200, json=_cache_body("cachedContents/new")),
    ]
    message = "CachedContent not found (or permission denied)"
    gone = {"error": {"code": 404, "message": message, "status": "NOT_FOUND"}}
    generate = router.post(url__regex=GENERATE.pattern)
    generate.side_effect = [httpx.Response(404, json=gone), httpx.Response(200, json=gemini_body("ok"))]
    assert llm.complete([TURN], LONG_SYSTEM).text == "ok"
    names = [json.loads(c.request.content)["cachedContent"] for c in generate.calls]
    assert names == ["cachedContents/old", "cachedContents/new"]
    assert [c.attempt for c in rec.calls] == [1, 2] and "rejected" in (rec.calls[0].error or "")
    assert rec.sleeps == [0.0]


def test_cache_creation_refused_falls_back_to_system_instruction() -> None:
    router, rec, llm = _setup()
    small = {"error": {"code": 400, "message": "Cached content is too small", "status": "INVALID_ARGUMENT"}}
    caches = router.post(url__regex=CACHES.pattern).mock(return_value=httpx.Response(400, json=small))
    generate = router.post(url__regex=GENERATE.pattern).mock(
        return_value=httpx.Response(200, json=gemini_body("ok", cached=0))
    )
    llm.complete([TURN], LONG_SYSTEM)
    llm.complete([TURN], LONG_SYSTEM)
    assert caches.call_count == 1  # not retried for the same prompt
    assert "systemInstruction" in json.loads(generate.calls.last.request.content)
