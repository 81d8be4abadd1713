"""Stated objectives: instructions in made-up opening text read as commands, in order, and followed."""

from __future__ import annotations

from autofrotz.agents.builtin_objectives import Objectives, read_steps
from autofrotz.words.vocabulary import Vocabulary

OPENING = (
    "Greetings, traveller, and welcome to the tower! There is a job I need you to do for me. "
    "Your first task is to pick-up the tin whistle from the floor of the pantry. After that, attempt to "
    "go to the north. Once you manage that, you could, like, travel west. Following that, make sure that "
    "the oak cupboard is open. And then, place the whistle into the oak cupboard within the parlour. "
    "Next, retrieve the violet passkey from the shelf. Then, look and see that the violet hatch is "
    "unlocked. Having done that, unlock and open the sea chest. Finally, sit the bun on the stool "
    "inside the parlour, then eat the bun. Once that's all handled, you can stop!"
)
EXPECTED = [
    "take tin whistle",
    "north",
    "west",
    "open oak cupboard",
    "put whistle in oak cupboard",
    "take violet passkey",
    "unlock violet hatch",
    "unlock sea chest",
    "open sea chest",
    "put bun on stool",
    "eat bun",
]


def test_an_opening_chain_of_instructions_becomes_commands_in_order() -> None:
    assert [s.command for s in read_steps(OPENING)] == EXPECTED


def test_each_command_names_the_rule_that_read_it() -> None:
    rules = {s.command: s.rule for s in read_steps(OPENING)}
    assert rules["north"] == "objective-move"
    assert rules["open oak cupboard"] == "objective-state"
    assert rules["put bun on stool"] == "objective-put"


def test_a_route_keeps_repeated_directions() -> None:
    text = "First, head south. Then, travel south. And then, go to the east. Take a trip north."
    assert [s.command for s in read_steps(text)] == ["south", "south", "east", "north"]


def test_narration_and_hedged_suggestions_are_not_instructions() -> None:
    text = (
        "You begin to take stock of what's here. You bend down to tie your shoe. When you stand up, you "
        "notice a bench. You should try going south. Get ready to pick stuff up and put it in places. "
        "[Press any key to continue] Why not try going west?"
    )
    assert read_steps(text) == []


def test_words_the_dictionary_lacks_are_dropped_and_an_unknown_head_drops_the_step() -> None:
    vocabulary = Vocabulary(frozenset({"whistle", "tin", "north"}), 9)
    text = "First, retrieve the shiny tin whistle. Then, grab the glimmering orb."
    assert [s.command for s in read_steps(text, vocabulary)] == ["take tin whistle"]


def test_steps_are_followed_in_order_and_a_refused_step_waits_then_is_given_up() -> None:
    goals = Objectives()
    goals.read("First, pick up the brass key. Then, head east. Then, unlock the box.", Vocabulary(), True)
    assert goals.next("hall", 1, []) == ("take brass key", "objective-take")
    goals.sending("take brass key", "hall")
    goals.judge("hall", "Taken.", 2, moved=False, failed=False, missing=False)
    assert goals.next("hall", 2, ["a brass key"]) == ("east", "objective-move")
    goals.sending("east", "hall")
    goals.judge("yard", "Yard", 3, moved=True, failed=False, missing=False)
    # the key a step had us take is the one the unlock uses
    assert goals.next("yard", 3, ["a brass key", "an iron key"]) == (
        "unlock box with brass key",
        "objective-unlock",
    )
    for turn in (3, 6, 9):  # refused three times (waiting in between): given up
        goals.sending(goals.next("yard", turn, ["a brass key", "an iron key"])[0], "yard")  # type: ignore[index]
        goals.judge(
            "yard", "That doesn't seem to fit the lock.", turn + 1, moved=False, failed=True, missing=False
        )
        assert goals.next("yard", turn + 1, []) is None  # the other rules act first
    assert goals.steps == []


def test_a_step_whose_thing_is_not_here_waits_for_another_room() -> None:
    goals = Objectives()
    goals.read("First, grab the lantern.", Vocabulary(), True)
    goals.sending("take lantern", "hall")
    goals.judge("hall", "You can't see any such thing.", 2, moved=False, failed=True, missing=True)
    assert goals.next("hall", 3, []) is None
    assert goals.next("cellar", 4, []) == ("take lantern", "objective-take")


def test_later_replies_add_no_instructions_in_a_game_that_opened_without_any() -> None:
    goals = Objectives()
    goals.read("A dark and stormy night.", Vocabulary(), True)
    goals.read("The note says: first, take the lamp.", Vocabulary(), False)
    assert goals.steps == []


def test_state_round_trips_for_a_resume() -> None:
    goals = Objectives()
    goals.read(OPENING, Vocabulary(), True)
    assert Objectives.from_dict(goals.to_dict()) == goals
