"""AGENT-1's built-in agent behaviours: clues in replies, deaths, nouns behind quantities, examine walks."""

from __future__ import annotations

import pytest

from autofrotz.agents import builtin_words as w
from autofrotz.agents.builtin_clues import clue_commands, listed_parts, look_after_open, reach_actions
from autofrotz.agents.builtin_memory import Memory, spot
from autofrotz.agents.builtin_readings import refused as _refused
from autofrotz.agents.builtin_tactics import short
from autofrotz.reading import read_reply
from autofrotz.rules.switches import set_rule
from tests.test_builtin_agent import World


def test_a_death_forgets_only_what_succeeded_since_the_restore_point() -> None:
    mem = Memory()
    mem.note_try("hall", "take lamp")
    for n in range(20):
        mem.note_try("cave", f"examine rock {n}")
    mem.forget_successes()
    assert mem.tried("hall", "take lamp") == 1  # long before the save: still done
    assert mem.tried("cave", "examine rock 19") == 0  # just before the death: may be needed again


def test_first_person_not_here_is_a_refusal() -> None:
    assert _refused("push forest", read_reply("push forest", "I can't see any such thing."))
    assert not _refused("push button", read_reply("push button", "Click. A panel slides open."))


def test_quantities_and_plurals_name_the_thing() -> None:
    assert w.noun_phrases("There's a bunch of leaves sticking out of the ground.") == ["leaves"]
    assert "minerals" in w.noun_phrases("The minerals protrude like jagged teeth.")
    assert short("pair of garden gloves") == "garden gloves"


def test_clues_point_at_the_next_action() -> None:
    assert listed_parts("These include onyx, garnet and opal.") == ["onyx", "garnet", "opal"]
    assert (
        clue_commands(
            "take quartz", ["quartz"], read_reply("take quartz", "It wobbles when you touch it."), [], [], []
        )[0]
        == "pull quartz"
    )
    assert reach_actions("The key is lodged on top of the wardrobe.", ["man"], ["chair"], []) == [
        "stand on man",
        "stand on chair",
    ]
    assert look_after_open("open curtain", "You open the shower curtain.") == ["look"]
    assert look_after_open("open curtain", "That's already open.") == []


def test_a_loose_thing_is_pulled_next() -> None:
    world = World("Corridor\nA narrow corridor. An outcrop of quartz juts from the wall.\n")
    world.agent.mem.plans.add(["take quartz"], "test")
    command = world.decide()
    world.reply(command, "The quartz doesn't seem properly anchored. It moves slightly when you touch it.")
    assert (command, world.decide()) == ("take quartz", "pull quartz")


def test_a_room_that_killed_twice_is_not_walked_into() -> None:
    world = World("Hall\nA hall. Exits lead north and south.\n")
    world.reply("north", "Lava Field\nA field of lava. You can go south.\n")
    world.reply("south", "Hall\n")
    lava = "lava_field"
    world.agent.mem.attempts.deaths[lava] = 2
    for _ in range(6):
        command = world.decide()
        assert command != "north"
        world.reply(command, "Nothing happens.")


def test_food_goes_to_the_animal_before_other_gifts() -> None:
    world = World("Meadow\nA small meadow. A stray dog is standing here.\n")
    world.agent.inventory = ["wristwatch", "dog food"]
    world.agent.mem.seen.held = ["wristwatch", "dog food"]
    world.agent.mem.attempts.tries[spot("meadow", "take all")] = 1
    assert world.decide() == "give dog food to dog"


def test_too_heavy_drops_junk_and_retries_only_the_useful_thing() -> None:
    world = World("Living Room\nA living room. A leaflet, a sword and a brass lantern are here.\n")
    assert world.decide() == "take all"
    world.reply("take all", "leaflet: Taken.\nsword: Taken.\nbrass lantern: Your load is too heavy.")
    command = world.decide()
    world.reply(command, "Dropped.")
    assert (command, world.decide()) == ("drop leaflet", "take brass lantern")


def test_a_thing_that_does_not_open_is_still_here() -> None:
    assert not w.not_here("That's not something you can open.")
    assert w.not_here("You can't see any such thing.")


def test_a_thing_that_will_not_be_taken_is_searched() -> None:
    world = World("Kitchen\nA kitchen. A large pizza sits on the counter.\n")
    world.agent.mem.plans.add(["take large pizza"], "test")
    command = world.decide()
    world.reply(command, "Carry the whole pizza around in your hands? NOT.")
    assert (command, world.decide()) == ("take large pizza", "search large pizza")


def test_putting_on_gloves_lets_a_slippery_take_be_tried_again() -> None:
    world = World("Bathroom\nA bathroom. A bar of soap lies in the shower.\n")
    world.agent.mem.plans.add(["take soap"], "test")
    world.reply(world.decide(), "The soap slips from your hand and falls back where you found it.")
    world.reply(world.decide(), "You find nothing of interest.")  # the search of what would not be taken
    room = world.map.current_room
    assert world.agent.mem.tried(room, "take soap") == 1
    world.agent.mem.plans.add(["wear gloves"], "test")
    world.reply(world.decide(), "You put on the garden gloves.")
    world.decide()
    assert world.agent.mem.tried(room, "take soap") == 0 or world.agent.mem.now.last_command == "take soap"


def test_rooms_elsewhere_are_judged_by_the_names_used_there() -> None:
    world = World("Porch\nA porch. A crumpled note lies here.\n")
    agent = world.agent
    agent.mem.vocab.renamed["crumpled note"] = "note"
    agent.mem.seen.held = ["note"]
    scene = agent._remote_scene(world.map.current_room)
    assert "crumpled note" not in scene.nouns and "note" in scene.inventory


def test_an_explored_map_leads_back_to_things_not_yet_examined() -> None:
    world = World("Garden\nA garden. There's a vegetable plot by the wall. The path leads north.\n")
    world.decide()
    garden = world.map.current_room
    assert world.agent._examine_pending(garden)
    world.agent.mem.attempts.tries.update(
        {spot(garden, f"examine {n}"): 1 for n in ("vegetable plot", "path", "garden")}
    )
    world.agent.mem.attempts.tries.update(
        {spot(garden, f"examine {n}"): 1 for n in world.agent.mem.seen.nouns.get(garden, [])}
    )
    assert not world.agent._examine_pending(garden)


def test_a_hooded_figure_that_blocks_the_way_and_thrusts_is_fought() -> None:
    world = World("Land of Shadow\nA land of dark shadows.\n")
    world.agent.inventory = ["sword"]
    world.agent.mem.seen.held = ["sword"]
    world.reply(
        "wait",
        "A cloaked and hooded figure is standing blocking the way to the northeast.\n"
        "The hooded figure thrusts, but you fight back!",
    )
    assert world.decide() == "attack figure with sword"


def _clue_follow_ups(turns: int) -> list[str]:
    """The commands sent for a clue in a belfry whose bell answers every try "well out of reach"."""
    world = World("Belfry\nA dusty belfry. A bronze bell hangs from the beams. A stool stands here.\n")
    sent = []
    for _ in range(turns):
        command = world.decide()
        if "clue" in world.decision.reasoning or "higher" in world.decision.reasoning:
            sent.append(command)
        if command in ("north", "south", "east", "west", "up", "down", "in", "out"):
            world.reply(command, "You can't go that way.")
        else:
            world.reply(
                command, "The bronze bell is well out of reach." if "bell" in command else "Nothing happens."
            )
    return sent


def test_the_same_answer_asks_for_its_clue_twice_at_most(monkeypatch: pytest.MonkeyPatch) -> None:
    """a-clue-is-followed-twice: "well out of reach" asks for the stool at most twice for each command
    so answered ("take bronze bell", "take bell"); later tries answered alike queue the stool no more."""
    assert _clue_follow_ups(300) == ["stand on stool"] * 3
    set_rule("a-clue-is-followed-twice", False)
    assert _clue_follow_ups(300).count("stand on stool") > 4
