"""A story's own spelling of save ("saven", read from any word it starts) never writes our files.

BrandX, Murdac and Parc hold "saven" and "savend" in their dictionaries and their parsers read a
longer word by the dictionary word it starts with, so "savenow" saves. The filter refuses every word
that reaches such a dictionary word, and the interpreter runs in a private folder whatever the
command, so even a save that got past the filter writes nothing where we run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.game_interface import ForbiddenCommandError, open_game
from autofrotz.games import GAMES_DIR

PORTS = ["BrandX", "Murdac", "Parc"]
DISGUISES = ["saven", "savend", "savenow", "SAVENOW!", "look. savend", "saven-it"]


def _story(name: str) -> Path:
    path = GAMES_DIR / f"{name}.z5"
    if not path.is_file():
        pytest.skip(f"games/{name}.z5 is missing")
    return path


@pytest.mark.parametrize("name", PORTS)
def test_the_story_s_own_save_words_are_refused(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / f"{name}.qzl").write_bytes(b"the user's own file")
    with open_game(_story(name), "jericho") as game:
        game.start()
        assert {"saven", "savend"} <= game.control_words()
        for command in DISGUISES:
            with pytest.raises(ForbiddenCommandError):
                game.send(command)
        assert game.send("look").text
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{name}.qzl"]
    assert (tmp_path / f"{name}.qzl").read_bytes() == b"the user's own file"


def test_a_save_past_the_filter_writes_only_in_the_private_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "BrandX.qzl").write_bytes(b"the user's own file")
    with open_game(_story("BrandX"), "jericho") as game:
        game.start()
        game._control_words = frozenset()  # the filter blind to the story's words: the second line holds
        assert "saved" in game.send("savenow").text.lower()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["BrandX.qzl"]
    assert (tmp_path / "BrandX.qzl").read_bytes() == b"the user's own file"


@pytest.mark.parametrize("name", ["zork1", "spirit", "lily"])
def test_ordinary_words_still_reach_the_game(name: str) -> None:
    with open_game(_story(name), "jericho") as game:
        game.start()
        for command in ("savory", "restrain", "read the sign", "look"):
            assert game.send(command).text


def test_the_takeover_box_refuses_them_with_the_story_s_words(tmp_path: Path) -> None:
    from autofrotz.config import config_from_dict
    from autofrotz.control import ControlError
    from autofrotz.session import Session

    raw = {"game_file": str(_story("BrandX")), "database_path": str(tmp_path / "g.db"), "max_turns": 2}
    config = config_from_dict({**raw, "hooks": [], "web_server": {"enabled": False}, "agents": {}})
    with Session.open(config, web=False, console=False) as session:
        control = session.orchestrator.p.control
        assert control is not None
        with pytest.raises(ControlError, match="saven"):
            control.request("command", "savenow")
        control.request("command", "look")
