"""The briefing of omniquest (a corpus story), read where a capable model playing it through the relay
found it misleading: each test replays the commands it typed through the real interpreter and the real
turn loop (tests/test_briefing.py's `briefings`) and reads the briefing of one turn.
"""

from __future__ import annotations

import pytest

from tests.test_briefing import briefings, exits_of, section

# The relay's play, up to the death at the ledge and the turn after it.
PLAYED = [
    "examine tree", "e", "s", "sw", "take match", "ne", "se", "open raincoat", "take raincoat", "nw", "n",
    "e", "e", "e", "take shovel", "w", "w", "nw", "dig sand with shovel", "dig", "beach", "e",
    "wear snorkel", "n", "n", "examine rock", "n", "dig earth with shovel", "examine lamp",
    "put lamp in raincoat", "s", "climb rock", "s", "s", "w", "w", "se", "e", "examine boulders",
    "dig path with shovel", "n", "w", "w", "nw", "n", "e", "n", "search rock", "push rock", "pull torch",
    "turn on lamp", "se", "ne", "n", "play organ", "s", "se", "take sword", "dig rubble with shovel", "n",
    "take parka", "e", "dig ground with shovel", "w", "s", "sw", "n", "wear parka", "w", "w",
    "examine abyss", "wear raincoat", "jump", "examine light",
]  # fmt: skip


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The briefing of every turn of PLAYED (index 0 is turn 1), played once for the module."""
    pytest.importorskip("jericho")
    from autofrotz.llm import MockLLM

    MockLLM.reset()
    try:
        return briefings(tmp_path_factory.mktemp("omniquest"), PLAYED, game="omniquest")
    finally:
        MockLLM.reset()


def turn(seen: list[str], n: int) -> str:
    """The briefing the player read before choosing the command of turn n."""
    return seen[n - 1]


def carried(briefing: str) -> list[str]:
    """The things of a briefing's 'Carrying:' line, each with its state."""
    line = section(briefing, "Carrying:").removeprefix("Carrying: ")
    return [thing.strip() for thing in line.split(", ")]


def test_a_carried_thing_the_game_says_floats_away_leaves_carrying_that_turn(seen: list[str]) -> None:
    assert "match" in carried(turn(seen, 24))  # before going north into the water
    assert not any(thing.startswith("match") for thing in carried(turn(seen, 25)))  # "It floats away."


def test_a_thing_put_on_is_carried_as_worn(seen: list[str]) -> None:
    assert "snorkel" in carried(turn(seen, 23))  # carried, not yet worn
    assert "snorkel (worn)" in carried(turn(seen, 24))  # "You put on the snorkel."
    assert "parka (worn)" in carried(turn(seen, 72))
    assert "raincoat (worn; open)" in carried(turn(seen, 73))  # "You put on the raincoat."


def test_a_thing_opened_here_is_in_view_as_open(seen: list[str]) -> None:
    assert "raincoat (closed)" in section(turn(seen, 8), "Seen here:")  # "(which is closed)"
    after = section(turn(seen, 9), "Seen here:")  # "You open the raincoat."
    assert "raincoat (open)" in after and "closed" not in after


def test_a_way_that_killed_is_tried_not_untried(seen: list[str]) -> None:
    jump = exits_of(turn(seen, 74))["jump"]  # "jump" at the ledge: "*** You have died ***", restored
    assert "you died going this way" in jump and "untried" not in jump


def test_a_way_walked_that_showed_the_same_room_again_leads_back_here(seen: list[str]) -> None:
    assert exits_of(turn(seen, 36))["w"] == " (untried)"  # at Endless Beach, not yet walked west from it
    again = turn(seen, 37)  # "w": Endless Beach, the same room, again
    assert "w" not in exits_of(again) and "w (leads back here)" in section(again, "Refused:")
