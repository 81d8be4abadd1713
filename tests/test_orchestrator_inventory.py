"""The orchestrator asks the game for its inventory in a side copy when the item rules are unsure."""

from __future__ import annotations

from pathlib import Path

from orchestrator_support import make_config, require_cellar

from autofrotz.session import Session
from autofrotz.storage.reader import GameReader


def _play(tmp_path: Path, commands: list[str]) -> list[dict]:
    require_cellar()
    script = tmp_path / "script.txt"
    script.write_text("\n".join(commands) + "\n")
    agents = {"game_agent": {"provider": "script", "model": str(script)}}
    config = make_config(tmp_path, agents, max_turns=len(commands))
    with Session.open(config, web=False, console=False) as session:
        session.play()
    return GameReader(tmp_path / "game.db").turns(1)


def test_a_synonym_take_is_named_from_the_games_own_inventory(tmp_path: Path) -> None:
    # "lantern" is only a synonym: the reply "Taken." cannot say which object it was.
    turns = _play(tmp_path, ["w", "take lantern", "e"])
    assert turns[2]["inventory"] == ["brass lamp"]
    assert turns[3]["inventory"] == ["brass lamp"]


def test_the_side_question_costs_no_game_turn(tmp_path: Path) -> None:
    turns = _play(tmp_path, ["w", "take lantern", "e", "n"])
    moves = [t["moves"] for t in turns[1:]]
    assert moves == [1, 2, 3, 4]
