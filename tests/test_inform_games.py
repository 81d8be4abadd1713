"""Our Inform games written for the truth corpus: each compiles, its walkthrough wins without a
parser refusal, shows the convention the game is written for, and matches its truth file."""

from __future__ import annotations

import importlib.util
import json
import sys
from types import ModuleType

import pytest

from tests.conftest import REPO, _built


def _play_truth() -> ModuleType:
    spec = importlib.util.spec_from_file_location("play_truth", REPO / "inform" / "play_truth.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("play_truth", module)
    spec.loader.exec_module(module)
    return module


PLAY = _play_truth()


@pytest.mark.parametrize("name", sorted(PLAY.OUR_GAMES))
def test_walkthrough_wins_shows_its_convention_and_matches_the_truth(name: str) -> None:
    _built(name)
    truth, replies = PLAY.play(name)
    for step, reply in zip(truth["steps"][1:], replies[1:], strict=True):
        refused = [r for r in PLAY.REFUSALS if r.lower() in reply.lower()]
        assert not refused, f"{name}: '{step['command']}' drew {refused}: {reply!r}"
    assert "won ***" in replies[-1]
    assert PLAY.OUR_GAMES[name] in "".join(replies)
    assert json.loads((REPO / "inform" / f"{name}.truth.json").read_text()) == truth
    assert len({s["room"] for s in truth["steps"]}) >= 6


def test_every_game_with_a_walkthrough_has_a_truth_file_and_a_convention() -> None:
    ours = {p.stem for p in (REPO / "inform").glob("*.walkthrough")} - {"cellar"}
    assert ours == set(PLAY.OUR_GAMES)
    assert all((REPO / "inform" / f"{name}.truth.json").is_file() for name in ours)


def test_the_darkness_and_the_third_person_are_in_the_truth() -> None:
    wakeup = json.loads((REPO / "inform" / "wakeup.truth.json").read_text())
    assert wakeup["steps"][0]["room"] == "Bedroom"  # the header says "Darkness"; the tree says Bedroom
    assert wakeup["steps"][0]["inventory"] == ["slippers", "striped pyjamas"]  # worn things count
    night = json.loads((REPO / "inform" / "nightshift.truth.json").read_text())
    assert night["steps"][0]["room"] == "Gatehouse"  # the player object is Mara, not "(self object)"


def test_a_refusal_would_be_caught() -> None:
    assert any(r.lower() in "Mara can't see any such thing.".lower() for r in PLAY.REFUSALS)
    assert not any(r.lower() in "You'll have to get out of the bed first.".lower() for r in PLAY.REFUSALS)
