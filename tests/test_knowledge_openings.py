"""Learning: rooms known by their names in a rehearsal, a way a reply opened, what an earlier run took.

Rules ``a room is known by its name`` and ``a way it opened`` (knowledge/rehearsal.py, histories.py),
``a way a reply opened, a later run`` (tested with ``every word, a later run`` in
test_knowledge_walks.py) and ``what an earlier run took`` (knowledge/advisor.py). Each test also
switches its rule off and sees the old behaviour.
"""

from __future__ import annotations

import pytest

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.knowledge import rules as krules
from autofrotz.knowledge.advisor import LATER_RUN, KnowingAgent
from autofrotz.knowledge.histories import dead_ends, taken
from autofrotz.knowledge.looks import RULE as RELOOK_RULE
from autofrotz.knowledge.looks import RelookRule
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.path import Played
from autofrotz.knowledge.rehearsal import _rooms_played, _same_rooms
from autofrotz.knowledge.shut import OpenShut, shut_in_way
from autofrotz.knowledge.taken import TakenRule
from autofrotz.rules.switches import set_rule
from tests.test_knowledge_wider import recorded


def played(turn: int, command: str, room: str) -> Played:
    return Played(turn, command, room, 0, (), "")


# A segment as played: out of a hut into a wood the story picks at random between two locations that
# read the same ("Wood", numbers 7 and 8), then on to a glade.
SEGMENT = [
    played(1, "out", "hut"),
    played(2, "north", "wood"),
    played(3, "east", "wood"),
    played(4, "up", "glade"),
]
AS_PLAYED = [(0, 3), (0, 7), (0, 8), (0, 9)]  # (score, room number) after each command


def test_a_cut_through_the_other_wood_of_the_same_name_is_the_same_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rooms = _rooms_played(SEGMENT, AS_PLAYED)
    cut = [SEGMENT[0], SEGMENT[1], SEGMENT[3]]  # "east" left out: this time "north" led to the other wood
    got = [(0, 3), (0, 8), (0, 9)]
    assert _same_rooms(cut, got, rooms)
    assert not _same_rooms(cut, [(0, 3), (0, 3), (0, 9)], rooms)  # still in the hut: another place
    set_rule(krules.NAMED_ROOMS, False)
    assert not _same_rooms(cut, got, rooms)  # by number alone the cut went astray


def test_a_room_number_the_segment_never_saw_is_not_the_same_place() -> None:
    rooms = _rooms_played(SEGMENT, AS_PLAYED)
    assert not _same_rooms([SEGMENT[1]], [(0, 12)], rooms)  # 12: a location the segment never reached


def test_a_command_whose_reply_opened_a_way_is_no_dead_end(monkeypatch: pytest.MonkeyPatch) -> None:
    conn = recorded(
        [
            (0, "", "vault", 0, [], "", "start"),
            (1, "kick sconce", "vault", 0, [], "Nothing happens."),
            (2, "twist sconce", "vault", 0, [], "With a grinding noise a low arch opens to the east."),
        ]
    )
    assert dead_ends(conn, {1: 1}, None) == {("vault", "kick sconce"): 1}
    set_rule(krules.OPENED_A_WAY, False)
    assert dead_ends(conn, {1: 1}, None) == {("vault", "kick sconce"): 1, ("vault", "twist sconce"): 1}


# Rule ``what an earlier run took``: run 1 picked a flask off a rack in the cellar and never used it; it
# also took a gem back out of the hall's chest, where putting it had scored.
TOOK = [
    (0, "", "hall", 0, [], "", "start"),
    (1, "down", "cellar", 0, []),
    (2, "take flasks", "cellar", 0, ["blue flask"], "You pick one of the flasks."),
    (3, "take rack", "cellar", 0, ["blue flask"], "That's fixed in place."),
    (4, "take gem", "cellar", 0, ["blue flask", "gem"], "Taken."),
    (5, "up", "hall", 0, ["blue flask", "gem"]),
    (6, "put gem in chest", "hall", 5, ["blue flask"], "Done."),
    (7, "take gem", "hall", 0, ["blue flask", "gem"], "Taken."),
]


def taking() -> KnowingAgent:
    from tests.test_knowledge_walks import knowing

    agent = knowing()
    exits = {"hall": {"down": "cellar"}, "cellar": {"up": "hall"}}
    agent.lore = Lore(runs=1, exits=exits, taken=taken(recorded(TOOK), {1: 1}))
    agent._parts()  # on this lore
    return agent


def at(room: str, carried: list[str]) -> TurnContext:
    return TurnContext(3, "g", "look", "", room, room, inventory=carried)


def test_what_an_earlier_run_took_is_its_first_taking_that_cost_nothing() -> None:
    assert taken(recorded(TOOK), {1: 1}) == {
        ("cellar", "take flasks"): (1, ("blue flask",)),
        ("cellar", "take gem"): (1, ("gem",)),
    }


def test_a_later_run_takes_what_an_earlier_run_took(monkeypatch: pytest.MonkeyPatch) -> None:
    agent = taking()
    row = next(stage for stage in LATER_RUN if stage.name == krules.TAKEN).bound(agent)[0].rule
    assert isinstance(row, TakenRule) and row.taken is agent.state.taken  # its part, saved with the run
    assert agent.wider.taken.next_command(at("cellar", ["gem"])) == (
        "take flasks",
        "what an earlier run took (run 1): blue flask",
    )
    assert agent.wider.taken.next_command(at("cellar", ["gem"])) is None  # once a run; the gem is held
    held = taking()
    held.wider.taken.next_command(at("hall", ["Blue flask", "gem"]))
    assert (
        held.wider.taken.next_command(at("cellar", [])) is None
    )  # held once this run (put away since): not fetched again
    walker = taking()
    assert walker.wider.taken.walk_step(at("hall", [])) == (
        "down",
        "what an earlier run took (after 1 earlier runs): to cellar",
    )
    set_rule(krules.TAKEN, False)
    off = taking()
    assert (
        off.wider.taken.next_command(at("cellar", [])) is None
        and off.wider.taken.walk_step(at("hall", [])) is None
    )


# Rule ``open what an earlier run found shut``: run 1 tried to climb through the study's hatch and was
# told it was closed; a chest it carried was met closed in two rooms (carried, not a fixture); a reply
# about a thing the command did not name does not count.
SHUT = [
    (0, "", "hall", 0, [], "", "start"),
    (1, "north", "study", 0, []),
    (2, "climb through hatch", "study", 0, [], "The hatch is closed."),
    (3, "put pen in chest", "study", 0, [], "The oak chest is closed."),
    (4, "south", "hall", 0, []),
    (5, "put pen in chest", "hall", 0, [], "The oak chest is closed."),
    (6, "dance", "hall", 0, [], "The cupboard is closed."),
]


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_later_run_opens_what_an_earlier_run_found_shut(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.SHUT, rule_on)
    found = shut_in_way(recorded(SHUT), {1: 1})
    assert found == {("study", "hatch"): 1}
    agent = taking()
    agent.lore.shut = found
    row = next(stage for stage in LATER_RUN if stage.name == krules.SHUT).bound(agent)[0].rule
    assert isinstance(row, OpenShut) and row.opened is agent.state.shut  # its part, saved with the run
    assert row.next_command(at("hall", [])) is None
    first = row.next_command(at("study", []))
    assert first == (("open hatch", "open what an earlier run found shut (run 1)") if rule_on else None)
    assert row.next_command(at("study", [])) is None  # once a run


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_taking_sent_before_the_thing_was_there_is_sent_again_when_the_room_names_it(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule ``not there yet``: run 1 took a flask in the cellar; this run came before the flask did."""
    set_rule(krules.NOT_YET, rule_on)
    agent = taking()
    assert agent.wider.taken.next_command(at("cellar", []))[0] == "take flasks"
    refused = TurnContext(4, "g", "take flasks", "You can't see any such thing.", "cellar", "cellar")
    agent.wider.taken.next_command(refused)  # the gem's taking comes next; the flask waits
    bare = TurnContext(5, "g", "look", "Cellar\nA bare cellar.", "cellar", "cellar", "A bare cellar.")
    assert agent.wider.taken.next_command(bare) is None
    named = TurnContext(6, "g", "look", "Cellar\nA rack of flasks.", "cellar", "cellar", "A rack of flasks.")
    again = agent.wider.taken.next_command(named)
    assert (again == ("take flasks", "not there yet (run 1): blue flask")) is rule_on


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_thing_that_names_names_sends_a_second_look_at_the_others(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule ``a thing that names names makes the others worth a look``: once the path is over, a long
    look at a carried thing that uses names queues a look at each other carried thing, once."""
    set_rule(krules.RELOOK, rule_on)
    agent = taking()
    (row,) = next(stage for stage in LATER_RUN if stage.name == krules.RELOOK).bound(agent)
    relook = row.rule
    assert isinstance(relook, RelookRule) and relook.relooks is agent.state.looks  # its part of the state

    def planned(ctx: TurnContext) -> tuple[str, str] | None:
        plan = row.propose(AgentTurn(ctx), None)
        return None if plan is None else (plan.command, plan.reason)

    agent.state.replay.path_done = True
    carried = ["almanac", "small vial", "old map"]
    plain = "A heavy old map of the county, drawn in brown ink on a sheet of cloth, with the roads in red."
    short = TurnContext(4, "g", "examine map", plain, "hall", "hall", inventory=carried)
    relook.observe(AgentTurn(short))
    assert planned(short) is None  # long, but it names no one
    told = (
        "A heavy almanac of the stars. On its first page its author signed his name, "
        "Edmund Thorne, in red ink."
    )
    read = TurnContext(5, "g", "examine almanac", told, "hall", "hall", inventory=carried)
    relook.observe(AgentTurn(read))
    first = planned(read)
    assert first == (("examine small vial", RELOOK_RULE) if rule_on else None)
    if rule_on:
        assert planned(read) == ("examine old map", RELOOK_RULE)
        relook.observe(AgentTurn(read))  # the same thing again: once
        assert planned(read) is None
