"""Integration: the perception loop's inventory on real walkthroughs; side queries leave no trace."""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.evals.eval_session import walkthrough
from autofrotz.evals.side_transcripts import first_divergence, transcript

ROOTS = (Path(__file__).resolve().parent.parent / "games", Path("/work/shared/games"))


def story(name: str) -> Path:
    for root in ROOTS:
        if (root / name).exists():
            return root / name
    pytest.skip(f"{name} is not installed")


@pytest.mark.parametrize("game", ["detective.z5", "library.z5", "pentari.z5", "reverb.z5"])
def test_walkthrough_inventory_always_right(game: str) -> None:
    pytest.importorskip("jericho")
    from autofrotz.evals.perception import play

    run, _ = play(story(game), "rules")
    assert run.inventory_steps > 20
    assert run.inventory_hits == run.inventory_steps
    assert 0 < run.side_queries < run.turns


@pytest.mark.parametrize("game", ["detective.z5", "tryst205.z5"])  # tryst205 waits for key presses
def test_side_queries_leave_the_transcript_unchanged(game: str) -> None:
    pytest.importorskip("jericho")
    from autofrotz.game_interface import open_game

    path = story(game)
    steps = walkthrough(path) or []
    runs = []
    for probed in (False, True):
        with open_game(path, "jericho", seed=None) as interface:
            runs.append(transcript(interface, steps, probed))
    assert len(runs[0]) > 50
    assert first_divergence(runs[0], runs[1]) is None
