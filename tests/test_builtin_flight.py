"""Built-in agent: running on from a pursuer instead of back and forth; an instrument the parser did not
take is dropped from the command."""

from __future__ import annotations

from autofrotz.agents.builtin_flight import chased, flight_step, still_hunted, without_instrument
from tests.test_builtin_agent import World


class Link:
    """The two fields of a map link the flight reads."""

    def __init__(self, to_room: str, blocked: bool = False) -> None:
        self.to_room, self.blocked = to_room, blocked


def test_chase_and_strikes_are_told_apart_from_following() -> None:
    assert chased("The troll chases after you!")
    assert not chased("The cat follows you into the kitchen.")
    assert still_hunted("The wolf lunges at you.")
    assert not still_hunted("The wolf howls in the distance.")


def test_flight_prefers_new_ways_then_new_rooms_and_goes_back_last() -> None:
    links = {"south": Link("hall"), "east": Link("yard"), "west": Link("shed", blocked=True)}
    assert flight_step(links, ["north"], "hall", ["hall"], set()) == "north"
    assert flight_step(links, [], "hall", ["hall"], set()) == "east"
    assert flight_step(links, [], "hall", ["hall", "yard"], {"east"}) == "south"
    assert flight_step({"west": Link("shed", blocked=True)}, [], None, [], set()) is None


def test_instrument_dropped_only_when_the_parser_stopped_before_it() -> None:
    stopped = "I only understood you as far as wanting to attack the dog."
    assert without_instrument("attack dog with stick", stopped) == "attack dog"
    assert without_instrument("attack dog with stick", "The dog yelps.") is None


def test_agent_runs_on_through_a_new_exit_when_chased() -> None:
    world = World("Hall\nA bare hall. A passage leads north.\n")
    kitchen = "Kitchen\nA cold kitchen. Doors lead east and south.\n\nThe dog chases madly after you!"
    world.reply("north", kitchen)
    assert world.decide() == "east"


def test_agent_attacks_without_the_instrument_the_parser_refused() -> None:
    world = World("Yard\nA muddy yard. A dog growls at you threateningly.\n")
    world.decide()
    world.agent.mem.now.last_command = "attack dog with stick"  # as if the agent had sent it
    world.reply("attack dog with stick", "I only understood you as far as wanting to attack the dog.")
    assert world.decide() == "attack dog"
