"""Written routes: a note read in the game that gives counted compass steps from a
landmark is walked (follow-a-written-route), walked again once something new is carried when its closing
action was refused (walk-a-route-again-with-something-new), and "retrace your steps" walks it back
(retrace-the-written-route). Scripted replies through the real managers; each test fails without its rule."""

from __future__ import annotations

from autofrotz.agents.builtin_objectives import Objectives
from autofrotz.agents.builtin_routes import route_steps
from tests.test_builtin_agent import World

SQUARE = "Village Square\nThe middle of the village. A shed lies to the south; east is open moor.\n"
SHED = "Garden Shed\nA cramped shed. The square is north.\n"
NOTE = (
    '"If you want the chest, go to the middle of the village, walk east twice and then north once. '
    'Dig there. Good luck!"'
)
MOOR = "Open Moor\nHeather in every direction.\n"


def _at_the_shed_with_the_note() -> World:
    world = World(SQUARE)
    world.reply("south", SHED)
    world.decide()
    world.reply("read note", NOTE)
    return world


def test_a_route_read_in_a_note_is_walked_from_its_landmark() -> None:
    """follow-a-written-route: back to the square the note names, the counted legs, then the dig."""
    world = _at_the_shed_with_the_note()
    answers = {"north": MOOR, "east": MOOR, "dig": "You dig a hole but find nothing."}
    sent = world.play(5, answers)
    assert sent == ["north", "east", "east", "north", "dig"]
    assert world.decision.reasoning.startswith("objective-dig")


def test_the_route_is_walked_again_once_something_new_is_carried() -> None:
    """walk-a-route-again-with-something-new: the dig refused three times parks the route; a spade taken
    brings it back, from its landmark."""
    obj = Objectives()
    obj.read_route([(s.command, s.rule) for s in route_steps(NOTE)])
    assert [c for c, _ in obj.steps] == ["village", "east", "east", "north", "dig"]
    for _ in range(4):
        obj.steps.pop(0)  # the landmark reached and the legs walked
    for turn in (10, 13, 16):
        obj.sending("dig", "moor")
        obj.judge("moor", "You have nothing to dig with.", turn, False, True, False)
    assert obj.steps == []
    obj.walk_again(["lamp"])  # notes what we held when the dig was refused
    obj.walk_again(["lamp"])
    assert obj.steps == []
    obj.walk_again(["lamp", "spade"])
    assert [c for c, _ in obj.steps] == ["village", "east", "east", "north", "dig"]


def test_retrace_your_steps_walks_the_last_route_backwards() -> None:
    """retrace-the-written-route: the legs reversed, last first, then what the text says to do there."""
    obj = Objectives()
    obj.read_route([(s.command, s.rule) for s in route_steps(NOTE)])
    obj.steps = []
    back = route_steps("Retrace your steps to the village and open the hatch.")
    obj.read_route([(s.command, s.rule) for s in back])
    assert [c for c, _ in obj.steps] == ["south", "west", "west", "open hatch"]


def test_a_direction_in_passing_is_no_route() -> None:
    """One compass word in a text read, or ways offered as a choice, are no route to walk."""
    sign = "The sign says: the well is north of here. You could go north, or east."
    world = World(SQUARE)
    world.reply("south", SHED)
    world.decide()
    world.reply("read sign", sign)
    world.decide()
    assert not world.decision.reasoning.startswith("objective")
    assert route_steps(sign) == []
    assert route_steps("You could go north, or perhaps east.") == []
