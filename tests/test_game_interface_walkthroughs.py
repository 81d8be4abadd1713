"""Whole games played through our layer: victory and the maximum score, found by our own detection."""

from __future__ import annotations

import warnings
from pathlib import Path

import jericho
import pytest

from autofrotz.game_interface import StepResult, open_game
from autofrotz.games import max_score


def _play_all(path: Path, backend: str, commands: list[str], tmp_path: Path, seed: int | None) -> StepResult:
    with open_game(path, backend, seed=seed, save_dir=tmp_path, force=True) as game:
        game.start()
        results = [game.send(c) for c in commands]
    assert [r.outcome for r in results[:-1]].count("death") == 0
    return results[-1]


def _zork_walkthrough(zork1: Path) -> list[str]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(jericho.FrotzEnv(str(zork1)).get_walkthrough())


def test_cellar_walkthrough_wins_with_maximum_score(
    cellar_path: Path, cellar_walkthrough: list[str], tmp_path: Path
) -> None:
    last = _play_all(cellar_path, "jericho", cellar_walkthrough, tmp_path, seed=42)
    assert last.outcome == "victory"
    assert last.score == max_score(cellar_path) == 50


def test_zork1_walkthrough_wins_350_on_jericho(zork1: Path, tmp_path: Path) -> None:
    commands = _zork_walkthrough(zork1)
    assert len(commands) == 396
    last = _play_all(zork1, "jericho", commands, tmp_path, seed=None)  # the walkthrough's own seed
    assert last.outcome == "victory"
    assert last.score == 350 == max_score(zork1)


def test_zork1_walkthrough_wins_on_dfrotz_with_the_same_seed(zork1: Path, tmp_path: Path) -> None:
    # dfrotz's -s seeds the same generator as jericho's Frotz, so jericho's seed 12 replays the walkthrough.
    commands = _zork_walkthrough(zork1)
    results = []
    with open_game(zork1, "dfrotz", seed=12, save_dir=tmp_path, force=True) as game:
        game.start()
        results = [game.send(c) for c in commands]
    won = [r for r in results if r.outcome == "victory"]
    assert won and "Your score is 350 (total of 350 points)" in won[0].text


@pytest.mark.parametrize("name", ["zork1.z5", "Balances.z5"])
def test_memory_reading_matches_jericho_bindings(name: str, games_dir: Path, tmp_path: Path) -> None:
    """Our score/moves/room reading (used for games jericho lacks bindings for) agrees with jericho's."""
    path = games_dir / name
    if not path.is_file():
        pytest.skip(f"{path} missing")
    with open_game(path, "jericho", seed=12) as game:
        game.start()
        for command in ["n", "look", "s", "inventory"]:
            result = game.send(command)
            assert (result.score, result.moves) == game.score_and_moves_from_memory()  # type: ignore[attr-defined]
