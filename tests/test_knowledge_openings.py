"""Learning: rooms known by their names in a rehearsal, and a way a reply opened.

Rules ``a room is known by its name`` and ``a way it opened`` (knowledge/path.py) and ``a way a reply
opened, a later run`` (knowledge/advisor.py). Each test also switches its rule off and sees the old
behaviour.
"""

from __future__ import annotations

import pytest

from autofrotz.knowledge import advisor, path
from autofrotz.knowledge.advisor import KnowingAgent
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.path import Played, _rooms_played, _same_rooms, dead_ends
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
    monkeypatch.setattr(path, "NAMED_ROOMS", False)
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
    monkeypatch.setattr(path, "OPENED_A_WAY", False)
    assert dead_ends(conn, {1: 1}, None) == {("vault", "kick sconce"): 1, ("vault", "twist sconce"): 1}


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_later_run_goes_the_way_a_reply_opens(rule_on: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    from autofrotz.agents.builtin_agent import BuiltinAgent

    monkeypatch.setattr(advisor, "REPLY_OPENS_LATER", rule_on)
    fresh = BuiltinAgent()
    assert fresh.reply_opens is False  # the fresh agent keeps builtin_ways.REPLY_OPENS (off)
    later = KnowingAgent(BuiltinAgent(), Lore(runs=1))
    assert later.inner.reply_opens is rule_on
    later.state.stood_down = "behind the first run"
    later._inform()
    assert later.inner.reply_opens is False  # knowledge stood down: the fresh agent's rules
