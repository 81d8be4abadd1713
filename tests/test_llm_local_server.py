"""End to end: the `local` provider, built from config, against a real OpenAI-compatible HTTP server."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from support.fake_openai_server import FakeOpenAIServer
from support.llm_kits import GOOD, SCHEMA, Recorder

from autofrotz.config import config_from_dict
from autofrotz.llm import BaseLLM, LLMError, build_llm


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as running:
        yield running


def _llm(server: FakeOpenAIServer, rec: Recorder) -> BaseLLM:
    config = config_from_dict(
        {
            "agents": {
                "map_parser": {"provider": "local", "model": "qwen2.5-7b-instruct", "max_tokens": 300}
            },
            "providers": {"local": {"base_url": server.base_url, "api_key": "not-needed", "max_retries": 1}},
        }
    )
    llm = build_llm("map_parser", config, sink=rec.sink, sleep=rec.sleep)
    assert llm is not None
    return llm


def test_complete_over_http(server: FakeOpenAIServer) -> None:
    rec = Recorder()
    server.enqueue("Go north.")
    response = _llm(server, rec).complete([{"role": "user", "content": "You are in a cellar."}], "You play.")
    assert response.text == "Go north." and response.input_tokens > 0 and response.output_tokens == 2
    (request,) = server.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["body"]["model"] == "qwen2.5-7b-instruct" and request["body"]["max_tokens"] == 300
    assert request["body"]["messages"][0] == {"role": "system", "content": "You play."}
    assert "prompt_cache_key" not in request["body"] and rec.calls[0].provider == "local"


def test_complete_json_over_http_with_prose_and_a_re_ask(server: FakeOpenAIServer) -> None:
    rec = Recorder()
    server.enqueue('{"room": "Cellar", "exits": ["nor', f"Here you go:\n```json\n{json.dumps(GOOD)}\n```")
    result = _llm(server, rec).complete_json([{"role": "user", "content": "Cellar."}], "Parse.", SCHEMA)
    assert result == GOOD
    first, second = (r["body"] for r in server.requests)
    assert first["response_format"]["type"] == "json_schema"  # a server that ignores it still works
    assert "JSON schema" in first["messages"][0]["content"]  # the schema travels in the prompt too
    assert second["messages"][-2] == {"role": "assistant", "content": '{"room": "Cellar", "exits": ["nor'}
    assert [c.error is None for c in rec.calls] == [False, True]
    assert [(c.parsed_how, c.next_step) for c in rec.calls] == [(None, "repair"), ("fenced", None)]


@pytest.mark.parametrize(
    ("refused", "accepted", "status"),
    [
        (("json_schema",), "json_object", 422),
        (("json_schema",), "json_object", 500),  # llama-cpp-python's answer to a field it does not know
        (("json_schema", "json_object"), None, 400),
    ],
)
def test_auto_structured_output_steps_down_once_when_refused(
    refused: tuple[str, ...], accepted: str | None, status: int
) -> None:
    rec = Recorder()
    with FakeOpenAIServer(refuse=refused, refuse_status=status) as server:
        server.enqueue(json.dumps(GOOD), json.dumps(GOOD))
        llm = _llm(server, rec)
        for _ in range(2):
            assert llm.complete_json([{"role": "user", "content": "Cellar."}], "Parse.", SCHEMA) == GOOD
        kinds = [(r["body"].get("response_format") or {}).get("type") for r in server.requests]
    # Refused forms are tried once, on the first call only; the second call goes straight to what worked.
    assert kinds == [*refused, accepted, accepted]
    assert [c.structured_output for c in rec.calls] == [accepted, accepted] and len(rec.calls) == 2


def test_server_errors_end_in_a_typed_error(server: FakeOpenAIServer) -> None:
    rec = Recorder()  # nothing queued: the server answers 500 every time
    with pytest.raises(LLMError):
        _llm(server, rec).complete([{"role": "user", "content": "x"}], "sys")
    assert len(server.requests) == 2 and len(rec.calls) == 2 and len(rec.sleeps) == 1
