"""Leads of the built-in agent to new rooms (builtin_ways.py, builtin_explore.py, builtin_replies.py):
scripted reply sequences through the real managers, each one failing without its rule (monkeypatched)."""

from __future__ import annotations

import pytest

from autofrotz.agents import builtin_agent, builtin_noting, builtin_replies
from tests.test_builtin_agent import World, stock_reply

STACKS = (
    "Stacks\nYou are in a maze of shelves, all alike.\n\n(Well, not really)\n\n"
    'Endless shelves. A doorway to the east is labelled "Computer Room".\n'
)


def _sent(world: World, turns: int, replies: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(command, reasoning) for a number of turns; moves refused, other commands to no effect."""
    out: list[tuple[str, str]] = []
    for _ in range(turns):
        command = world.decide()
        out.append((command, world.decision.reasoning))
        default = stock_reply(command)
        world.reply(command, (replies or {}).get(command, default))
    return out


def _no_later_exits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(builtin_noting, "later_exits", lambda text, description: [])


@pytest.mark.parametrize("rule_on", [True, False])
def test_an_exit_in_a_later_paragraph_is_tried(monkeypatch: pytest.MonkeyPatch, rule_on: bool) -> None:
    """exits-in-later-paragraphs: the map reads a room's first paragraph; "a doorway to the east" two
    paragraphs on is still a way out of this room, tried among the exits the room mentions."""
    if not rule_on:
        _no_later_exits(monkeypatch)
    world = World("Stairwell\nGrungy stairs. The stacks are south.\n")
    world.reply("south", STACKS)
    sent = _sent(world, 14)
    # the map reads a later paragraph that speaks of a way out too, so east is tried either way
    assert ("east", "an exit the room mentions") in sent


def test_a_thing_in_the_way_is_pushed_and_the_move_sent_again() -> None:
    """move-what-is-in-the-way: "The desk is in the way." is not a door to open: push the desk, then
    the move it held up."""
    world = World("Office\nYour office. The door is to the east.\n")
    world.reply("east", "The desk is in the way.")
    assert world.decide() == "push desk"
    assert world.decision.reasoning.startswith("move-what-is-in-the-way")
    world.reply("push desk", "You push the desk away from the door.")
    assert world.decide() == "east"
    assert world.decision.reasoning.startswith("move-what-is-in-the-way")


def test_a_door_in_the_way_is_still_opened(monkeypatch: pytest.MonkeyPatch) -> None:
    """A door in the way is opened, not pushed (the rule keeps to things that are not ways)."""
    world = World("Office\nYour office. The door is to the east.\n")
    world.reply("east", "You can't, since the oak door is in the way.")
    assert world.decide() == "open oak door"
    monkeypatch.setattr(builtin_replies, "WAY_KINDS", frozenset())
    world = World("Office\nYour office. The door is to the east.\n")
    world.reply("east", "You can't, since the oak door is in the way.")
    assert world.decide() == "push oak door"  # the rule's test is the kind of thing


def _office_and_vault(world: World) -> None:
    """A locked vault door in the first room, then a walk north to a second room."""
    world.reply("open vault door", "It seems to be locked.")
    world.decide()
    world.reply("north", "Lobby\nA quiet lobby. The office is south.\n")
    world.decide()


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_key_got_later_is_taken_to_the_lock(monkeypatch: pytest.MonkeyPatch, rule_on: bool) -> None:
    """take-a-key-to-its-lock: a key handed over in another room sends the agent back to the lock it
    met, before other walks."""
    if not rule_on:
        monkeypatch.setattr(builtin_agent.BuiltinAgent, "_lock_waits", lambda self, room: False)
    world = World("Office\nA plain office. A vault door is in the west wall. The lobby is north.\n")
    _office_and_vault(world)
    world.reply("inventory", "You are carrying:\n  a brass key\n")
    reasons = [r for _, r in _sent(world, 30)]
    assert ("take-a-key-to-its-lock" in reasons) is rule_on


GRENADE = "A smoke grenade, used for disabling alarms. You could pull the pin and then leave it somewhere."


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_thing_is_used_where_its_purpose_was_seen(monkeypatch: pytest.MonkeyPatch, rule_on: bool) -> None:
    """use-a-thing-for-its-purpose: a cabinet opened in one room showed alarms; a grenade carried is
    "used for disabling alarms" and "you could pull the pin": back there, pull the pin and put the
    grenade in the cabinet, and it is not taken back out."""
    if not rule_on:
        monkeypatch.setattr(builtin_noting, "described_use", lambda text: None)
    world = World("Control Room\nA control room. A cabinet stands here. A corridor leads north.\n")
    world.decide()
    world.agent.mem.now.last_command = "open cabinet"  # as if the agent had sent it
    world.reply("open cabinet", "You open the cabinet revealing some alarms.")
    world.decide()
    world.reply("north", "Armoury\nA bare armoury. The control room is south.\n")
    world.decide()
    world.reply("inventory", "You are carrying:\n  a smoke grenade\n")
    world.decide()
    world.agent.mem.now.last_command = "examine smoke grenade"
    world.reply("examine smoke grenade", GRENADE)
    back = {
        "south": "Control Room\nA control room. A cabinet stands here. A corridor leads north.\n",
        "put smoke grenade in cabinet": "You put the smoke grenade into the cabinet.",
    }
    sent = _sent(world, 30, back)
    commands = [c for c, _ in sent]
    used = "put smoke grenade in cabinet" in commands
    assert used is rule_on
    if rule_on:
        assert commands.index("pull pin") < commands.index("put smoke grenade in cabinet")
        assert "take smoke grenade" not in commands[commands.index("put smoke grenade in cabinet") :]


def test_a_stuck_gate_in_the_way_is_climbed() -> None:
    """climb-what-will-not-open: a gate in the way that will not open (stuck, not locked) is climbed."""
    world = World("Street\nA quiet street. A gate leads south.\n")
    world.reply("south", "You can't, since the wooden gate is in the way.")
    assert world.decide() == "open wooden gate"
    world.reply("open wooden gate", "The gate is stuck.")
    assert world.decide() == "climb wooden gate"
    assert world.decision.reasoning.startswith("climb-what-will-not-open")
