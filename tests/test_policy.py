"""The rule protocol (autofrotz/policy/protocol.py) as the built-in agent and a later run use it: one
ordered table each, the knowledge rules and the agent's own stages rows of the same table, the agent
held and reached through its interface, and each rule's part of the state saved flat."""

from __future__ import annotations

import json
from pathlib import Path

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_agent import OBJECTIVE, OWN_CHOICE, REPLY_RULE, TAKE_IN, BuiltinAgent
from autofrotz.agents.builtin_memory import Memory
from autofrotz.knowledge.advisor import QUEUE_ROW, KnowingAgent
from autofrotz.knowledge.goal_state import PARTS, GoalState
from autofrotz.knowledge.goals import GoalRecord
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.rules import BACK, CLOCKS, STAND_DOWN


def test_the_built_in_agent_s_turn_is_its_stages_in_order() -> None:
    agent = BuiltinAgent()
    assert agent.policy.names == (TAKE_IN, OBJECTIVE, REPLY_RULE, OWN_CHOICE)
    decision = agent.decide(TurnContext(1, "g", None, "A bare cell.", "cell", "Cell", score=0))
    assert decision.command and decision.source == "builtin"


def test_a_later_run_s_table_holds_the_knowledge_rows_then_the_agent_s_stages() -> None:
    agent = KnowingAgent(BuiltinAgent(), Lore(runs=1))
    names = agent.policy.names
    assert names[-5:] == (QUEUE_ROW, TAKE_IN, OBJECTIVE, REPLY_RULE, OWN_CHOICE)
    assert names.index(CLOCKS) < names.index(STAND_DOWN) < names.index(BACK) < names.index(QUEUE_ROW)


def test_the_knowing_agent_holds_the_agent_and_keeps_its_memory() -> None:
    inner = BuiltinAgent()
    agent = KnowingAgent(inner, Lore(runs=1, refusals={("cell", "north"): {"run": 1, "text": "No."}}))
    memory = inner.mem
    for n in range(1, 4):
        agent.decide(TurnContext(n, "g", None, "A bare cell.", "cell", "Cell", score=0))
    assert inner.mem is memory and type(memory) is Memory  # no memory swapped in from outside
    assert not hasattr(KnowingAgent, "__getattr__")
    assert memory.counsel is agent.advice and inner.advice is agent.advice


def test_each_rule_s_part_of_the_state_is_saved_flat_and_read_back() -> None:
    state = GoalState(GoalRecord(done=[1]))
    state.clock.barred.append("hall|north")
    state.replay.path_at = 3
    state.pool.wide_sent.append("hall|chant")
    saved = state.to_dict()
    assert not set(PARTS) & set(saved)  # the parts' fields sit beside the goals', as one record
    assert saved["barred"] == ["hall|north"] and saved["path_at"] == 3
    assert GoalState.from_dict(saved) == state
    assert len(saved) == 75  # the same flat keys however the parts are split among the rules
    flat = {"stood_down": "behind the first run", "opened_way": "north", "leaves": {"hall": 1}}
    loaded = GoalState.from_dict(flat)  # flat keys only: each part picks its own
    assert (loaded.standing.stood_down, loaded.openings.opened_way, loaded.clock.leaves) == (
        "behind the first run",
        "north",
        {"hall": 1},
    )


def test_a_state_saved_before_the_goals_had_a_part_of_their_own_loads_and_saves_the_same() -> None:
    """A later run's state as an earlier version saved it (a resume of an older game; the goals' record,
    the routes' steps and the walks to unseen rooms were then fields of the state itself): every part
    picks its fields back, and saving again writes the same record."""
    saved = json.loads((Path(__file__).parent / "support" / "later_run_state.json").read_text())
    state = GoalState.from_dict(saved)
    assert (state.goals.done, state.goals.sent, state.goals.last_score) == ([0, 1], {2: 2}, 7)
    assert state.walked.steps["downtown|west"] == 1 and state.replay.path_at == 20
    assert state.replay.trip.back_moves == ["north", "up", "south"] and state.pool.ran_dry
    assert state.to_dict() == saved
