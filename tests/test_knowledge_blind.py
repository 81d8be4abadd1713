"""Rule ``the story names its exits`` (knowledge/blind.py): a later run skips directions rooms do not
mention when earlier runs' tries of them never found a room."""

from __future__ import annotations

import sqlite3

from autofrotz.knowledge.blind import REASON, blind_tries, names_exits
from autofrotz.knowledge.informed import KnownVetoes
from autofrotz.knowledge.lore import Lore
from tests.test_builtin_agent import World, stock_reply


def _blind_sent(blind: tuple[int, int], off: bool = False) -> list[str]:
    """The reasoning of 30 turns in a one-exit room, the agent's memory consulting a lore."""
    world = World("Cell\nA bare cell. A door leads north.\n")
    world.agent.advise(KnownVetoes(Lore(runs=1, blind=blind), off=off))
    out = []
    for _ in range(30):
        command = world.decide()
        out.append(world.decision.reasoning)
        world.reply(command, stock_reply(command))
    return out


def test_blind_directions_are_skipped_only_when_earlier_runs_tries_never_found_a_room() -> None:
    assert any(r.startswith(REASON) for r in _blind_sent((0, 0)))  # no evidence: tried as fresh
    assert not any(r.startswith(REASON) for r in _blind_sent((40, 0)))
    assert any(r.startswith(REASON) for r in _blind_sent((40, 1)))  # one found a room: still tried
    assert any(r.startswith(REASON) for r in _blind_sent((40, 0), off=True))  # knowledge stood down


def test_earlier_runs_blind_tries_are_counted_from_their_recorded_reasoning() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute(
        "CREATE TABLE turns (game_id INTEGER, turn_number INTEGER, room_id TEXT, agent_reasoning TEXT)"
    )
    rows = [(1, 0, "hall", "game start"), (1, 1, "hall", REASON), (1, 2, "yard", "an exit the room mentions")]
    rows += [(1, 3, "hall", REASON), (2, 0, "hall", "game start"), (2, 1, "attic", REASON)]
    conn.executemany("INSERT INTO turns VALUES (?, ?, ?, ?)", rows)
    assert blind_tries(conn, {1: 1}) == (2, 0)  # back to a known room finds nothing
    assert blind_tries(conn, {1: 1, 2: 2}) == (3, 1)
    assert not names_exits(*blind_tries(conn, {1: 1, 2: 2}))
