"""A later run spends its spare turns elsewhere than its earlier runs did, and a death the world's own
clock brought is no lesson about the command (knowledge/spread.py, lore.py rule ``timed death``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

import pytest

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_agent import BuiltinAgent
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.knowledge import rules as krules
from autofrotz.knowledge.advisor import LATER_RUN, KnowingAgent
from autofrotz.knowledge.clock import clocks
from autofrotz.knowledge.learner import Learner
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.spread import STALE_TURNS, STAY_ROW, MoveOn, StayCount
from autofrotz.reading import read_reply
from autofrotz.rules.switches import set_rule
from autofrotz.storage.models import Connection, Room, WorldSnapshot
from tests.test_knowledge_wider import PATH, knowing

CLOCK = 'A voice announces "The hall is closing!" The guards walk you out.'


def death(room: str, command: str, text: str) -> dict[str, Any]:
    body = {"room": room, "command": command, "text": text}
    return {"kind": "death", "key": f"{room}|{command}", "body": body, "game_id": 1, "turn": 5, "seen": 1}


def test_a_sentence_that_killed_after_many_commands_is_the_world_s_clock_not_the_command_s() -> None:
    rows = [{"kind": "run", "key": "1", "body": {"run": 1}, "game_id": 1, "turn": 0, "seen": 1}]
    rows += [death(r, c, f"Nothing happens. {CLOCK}") for r, c in (("hall", "push"), ("yard", "pull"))]
    rows.append(death("hall", "sing", f"Nothing happens. {CLOCK}"))
    rows.append(death("hall", "search shelf", f"You find a coin! {CLOCK[:40]}"))  # the kept reply was cut
    rows.append(death("pit", "jump", "You fall onto the rocks below. You have died."))
    score = {"room": "hall", "command": "search shelf", "gain": 5}
    rows.append(
        {"kind": "score", "key": "hall|search shelf", "body": score, "game_id": 1, "turn": 5, "seen": 1}
    )
    lore = Lore.from_rows("sha", rows)
    assert lore.death_rule("hall", "sing") is None and lore.death_rule("hall", "search shelf") is None
    assert lore.death_rule("pit", "jump") == "known death (run 1)"  # a death of its own stays a veto
    assert [(s.room, s.command) for s in lore.scoring] == [("hall", "search shelf")]  # still a known point
    # Two commands are not yet a clock: both stay known deaths.
    few = [r for r in rows if r["body"].get("command") not in ("sing", "search shelf")]
    assert Lore.from_rows("sha", few).death_rule("hall", "push") == "known death (run 1)"
    # Said after many commands in one room only, it is that room's danger (a guard): still known deaths.
    one_room = [r | {"body": r["body"] | {"room": "hall"}} if r["kind"] == "death" else r for r in rows]
    assert Lore.from_rows("sha", one_room).death_rule("hall", "sing") == "known death (run 1)"


def world(room: str) -> WorldSnapshot:
    return WorldSnapshot(current_room=room, rooms=[Room(room, room.title())], inventory=[])


def test_points_shown_in_the_reply_that_killed_are_kept_when_the_restored_score_is_known() -> None:
    learner = Learner("sha", run=1)
    learner.facts(1, 0, read_reply("", "intro"), 0, None, world("hall"))
    learner.facts(1, 1, read_reply("sing", f"La. {CLOCK}"), 10, "death", world("hall"), restored=10)
    found = learner.facts(
        1, 2, read_reply("search shelf", f"You find a coin! {CLOCK}"), 15, "death", world("hall"), 10
    )
    assert [f.kind for f in found if f.kind in ("death", "score")] == ["death", "score"]
    assert next(f for f in found if f.kind == "score").body["gain"] == 5
    # Without the restored score the next turn's score is not news (no score from a restore).
    blind = Learner("sha", run=1)
    blind.facts(1, 0, read_reply("", "intro"), 0, None, world("hall"))
    blind.facts(1, 1, read_reply("sing", f"La. {CLOCK}"), 10, "death", world("hall"))
    later = blind.facts(1, 2, read_reply("search shelf", "You find a coin!"), 15, None, world("hall"))
    assert not [f for f in later if f.kind == "score"]


def test_deaths_by_the_story_s_clock_make_no_room_clock() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute(
        "CREATE TABLE turns (game_id INTEGER, turn_number INTEGER, command_sent TEXT, room_id TEXT,"
        " event TEXT, game_output TEXT)"
    )
    rows = [(0, "", "yard", None, ""), (1, "north", "hall", None, "Hall."), (2, "wait", "hall", None, "")]
    rows += [(3, "sing", "hall", "death", f"La. {CLOCK}"), (4, "south", "yard", None, "Yard.")]
    rows += [(5, "north", "hall", None, "Hall."), (6, "wait", "hall", None, "")]
    rows += [(7, "jump", "hall", "death", f"Whee. {CLOCK}")]
    conn.executemany("INSERT INTO turns VALUES (1, ?, ?, ?, ?, ?)", rows)
    assert "hall" in clocks(conn, {1: 1}).clocks()  # two deaths after walking in: a room's clock ...
    timed = frozenset({CLOCK.split(" The guards")[0].lower()})
    assert clocks(conn, {1: 1}, timed).clocks() == {}  # ... unless the story's clock said them


class Map:
    """A map with fixed open exits (room, direction, room)."""

    def __init__(self, exits: list[tuple[str, str, str]]) -> None:
        self.exits = exits

    def connections(self) -> list[Connection]:
        return [Connection(from_room_id=a, to_room_id=b, direction=d) for a, d, b in self.exits]


MAP = Map([("ledge", "south", "lake"), ("lake", "north", "ledge"), ("lake", "west", "trail"),
           ("trail", "east", "lake")])  # fmt: skip


def at(room: str, score: int = 5) -> TurnContext:
    return TurnContext(1, "g", "look", "", room, room, score=score, map=MAP)


def spread_rows(agent: KnowingAgent) -> tuple[StayCount, MoveOn]:
    """The later run's two rows of rule ``move on from a spent room``, bound to ``agent``."""
    (count,) = next(stage for stage in LATER_RUN if stage.name == STAY_ROW).bound(agent)
    move = next(stage for stage in LATER_RUN if stage.name == krules.MOVE_ON).bound(agent)[0].rule
    assert isinstance(count, StayCount) and isinstance(move, MoveOn)
    assert count.spread is move.spread is agent.state.spread  # one part of the run's state, saved with it
    return count, move


def stays(agent: KnowingAgent) -> Callable[[TurnContext], tuple[str, str] | None]:
    """A turn of the two rows: the count observes, then the walk is planned."""
    count, move = spread_rows(agent)

    def turn(ctx: TurnContext) -> tuple[str, str] | None:
        count.observe(AgentTurn(ctx))
        return move.next_command(ctx)

    return turn


def test_a_run_stuck_in_one_room_moves_on_to_the_room_least_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    lore = Lore(runs=1, rooms={"trail": "Trail", "lake": "Lake"}, room_turns={"lake": 60.0, "trail": 2.0})
    turn = stays(knowing(PATH, lore))
    for _ in range(STALE_TURNS):
        assert turn(at("ledge")) is None  # not stuck yet
    step = turn(at("ledge"))
    assert step == ("south", "move on from a spent room (after 1 earlier runs): to Trail")
    step = turn(at("lake"))
    assert step is not None and step[0] == "west"  # the walk goes on to the least spent room
    assert turn(at("trail")) is None  # arrived: the agent plays there
    # A point resets the count; without the rule nothing moves.
    other = stays(knowing(PATH, lore))
    assert [other(at("ledge", score=5 + (n == STALE_TURNS))) for n in range(STALE_TURNS + 1)][-1] is None
    set_rule(krules.MOVE_ON, False)
    off = stays(knowing(PATH, lore))
    assert [off(at("ledge")) for _ in range(STALE_TURNS + 1)][-1] is None


def test_a_reply_s_loose_direction_word_never_rules_out_an_exit_the_map_walked() -> None:
    agent = BuiltinAgent()
    agent.map = MAP
    drop = "There's quite a drop in that direction. You'd hit the rocks on the way down."
    agent._rule_out_exits("ledge", "north", drop)
    assert not agent.mem.failed("ledge", "south")  # the way the player walked in stays open
    assert not agent.mem.failed("ledge", "east")  # rule-out-only-a-listing: one direction in passing
    agent._rule_out_exits("ledge", "north", "You can only go down or west from here.")
    assert not agent.mem.failed("ledge", "south")  # the way the player walked in stays open
    assert agent.mem.failed("ledge", "east")  # a way the map never saw is ruled out by a listing
