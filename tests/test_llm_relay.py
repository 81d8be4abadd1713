"""The relay provider: a request written as a file, the answer read from a file beside it."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from autofrotz.config import ProviderConfig
from autofrotz.llm.errors import LLMError
from autofrotz.llm.relay_llm import RelayLLM, answer_path, waiting_requests
from autofrotz.relay_cli import main as relay_main

SCHEMA = {
    "type": "object",
    "properties": {"reasoning": {"type": "string"}, "command": {"type": "string"}},
    "required": ["reasoning", "command"],
}


def _answer_when_asked(folder: Path, text: str) -> threading.Thread:
    def answer() -> None:
        for _ in range(200):
            waiting = waiting_requests(folder)
            if waiting:
                answer_path(waiting[0]).write_text(text, encoding="utf-8")
                return
            threading.Event().wait(0.05)

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    return thread


def test_request_file_holds_what_the_model_sees_and_the_answer_is_returned(tmp_path: Path) -> None:
    llm = RelayLLM.from_config("game_agent", "relay", ProviderConfig(base_url=str(tmp_path)), None)
    _answer_when_asked(tmp_path, '{"reasoning": "a door", "command": "open door"}')
    reply = llm.complete_json([{"role": "user", "content": "You see a door."}], "Play well.", schema=SCHEMA)
    assert reply == {"reasoning": "a door", "command": "open door"}
    sent = json.loads((tmp_path / "000001.request.json").read_text(encoding="utf-8"))
    assert sent["system"] == "Play well."
    assert sent["messages"] == [{"role": "user", "content": "You see a door."}]
    assert sent["schema"]["required"] == ["reasoning", "command"]
    assert sent["role"] == "game_agent"


def test_no_answer_in_time_is_an_error_not_a_guess(tmp_path: Path) -> None:
    ticks = iter(range(0, 1000, 10))
    llm = RelayLLM(
        "relay", "game_agent", folder=tmp_path, timeout_s=5, clock=lambda: next(ticks), sleep=lambda s: None
    )
    with pytest.raises(LLMError, match="no answer"):
        llm.complete_json([{"role": "user", "content": "x"}], "s", schema=SCHEMA)


def test_cli_shows_the_waiting_prompt_and_refuses_an_answer_off_the_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    request = tmp_path / "000001.request.json"
    body = {
        "role": "game_agent",
        "system": "S",
        "messages": [{"role": "user", "content": "Porch"}],
        "schema": SCHEMA,
    }
    request.write_text(json.dumps(body), encoding="utf-8")
    assert relay_main([str(tmp_path), "--wait", "0"]) == 0
    assert "Porch" in capsys.readouterr().out
    assert relay_main([str(tmp_path), "--answer", '{"command": "north"}']) == 2
    assert not answer_path(request).exists()
    assert relay_main([str(tmp_path), "--answer", '{"reasoning": "r", "command": "north"}']) == 0
    assert json.loads(answer_path(request).read_text(encoding="utf-8"))["command"] == "north"
    assert relay_main([str(tmp_path), "--wait", "0"]) == 1
