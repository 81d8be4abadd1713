"""The generated TextWorld games: the fixed list, the build, and each walkthrough winning under jericho."""

from __future__ import annotations

import importlib.util
import json
import warnings
from pathlib import Path

import jericho
import pytest

from autofrotz import games, textworld_games
from autofrotz.games import GAMES_DIR
from autofrotz.textworld_games import TW_GAMES, TwGame

BUILD_HINT = "textworld is not installed; run: .venv/bin/pip install textworld==1.7.0 && make setup"


def _needs_textworld() -> None:
    if importlib.util.find_spec("textworld") is None or textworld_games.tw_make() is None:
        pytest.skip(BUILD_HINT)


def _built(game: TwGame) -> Path:
    if not textworld_games.is_built(game, GAMES_DIR):
        pytest.skip(f"games/{game.stem}.z8 is missing; {BUILD_HINT}")
    return GAMES_DIR / f"{game.stem}.z8"


def _walkthrough(story: Path) -> list[str]:
    lines = story.with_suffix(".walkthrough").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip()]


def test_the_list_is_fixed_and_covers_the_sizes() -> None:
    stems = [g.stem for g in TW_GAMES]
    assert len(set(stems)) == len(stems) and 10 <= len(stems) <= 16
    assert {g.quest_length for g in TW_GAMES} == set(range(1, 9))
    assert min(g.world_size for g in TW_GAMES) == 3 and max(g.world_size for g in TW_GAMES) == 12
    assert sum(g.nb_objects >= 20 for g in TW_GAMES) >= 3
    assert TwGame(5, 8, 3, 103).stem == "tw-w5q3o8s103"


def test_a_missing_textworld_is_a_notice_not_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(textworld_games, "tw_make", lambda: None)
    with pytest.raises(textworld_games.TextWorldUnavailable):
        textworld_games.build(tmp_path)
    assert games.main(["--games-dir", str(tmp_path), "build", "--inform-dir", str(tmp_path)]) == 0
    assert "textworld is not installed" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_build_writes_the_four_files_and_is_idempotent(tmp_path: Path) -> None:
    _needs_textworld()
    game = TW_GAMES[0]
    assert textworld_games.build(tmp_path, (game,)) == {game.stem: "built"}
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(game.stem + suffix for suffix in textworld_games.OUTPUT_SUFFIXES)
    assert textworld_games.build(tmp_path, (game,)) == {game.stem: "up to date"}
    truth = json.loads((tmp_path / f"{game.stem}.truth.json").read_text())
    assert truth["won"] and truth["max_score"] == 1
    assert games.max_score(tmp_path / f"{game.stem}.z8") == 1


@pytest.mark.parametrize("game", TW_GAMES, ids=[g.stem for g in TW_GAMES])
def test_walkthrough_wins_under_jericho_and_matches_the_truth(game: TwGame) -> None:
    story = _built(game)
    commands = _walkthrough(story)
    truth = json.loads(story.with_name(f"{game.stem}.truth.json").read_text())
    assert [s["command"] for s in truth["steps"]] == [None, *commands]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", jericho.UnsupportedGameWarning)
        env = jericho.FrotzEnv(str(story))
    try:
        env.reset()
        rooms = [env.get_player_location().num]
        for command in commands:
            env.step(command)
            rooms.append(env.get_player_location().num)
        assert env.victory()
        assert env.get_score() == env.get_max_score() == truth["max_score"] == games.max_score(story)
        assert rooms == [s["room_number"] for s in truth["steps"]]
    finally:
        env.close()
