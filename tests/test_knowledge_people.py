"""Rules ``what the story calls him or her is a person`` and ``a reply says whom to give it to``
(knowledge/people.py), as a later run's advisor applies them."""

from __future__ import annotations

from typing import Any

import pytest

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_tactics import Scene
from autofrotz.knowledge import rules as krules
from autofrotz.knowledge.advisor import LATER_RUN, GoalState, KnowingAgent
from autofrotz.knowledge.described import AskHere, AskWalk
from autofrotz.knowledge.informed import KnownVetoes
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.many import ManyRule
from autofrotz.knowledge.openings import OpeningHere, ThroughOpening
from autofrotz.knowledge.people import PeopleRule
from autofrotz.knowledge.said import SaidRule
from autofrotz.knowledge.waiting import WaitingRule
from autofrotz.knowledge.widen import candidates
from autofrotz.rules.switches import set_rule
from autofrotz.words.vocabulary import Vocabulary

WORDS = Vocabulary(
    frozenset(["give", "show", "to", "ticket", "left", "clerk", "put", "in", "on", "tie", "cut"])
)
LOBBY = Scene("lobby", ["left clerk"], [], ["ticket"], "")


class Inner:
    def __init__(self) -> None:
        self.mem = Memory()


def later_run(lore: Lore | None = None) -> KnowingAgent:
    agent = KnowingAgent.__new__(KnowingAgent)
    agent.inner, agent.lore, agent.state, agent.path = Inner(), lore or Lore(runs=1), GoalState(), None
    agent.advice = KnownVetoes(agent.lore)
    agent._parts()
    return agent


def people_rule(agent: KnowingAgent) -> PeopleRule:
    """The later run's rule object of the people rules, bound to ``agent``."""
    people = next(stage for stage in LATER_RUN if stage.name == krules.TOLD).bound(agent)[0].rule
    assert isinstance(people, PeopleRule) and people.gives is agent.state.gives  # its part, saved with it
    return people


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_thing_a_refusal_calls_her_is_given_things(rule_on: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    set_rule(krules.PEOPLE, rule_on)
    agent = later_run()
    before = candidates(LOBBY, agent.inner.mem, WORDS.knows)
    assert not any(c.startswith("give") for c in before)  # a clerk is not a person by its name alone
    cut = TurnContext(3, "g", "cut left clerk", "Cutting her up would achieve little.", "lobby", "lobby")
    people_rule(agent).observe(AgentTurn(cut))
    after = candidates(LOBBY, agent.inner.mem, WORDS.knows)
    assert ("give ticket to left clerk" in after) is rule_on


class Map:
    graph = {"lobby": {}, "office": {}}

    def room(self, room: str) -> dict[str, Any]:
        return {"description": "A porter dozes by the door." if room == "office" else "A lobby."}

    def connections(self) -> list[Any]:
        from autofrotz.storage.models import Connection

        return [Connection("lobby", "office", "east"), Connection("office", "lobby", "west")]


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_reply_that_says_whom_to_give_it_to_is_followed(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.TOLD, rule_on)
    agent = later_run()
    reply = 'The clerk stamps it. "Now give it back to the porter, please."'
    people = people_rule(agent)
    people.observe(AgentTurn(TurnContext(5, "g", "give ticket to left clerk", reply, "lobby", "lobby")))
    step = people.next_command(
        TurnContext(6, "g", "give ticket to left clerk", reply, "lobby", "lobby", map=Map())
    )
    if not rule_on:
        assert step is None
        return
    assert step is not None and step[0] == "east"  # the porter was seen in the office's text
    here = TurnContext(7, "g", "east", "Office.", "office", "office", map=Map())
    assert people.next_command(here) == (
        "give ticket to porter",
        "a reply says whom to give it to: the reply named them",
    )
    assert people.next_command(here) is None  # once


@pytest.mark.parametrize("rule_on", [True, False])
def test_one_the_arrival_text_shows_speaking_is_a_person_of_the_room(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.ACTORS, rule_on)
    agent = later_run()
    arrival = (
        "Lobby\nA marble lobby.\n\nThe weary left clerk who sorts the post looks up. 'Yes?' asks the clerk."
    )
    people_rule(agent).observe(AgentTurn(TurnContext(2, "g", "west", arrival, "lobby", "lobby")))
    mem = agent.inner.mem
    assert ("left clerk" in mem.seen.people and "left clerk" in mem.room_nouns("lobby")) is rule_on
    assert ("give ticket to left clerk" in candidates(LOBBY, mem, WORDS.knows)) is rule_on


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_refusal_that_names_a_condition_is_sent_again_once_the_score_rises(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.WAITING, rule_on)
    agent = later_run()
    waiting = next(stage for stage in LATER_RUN if stage.name == krules.WAITING).bound(agent)[0].rule
    assert isinstance(waiting, WaitingRule)
    refused = "You cannot stamp the ledger while the clerk is watching."
    stamped = TurnContext(4, "g", "stamp ledger", refused, "lobby", "lobby", score=0, inventory=["ledger"])
    waiting.observe(AgentTurn(stamped))
    waited = TurnContext(5, "g", "wait", "Time passes.", "lobby", "lobby", score=0)
    assert waiting.next_command(waited) is None
    later = TurnContext(
        9, "g", "pull lever", "Clunk.", "office", "office", score=5, inventory=["ledger"], map=Map()
    )
    waiting.observe(AgentTurn(later))
    step = waiting.next_command(later)
    assert (step is not None and step[0] == "stamp ledger") is rule_on  # carried: sent where it stands
    assert waiting.next_command(later) is None  # once
    assert agent.state.conditions is waiting.conditions  # its part of the run's state, saved with it


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_command_a_reply_spells_out_is_sent_once_opening_what_is_closed_first(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.SAID, rule_on)
    agent = later_run()
    said = next(stage for stage in LATER_RUN if stage.name == krules.SAID).bound(agent)[0].rule
    assert isinstance(said, SaidRule)
    spelled = "If you want to climb out the hatch, you'd better say so."
    said.observe(AgentTurn(TurnContext(3, "g", "up", spelled, "cabin", "cabin")))
    here = TurnContext(4, "g", "up", spelled, "cabin", "cabin")
    if not rule_on:
        assert said.next_command(here) is None
        return
    assert said.next_command(here) == (
        "climb out hatch",
        "a reply that says what to type: the reply spelled it out",
    )
    said.observe(AgentTurn(TurnContext(5, "g", "climb out hatch", "The hatch is closed.", "cabin", "cabin")))
    assert [said.next_command(here)[0], said.next_command(here)[0], said.next_command(here)] == [
        "open hatch",
        "climb out hatch",
        None,
    ]


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_way_an_earlier_run_opened_is_opened_and_walked(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.OPENINGS, rule_on)
    lore = Lore(
        runs=1, openings={("vault", "twist sconce"): (1, "southeast")}, walls={("vault", "southeast"): 1}
    )
    agent = later_run(lore)
    through, here = [
        row.rule for stage in LATER_RUN if stage.name == krules.OPENINGS for row in stage.bound(agent)
    ]
    assert isinstance(through, ThroughOpening) and isinstance(here, OpeningHere)
    assert through.openings is here.openings is agent.state.openings  # one part of the run's state
    step = here.next_command(TurnContext(7, "g", "look", "Vault.", "vault_2", "vault_2"))
    if not rule_on:
        assert step is None
        return
    assert step == ("twist sconce", "a way an earlier run opened (run 1): it opened a way southeast")
    opened = TurnContext(
        8, "g", "twist sconce", "A narrow stairway swings open to the southeast.", "vault", "vault"
    )
    assert through.next_command(opened) == ("southeast", "a way an earlier run opened: go that way")
    assert here.next_command(opened) is None  # once a run


@pytest.mark.parametrize("rule_on", [True, False])
def test_the_sweep_over_carried_things_skips_what_did_nothing_in_any_room_before(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from autofrotz.agents.builtin_idle import HELD_ROOM
    from autofrotz.knowledge.informed import informed

    set_rule(krules.CARRIED_ANYWHERE, rule_on)
    mem = informed(Lore(runs=1, dead_ends={("cellar", "wave lantern"): 1}))[0]
    assert (mem.tried(HELD_ROOM, "wave lantern") > 0) is rule_on
    assert mem.tried(HELD_ROOM, "wave rope") == 0


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_person_an_earlier_run_examined_is_asked_about_what_the_description_named(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule ``ask about what an earlier run read of them`` (knowledge/described.py): the end of a
    person's description names what they are busy with; a later run asks them about it, last first."""
    from autofrotz.knowledge.described import described
    from autofrotz.knowledge.path import Played

    set_rule(krules.DESCRIBED, rule_on)
    looks = "A lanky porter. He is polishing a trophy and grumbling about the leaking boiler."
    history = [
        Played(1, "examine porter", "hall", 0, (), looks),
        Played(2, "examine trophy", "hall", 0, (), "A silver cup. It gleams."),  # no he or she: a thing
    ]
    found = described(iter([(1, None, history)]))
    assert found == {("hall", "porter"): ["boiler", "trophy"]}
    ask_here, _ = asking(later_run(Lore(runs=1, described=found)))
    away = TurnContext(4, "g", "north", "Cellar\nDamp.", "cellar", "Cellar", "Damp.")
    assert ask_here.next_command(away) is None
    hall = TurnContext(5, "g", "south", "Hall\nThe porter is here.", "hall", "Hall", "A hall.")
    first = ask_here.next_command(hall)
    assert first == (
        ("ask porter about boiler", "ask about what an earlier run read of them: porter") if rule_on else None
    )
    if rule_on:
        assert ask_here.next_command(hall) == (
            "ask porter about trophy",
            "ask about what an earlier run read of them: porter",
        )
        assert ask_here.next_command(hall) is None  # each once a run


def test_once_the_path_is_over_a_later_run_walks_to_a_person_an_earlier_run_examined() -> None:
    """Rule ``ask about what an earlier run read of them``, elsewhere: a step towards the room where the
    person was examined, then the asking there."""
    agent = later_run(Lore(runs=1, described={("office", "porter"): ["boiler"]}))
    ask_here, ask_walk = asking(agent)
    lobby = TurnContext(5, "g", "look", "Lobby\nA lobby.", "lobby", "Lobby", "A lobby.", map=Map())
    assert ask_walk.next_command(lobby) is None  # the path is still replaying
    agent.state.replay.path_done = True
    assert ask_walk.next_command(lobby) == (
        "east",
        "ask about what an earlier run read of them: walk to them",
    )
    office = TurnContext(
        6, "g", "east", "Office\nA porter dozes.", "office", "Office", "A porter dozes.", map=Map()
    )
    assert ask_walk.next_command(office) is None  # here now
    assert ask_here.next_command(office) == (
        "ask porter about boiler",
        "ask about what an earlier run read of them: porter",
    )
    assert ask_walk.next_command(lobby) is None  # every topic asked: no more walking


def asking(agent: KnowingAgent) -> tuple[AskHere, AskWalk]:
    """The two rows of rule ``ask about what an earlier run read of them`` as a later run binds them."""
    here, walk = [
        row.rule for stage in LATER_RUN if stage.name == krules.DESCRIBED for row in stage.bound(agent)
    ]
    assert isinstance(here, AskHere) and isinstance(walk, AskWalk)
    assert here.asked is walk.asked is agent.state.asked  # one part of the run's state
    return here, walk


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_heap_too_many_to_carry_is_looked_through_by_the_replys_own_word(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule ``too many to carry are looked through`` (knowledge/many.py)."""
    set_rule(krules.MANY, rule_on)
    agent = later_run()
    many = next(stage for stage in LATER_RUN if stage.name == krules.MANY).bound(agent)[0].rule
    assert isinstance(many, ManyRule) and many.heaps is agent.state.many  # its part of the run's state
    heap = "Leaf Let: There's a lot of leaflets here! You couldn't possibly carry all of them."
    many.observe(AgentTurn(TurnContext(5, "g", "take all", heap, "lobby", "lobby")))
    first = many.next_command(TurnContext(6, "g", "take all", heap, "lobby", "lobby"))
    assert first == (
        ("examine leaflets", "too many to carry are looked through: the reply called them too many")
        if rule_on
        else None
    )
    if rule_on:
        looked = many.next_command(
            TurnContext(7, "g", "examine leaflets", "Just leaflets.", "lobby", "lobby")
        )
        assert looked is not None and looked[0] == "search leaflets"
        many.observe(AgentTurn(TurnContext(8, "g", "take all", heap, "lobby", "lobby")))
        assert (
            many.next_command(TurnContext(9, "g", "take all", heap, "lobby", "lobby")) is None
        )  # once a room
