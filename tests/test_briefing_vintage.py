"""The briefing of vintage (inform/vintage.inf), read where a capable model playing it through the relay
found it misleading: each test replays the commands it typed through the real interpreter and the real
turn loop (tests/test_briefing.py's `briefings`) and reads the briefing of one turn.
"""

from __future__ import annotations

import re

import pytest

from autofrotz.games import build_one
from tests.orchestrator_support import ROOT
from tests.test_briefing import briefings, exits_of, section

# The relay's play, up to the jug filled, the vault door closed behind it and the dial turned away,
# then back through the door.
PLAYED = [
    "x tin", "look in tin", "n", "x well", "e", "read ledger", "x desk", "w", "w", "read sign", "u",
    "x baskets", "d", "e", "nw", "take lantern", "ask anselm about vault", "ask anselm about tun",
    "ask anselm about jug", "ask anselm about fumes", "x lantern", "light lantern", "se", "w", "w",
    "take mallet", "e", "e", "ne", "e", "take jug", "d", "w", "n", "set dial to 1874", "open door", "n",
    "take spigot", "drive spigot into bung", "fill jug", "s", "close door", "spin dial",
    "spin dial to 0", "n",
]  # fmt: skip


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The briefing of every turn of PLAYED (index 0 is turn 1), played once for the module."""
    pytest.importorskip("jericho")
    build_one(ROOT / "inform" / "vintage.inf", ROOT / "games")
    from autofrotz.llm import MockLLM

    MockLLM.reset()
    try:
        return briefings(tmp_path_factory.mktemp("vintage"), PLAYED, game="vintage")
    finally:
        MockLLM.reset()


def turn(seen: list[str], n: int) -> str:
    """The briefing the player read before choosing the command of turn n."""
    return seen[n - 1]


def test_a_way_through_a_door_closed_again_says_the_door_is_shut(seen: list[str]) -> None:
    locked = exits_of(turn(seen, 35))["n"]  # before the dial was set: the iron door bars the way
    assert locked.startswith(" (blocked: ") and "iron door" in locked
    assert "blocked" not in exits_of(turn(seen, 36))["n"]  # the dial set: the way opens (a door shut)
    assert "shut" not in exits_of(turn(seen, 42))["n"]  # the door open
    closed = exits_of(turn(seen, 43))["n"]  # "close door": the game opens it again on the way
    assert closed.startswith(" -> Old Vault") and "through the shut iron door" in closed


def test_what_is_inside_a_carried_thing_is_carried_too(seen: list[str]) -> None:
    assert "leather apron (worn; holding: tin (holding: brass spigot))" in section(turn(seen, 4), "Carrying:")


def test_points_are_in_the_earlier_log_from_their_turn_and_each_line_says_its_kind(seen: list[str]) -> None:
    assert "31. > take jug: +5 points" in section(turn(seen, 32), "## Earlier")  # the turn after it scored
    late = section(turn(seen, 43), "## Earlier")
    assert "40. > fill jug: +5 points" in late
    opened = next(line for line in late.splitlines() if line.startswith("36. > open door"))
    assert "opened: You open the iron door." in opened


def test_the_latest_command_is_numbered_as_the_recent_turns_and_clues_number_it(seen: list[str]) -> None:
    briefing = turn(seen, 7)  # "read ledger" was played at turn 6
    latest = section(briefing, "## Latest output")
    assert latest.startswith("## Latest output (turn 6; you now play turn 7)\n6. > read ledger")
    later = turn(seen, 8)
    assert "6. > read ledger -> " in section(later, "## Clues kept")
    assert "6. > read ledger" in section(later, "## Recent turns")


def test_a_one_way_chute_the_room_text_names_is_listed_among_the_exits(seen: list[str]) -> None:
    loft = section(turn(seen, 12), "Exits:")
    assert re.search(r"a way off the compass \(one way: [^)]*cask chute[^)]*no climbing back up", loft)


def test_nearest_unexplored_names_the_untried_way_not_only_the_room_it_leaves(seen: list[str]) -> None:
    nearest = section(turn(seen, 6), "Nearest unexplored:")  # in the Estate Office
    assert re.fullmatch(r"Nearest unexplored: [a-z, ]+ of Courtyard, via [a-z]+", nearest)


def test_nearest_unexplored_names_every_untried_way_of_its_room(seen: list[str]) -> None:
    courtyard = exits_of(turn(seen, 4))  # in the Courtyard, before walking east to the Estate Office
    found = section(turn(seen, 6), "## Rooms found").splitlines()[1:]
    to_new_places = [d for d, said in courtyard.items() if not any(f"seen: {r})" in said for r in found)]
    untried = {d for d in to_new_places if not courtyard[d].startswith((" ->", " (blocked"))}
    nearest = section(turn(seen, 6), "Nearest unexplored:")  # in the Estate Office
    named = set(nearest.removeprefix("Nearest unexplored: ").split(" of Courtyard")[0].split(", "))
    assert len(untried) > 3 and named == untried


def test_a_way_into_a_place_a_sign_read_warns_of_is_warned_and_not_nearest(seen: list[str]) -> None:
    press_house = exits_of(turn(seen, 11))["w"]  # the sign beside the west doorway was read at turn 10
    assert press_house.startswith(" (seen: Fermenting Room) (WARNED: FERMENTING ROOM.")
    before_reading = exits_of(turn(seen, 10))["w"]
    assert "Fermenting Room" in before_reading and "WARNED" not in before_reading
    assert "w of Press House" not in section(turn(seen, 12), "Nearest unexplored:")  # in the Grape Loft


def test_a_way_whose_way_back_was_walked_and_a_side_copy_showed_its_room_leads_there(seen: list[str]) -> None:
    assert exits_of(turn(seen, 34))["e"] == " -> Dark Passage"  # walked west from the Dark Passage at 33
    assert exits_of(turn(seen, 35))["s"] == " -> Barrel Hall"  # walked north from the Barrel Hall at 34


def test_a_door_whose_dial_was_turned_away_still_opens_as_the_briefing_says(seen: list[str]) -> None:
    turned_away = section(turn(seen, 45), "Exits:")  # "spin dial to 0" at turn 44 relocks nothing here
    assert "n -> Old Vault (through the shut iron door; going opens it)" in turned_away
    assert section(turn(seen, 46), "Room:") == "Room: Old Vault"  # and going north did open it
