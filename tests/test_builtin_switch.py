"""Built-in agent rules switched off by name (builtin_switch.py, `bench games --ablate-agent`): each test
fails when the switch does not reach the place where its rule acts."""

from __future__ import annotations

import pytest

from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_switch import ENV, known_rules, parse_rules
from autofrotz.agents.builtin_tactics import Scene, named_room_actions
from autofrotz.bench.games import main as bench_games
from tests.test_builtin_agent import World
from tests.test_builtin_barriers import DESCEND, PIT


def test_a_barrier_rule_switched_off_opens_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scene in which open-what-bars-the-way opens the grille: switched off, no "open" is sent."""
    replies = {"down": DESCEND, "open iron grille": "You open the iron grille."}
    assert "open iron grille" in World(PIT).play(40, replies)
    monkeypatch.setenv(ENV, "open-what-bars-the-way")
    assert "open iron grille" not in World(PIT).play(40, replies)


def test_a_room_action_rule_switched_off_proposes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """fill-what-is-empty's puts leave the room's actions; the other rules' stay."""
    mem = Memory()
    mem.seen.vessels.append(["mill", "hopper"])
    scene = Scene("mill", ["hopper"], [], ["sack"], "")
    assert ("put sack in hopper", "fill-what-is-empty") in named_room_actions(scene, mem)
    monkeypatch.setenv(ENV, "fill-what-is-empty")
    rules = {rule for _, rule in named_room_actions(scene, mem)}
    assert "fill-what-is-empty" not in rules and "take-all" in rules


def test_queued_and_reply_rules_switch_off_by_the_name_they_record(monkeypatch: pytest.MonkeyPatch) -> None:
    """A queued rule is named without its "(queued)" suffix; reply rules and state rules are known names."""
    mem = Memory()
    monkeypatch.setenv(ENV, "take-what-lies-here")
    mem.plans.add(["take key"], "take-what-lies-here")
    mem.plans.add(["open box"], "open-what-is-closed")
    assert mem.plans.commands() == ["open box"]
    for name in ("answer-yes-no", "dark-means-unlit", "a-mapped-exit-stays-open", "rule-out-only-a-listing"):
        assert name in known_rules()


def test_bench_refuses_a_rule_name_the_agent_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_games(["--games", "ferry", "--ablate-agent", "open-what-bars-the-sky", "--no-report"]) == 2
    assert "open-what-bars-the-sky" in capsys.readouterr().err
    assert parse_rules(" fill-what-is-empty ,") == ["fill-what-is-empty"]
