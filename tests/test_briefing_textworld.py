"""The briefing of TextWorld games of the fixed list (games/tw-*.z8), read where a capable model playing
another TextWorld game through the relay found it misleading: what was unlocked logged as opened, a
state word of the room's text kept after the game changed the state, a thing named more fully than one
carried left out of "In view", no score on the first turn. Each test replays commands through the real
interpreter and the real turn loop (tests/test_briefing.py's `briefings`) and reads one turn's briefing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from autofrotz.games import GAMES_DIR
from tests.test_briefing import briefings, section

BUILD_HINT = "run: .venv/bin/pip install textworld==1.7.0 && make setup"
BOXES = "tw-w8q6o10s106"  # a type 8 box to unlock and open, a soap scented box holding a butterfly
BOXES_PLAYED = [
    "unlock type 8 box with type 8 passkey", "open type 8 box", "look",
    "take soap scented latchkey from type 8 box", "unlock soap scented box with soap scented latchkey",
    "look", "look", "open soap scented box",
]  # fmt: skip
GATE = "tw-w12q8o40s114"  # a closed spherical gate, unlocked and opened
GATE_PLAYED = [
    "look", "take spherical latchkey from display", "unlock spherical gate with spherical latchkey",
    "open spherical gate", "look",
]  # fmt: skip
KEYS = "tw-w7q5o10s105"  # a key carried from the start, a fresh laundry scented key on a floor
KEYS_PLAYED = ["go south", "go south", "go west", "look"]
SAFE = "tw-w6q6o24s112"  # a passkey carried from the start, a non-euclidean passkey and a butterfly in a safe
SAFE_PLAYED = ["go east", "go north", "go east", "look"]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, list[str]], list[str]]:
    """The briefing of every turn of a command list played on a game (index 0 is turn 1), once each."""
    pytest.importorskip("jericho")
    from autofrotz.llm import MockLLM

    plays: dict[str, list[str]] = {}

    def play(game: str, commands: list[str]) -> list[str]:
        if not (GAMES_DIR / f"{game}.z8").is_file():
            pytest.skip(f"games/{game}.z8 is missing; {BUILD_HINT}")
        if game not in plays:
            MockLLM.reset()
            try:
                plays[game] = briefings(tmp_path_factory.mktemp(game), commands, game=game)
            finally:
                MockLLM.reset()
        return plays[game]

    return play


def test_an_unlocking_is_logged_as_unlocked_and_an_opening_as_opened(played: Callable) -> None:
    earlier = section(played(BOXES, BOXES_PLAYED)[-1], "## Earlier")
    assert "1. > unlock type 8 box with type 8 passkey: unlocked: You unlock the type 8 box." in earlier
    assert "2. > open type 8 box: opened: You open the type 8 box, revealing" in earlier


def test_a_thing_unlocked_and_opened_is_no_longer_briefed_locked_or_closed(played: Callable) -> None:
    seen = played(BOXES, BOXES_PLAYED)
    assert "soap scented box (closed; locked)" in section(seen[4], "Seen here:")  # as the room's text says
    after_unlocking = section(seen[5], "Seen here:")  # turn 6: "You unlock the soap scented box."
    assert "soap scented box (closed)" in after_unlocking and "locked" not in after_unlocking
    after_opening = section(seen[-1], "Seen here:")  # "You open the soap scented box, revealing ..."
    assert "soap scented box (open; holding: butterfly)" in after_opening


def test_a_state_word_of_the_room_text_is_not_briefed_as_the_state_of_a_thing_named(
    played: Callable,
) -> None:
    seen = played(GATE, GATE_PLAYED)
    assert "There is a closed spherical gate" in section(seen[4], "## Now")  # as the room's text says
    for turn in (1, 5):  # before and after "You open spherical gate."
        named = section(seen[turn - 1], "Also named here:")
        assert "spherical gate" in named and "closed spherical gate" not in named


def test_a_thing_named_more_fully_than_one_carried_is_in_view(played: Callable) -> None:
    briefing = played(KEYS, KEYS_PLAYED)[3]  # in the Vault, a key carried since the start
    assert "There is a fresh laundry scented key on the floor." in section(briefing, "## Now")
    assert "fresh laundry scented key" in section(briefing, "## In view")
    assert "fresh laundry scented key" not in section(briefing, "Carrying:")


def test_a_thing_in_a_container_is_named_as_the_thing_beside_it_though_one_alike_is_carried(
    played: Callable,
) -> None:
    briefing = played(SAFE, SAFE_PLAYED)[3]  # in the Shower, the passkey carried since the start
    assert "holding: non-euclidean passkey, butterfly" in section(briefing, "Seen here:")
    named = section(briefing, "Also named here:")
    assert "butterfly" in named and "non-euclidean passkey" in named


def test_the_score_and_its_maximum_are_briefed_from_the_first_turn(played: Callable) -> None:
    assert section(played(BOXES, BOXES_PLAYED)[0], "Score:") == "Score: 0 of 1"
