"""A later run carries its wider pool from room to room (rule ``the pool is not spent elsewhere``), tries
kind-neutral uses before tools of the wrong kind, and the agent takes back what it put on a thing
(knowledge/pool_walk.py, widen.py, agents/builtin_agent.py)."""

from __future__ import annotations

import pytest

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_agent import BuiltinAgent
from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_tactics import Scene
from autofrotz.knowledge import advisor, widen
from autofrotz.knowledge import rules as krules
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.pool_walk import SWEEP_TURNS
from autofrotz.rules.switches import set_rule
from tests.test_knowledge_spread import Map
from tests.test_knowledge_wider import PATH, Inner, knowing

MAP = Map([("ledge", "south", "lake"), ("lake", "north", "ledge"), ("lake", "west", "trail"),
           ("trail", "east", "lake")])  # fmt: skip
THINGS = {"ledge": [], "lake": [], "trail": ["little table"]}  # what the agent remembers per room


class Remembering(Inner):
    """An inner agent that remembers each room's things, as the built-in agent's ``remote_scene`` does."""

    def __init__(self) -> None:
        super().__init__()
        self.mem.now.lit = True

    def remote_scene(self, room: str) -> Scene:
        return Scene(room, list(THINGS[room]), [], ["scarf"], "")

    def map_dark(self, room: str) -> bool:
        return False


def at(room: str, score: int = 5) -> TurnContext:
    return TurnContext(1, "g", "look", "", room, room, score=score, map=MAP)


def walker() -> advisor.KnowingAgent:
    agent = knowing(PATH, Lore(runs=1, rooms={"trail": "Trail", "lake": "Lake", "ledge": "Ledge"}))
    agent.inner = Remembering()
    agent._parts()  # the wider pool reads the agent it was made with
    agent.state.spread.stale_since = SWEEP_TURNS
    return agent


def test_a_kind_neutral_use_comes_before_a_tool_of_the_wrong_kind_and_a_throw_comes_last() -> None:
    uses = widen.candidates(Scene("porch", ["little table"], [], ["scarf"], ""), Memory(), lambda w: True)
    assert uses.index("put scarf on little table") < uses.index("unlock little table with scarf")
    assert uses.index("cut little table with scarf") < uses.index("throw scarf at little table")
    assert uses[-1] == "throw scarf at little table"
    keyed = widen.candidates(Scene("porch", ["oak door"], [], ["iron key"], ""), Memory(), lambda w: True)
    assert keyed[0] == "unlock oak door with iron key"  # a key is the unlocking kind: it fits, first


def test_with_nothing_left_here_the_pool_walks_to_a_room_where_it_has_something() -> None:
    agent = walker()
    agent.state.spread.stale_since = 0
    assert (
        agent.wider.next_use(at("ledge"), Scene("ledge", [], [], ["scarf"], "")) is None
    )  # the sweep's turns first
    agent.state.spread.stale_since = SWEEP_TURNS  # the sweep had its turns here
    first = agent.wider.next_use(at("ledge"), Scene("ledge", [], [], ["scarf"], ""))
    assert first == ("south", "the pool is not spent elsewhere (after 1 earlier runs): to Trail")
    assert agent.wider.next_use(at("lake"), Scene("lake", [], [], ["scarf"], ""))[0] == "west"
    there = agent.wider.next_use(at("trail"), Scene("trail", ["little table"], [], ["scarf"], ""))
    assert there == ("put scarf in little table", "untried use (after 1 earlier runs): not tried here before")
    assert agent.state.pool.pool_dry == ["ledge"]  # the lake was walked through, never asked


def test_no_walk_when_no_other_room_has_anything_or_without_the_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(THINGS, "trail", [])
    assert walker().wider.next_use(at("ledge"), Scene("ledge", [], [], ["scarf"], "")) is None
    monkeypatch.setitem(THINGS, "trail", ["little table"])
    set_rule(krules.POOL_WALK, False)
    assert walker().wider.next_use(at("ledge"), Scene("ledge", [], [], ["scarf"], "")) is None


def test_a_point_makes_every_room_worth_the_pool_again() -> None:
    agent = walker()
    agent.state.goals.last_score = 5
    agent.wider.next_use(at("ledge"), Scene("ledge", [], [], ["scarf"], ""))
    assert agent.state.pool.pool_dry == ["ledge"]
    agent.goals.score_progress(at("lake", score=10))
    assert agent.state.pool.pool_dry == []


def test_a_put_on_a_thing_that_scored_nothing_takes_the_thing_back_by_its_own_name() -> None:
    agent = BuiltinAgent()
    agent.mem.seen.held.append("scarf")
    put = TurnContext(2, "g", "put scarf on little table", "You put the scarf on the little table.", "porch",
                      "Porch", score=0)  # fmt: skip
    agent._after_success(put, "put scarf on little table", "porch")
    queued = [q.command for q in agent.mem.plans.queue]
    assert queued == ["take scarf"]  # not "take scarf on little table", which no parser reads


def test_a_put_the_library_refuses_is_a_refusal_not_a_put_to_take_back() -> None:
    agent = BuiltinAgent()
    agent.mem.seen.held.append("scarf")
    agent.mem.now.last_command, agent.mem.now.last_room = "put scarf in gate", "porch"
    refused = "That can't contain things."
    agent._judge(TurnContext(2, "g", "put scarf in gate", refused, "porch", "Porch", score=0), refused)
    assert [q.command for q in agent.mem.plans.queue if q.command.startswith("take ")] == []
    assert agent.mem.failed("porch", "put scarf in gate")  # the agent's fails are not cleared by it


def _walks_at(stale: list[int]) -> list[bool]:
    """Whether the pool walks away from the ledge at each count of stale turns there."""
    agent = walker()
    out = []
    for n in stale:
        agent.state.spread.stale_since = n
        out.append(agent.wider.next_use(at("ledge"), Scene("ledge", [], [], ["scarf"], "")) is not None)
    return out


def test_the_sweep_has_turns_of_its_own_after_the_pool_ran_dry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule ``the sweep has turns of its own``: the pool ran dry after 12 turns here; the agent's sweep
    then has SWEEP_TURNS turns before the walk. Switched off, the pool's turns counted against it."""
    assert _walks_at([12, SWEEP_TURNS, 12 + SWEEP_TURNS]) == [False, False, True]
    set_rule(krules.OWN_SWEEP, False)
    assert _walks_at([12, SWEEP_TURNS]) == [False, True]
