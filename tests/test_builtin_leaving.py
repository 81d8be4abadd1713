"""Ways out of a first room: a remark about one direction rules out no exit, a move
refused over what we carry is sent again empty-handed, a lift that moved is stepped out of, and a noun
phrase ends at its preposition. Scripted replies through the real managers; each test fails without its
rule."""

from __future__ import annotations

from autofrotz.agents import builtin_words as w
from autofrotz.agents.builtin_listings import ways_out_listed
from tests.test_builtin_agent import World, stock_reply

LANDING = (
    "Landing\nThe top of a stairwell. A ladder to the east climbs up to the loft, and stairs go down to "
    "the west.\n"
)
REMARK = "Better not. Only pigeons roost up there."


def test_a_remark_about_one_direction_leaves_the_other_exits_open() -> None:
    """rule-out-only-a-listing: "only pigeons roost up there" after east is no list of the ways out, so
    west (named by the room) is still tried."""
    world = World(LANDING)
    sent = world.play(40, {"east": REMARK, "up": REMARK})
    assert "east" in sent
    assert "west" in sent[sent.index("east") :]


def test_ways_out_are_ruled_out_only_by_a_listing() -> None:
    assert ways_out_listed(REMARK) == []
    assert ways_out_listed("You can only go west from here.") == ["west"]
    assert ways_out_listed("The stairs lead down and the corridor runs east.") == ["down", "east"]


GATEHOUSE = "Gatehouse\nA draughty gatehouse. The courtyard lies to the north.\n"
BOUNCE = (
    "\nCourtyard\nA cobbled courtyard.\n\nThe porter glances at your umbrella and shows you the door.\n\n"
    "Gatehouse\nA draughty gatehouse. The courtyard lies to the north.\n"
)


def test_a_move_refused_over_a_carried_thing_is_made_without_it() -> None:
    """leave-behind-what-bars-the-way: the reply names "your umbrella", which we carry: it is dropped and
    the move is sent again, once."""
    world = World(GATEHOUSE)
    world.reply("inventory", "You are carrying:\n  an umbrella\n")
    sent: list[str] = []
    for _ in range(30):
        command = world.decide()
        sent.append(command)
        if command == "north" and "drop umbrella" not in sent:
            world.reply(command, BOUNCE)
        elif command == "drop umbrella":
            world.reply(command, "Dropped.")
        elif command == "north":
            break
        else:
            world.reply(command, stock_reply(command))
    assert "drop umbrella" in sent
    assert sent[sent.index("drop umbrella") + 1] == "north"
    assert world.decision.reasoning.startswith("leave-behind-what-bars-the-way")


def test_a_move_refused_over_carrying_drops_everything() -> None:
    world = World(GATEHOUSE)
    world.reply("inventory", "You are carrying:\n  an umbrella\n")
    sent = world.play(30, {"north": "You can't carry things past the porter's lodge."})
    assert "drop all" in sent
    assert sent[sent.index("drop all") + 1] == "north"
    assert sent.count("drop all") == 1  # once per room and move


CAGE = "Cage\nA small iron cage. A brass lever is set in the wall. The way out is north.\n"


def test_a_lift_that_moved_is_stepped_out_of_before_the_next_control() -> None:
    """step-out-where-the-room-moved-to: the lever moved the cage, so north (tried before) is walked again
    at once."""
    world = World(CAGE)
    sent: list[str] = []
    for _ in range(40):
        command = world.decide()
        sent.append(command)
        if command in ("push lever", "push brass lever", "pull lever", "pull brass lever"):
            world.reply(command, "The cage lurches and you feel as if the room is moving. The gate opens.")
            break
        world.reply(command, stock_reply(command))
    lever = len(sent)
    after = [world.decide()]
    assert lever < 40
    assert after == ["north"]
    assert world.decision.reasoning.startswith("step-out-where-the-room-moved-to")


def test_a_noun_phrase_ends_at_its_preposition() -> None:
    phrases = w.noun_phrases("There is a hatch near the stove. A grille high above the shelf hums.")
    assert "hatch" in phrases and "grille" in phrases
    assert "hatch near" not in phrases and "grille high" not in phrases


COURTYARD = "Courtyard\nA cobbled courtyard. The gatehouse is south.\n"


def test_what_was_left_behind_to_pass_is_not_taken_back() -> None:
    """keep-what-was-left-behind: the umbrella dropped for the porter lies in the gatehouse; neither "take
    umbrella" nor "take all" is sent there again (before the rule the agent took it back and was shown
    the door for the rest of the game)."""
    world = World(GATEHOUSE)
    world.reply("inventory", "You are carrying:\n  an umbrella\n")
    dropped = False
    taken_back: list[str] = []
    for _ in range(60):
        here = world.map.current_room
        command = world.decide()
        if dropped and here == "gatehouse" and command in ("take umbrella", "take all"):
            taken_back.append(command)
        if command == "north" and not dropped:
            world.reply(command, BOUNCE)
        elif command == "drop umbrella":
            dropped = True
            world.reply(command, "Dropped.")
        elif command == "north":
            world.reply(command, COURTYARD)
        elif command == "south":
            world.reply(command, GATEHOUSE + "\nYou can see an umbrella here.\n")
        else:
            world.reply(command, stock_reply(command))
    assert dropped
    assert taken_back == []


LIFT = "Lift\nA small lift. A panel holds a red button and a blue button. The doors open north.\n"
FLOORS = {
    "red button": "Landing\nA bare landing. The lift is south.\n",
    "blue button": "Loft\nA low loft. The lift is south.\n",
}
MOVING = "The doors close and you feel as if the room is moving. Suddenly the doors open again."


def test_a_lift_is_ridden_again_to_the_floors_it_reached_before() -> None:
    """ride-again-to-unwalked-floors: once everything is explored, a button that moved the lift is pushed
    again (the map keeps only the lift's latest floor, so the earlier one is reached only by riding)."""
    world = World(LIFT)
    floor = ""
    sent: list[str] = []
    reasons: list[str] = []
    for _ in range(150):
        command = world.decide()
        sent.append(command)
        reasons.append(world.decision.reasoning)
        pushed = next((b for b in FLOORS if command == f"push {b}"), None)
        if pushed:
            floor = pushed
            world.reply(command, MOVING)
        elif command == "north" and world.map.current_room == "lift" and floor:
            world.reply(command, FLOORS[floor])
        elif command == "south" and world.map.current_room != "lift":
            world.reply(command, LIFT)
        else:
            world.reply(command, stock_reply(command))
    assert "ride-again-to-unwalked-floors" in reasons
    again = reasons.index("ride-again-to-unwalked-floors")
    assert sent[again].startswith("push ")
    assert "north" in sent[again + 1 : again + 4]  # stepped out on the floor it reached
