"""Built-in agent: tools on what they work on, treasure rooms and starred treasures, revealed things
searched."""

from __future__ import annotations

from autofrotz.agents.builtin_reveal import revealed_searches
from autofrotz.agents.builtin_tools import starred_names, tool_actions, treasure_room
from tests.test_builtin_agent import World

SWAMP = "Swamp\nA dismal swamp. A cypress tree grows here.\n"
STUMP = "Inside Stump\nA hollow stump.\n\nYou can also see: sign reads- LEAVE TREASURE HERE\n"


def test_tools_work_on_their_conventional_targets_only() -> None:
    assert tool_actions(["rusty axe"], ["cypress tree", "mud"]) == ["chop cypress tree"]
    assert tool_actions(["knife"], ["frayed rope", "tree"]) == ["cut frayed rope"]
    assert tool_actions(["lamp"], ["cypress tree"]) == []


def test_treasure_rooms_and_starred_names_are_recognised() -> None:
    assert treasure_room("A sign: Leave treasures here.")
    assert not treasure_room("Treasure hunting is forbidden.")
    assert starred_names("You see: *JEWELLED FRUIT* - axe - *POT OF RUBIES*") == [
        "jewelled fruit",
        "pot of rubies",
    ]


def test_revealed_things_are_searched() -> None:
    assert revealed_searches("Opening the box reveals a fruit cake.") == ["search fruit cake"]
    assert revealed_searches("Nothing is revealed.") == []


def test_agent_chops_a_tree_with_a_carried_axe() -> None:
    world = World(SWAMP)
    world.agent.inventory = ["rusty axe"]
    seen = []
    for _ in range(10):
        command = world.decide()
        seen.append(command)
        world.reply(command, "Taken." if command == "take all" else "Nothing happens.")
        world.agent.mem.seen.held = ["rusty axe"]
    assert any(c.startswith("chop ") and c.endswith("tree") for c in seen)


def test_agent_leaves_a_starred_treasure_in_a_treasure_room_and_does_not_take_it_back() -> None:
    world = World(STUMP)
    world.agent.mem.seen.held = ["jewelled fruit"]
    world.agent.mem.seen.valuables = ["jewelled fruit"]
    seen = []
    for _ in range(6):
        command = world.decide()
        seen.append(command)
        if command == "drop jewelled fruit":
            world.reply(command, "Safely deposited.", score=7)
            world.agent.mem.seen.held = []
        else:
            world.reply(command, "Nothing happens.")
    assert "drop jewelled fruit" in seen
    assert "take all" not in seen and "take jewelled fruit" not in seen
