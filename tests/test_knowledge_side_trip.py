"""Rule ``a side door on the path`` (knowledge/side_trip.py): a later run looks through a named exit of a
path room that no run has taken, then goes on with the path."""

from __future__ import annotations

from typing import Any

import pytest

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_memory import Memory
from autofrotz.knowledge import rules as krules
from autofrotz.knowledge import side_trip
from autofrotz.knowledge.advisor import GoalState, KnowingAgent
from autofrotz.knowledge.informed import KnownVetoes
from autofrotz.knowledge.lore import Lore, _exit
from autofrotz.knowledge.path import ProvenPath, Step
from autofrotz.rules.switches import set_rule
from autofrotz.storage.models import Connection
from tests.test_knowledge_wider import path_row


class Link:
    def __init__(self, to: str, inferred: bool = False) -> None:
        self.to_room, self.inferred = to, inferred


class SmallMap:
    """The hall names north and west; the run came in from the yard and has been in the pantry or not."""

    def __init__(self, pantry_known: bool = False) -> None:
        self.links: dict[str, dict[str, Link]] = {
            "yard": {"north": Link("hall")},
            "hall": {"south": Link("yard")},
        }
        if pantry_known:
            self.links["hall"]["west"] = Link("pantry")
            self.links["pantry"] = {"east": Link("hall")}
        self.exits = {"hall": {"west": "mentioned", "south": "mentioned"}}

    def room(self, room: str) -> dict[str, Any]:
        return {"exits": self.exits.get(room, {}), "visit_count": 1}

    def connections(self) -> list[Connection]:
        return [Connection(a, link.to_room, d) for a, ways in self.links.items() for d, link in ways.items()]


class Inner:
    def __init__(self) -> None:
        self.mem = Memory()

    def follow(self, ctx: TurnContext, command: str, reason: str) -> Any:
        return (command, reason)


def later_run(lore: Lore | None = None) -> KnowingAgent:
    steps = (Step("north", "hall", 0, 1), Step("take coin", "hall", 5, 2))
    agent = KnowingAgent.__new__(KnowingAgent)
    agent.inner, agent.lore, agent.state = Inner(), lore or Lore(runs=1), GoalState()
    agent.path = ProvenPath(1, 1, 5, 2, steps, "yard", "short", True)
    agent.advice = KnownVetoes(agent.lore)
    agent._parts()
    return agent


def ctx(room: str, last: str | None, score: int, world: SmallMap, died: bool = False) -> TurnContext:
    return TurnContext(
        1, "g", last, "", room, room, score=score, map=world, death_note="died" if died else None
    )


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_named_door_no_run_took_is_looked_through_and_the_path_goes_on(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.SIDE_TRIPS, rule_on)
    agent, world = later_run(), SmallMap()
    assert path_row(agent).next_step(ctx("yard", None, 0, world))[0] == "north"
    command, rule = path_row(agent).next_step(ctx("hall", "north", 0, world))
    if not rule_on:
        assert command == "take coin"
        return
    assert (command, rule.split(" (")[0]) == ("west", "a side door on the path")
    assert rule.endswith(side_trip.OUT_REASON)  # the step the advisor marks risky: a save comes first
    world = SmallMap(pantry_known=True)
    assert path_row(agent).next_step(ctx("pantry", "west", 0, world))[0] == "take all"
    assert path_row(agent).next_step(ctx("pantry", "take all", 2, world))[0] == "east"  # back the known way
    # Back in the hall with more points than the path shows there: the path goes on.
    assert path_row(agent).next_step(ctx("hall", "east", 2, world))[0] == "take coin"
    assert agent.state.replay.trip.made == ["hall|west"]


def test_a_door_an_earlier_run_took_gets_no_side_trip() -> None:
    lore = Lore(runs=1)
    _exit(lore, {"body": {"from": "hall_2", "to": "pantry", "direction": "west"}})
    agent, world = later_run(lore), SmallMap()
    path_row(agent).next_step(ctx("yard", None, 0, world))
    assert path_row(agent).next_step(ctx("hall", "north", 0, world))[0] == "take coin"


def test_a_way_only_assumed_from_the_reverse_move_is_still_untaken() -> None:
    lore = Lore(runs=1)
    _exit(lore, {"body": {"from": "hall", "to": "yard", "direction": "west", "inferred": True}})
    assert ("hall", "west") not in lore.tried_ways and lore.exits["hall"]["west"] == "yard"  # still routed
    agent, world = later_run(lore), SmallMap()
    path_row(agent).next_step(ctx("yard", None, 0, world))
    assert path_row(agent).next_step(ctx("hall", "north", 0, world))[0] == "west"


def test_a_room_whose_name_the_map_met_twice_gets_no_side_trip() -> None:
    lore = Lore(runs=1, rooms={"hall": "Hall", "hall_2": "Hall"})
    agent, world = later_run(lore), SmallMap()
    path_row(agent).next_step(ctx("yard", None, 0, world))
    assert path_row(agent).next_step(ctx("hall", "north", 0, world))[0] == "take coin"


def test_a_death_on_a_side_trip_ends_the_replay() -> None:
    agent, world = later_run(), SmallMap()
    path_row(agent).next_step(ctx("yard", None, 0, world))
    path_row(agent).next_step(ctx("hall", "north", 0, world))
    assert path_row(agent).next_step(ctx("pantry", "west", 0, world, died=True)) is None
    assert agent.state.replay.path_stop.endswith("a death on a side trip")


def test_a_refused_side_door_costs_one_turn() -> None:
    agent, world = later_run(), SmallMap()
    path_row(agent).next_step(ctx("yard", None, 0, world))
    path_row(agent).next_step(ctx("hall", "north", 0, world))
    assert path_row(agent).next_step(ctx("hall", "west", 0, world))[0] == "take coin"


class CountingGame:
    """A rehearsal game where only "take key" and "unlock door" matter for the point."""

    def __init__(self) -> None:
        self.plays = 0

    def restore(self, slot: str) -> None:
        pass


class CountingRehearsal:
    def __init__(self) -> None:
        from autofrotz.knowledge.rehearsal import Spend

        self.game, self.spend, self.plays = CountingGame(), Spend(), 0

    def play(self, commands: list[str], target: int) -> list[tuple[int | None, int | None]] | None:
        self.plays += 1
        self.spend.left -= len(commands)
        if "take key" not in commands or commands[-1] != "unlock door":
            return None
        return [(0, 1)] * (len(commands) - 1) + [(target, 1)]


@pytest.mark.parametrize("halves", [True, False])
def test_idle_commands_go_in_halves(halves: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    from autofrotz.knowledge.path import Played
    from autofrotz.knowledge.rehearsal import RoomsPlayed, _trim

    set_rule(krules.HALVES, halves)
    before = Played(0, "", "hall", 0, (), "")
    commands = [f"examine thing {n}" for n in range(30)] + ["take key"] + ["smell air"] * 9 + ["unlock door"]
    cut = [Played(n + 1, c, "hall", 5 if c == "unlock door" else 0, (), "") for n, c in enumerate(commands)]
    g = CountingRehearsal()
    got = [(0, 1)] * (len(cut) - 1) + [(5, 1)]
    kept, _ = _trim(g, before, cut, got, 5, RoomsPlayed({}, {}))  # type: ignore[arg-type]
    assert [p.command for p in kept] == ["take key", "unlock door"]
    assert (g.plays < 15) is halves  # one at a time: a rehearsal for each of the 40 idle commands


def test_a_side_door_that_killed_an_earlier_run_once_is_left_shut() -> None:
    lore = Lore(runs=1, deaths={("hall_2", "west"): {"run": 1}})
    agent, world = later_run(lore), SmallMap()
    path_row(agent).next_step(ctx("yard", None, 0, world))
    assert path_row(agent).next_step(ctx("hall", "north", 0, world))[0] == "take coin"


class ClosetMap(SmallMap):
    """The pantry's door back is not opposite the way in: its text names south."""

    def __init__(self) -> None:
        super().__init__(pantry_known=True)
        self.exits["pantry"] = {"south": "mentioned"}


def test_the_way_back_from_a_side_room_tries_the_ways_it_names() -> None:
    agent, world = later_run(), ClosetMap()
    path_row(agent).next_step(ctx("yard", None, 0, SmallMap()))
    assert path_row(agent).next_step(ctx("hall", "north", 0, SmallMap()))[0] == "west"
    path_row(agent).next_step(ctx("pantry", "west", 0, world))
    first = path_row(agent).next_step(ctx("pantry", "take all", 0, world))[0]
    again = path_row(agent).next_step(ctx("pantry", first, 0, world))[0]  # refused: still in the pantry
    assert first == "east" and again == "south"


class NamesakeMap(SmallMap):
    """Two rooms called Hall, each in its own words: this run reads them apart."""

    graph = {"yard": {}, "hall": {}, "hall_2": {}}
    texts = {"yard": "A muddy yard.", "hall": "A hall with a stove.", "hall_2": "A hall with a harp."}

    def room(self, room: str) -> dict[str, Any]:
        return {**super().room(room), "description": self.texts.get(room, "")}


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_namesake_told_by_its_text_is_not_the_room_its_namesake_left_by(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule ``a namesake is told by its text``: an earlier run went west from the other Hall (the one
    with the harp); the Hall with the stove still has a west door no run took."""
    set_rule(krules.BY_TEXT, rule_on)
    lore = Lore(runs=1, rooms={"hall": "Hall", "hall_2": "Hall"})
    _exit(lore, {"body": {"from": "hall_2", "to": "pantry", "direction": "west"}})
    lore.tried_texts = {(side_trip.text_key("A hall with a harp."), "west")}
    agent, world = later_run(lore), NamesakeMap()
    path_row(agent).next_step(ctx("yard", None, 0, world))
    assert path_row(agent).next_step(ctx("hall", "north", 0, world))[0] == (
        "west" if rule_on else "take coin"
    )


def test_the_ways_a_run_took_are_kept_with_the_text_of_the_room_they_left() -> None:
    import sqlite3

    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE rooms (version_id INTEGER, game_id INTEGER, room_id TEXT, description TEXT)")
    conn.execute("CREATE TABLE connections (game_id INTEGER, from_room_id TEXT, direction TEXT, extra TEXT)")
    conn.executemany(
        "INSERT INTO rooms VALUES (?, 1, ?, ?)", [(1, "hall", "A hall  with a harp."), (2, "yard", "Mud.")]
    )
    conn.executemany(
        "INSERT INTO connections VALUES (1, ?, ?, ?)",
        [("hall", "west", '{"inferred": false}'), ("yard", "north", '{"inferred": true}')],
    )
    assert side_trip.tried_by_text(conn, {1: 1}) == {("a hall with a harp.", "west")}


def test_the_way_back_from_a_side_room_tries_the_ways_its_text_names() -> None:
    """The map holds two closets as one and names no way out of this one; the text just read does."""
    agent, world = later_run(), SmallMap(pantry_known=True)
    path_row(agent).next_step(ctx("yard", None, 0, SmallMap()))
    path_row(agent).next_step(ctx("hall", "north", 0, SmallMap()))
    path_row(agent).next_step(ctx("pantry", "west", 0, world))
    agent.state.replay.trip.back_moves = ["east"]  # the known way back was refused
    said = TurnContext(
        1, "g", "east", "You can't go that way. Why not go south?", "pantry", "pantry", map=world
    )
    assert path_row(agent).next_step(said)[0] == "south"
