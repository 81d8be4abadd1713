"""Fault handling per provider, through the real SDK clients with HTTP intercepted by respx."""

from __future__ import annotations

import json

import httpx
import pytest
import respx
from support.llm_kits import API_KEY, GOOD, KITS, SCHEMA, Kit, Recorder, closed_port

from autofrotz.llm import BadReplyError, LLMError, PermanentError, TransientError

MESSAGES = [{"role": "user", "content": "You are in the cellar. Exits: north, up."}]
SYSTEM = "You parse text adventure output."
PROVIDERS = sorted(KITS)


@pytest.fixture(params=PROVIDERS)
def kit(request: pytest.FixtureRequest) -> Kit:
    return KITS[request.param]


def _route(router: respx.Router, kit: Kit) -> respx.Route:
    return router.post(url__regex=kit.url) if not isinstance(kit.url, str) else router.post(kit.url)


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return [s for item in items for s in _strings(item)]


def _ok(kit: Kit) -> httpx.Response:
    return httpx.Response(200, json=kit.json_body(GOOD))


@pytest.mark.parametrize("status", [429, 500, 503, 529])
def test_retryable_status_then_success(kit: Kit, status: int) -> None:
    router, rec = respx.Router(), Recorder()
    _route(router, kit).side_effect = [httpx.Response(status, json=kit.error_body(status)), _ok(kit)]
    llm = kit.build(router, rec)
    assert llm.complete_json(MESSAGES, SYSTEM, SCHEMA) == GOOD
    assert [c.attempt for c in rec.calls] == [1, 2]
    assert rec.calls[0].error is not None and f"HTTP {status}" in rec.calls[0].error
    assert rec.calls[1].error is None and rec.calls[1].parsed_result == GOOD
    assert len(rec.sleeps) == 1


def test_retry_after_header_sets_the_wait(kit: Kit) -> None:
    router, rec = respx.Router(), Recorder()
    limited = httpx.Response(429, json=kit.error_body(429), headers={"retry-after": "3"})
    _route(router, kit).side_effect = [limited, _ok(kit)]
    kit.build(router, rec).complete_json(MESSAGES, SYSTEM, SCHEMA)
    assert rec.sleeps == [3.0]


def test_timeout_then_success(kit: Kit) -> None:
    router, rec = respx.Router(), Recorder()
    _route(router, kit).side_effect = [httpx.ReadTimeout("read timed out"), _ok(kit)]
    assert kit.build(router, rec).complete_json(MESSAGES, SYSTEM, SCHEMA) == GOOD
    assert len(rec.calls) == 2 and "Timeout" in (rec.calls[0].error or "")


def test_connection_refused_to_the_end(kit: Kit) -> None:
    rec = Recorder()
    base = f"http://127.0.0.1:{closed_port()}" + ("/v1" if kit.name in ("openai", "local") else "")
    llm = kit.build(respx.Router(), rec, http_client=None, base_url=base, max_retries=3)
    with pytest.raises(TransientError) as info:
        llm.complete(MESSAGES, SYSTEM)
    assert "after 4 attempt(s)" in str(info.value)
    assert [c.attempt for c in rec.calls] == [1, 2, 3, 4]
    assert all(c.error for c in rec.calls) and len(rec.sleeps) == 3
    assert llm.usage.failures == 1


def test_bad_request_is_not_retried(kit: Kit) -> None:
    router, rec = respx.Router(), Recorder()
    _route(router, kit).side_effect = [httpx.Response(400, json=kit.error_body(400))]
    with pytest.raises(PermanentError):
        kit.build(router, rec).complete(MESSAGES, SYSTEM)
    assert len(rec.calls) == 1 and rec.sleeps == []


def test_malformed_json_then_valid_json(kit: Kit) -> None:
    router, rec = respx.Router(), Recorder()
    route = _route(router, kit)
    route.side_effect = [httpx.Response(200, json=kit.text_body('{"room": "Cellar", "exits": [')), _ok(kit)]
    assert kit.build(router, rec).complete_json(MESSAGES, SYSTEM, SCHEMA) == GOOD
    assert "truncated" in (rec.calls[0].error or "")
    resent = json.loads(route.calls[1].request.content)
    assert '{"room": "Cellar", "exits": [' in _strings(resent)  # the bad answer is shown back
    assert rec.sleeps == []  # a re-ask is not a backoff


def test_empty_reply_then_text(kit: Kit) -> None:
    router, rec = respx.Router(), Recorder()
    _route(router, kit).side_effect = [
        httpx.Response(200, json=kit.text_body("")),
        httpx.Response(200, json=kit.text_body("go north")),
    ]
    response = kit.build(router, rec).complete(MESSAGES, SYSTEM)
    assert response.text == "go north" and response.attempts == 2
    assert "empty reply" in (rec.calls[0].error or "")


def test_empty_replies_end_in_typed_error(kit: Kit) -> None:
    router, rec = respx.Router(), Recorder()
    _route(router, kit).side_effect = [httpx.Response(200, json=kit.text_body(""))] * 3
    with pytest.raises(BadReplyError):
        kit.build(router, rec).complete(MESSAGES, SYSTEM)
    assert len(rec.calls) == 3


def test_schema_failures_end_in_typed_error(kit: Kit) -> None:
    router, rec = respx.Router(), Recorder()
    wrong = {"location": "Cellar", "exits": "north", "moved": True}
    _route(router, kit).side_effect = [httpx.Response(200, json=kit.json_body(wrong))] * 3
    llm = kit.build(router, rec)
    with pytest.raises(LLMError) as info:
        llm.complete_json(MESSAGES, SYSTEM, SCHEMA)
    assert isinstance(info.value, BadReplyError)
    assert len(rec.calls) == 3 and all("does not match the schema" in (c.error or "") for c in rec.calls)
    assert llm.usage.input_tokens > 0  # failed attempts still count their tokens


def test_auth_failure_never_leaks_the_key(kit: Kit) -> None:
    router, rec = respx.Router(), Recorder()
    body = {"error": {"message": f"Incorrect API key provided: {API_KEY}", "type": "invalid_request_error"}}
    _route(router, kit).side_effect = [httpx.Response(401, json=body)]
    with pytest.raises(PermanentError) as info:
        kit.build(router, rec).complete(MESSAGES, SYSTEM)
    assert API_KEY not in str(info.value)
    stored = json.dumps([c.__dict__ for c in rec.calls], default=str)
    assert API_KEY not in stored and "SECRET" not in stored
    assert router.calls.last.request.headers  # the key did go out, in a header only
