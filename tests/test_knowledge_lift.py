"""Rule ``a dead end at fewer points`` (knowledge/lore.py, advisor.py): a command that changed nothing in
earlier runs, tried only while they held fewer points than this run holds, is tried again."""

from __future__ import annotations

import pytest

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_agent import BuiltinAgent
from autofrotz.knowledge import rules as krules
from autofrotz.knowledge.advisor import KnowingAgent
from autofrotz.knowledge.histories import dead_ends
from autofrotz.knowledge.informed import DEAD_END_TRIES, informed
from autofrotz.knowledge.lore import Lore
from autofrotz.rules.switches import set_rule
from tests.test_knowledge_wider import recorded, scene

KEY = ("hall", "pull lever")


@pytest.fixture(autouse=True)
def lift_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule is off by default (knowledge/rules.py); these tests switch it on."""
    set_rule(krules.LIFT, True)


def test_a_dead_end_keeps_the_highest_score_it_was_tried_at() -> None:
    conn = recorded(
        [
            (0, "", "hall", 0, []),
            (1, "pull lever", "hall", 0, []),
            (2, "open box", "hall", 5, []),
            (3, "pull lever", "hall", 5, []),
            (4, "sing", "hall", 5, []),
        ]
    )
    points: dict[tuple[str, str], int] = {}
    found = dead_ends(conn, {1: 1}, None, points)
    assert found == {KEY: 1, ("hall", "sing"): 1}
    assert points == {KEY: 5, ("hall", "sing"): 5}


@pytest.mark.parametrize("score, idle, vetoed", [(0, 1, True), (5, 1, True), (10, 1, False), (10, 0, True)])
def test_a_known_dead_end_is_tried_again_only_with_more_points_once_the_agent_ran_dry(
    score: int, idle: int, vetoed: bool
) -> None:
    mem, advice = informed(Lore(runs=1, dead_ends={KEY: 1}, dead_end_points={KEY: 5}))
    mem.now.score, mem.now.idle = score, idle
    assert (mem.tried(*KEY) == DEAD_END_TRIES) is vetoed
    assert (f"{KEY[0]}|{KEY[1]}" in advice.lifted) is not vetoed


def test_without_the_score_it_was_tried_at_a_dead_end_stays_one() -> None:
    mem, advice = informed(Lore(runs=1, dead_ends={KEY: 1}))
    mem.now.score, mem.now.idle = 50, 1
    assert mem.tried(*KEY) == DEAD_END_TRIES


@pytest.mark.parametrize("rule_on", [True, False])
def test_the_turn_that_tries_a_dead_end_again_names_the_rule(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.LIFT, rule_on)
    lore = Lore(runs=1, dead_ends={("hall", "push rug"): 1}, dead_end_points={("hall", "push rug"): 0})
    agent = KnowingAgent(BuiltinAgent(), lore)
    agent.state.pool.ran_dry = True  # the agent's usual actions were spent once this run
    text = "Hall\nA hall with a rug."
    sent: dict[str, str] = {}
    last = "look"
    for n in range(1, 40):
        ctx = TurnContext(n, "g", last, "Nothing happens.", "hall", "Hall", text, score=5)
        decision = agent.decide(ctx)
        sent.setdefault(decision.command, decision.reasoning)
        last = decision.command
    assert ("push rug" in sent) is rule_on
    if rule_on:
        assert "[tried again: a dead end at fewer points (run 1, at 0)]" in sent["push rug"]


def test_asking_for_the_wider_pool_marks_the_run_dry_and_a_resume_keeps_it() -> None:
    lore = Lore(runs=1, dead_ends={KEY: 1}, dead_end_points={KEY: 0})
    agent = KnowingAgent(BuiltinAgent(), lore)
    agent.inner.mem.now.score = 5
    assert agent.inner.mem.tried(*KEY) == DEAD_END_TRIES
    agent.wider.ask(TurnContext(1, "g", "look", "", "hall", "Hall", score=5), scene([]))
    assert agent.inner.mem.tried(*KEY) == 0
    again = KnowingAgent(BuiltinAgent(), lore)
    again.load_dict(agent.to_dict())
    again.inner.mem.now.score = 5
    assert again.inner.mem.tried(*KEY) == 0
