"""Taking over and handing back costs about the turns the person played: the real orchestrator, the
built-in agent on cellar, the page's control queue driven as the page drives it.

Untouched, cellar is won in 200 turns. A person who types at turn 50 and hands back must not derail the
agent: it takes the typed turns in as if it had sent them, and goes on from where the game is.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.config import Config
from autofrotz.control import GameControl
from autofrotz.hooks.base import Observer, TurnEnd
from autofrotz.session import Session
from tests.orchestrator_support import require_cellar


class TypeAt(Observer):
    """At turn `at`, take over and type the commands; hand back once they are played."""

    def __init__(self, control: GameControl, at: int, commands: list[str]) -> None:
        self.control, self.at, self.commands = control, at, commands

    def on_turn_end(self, event: TurnEnd) -> None:
        if event.turn_number == self.at:
            self.control.request("take_over")
            for command in self.commands:
                self.control.request("command", command)
        if event.turn_number == self.at + len(self.commands):
            self.control.request("hand_back")


def play(tmp_path: Path, commands: list[str]) -> tuple[str, int, list[str]]:
    tmp_path.mkdir()
    config = Config(
        game_file="cellar", database_path=str(tmp_path / "g.db"), max_turns=1000, fresh=True, hooks=[]
    )
    session = Session.open(config, web=False, console=False)
    control = session.orchestrator.p.control
    assert control is not None
    session.orchestrator.p.hooks.add(TypeAt(control, 50, commands))
    with session:
        status = session.play()
        agents = [r[0] for r in session.db.conn.execute("SELECT json_extract(extra, '$.agent') FROM turns")]
        return status, session.orchestrator.turn, agents


@pytest.mark.parametrize("commands", [["xyzzy"], ["north", "inventory", "south"]])
def test_a_takeover_costs_about_the_turns_it_took(tmp_path: Path, commands: list[str]) -> None:
    require_cellar()
    status, untouched, _ = play(tmp_path / "a", [])
    assert status == "won"
    status, turns, agents = play(tmp_path / "b", commands)
    assert agents.count("human") == len(commands) and agents[51 + len(commands)] == "builtin"
    assert status == "won" and turns <= untouched + len(commands) + 3, (turns, untouched)
