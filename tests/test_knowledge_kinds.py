"""Rule ``what a thing is not`` (knowledge/kinds.py): a refusal in kind rules out the whole family of
uses on that thing, this run and the next ones, whatever was carried."""

from __future__ import annotations

import pytest

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_tactics import Scene
from autofrotz.knowledge import rules as krules
from autofrotz.knowledge.advisor import GoalState, KnowingAgent
from autofrotz.knowledge.informed import KnownVetoes
from autofrotz.knowledge.learner import Learner
from autofrotz.knowledge.lore import Lore, _refusal
from autofrotz.knowledge.widen import Asked, pool_commands
from autofrotz.reading import read_reply
from autofrotz.rules.switches import set_rule
from autofrotz.words.vocabulary import Vocabulary
from tests.test_knowledge_wider import notes

KNOWN = ["put", "in", "on", "brass", "key", "lamp", "sign", "oak", "chest", "give", "to"]
WORDS = Vocabulary(frozenset(KNOWN))
HALL = Scene("hall", ["sign", "oak chest"], [], ["brass key", "lamp"], "")


def knowing() -> KnowingAgent:
    """A later run's advisor with nothing known yet."""
    agent = KnowingAgent.__new__(KnowingAgent)
    agent.lore, agent.state, agent.path = Lore(runs=1), GoalState(), None
    agent.inner = type("Inner", (), {"mem": Memory()})()
    agent.advice = KnownVetoes(agent.lore)
    agent._parts()
    return agent


def uses(not_kinds: frozenset[str]) -> list[str]:
    asked = Asked([], [], [], [], None, not_kinds)
    return [c for c, _ in pool_commands(WORDS.knows, "hall", HALL, Memory(), asked)]


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_thing_that_cannot_contain_things_is_offered_nothing_else(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.KINDS, rule_on)
    agent = knowing()
    refused = TurnContext(3, "g", "put brass key in sign", "That can't contain things.", "hall", "hall")
    notes(agent).observe(AgentTurn(refused))
    offered = uses(agent.wider.not_kinds())
    assert ("put lamp in sign" in offered) is not rule_on  # the same family on the same thing
    assert "put lamp in oak chest" in offered and "put lamp on sign" in offered  # other things, families


def test_an_earlier_run_s_refusal_in_kind_is_kept_for_the_next_run() -> None:
    learner = Learner(sha="s", run=1, room="hall", score=0)
    refused = "That doesn't seem to be something you can unlock."
    facts = learner._lesson(4, read_reply("unlock sign with brass key", refused), 0, None, "hall")
    refusal = next(f for f in facts if f.kind == "refusal")
    assert refusal.body["not"] == ["unlock", "sign"]
    lore = Lore(runs=1)
    _refusal(lore, {"body": refusal.body, "run": 1, "seen": 1})
    assert lore.not_kinds == {"unlock|sign"}
    assert not any(c.startswith("unlock sign") for c in uses(frozenset(lore.not_kinds)))


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_thing_the_parser_cannot_see_with_two_carried_things_is_not_used_here(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.KINDS, rule_on)
    agent = knowing()
    unseen = "You can't see any such thing."
    notes(agent).observe(AgentTurn(TurnContext(3, "g", "put brass key in oak chest", unseen, "hall", "hall")))
    assert agent.state.things.absent == []  # once: it may be the carried thing's name the parser missed
    notes(agent).observe(AgentTurn(TurnContext(4, "g", "put lamp on oak chest", unseen, "hall", "hall")))
    asked = Asked([], [], [], [], None, frozenset(), frozenset(agent.state.things.absent))
    offered = [c for c, _ in pool_commands(WORDS.knows, "hall", HALL, Memory(), asked)]
    assert (not any("oak chest" in c for c in offered)) is rule_on
    assert any("sign" in c for c in offered)
    agent.state.goals.last_score = 0
    agent.goals.score_progress(TurnContext(5, "g", "put lamp on sign", "Done.", "hall", "hall", score=1))
    assert agent.state.things.absent == []  # a point may bring it


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_verb_the_parser_asked_a_thing_for_is_tried_on_things_before_the_uses(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.ASKED_FIRST, rule_on)
    scene = Scene("office", ["logbook"], [], ["brass key"], "")
    asked = Asked(["sign"], [], ["sign"], [], None)  # "What do you want to sign?"
    known = Vocabulary(frozenset(["sign", "logbook", "put", "brass", "key", "in", "on", "give", "to"])).knows
    first = pool_commands(known, "office", scene, Memory(), asked)[0]
    assert (first == ("sign logbook", "the story's own verb on a thing")) is rule_on


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_thing_that_swallowed_a_carried_thing_is_given_no_more(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule ``what swallows things gets no more``: a put whose reply says the thing disappeared rules
    out every other use into that room thing, this run."""

    set_rule(krules.SINKS, rule_on)
    agent = knowing()
    agent.state.goals.last_score = 0
    swallowed = "The lamp disappears into the depths of the oak chest."
    notes(agent).observe(
        AgentTurn(TurnContext(4, "g", "put lamp in oak chest", swallowed, "hall", "Hall", score=0))
    )
    assert agent.state.things.sinks == (["hall|oak chest"] if rule_on else [])
    asked = Asked(
        [], [], [], [], None, frozenset(), frozenset(agent.state.things.absent + agent.state.things.sinks)
    )
    left = [c for c, _ in pool_commands(WORDS.knows, "hall", HALL, Memory(), asked)]
    assert ("put brass key in oak chest" in left) is not rule_on
