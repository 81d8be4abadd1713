"""Learning: walks to known scoring actions that keep going, and a path to a point a death undid.

Rules ``a shut step is walked around`` and ``one walk at a time`` (knowledge/advisor.py), and ``a point
a later death undid`` (knowledge/path.py). Each test also switches its rule off and sees the old play.
"""

from __future__ import annotations

from typing import Any

import pytest

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_memory import Memory
from autofrotz.knowledge import rules as krules
from autofrotz.knowledge.advisor import GoalState, KnowingAgent
from autofrotz.knowledge.informed import KnownVetoes
from autofrotz.knowledge.lore import Lore, Scoring
from autofrotz.knowledge.path import ProvenPath, Step, load_turns
from autofrotz.rules.switches import set_rule
from tests.test_knowledge_wider import plan, recorded

# A lobby with a copier room north-west, stacks west, and a vault the stacks lead into (the way an earlier
# run went) or that the stairwell above them reaches from the south.
EXITS = {
    "lobby": {"west": "stacks", "northwest": "copier"},
    "stacks": {"in": "vault", "east": "lobby", "north": "stairwell"},
    "stairwell": {"south": "vault", "down": "stacks"},
    "copier": {"southeast": "lobby"},
}
VAULT = Scoring("vault", "take book", (), (), (), 5, 1, 160)  # run 1 scored here
COPIER = Scoring("copier", "say word", (), (), (), 1, 2, 3)  # run 2 scored here
PATH = ProvenPath(2, 2, 5, 1, (Step("give card", "lobby", 5, 1),), "lobby", "short", True)


class Inner:
    def __init__(self) -> None:
        self.mem: Any = Memory()


def knowing() -> KnowingAgent:
    agent = KnowingAgent.__new__(KnowingAgent)
    agent.inner, agent.path = Inner(), PATH
    agent.lore = Lore(runs=2, scoring=[VAULT, COPIER], exits=EXITS)
    agent.state = GoalState()
    agent.advice = KnownVetoes(agent.lore)
    agent._parts()
    return agent


def at(room: str, last: str) -> TurnContext:
    return TurnContext(5, "g", last, "", room, room, score=5)  # the path's score is held


def test_a_route_leaves_out_a_move_refused_this_run(monkeypatch: pytest.MonkeyPatch) -> None:
    agent = knowing()
    agent.inner.mem.note_fail("stacks", "in")  # "You can't go that way." this time
    assert plan(agent, at("stacks", "in")) == (
        "north",
        "known route after the path (run 1): vault",
    )
    # Without the rule the vault has no way from here, and the next goal walks back east: the two goals
    # then pull the player to and fro between the lobby and the stacks.
    set_rule(krules.DETOUR, False)
    set_rule(krules.KEEP_WALK, False)
    old = knowing()
    old.inner.mem.note_fail("stacks", "in")
    assert plan(old, at("stacks", "in")) == (
        "east",
        "known route after the path (run 2): copier",
    )
    assert plan(old, at("lobby", "east")) == (
        "west",
        "known route after the path (run 1): vault",
    )


def test_a_goal_with_no_way_there_is_parked_until_the_score_rises(monkeypatch: pytest.MonkeyPatch) -> None:
    set_rule(krules.DETOUR, False)  # the parking alone
    agent = knowing()
    agent.inner.mem.note_fail("stacks", "in")
    assert plan(agent, at("lobby", "give card"))[0] == "west"  # towards the vault
    assert plan(agent, at("stacks", "west")) == (
        "east",
        "known route after the path (run 2): copier",
    )
    assert agent.state.goals.parked == [0]
    assert plan(agent, at("lobby", "east")) == (
        "northwest",
        "known route after the path (run 2): copier",
    )
    agent.state.goals.last_score = 5
    agent.goals.score_progress(TurnContext(9, "g", "say word", "", "copier", "copier", score=6))
    assert agent.state.goals.parked == []  # a point may have opened the way


def test_the_path_runs_to_a_point_that_a_later_death_undid(monkeypatch: pytest.MonkeyPatch) -> None:
    conn = recorded(
        [
            (0, "", "lobby", 0, [], "", "start"),
            (1, "west", "stacks", 0, []),
            (2, "take book", "stacks", 5, ["book"]),  # the run's best score
            (3, "wait", "stacks", 5, ["book"], "", "death", 1),  # the closing time: back to turn 1's save
            (4, "east", "lobby", 0, []),
        ]
    )
    _start, history, _seed = load_turns(conn, 1, at_best=True)
    assert [p.command for p in history] == ["west", "take book"]
    _start, final, _seed = load_turns(conn, 1)  # what the record kept: the point was undone
    assert [p.command for p in final] == ["west", "east"]
    set_rule(krules.UNDONE_POINTS, False)
    _start, history, _seed = load_turns(conn, 1, at_best=True)
    assert [p.command for p in history] == ["west", "east"]


def test_the_same_command_in_the_same_place_is_one_goal(monkeypatch: pytest.MonkeyPatch) -> None:
    word = Scoring("copier", "say word", (), (), (), 1, 1, 3)
    again = Scoring("copier_2", "say word", (), (), (), 1, 2, 5)  # found again by run 2, numbered apart
    agent = knowing()
    agent.lore = Lore(runs=2, scoring=[word, again], exits=EXITS)
    agent._parts()
    agent.state.goals.done = [0]  # the path said it
    assert plan(agent, at("copier_2", "say word")) is None
    set_rule(krules.ONE_GOAL, False)
    other = knowing()
    other.lore = Lore(runs=2, scoring=[word, again], exits=EXITS)
    other._parts()
    other.state.goals.done = [0]
    assert plan(other, at("copier_2", "say word")) == (
        "say word",
        "known scoring action (run 2)",
    )


# The built-in agent's rules a run with a past switches on: (advisor switch, how the agent shows it is on).
LATER_RULES = {
    "EVERY_WORD_LATER": lambda agent: agent._every_word_on(),  # rule ``every word, a later run``
    "REPLY_OPENS_LATER": lambda agent: agent._reply_opens_later(),  # ``a way a reply opened, a later run``
}


@pytest.mark.parametrize("switch", sorted(LATER_RULES))
@pytest.mark.parametrize("rule_on", [True, False])
def test_a_later_run_switches_on_what_a_fresh_run_leaves_off(
    switch: str, rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from autofrotz.agents.builtin_agent import BuiltinAgent

    shown = LATER_RULES[switch]
    set_rule(getattr(krules, switch), rule_on)
    assert shown(BuiltinAgent()) is False  # off in a fresh run (builtin_idle, builtin_ways)
    later = KnowingAgent(BuiltinAgent(), Lore(runs=1))
    assert shown(later.inner) is rule_on
    later.state.standing.stood_down = "behind the first run"
    later.informing.update()
    assert shown(later.inner) is False  # knowledge stood down: the fresh agent's rules
