"""Rule ``known clock``: a room that killed a few turns after walking in, whatever was typed, is left
before its clock runs out (knowledge/clock.py, hooked in knowledge/advisor.py)."""

from __future__ import annotations

import sqlite3

import pytest

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_agent import BuiltinAgent
from autofrotz.knowledge import clock, known_clock
from autofrotz.knowledge import rules as krules
from autofrotz.knowledge.advisor import KnowingAgent
from autofrotz.knowledge.clock import Deaths, clocks
from autofrotz.knowledge.lore import Lore, Scoring
from autofrotz.rules.switches import set_rule


def played(turns: list[tuple[str, str, str | None]]) -> sqlite3.Connection:
    """One earlier game's turns: (command, room after, event)."""
    conn = sqlite3.connect(":memory:")
    conn.execute(
        "CREATE TABLE turns (game_id INTEGER, turn_number INTEGER, command_sent TEXT, room_id TEXT,"
        " event TEXT)"
    )
    rows = [(1, n, c, r, e) for n, (c, r, e) in enumerate(turns)]
    conn.executemany("INSERT INTO turns VALUES (?, ?, ?, ?, ?)", rows)
    return conn


# Walk south into the hall; its ceremony kills on the fourth command whatever it is (the guard moves
# the player to the altar first); the restore brings the player back to the road.
CEREMONY = [
    ("", "road", None),
    ("south", "hall", None),
    ("sing", "hall", None),
    ("wait", "hall", None),
    ("jump", "altar", None),
    ("pray", "road", "death"),
    ("south", "hall", None),
    ("dance", "hall", None),
    ("listen", "hall", None),
    ("wave", "altar", None),
    ("shout", "road", "death"),
    ("north", "field", None),  # walked in, then a command that kills at once: no clock (one death)
    ("eat mushroom", "road", "death"),
]


def test_two_deaths_after_walking_in_make_a_clock_one_command_that_kills_does_not() -> None:
    deaths = clocks(played(CEREMONY), {1: 1})
    assert deaths.seen["hall"] == [(4, "pray", 1), (4, "shout", 1)]
    assert deaths.seen["field"] == [(1, "eat mushroom", 1)]
    found = deaths.clocks()
    assert list(found) == ["hall"] and found["hall"].turns == 4 and found["hall"].leave_after == 1
    same = Deaths({"hall": [(4, "pray", 1), (5, "pray", 2)]})
    assert same.clocks() == {}  # the same command twice: the command killed (rule ``known death``)


def at(n: int, command: str, room: str, reply: str = "", death: str = "", score: int = 0) -> TurnContext:
    name = room.title()
    return TurnContext(
        n,
        "g",
        command,
        reply or f"{name}\nA plain room.",
        room,
        name,
        "A plain room.",
        death_note=death,
        score=score,
    )


@pytest.mark.parametrize("rule_on", [True, False])
def test_back_in_a_room_whose_clock_killed_the_agent_leaves_the_way_it_came(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.CLOCKS, rule_on)
    lore = Lore(runs=1, stays=clocks(played(CEREMONY), {1: 1}))
    agent = KnowingAgent(BuiltinAgent(), lore)
    agent.decide(at(1, "look", "road"))
    first = agent.decide(at(2, "south", "hall"))  # walked in: one command is free (half of 4, less one)
    assert "known clock" not in first.reasoning
    second = agent.decide(at(3, first.command, "hall", "Nothing happens."))
    assert (second.command == "north" and "known clock (run 1)" in second.reasoning) is rule_on
    assert "known clock" not in agent.decide(at(4, "north", "road")).reasoning


def test_this_runs_own_deaths_make_a_clock_and_it_stops_walking_in_after_leaving_often(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(clock, "CLOCK_VISITS", 2)
    monkeypatch.setattr(known_clock, "CLOCK_VISITS", 2)
    agent = KnowingAgent(BuiltinAgent(), Lore(runs=1))
    n = 0

    def go(command: str, room: str, death: str = "") -> str:
        nonlocal n
        n += 1
        d = agent.decide(at(n, command, room, death=death))
        return d.reasoning

    go("look", "road")
    for killer in ("pray", "shout"):  # two deaths three commands after walking in, after other commands
        go("south", "hall"), go("sing", "hall"), go("wait", "hall")
        go(killer, "road", death=f"You died after '{killer}'.")
    assert agent.state.clock.own_deaths == [["hall", 3, "pray"], ["hall", 3, "shout"]]
    for _visit in range(2):
        go("south", "hall")
        assert "known clock (this run)" in go("sing", "hall")  # leave after (3 - 1) // 2 = 1 command
        go("north", "road")
    assert agent.state.clock.barred == ["road|south"]
    assert agent.inner.mem.failed("road", "south") and not agent.inner.mem.failed("road", "east")
    again = KnowingAgent(BuiltinAgent(), Lore(runs=1))
    again.load_dict(agent.to_dict())  # a resume keeps where it walked in and what it learned
    assert (
        again.state.clock.own_deaths == agent.state.clock.own_deaths
        and again.state.clock.stay == agent.state.clock.stay
    )
    assert again.inner.mem.failed("road", "south")


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_known_point_of_the_room_comes_before_leaving_by_its_clock(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.CLOCK_POINT, rule_on)
    pull = Scoring("hall", "pull rope", (), (), (), 5, 1, 9)
    lore = Lore(runs=1, stays=clocks(played(CEREMONY), {1: 1}), scoring=[pull])
    agent = KnowingAgent(BuiltinAgent(), lore)
    agent.decide(at(1, "look", "road"))
    first = agent.decide(at(2, "south", "hall"))
    assert first.command == "pull rope" and first.reasoning.startswith("known scoring action (run 1)")
    second = agent.decide(at(3, first.command, "hall", "Nothing happens."))
    if not rule_on:
        assert second.command == "north" and "known clock (run 1)" in second.reasoning
        return
    assert (second.command, second.reasoning) == ("pull rope", "a known point before the clock (run 1)")
    third = agent.decide(at(4, "pull rope", "hall", "The bell rings.", score=5))
    assert third.command == "north" and "known clock (run 1)" in third.reasoning  # the point made: leave
    assert agent.state.goals.done == [0]


def test_a_point_made_on_the_turn_a_room_s_clock_killed_stays_a_known_scoring_action() -> None:
    search = Scoring("hall_2", "search shelf", (), (), (), 5, 1, 9)
    dig = Scoring("field", "dig", (), (), (), 5, 1, 12)
    rows = {"text": "The guard shoots you.", "run": 1, "seen": 1}
    lore = Lore(
        runs=1, scored=[search, dig], deaths={("hall_2", "search shelf"): rows, ("field", "dig"): rows}
    )
    assert lore.death_rule("hall_2", "search shelf") is not None  # a known death before the rule
    lore.spare_clock_rooms({"hall"})  # the hall's clock killed after other commands too
    assert lore.scoring == [search] and lore.death_rule("hall_2", "search shelf") is None
    assert lore.death_rule("field", "dig") is not None  # no clock in the field: the command killed


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_barred_way_back_tries_the_way_the_room_names_that_no_one_walked(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule ``another way out when the way back is barred``: the clock's leave was refused, so the next
    command is a way the room's text names and this run never walked (a guard at the door, a hatch)."""
    set_rule(krules.OTHER_WAYS, rule_on)
    lore = Lore(runs=1, stays=clocks(played(CEREMONY), {1: 1}))
    agent = KnowingAgent(BuiltinAgent(), lore)
    hatch = ["up"]  # "A hatch leads up." in the hall's text
    monkeypatch.setattr(agent.clock_watch, "ways_of", lambda ctx: hatch)
    agent.decide(at(1, "look", "road"))
    agent.decide(at(2, "south", "hall"))
    leave = agent.decide(at(3, "sing", "hall", "Nothing happens."))
    assert leave.command == "north"
    barred = agent.decide(at(4, "north", "hall", "Two guards bar the door."))
    assert (barred.command == "up" and barred.reasoning.startswith(clock.OTHER_WAY_RULE)) is rule_on
    hands = KnowingAgent(BuiltinAgent(), lore)  # a refusal that bars every way: no other way is tried
    monkeypatch.setattr(hands.clock_watch, "ways_of", lambda ctx: ["up"])
    hands.decide(at(1, "look", "road"))
    hands.decide(at(2, "south", "hall"))
    hands.decide(at(3, "sing", "hall", "Nothing happens."))
    assert not hands.decide(at(4, "north", "hall", "The guard blocks your way!")).reasoning.startswith(
        clock.OTHER_WAY_RULE
    )


def test_the_paths_own_point_in_the_room_is_not_sent_again_before_the_clock() -> None:
    """The path just scored "pull rope" in the hall: rule ``a known point before the clock`` does not send
    it a second time ("You already did that."), the clock's leave comes at once."""
    from autofrotz.knowledge.path import ProvenPath, Step

    pull = Scoring("hall", "pull rope", (), (), (), 5, 1, 9)
    lore = Lore(runs=1, stays=clocks(played(CEREMONY), {1: 1}), scoring=[pull])
    steps = (Step("south", "hall", 0, 1), Step("pull rope", "hall", 5, 2))
    agent = KnowingAgent(BuiltinAgent(), lore, ProvenPath(1, 1, 5, 2, steps, "road", "short", True))
    assert agent.goals.replayed_here(at(3, "pull rope", "hall")) == set()
    agent.state.replay.path_at = 2
    assert agent.goals.replayed_here(at(3, "pull rope", "hall")) == {"pull rope"}
    agent.state.clock.stay = clock.Stay("hall", "road", "south", 1)
    agent.state.goals.last_score, agent.state.goals.done = (
        5,
        [],
    )  # the path's end reopens what its last step scored
    assert agent.goals.point_before_clock(at(3, "pull rope", "hall", "The bell rings.", score=5)) is None
