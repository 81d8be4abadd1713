"""Page control of a game without a browser: the request queue, the default pace, and typed commands
played by the real orchestrator on cellar and recorded as human turns (also across a resume)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from orchestrator_support import require_cellar

from autofrotz.agents.builtin_agent import BuiltinAgent
from autofrotz.agents.scripted import ScriptedAgent
from autofrotz.app import configure, parse_args
from autofrotz.config import Config, ConfigError, config_from_dict
from autofrotz.control import MAX_TYPED, ControlError, GameControl
from autofrotz.hooks.base import Observer, TurnEnd
from autofrotz.session import Session, pace_for
from autofrotz.storage.reader import GameReader


def test_requests_are_applied_between_turns_in_order() -> None:
    control = GameControl(pace_s=0)
    assert control.next_turn() is None  # nothing asked: the agent plays
    control.request("pause")
    control.request("step")
    assert control.next_turn() is None  # the one step allowed while paused
    assert control.status()["paused"] and control.status()["steps"] == 0
    control.request("command", "  open   mailbox ")
    assert control.next_turn() == "open mailbox"  # typed: a human turn, cleaned like the agent's
    assert control.status()["human"]
    control.request("command", "look")
    control.request("hand_back")  # handing back drops what was typed and not yet played
    control.request("resume")
    assert control.next_turn() is None
    status = control.status()
    assert not status["human"] and not status["paused"] and status["typed"] == []


def test_each_change_reaches_the_listeners_with_a_growing_version() -> None:
    control = GameControl(pace_s=0.3)
    seen: list[dict[str, object]] = []
    control.listeners.append(seen.append)
    control.request("pace", "1.5")
    control.request("take_over")
    control.request("command", "look")
    assert control.next_turn() == "look"
    assert [s["pace_s"] for s in seen][0] == 1.5 and seen[-1]["typed"] == []
    versions = [int(str(s["version"])) for s in seen]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)


@pytest.mark.parametrize(
    ("action", "value", "message"),
    [
        ("jump", None, "unknown action 'jump'"),
        ("pace", -1, "between 0 and 60"),
        ("pace", "fast", "a number of seconds"),
        ("command", "   ", "type a command"),
        ("command", "save", "controls the interpreter"),
        ("command", "restore", "controls the interpreter"),
        ("command", "quit", "controls the interpreter"),
    ],
)
def test_bad_requests_are_refused_with_the_reason(action: str, value: object, message: str) -> None:
    control = GameControl()
    with pytest.raises(ControlError, match=message):
        control.request(action, value)
    assert control.status()["version"] == 0


def test_typing_far_ahead_of_the_game_is_refused() -> None:
    control = GameControl()
    for i in range(MAX_TYPED):
        control.request("command", f"look {i}")
    with pytest.raises(ControlError, match="already waiting"):
        control.request("command", "look again")


def test_default_pace_is_watchable_only_for_the_built_in_agent_with_a_monitor() -> None:
    builtin, script = BuiltinAgent(), ScriptedAgent(["look"])
    assert pace_for(Config(), web=True, agent=builtin) == 0.3
    assert pace_for(Config(), web=False, agent=builtin) == 0.0
    assert pace_for(Config(), web=True, agent=script) == 0.0
    assert pace_for(Config(pace_s=0.0), web=True, agent=builtin) == 0.0
    assert pace_for(Config(pace_s=2.0), web=False, agent=script) == 2.0


def test_pace_from_the_command_line_and_the_config_is_checked(tmp_path: Path) -> None:
    config = tmp_path / "c.json"
    config.write_text('{"pace_s": 0.5}')
    assert configure(parse_args(["--config", str(config)])).pace_s == 0.5
    assert configure(parse_args(["--config", str(config), "--pace", "0"])).pace_s == 0.0
    with pytest.raises(ConfigError, match="--pace"):
        configure(parse_args(["--config", str(config), "--pace", "-2"]))
    with pytest.raises(ConfigError, match="pace_s"):
        config_from_dict({"pace_s": 100})


class HandBack(Observer):
    """Hands back to the agent once the typed command was played (as the page's button would)."""

    def __init__(self, control: GameControl) -> None:
        self.control = control
        self.human_turns: list[int] = []

    def on_turn_end(self, event: TurnEnd) -> None:
        if event.agent == "human":
            self.human_turns.append(event.turn_number)
            self.control.request("hand_back")


def test_typed_commands_are_played_and_recorded_as_human_turns_and_replayed_on_resume(tmp_path: Path) -> None:
    require_cellar()
    db = tmp_path / "g.db"
    config = Config(game_file="cellar", database_path=str(db), max_turns=6, hooks=[])
    with Session.open(config, web=False, console=False) as session:
        control = session.orchestrator.p.control
        assert control is not None and control.status()["pace_s"] == 0.0
        watcher = HandBack(control)
        session.orchestrator.p.hooks.observers.append(watcher)
        control.request("command", "inventory")
        game = threading.Thread(target=session.play)
        game.start()
        game.join(60)
    assert watcher.human_turns == [1]
    with GameReader(db) as reader:
        turns = reader.turns(1)
    assert [t["agent"] for t in turns[1:]] == ["human"] + ["builtin"] * 5
    assert turns[1]["command"] == "inventory" and "carrying nothing" in turns[1]["output"]
    resumed = Config(game_file="cellar", database_path=str(db), max_turns=8, hooks=[])
    with Session.open(resumed, resume_id=1, web=False, console=False) as session:
        session.play()  # the human turn is replayed as recorded, not re-decided by the agent
        assert session.orchestrator.turn == 8
