"""Perception eval: scoring helpers, and the eval itself on a few short jericho walkthroughs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from autofrotz.evals import perception
from autofrotz.evals.perception_metrics import (
    CountingLLM,
    eligible_rooms,
    mismatched_steps,
    reachability,
    room_scores,
)
from autofrotz.llm.errors import LLMError
from autofrotz.managers.map_manager import MapManager

SHARED_GAMES = Path("/work/shared/games")
REPO_GAMES = Path(__file__).resolve().parent.parent / "games"
# Short walkthroughs (about 50 steps each) that move through several rooms.
SMALL_GAMES = ("library", "loose", "pentari")


def _games_dir() -> Path | None:
    for folder in (REPO_GAMES, SHARED_GAMES):
        if all((folder / f"{name}.z5").exists() for name in SMALL_GAMES):
            return folder
    return None


def test_room_scores_use_one_to_one_mapping() -> None:
    pairs = [("a", 1), ("a", 1), ("a", 2), ("b", 2), ("c", 2), (None, 3)]
    scores = room_scores(pairs)
    assert scores["tracked"] == 3  # a->1 (2 steps) and one of b/c->2 (1 step)
    assert scores["merged_ids"] == 1 and scores["split_rooms"] == 1
    assert scores["room_tracking"] == 50.0


def test_reachability_checks_walked_two_way_exits() -> None:
    manager = MapManager()
    for turn, (command, text) in enumerate(
        [
            (None, "Hall\nYou are in a hall.\n"),
            ("n", "Study\nYou are in a study.\n"),
            ("pray", "Chapel\nYou are in a chapel.\n"),
        ]  # fmt: skip
    ):
        manager.update_from_game_output(text, command, turn)
    assert eligible_rooms(manager, "hall") == {"hall", "study"}  # the chapel is behind a teleport
    assert reachability(manager, {"hall", "study", "chapel"}) == (100.0, 1)
    manager.store.remove_connection("hall", "north")
    assert reachability(manager, {"hall", "study"}) == (100.0, 0)


def test_counting_llm_counts_and_declines() -> None:
    llm = CountingLLM("map_parser")
    with pytest.raises(LLMError):
        llm.complete_json([{"role": "user", "content": "x"}], "system", {"type": "object"})
    assert llm.usage.calls == 1


@pytest.mark.skipif(_games_dir() is None, reason="story files not installed")
def test_eval_on_small_games_meets_room_targets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _games_dir()
    assert folder is not None
    for name in SMALL_GAMES:
        shutil.copy(folder / f"{name}.z5", tmp_path / f"{name}.z5")
    code = perception.main(
        ["--games", ",".join(SMALL_GAMES), "--games-dir", str(tmp_path), "--rooms-only", "--json"]
    )
    figures = json.loads(capsys.readouterr().out)
    assert code == 0 and figures["games"] == 3 and figures["mode"] == "rules"
    assert figures["room_tracking"] >= 95.0
    assert all(row["room_tracking"] >= 90.0 and row["reachable"] == 100.0 for row in figures["per_game"])


@pytest.mark.skipif(_games_dir() is None, reason="story files not installed")
def test_hybrid_eval_stays_under_call_budget(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _games_dir()
    assert folder is not None
    shutil.copy(folder / "library.z5", tmp_path / "library.z5")
    perception.main(["--games", "library", "--games-dir", str(tmp_path), "--mode", "hybrid", "--json"])
    figures = json.loads(capsys.readouterr().out)
    assert figures["mode"] == "hybrid" and figures["llm_calls_per_turn"] <= 0.1


def test_mismatched_steps_lists_steps_outside_the_mapping() -> None:
    pairs = [("a", 1), ("a", 1), ("b", 2), ("a", 2), (None, 2)]
    assert mismatched_steps(pairs) == [3, 4]
