"""A command after which the game stops answering (a help menu it cannot leave) is undone and
remembered for the story (issue 35, point 5), on the real manifest stories."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from autofrotz.game_interface import ForbiddenCommandError, TrappedCommandError, open_game
from autofrotz.games import GAMES_DIR
from autofrotz.storage.database import Database
from autofrotz.storage.reader import GameReader
from autofrotz.storage.states import unpack_state
from tests.orchestrator_support import ROOT

TRAPS = {"temple": "help", "loose": "hint", "night": "hints", "inhumane": "about", "sherbet": "help"}


def _story(name: str) -> Path:
    path = GAMES_DIR / f"{name}.z5"
    if not path.is_file():
        pytest.skip(f"games/{name}.z5 is missing")
    return path


@pytest.mark.parametrize("name", sorted(TRAPS))
def test_a_menu_command_is_undone_and_not_sent_again(name: str) -> None:
    command = TRAPS[name]
    with open_game(_story(name), "jericho") as game:
        first = game.start()
        game.send(command)
        assert game.traps == {command}
        assert game.send("look").text.strip()  # the game answers again, from where it was
        with pytest.raises(TrappedCommandError):
            game.send(command)
        assert game.send("inventory").text.strip()
    assert first


def test_no_trap_where_the_game_answers(zork1: Path) -> None:
    with open_game(zork1, "jericho") as game:
        game.start()
        for command in ("help", "hint", "about", "look", "n", "inventory"):
            try:
                game.send(command)
            except ForbiddenCommandError:
                pytest.fail(f"{command!r} refused in zork1")
        assert game.traps == set()


def _play_temple(tmp_path: Path, commands: str, *extra: str) -> None:
    _story("temple")
    script = tmp_path / "script.txt"
    script.write_text(commands)
    config = {"game_file": "temple", "database_path": str(tmp_path / "g.db"), "max_turns": 5, "save_every": 1}
    config |= {"hooks": [], "web_server": {"enabled": False}, "strategy_guide": False}
    config["agents"] = {"game_agent": {"provider": "script", "model": str(script)}}
    (tmp_path / "c.json").write_text(json.dumps(config))
    argv = [sys.executable, str(ROOT / "main.py"), "--config", str(tmp_path / "c.json"), "--no-web", *extra]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-1000:]


def _turns(tmp_path: Path, game_id: int) -> dict[int, dict]:
    reader = GameReader(tmp_path / "g.db")
    try:
        return {t["turn_number"]: t for t in reader.turns(game_id)}
    finally:
        reader.close()


def test_a_played_game_goes_on_and_keeps_the_trap_in_its_saves(tmp_path: Path) -> None:
    _play_temple(tmp_path, "help\nlook\nhelp\ninventory\n", "--fresh")
    turns = _turns(tmp_path, 1)
    assert turns[2]["output"].strip() and turns[4]["output"].strip()  # answered after the menu
    assert turns[3]["command"] == "look" and "not sent again" in turns[3]["reasoning"]
    with Database(tmp_path / "g.db") as db:
        _, packed, _ = db.latest_state(1)
    assert packed is not None and unpack_state(packed)[1]["traps"] == ["help"]  # type: ignore[index]


def test_a_later_run_of_the_story_never_sends_the_trap(tmp_path: Path) -> None:
    _play_temple(tmp_path, "help\nlook\n", "--fresh")
    _play_temple(tmp_path, "help\nlook\n")  # the same database: learns from the first run
    first = _turns(tmp_path, 2)[1]
    assert first["command"] == "look" and "not sent again" in first["reasoning"]
