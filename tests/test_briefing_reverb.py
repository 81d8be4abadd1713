"""The briefing of reverb (a corpus story), read where a capable model playing it through the relay found
it misleading: each test replays the commands it typed, deaths and the turn loop's restores included,
through the real interpreter and the real turn loop (tests/test_briefing.py's `briefings`) and reads the
briefing of one turn.
"""

from __future__ import annotations

import pytest

from tests.conftest import INSTALL_HINT
from tests.orchestrator_support import ROOT
from tests.test_briefing import briefings, exits_of, refused_ways, section
from tests.test_briefing_vintage import turn

# The relay's play up to its second death on the window ledge (turn 92), after which the restores of
# this replay and of the relay's play went back to different turns.
PLAYED = [
    "examine counter", "read note", "take pizza box", "take note", "sw", "s", "w", "s",
    "give pizza box to guido", "open pizza box", "examine pizza", "look under pizza", "eat pizza",
    "take box", "sw", "s", "e", "s", "sw", "examine tools", "e", "take hairspray", "nw", "examine racks",
    "buy hairspray", "drop hairspray", "n", "w", "examine vent", "w", "w", "w", "search fronds", "u", "e",
    "examine window", "w", "u", "open door", "u", "examine lightning rod", "d", "knock on door", "d", "d",
    "e", "e", "s", "examine district attorney", "examine pizza box", "search pizza", "give file to jill",
    "look", "n", "e", "n", "read note", "examine small pizza box", "open small pizza box", "examine bomb",
    "take bomb", "s", "put bomb in vent", "wait", "e", "s", "ask clerk about mafia", "n", "w", "w", "w",
    "w", "u", "e", "w", "u", "e", "unlock cabinet with key", "open cabinet", "take file",
    "break glass box", "jump out window", "open window", "jump out window", "kick second story window",
    "kick second story window", "enter second story window", "give secret file to jill",
    "throw file to jill", "enter second story window", "drop secret file", "d",
]  # fmt: skip


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The briefing of every turn of PLAYED (index 0 is turn 1), played once for the module."""
    pytest.importorskip("jericho")
    if not (ROOT / "games" / "reverb.z5").is_file():
        pytest.skip(f"games/reverb.z5 is missing; {INSTALL_HINT}")
    from autofrotz.llm import MockLLM

    MockLLM.reset()
    try:
        return briefings(tmp_path_factory.mktemp("reverb"), PLAYED, game="reverb")
    finally:
        MockLLM.reset()


def test_a_locked_door_walked_through_since_is_no_open_puzzle_and_its_hint_goes(seen: list[str]) -> None:
    on_the_floor = turn(seen, 40)  # "open door" at 39: "It seems to be locked."
    assert "door: It seems to be locked." in section(on_the_floor, "## Open puzzles")
    assert "e (blocked: " in section(on_the_floor, "Exits:")
    assert "unlock door with key" in section(turn(seen, 77), "Puzzle hint")  # the key in hand at last
    walked = turn(seen, 78)  # "e" at 77 went through that door into the mayor's office, no key used
    assert section(walked, "Room:") == "Room: Mayor's Office"
    assert "It seems to be locked" not in section(walked, "## Open puzzles")
    assert "unlock door" not in section(walked, "Puzzle hint")
    assert all("unlock door" not in section(turn(seen, n), "Puzzle hint") for n in range(78, 93))


def test_a_way_that_kills_keeps_saying_so_after_a_command_in_the_room(seen: list[str]) -> None:
    arrived = exits_of(turn(seen, 57))["s"]  # back in the parlour, with a ticking box on the counter
    assert arrived.startswith(" (blocked: kills: ") and "explosion" in arrived
    after_reading = exits_of(turn(seen, 58))["s"]  # "read note" at 57: the ways tried again
    assert after_reading.startswith(" (blocked: kills: ") and "explosion" in after_reading


def test_a_death_that_went_away_is_no_longer_said_of_the_ways(seen: list[str]) -> None:
    carrying_the_bomb = section(turn(seen, 63), "Refused:")  # "take bomb", then "s" to the street
    assert "kills: " in carrying_the_bomb and "bomb explodes" in carrying_the_bomb
    gone = turn(seen, 64)  # "put bomb in vent" at 63: the bomb is gone, the street refuses in plain words
    assert "kills" not in section(gone, "Refused:") and "bomb" not in section(gone, "Exits:")
    assert {"ne", "nw", "s", "se", "sw", "u", "d"} <= refused_ways(gone)


def test_an_event_the_ways_all_show_names_no_room(seen: list[str]) -> None:
    ledge = turn(seen, 89)  # on the ledge, the lackey drawing his gun whatever way is tried
    assert section(ledge, "Room:") == "Room: Hangin' Out"
    assert "trouble" not in section(ledge, "Exits:")
    assert "Unless you can fly" in section(ledge, "Exits:")


def test_the_ways_are_not_read_from_a_game_waiting_at_its_death_question(seen: list[str]) -> None:
    restored = turn(seen, 92)  # "drop secret file" at 91 killed; the turn loop restored turn 90
    assert "You died after 'drop secret file'" in section(restored, "## You")
    exits = section(restored, "Exits:")
    assert "answers above" not in exits and "Unless you can fly" in exits


def in_view(briefing: str) -> str:
    """The things a briefing says are here: its "Seen here" and "Also named here" lines."""
    return section(briefing, "Seen here:") + "\n" + section(briefing, "Also named here:")


def test_an_event_seen_in_passing_is_no_thing_here(seen: list[str]) -> None:
    street = turn(seen, 30)  # "examine vent" at 29: "You see a woman hail a taxi and drive off."
    assert "hail a taxi" in section(street, "## Latest output")
    assert "taxi" not in in_view(street) and "drive off" not in in_view(street)


def test_what_the_narrator_calls_the_player_is_no_thing_here(seen: list[str]) -> None:
    court = turn(seen, 50)  # "... you're a college dropout pizza delivery boy."
    assert "college dropout" in section(court, "## Latest output")
    assert "college" not in in_view(court)


def test_a_room_s_heading_is_not_glued_to_the_name_that_opens_the_next_paragraph(seen: list[str]) -> None:
    office = turn(seen, 75)  # "Law Office\n\nJill stands here."
    assert "Law Office Jill" not in in_view(office) and "Jill" in in_view(office)


def test_the_note_that_gives_the_player_a_task_outlasts_other_clues(seen: list[str]) -> None:
    assert "Don't forget to make your delivery" in section(turn(seen, 4), "## Clues kept")
    for n in (40, 51, 56):  # clues read since would have crowded it out by turn 50
        assert "Don't forget to make your delivery" in section(turn(seen, n), "## Clues kept"), n
