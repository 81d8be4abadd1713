"""Built-in agent: machines loaded, switched on and aimed; other controls after one worked; waiting for an
announced arrival; known things called by their head noun when the full name is refused."""

from __future__ import annotations

from autofrotz.agents import builtin_words as w
from autofrotz.agents.builtin_devices import (
    arrival_waits,
    device_actions,
    head_fallback,
    other_controls,
    renamed,
)
from autofrotz.agents.builtin_memory import Memory
from autofrotz.reading import read_reply
from tests.test_builtin_agent import World

YARD = (
    "Yard\nA walled yard. An old oak tree stands in one corner. A wooden crate rests by the wall. "
    "A rusty launching machine stands here.\n"
)
CELL = "Cell\nA bare cell. On the wall is a red button. Beside it is a brass lever.\n"
NOT_HERE = "You can't see any such thing."


def test_machine_is_loaded_and_switched_on_before_it_is_aimed() -> None:
    actions = device_actions(["cannon", "iron balls"], ["sun", "crate", "tree"], ["tree", "crate"])
    assert actions.index("put iron balls in cannon") < actions.index("turn on cannon")
    aims = [a for a in actions if a.startswith("point cannon at")]
    assert aims[:2] == ["point cannon at crate", "point cannon at tree"]
    assert "point cannon at cannon" not in actions


def test_plain_devices_are_switched_on_not_aimed() -> None:
    assert device_actions([], ["radio", "table"]) == ["turn on radio"]


def test_controls_follow_only_a_control_that_did_something() -> None:
    assert other_controls(
        "push red button", read_reply("push red button", "A lamp flickers."), ["red button", "lever"]
    ) == ["push lever"]
    assert (
        other_controls(
            "push red button",
            read_reply("push red button", "Nothing obvious happens."),
            ["red button", "lever"],
        )
        == []
    )
    assert (
        other_controls(
            "examine red button", read_reply("examine red button", "Round and red."), ["red button", "lever"]
        )
        == []
    )
    first = "You need to open the glass flap first."
    assert (
        other_controls("push red button", read_reply("push red button", first), ["red button", "lever"]) == []
    )


def test_announced_arrival_is_waited_for() -> None:
    assert arrival_waits("You hear footsteps approaching.") == ["wait"]
    assert arrival_waits("The door creaks.") == []


def test_head_noun_is_tried_once_for_known_things_only() -> None:
    mem = Memory()
    assert head_fallback("take smaller limb", NOT_HERE, ["smaller limb"], mem) == "take limb"
    assert head_fallback("take smaller limb", NOT_HERE, ["smaller limb"], mem) is None  # once
    assert head_fallback("take odd word", NOT_HERE, ["smaller limb"], mem) is None
    assert head_fallback("take big rock", "Taken.", ["big rock"], Memory()) is None
    assert renamed(["the smaller limb", "lamp"], mem) == ["limb", "lamp"]


def test_counted_things_are_noun_phrases_and_said_to_be_here() -> None:
    text = "In the bucket you see twenty-one tennis balls."
    assert "tennis balls" in w.noun_phrases(text)
    assert "tennis balls" in w.nearby_things(text)
    assert not w.not_here("The old machine. In the machine you see nothing.")


def test_agent_pushes_the_other_control_right_after_one_worked() -> None:
    world = World(CELL)
    for _ in range(12):
        command = world.decide()
        if command == "push red button":
            world.reply(command, "A siren starts to wail.")
            assert world.decide() == "push brass lever"
            return
        world.reply(command, "Nothing obvious happens.")
    raise AssertionError("the button was never pushed")


def test_agent_waits_for_an_announced_arrival() -> None:
    world = World(CELL)
    command = world.decide()
    world.reply(command, "You hear hurried footsteps as a guard rushes up.")
    assert world.decide() == "wait"


def test_agent_retries_a_nearby_thing_by_its_head_noun() -> None:
    world = World(YARD)
    command = world.decide()
    world.reply(command, "A smaller limb has broken off and is lying nearby.")
    assert world.decide() == "take smaller limb"
    world.reply("take smaller limb", NOT_HERE)
    assert world.decide() == "take limb"
