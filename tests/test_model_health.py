"""A model that cannot be reached: the game stops with status model_error (or pauses with the page open)."""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path

import pytest

from autofrotz.app import EXIT_ERROR, main
from autofrotz.config import config_from_dict
from autofrotz.model_health import STATUS
from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import require_cellar


def dead_url() -> str:
    """A loopback URL nothing listens on (the port was free a moment ago)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def raw_config(tmp_path: Path, **extra: object) -> dict[str, object]:
    return {
        "game_file": "cellar",
        "database_path": str(tmp_path / "g.db"),
        "hooks": [],
        "web_server": {"enabled": False},
        "agents": {"game_agent": {"provider": "local", "model": "absent-model"}},
        "providers": {"local": {"base_url": dead_url(), "max_retries": 1, "timeout_s": 2}},
        **extra,
    }


def test_unreachable_local_server_stops_the_game_with_model_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    path = tmp_path / "config.json"
    path.write_text(json.dumps(raw_config(tmp_path)))
    code = main(["--config", str(path), "--no-web", "--no-preflight", "--max-turns", "200"])
    err = capsys.readouterr().err
    assert code == EXIT_ERROR
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if STATUS in line]
    assert len(lines) == 1 and "absent-model" in lines[0] and "--resume" in lines[0], err
    reader = GameReader(tmp_path / "g.db")
    assert reader.game(1)["status"] == STATUS  # type: ignore[index]
    assert len(reader.turns(1)) - 1 <= 5  # turn 0 is the intro
    reader.close()
    fixed = tmp_path / "fixed.json"  # the model fixed (here: the built-in agent), the game goes on
    fixed.write_text(json.dumps({**raw_config(tmp_path), "agents": {}}))
    assert main(["--config", str(fixed), "--no-web", "--resume", "1", "--max-turns", "6"]) == 0
    assert GameReader(tmp_path / "g.db").game(1)["status"] == "abandoned"  # type: ignore[index]


def test_with_the_page_open_the_game_pauses_instead(tmp_path: Path) -> None:
    require_cellar()
    from websockets.sync.client import connect

    from autofrotz.session import Session

    raw = raw_config(tmp_path, web_server={"enabled": True, "port": 0}, hooks=["web_monitor"], max_turns=40)
    with Session.open(config_from_dict(raw), web=True, console=False) as session:
        control = session.orchestrator.p.control
        control.request("pause")  # turn 0 is recorded, then the game waits for the page
        result: list[str] = []
        player = threading.Thread(target=lambda: result.append(session.play()), daemon=True)
        player.start()
        deadline = time.monotonic() + 30
        while not session.orchestrator.game_id and time.monotonic() < deadline:
            time.sleep(0.02)
        url = session.web_handle.url.replace("http://", "ws://") + f"ws/live/{session.orchestrator.game_id}"
        with connect(url, open_timeout=10):
            while not control.page_open() and time.monotonic() < deadline:
                time.sleep(0.02)
            control.request("resume")
            while not (control.status()["paused"] and session.orchestrator.turn >= 2):
                assert time.monotonic() < deadline, "the game never paused"
                time.sleep(0.05)
            assert control.status()["paused"] and player.is_alive()
            assert session.orchestrator.status == "playing" and 2 <= session.orchestrator.turn <= 5
            session.orchestrator.status = "abandoned"  # let the loop end at its next check
            control.request("resume")
            player.join(30)
    assert result == ["abandoned"]


def test_with_the_monitor_running_but_no_page_the_game_stops(tmp_path: Path) -> None:
    require_cellar()
    from autofrotz.session import Session

    raw = raw_config(tmp_path, web_server={"enabled": True, "port": 0}, hooks=["web_monitor"], max_turns=40)
    with Session.open(config_from_dict(raw), web=True, console=False) as session:
        assert session.web_handle is not None and session.play() == STATUS


def test_start_up_check_names_the_role_provider_and_address(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    raw = raw_config(tmp_path)
    path = tmp_path / "config.json"
    path.write_text(json.dumps(raw))
    assert main(["--config", str(path), "--no-web", "--max-turns", "5"]) == 2
    err = capsys.readouterr().err.strip()
    url = raw["providers"]["local"]["base_url"]  # type: ignore[index]
    assert err.startswith("error: agents.game_agent: provider 'local'") and url in err, err
    assert "--no-preflight" in err and "Traceback" not in err and len(err.splitlines()) == 1
    assert GameReader(tmp_path / "g.db").list_games() == []  # nothing was played


def test_a_budget_with_an_unpriced_paid_model_refuses_to_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    raw = raw_config(tmp_path, agents={"game_agent": {"provider": "openai", "model": "gpt-unpriced"}})
    raw["providers"] = {"openai": {"base_url": dead_url()}}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(raw))
    assert main(["--config", str(path), "--no-web", "--budget", "0.001"]) == 2
    err = capsys.readouterr().err
    assert "error: a budget is set but model 'gpt-unpriced' has no price" in err
    assert 'prices["gpt-unpriced"]' in err


def test_an_unpriced_paid_model_is_named_in_a_warning() -> None:
    from autofrotz.llm.openai_llm import OpenAILLM
    from autofrotz.model_checks import check_prices

    llm = OpenAILLM("gpt-free-lunch", "game_agent", api_key="sk-test-key")
    config = config_from_dict({"prices": {"gpt-priced": {"input": 1.0}}})
    (line,) = check_prices(config, {"game_agent": llm, "map_parser": None})
    assert "'gpt-free-lunch' (game_agent) has no price" in line and '"prices"' in line
    priced = OpenAILLM("gpt-priced", "game_agent", api_key="sk-test-key")
    assert check_prices(config, {"game_agent": priced}) == []
    agents = {"game_agent": {"provider": "openai", "model": "gpt-priced", "fallback": "gpt-cheap"}}
    with_fallback = config_from_dict({"prices": {"gpt-priced": {"input": 1.0}}, "agents": agents})
    (line,) = check_prices(with_fallback, {"game_agent": priced})
    assert "'gpt-cheap' (game_agent fallback) has no price" in line


def test_a_provider_set_up_wrongly_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    require_cellar()
    raw = raw_config(tmp_path, agents={"game_agent": {"provider": "fake", "model": "f"}})
    raw["providers"] = {"fake": {"provider_type": "anthropc"}}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(raw))
    assert main(["--config", str(path), "--no-web"]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("error: agents.game_agent: the fake provider imitates one of")
        and "Traceback" not in err
    )


def test_a_model_that_answers_badly_plays_on() -> None:
    from autofrotz.agents.base import Decision
    from autofrotz.llm import BadReplyError, PermanentError
    from autofrotz.model_health import ModelHealth

    class Agent:
        def __init__(self) -> None:
            from autofrotz.llm import MockLLM

            self.llm = MockLLM("m", "game_agent")

    agent, health = Agent(), ModelHealth()
    failed = Decision("look", "game agent failed; safe default", error="x")
    for _ in range(6):  # not JSON, every time: bad play, not a failure
        agent.llm.enqueue(*["not json"] * 3)
        with pytest.raises(BadReplyError):
            agent.llm.complete_json([{"role": "user", "content": "?"}], "", {"type": "object"})
        assert not health.failed_too_often(failed, agent.llm)
    verdicts = []
    for _ in range(3):  # refused by the provider, every time: a failure
        agent.llm.enqueue(PermanentError("HTTP 401: bad key"))
        with pytest.raises(PermanentError):
            agent.llm.complete([{"role": "user", "content": "?"}], "")
        verdicts.append(health.failed_too_often(failed, agent.llm))
    assert verdicts == [False, False, True]
