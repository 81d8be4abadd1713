"""`python main.py bench maze --game G [--json]`: run the maze solver from a state just inside a maze.

For Zork I the set-up plays a prefix of the game (collecting markers, killing the troll), steps into
the maze, saves, and hands over to the solver, which must reach the room beyond the maze on the
Cyclops side. For our own maze games the set-up walks in with the moves of the game's truth file.
The solver makes no model calls; llm_calls counts them all the same.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from autofrotz.bench.figures import emit, progress
from autofrotz.game_interface import GameInterface, open_game
from autofrotz.games import resolve_game
from autofrotz.maze.solver import MazeListener, MazeSolver, SolverOptions, drive
from autofrotz.storage.models import MazeGroup

INFORM = Path(__file__).resolve().parents[2] / "inform"
# Zork I harness: markers from the house, the lamp lit, the troll killed, then west into the maze.
ZORK_PREFIX = [
    "open mailbox", "take leaflet", "n", "n", "u", "take egg", "d", "s", "e", "open window", "w",
    "open sack", "take garlic", "take lunch", "take sack", "take bottle", "w", "take lamp", "e", "u",
    "turn on lamp", "take rope", "take knife", "d", "turn off lamp", "w", "take sword", "move rug",
    "open trapdoor", "d", "turn on lamp", "n",
]  # fmt: skip
ZORK_TARGET = "Cyclops Room"


class _Counting(MazeListener):
    """Prints solver notices as progress lines."""

    def __init__(self) -> None:
        self.llm_calls = 0  # the solver has no model; nothing ever increments this

    def thief_suspected(self, group: MazeGroup, room_id: str, marker: str) -> None:
        progress(f"thief suspected: {marker} gone from {room_id}")

    def warning(self, message: str) -> None:
        progress(f"warning: {message}")


def _send(game: GameInterface, command: str) -> str:
    return game.send(command).text


def _insist(game: GameInterface, command: str, done: tuple[str, ...], tries: int = 15) -> bool:
    """Repeat a command until the reply contains one of the done phrases."""
    for _ in range(tries):
        reply = _send(game, command).lower()
        if any(p in reply for p in done):
            return True
    return False


def setup_zork(game: GameInterface) -> SolverOptions:
    """Play into Zork I's maze from the Troll Room side with markers in hand."""
    for command in ZORK_PREFIX:
        if command.startswith("take "):  # Zork fumbles takes at random when the hands are full
            _insist(game, command, ("taken",))
        else:
            _send(game, command)
    if not _insist(game, "kill troll with sword", ("fog", "dies", "breathes his last", "disappears")):
        raise RuntimeError("the troll would not die; change --seed")
    _send(game, "w")
    return SolverOptions(
        entry_name="The Troll Room", preferred_exit="cyclops", max_turns=1500, verify_drops=True
    )


def setup_truth(game: GameInterface, name: str) -> tuple[SolverOptions, str]:
    """Walk into one of our maze games with the moves of its truth file."""
    truth = json.loads((INFORM / f"{name}.truth.json").read_text())
    for command in truth["entry_moves"]:
        _send(game, command)
    target = truth["outside"][truth["exits_beyond"][0]]
    options = SolverOptions(
        entry_name="Archway", preferred_exit=target, all_different=name == "maze_different"
    )
    return options, target


def run(game_name: str, seed: int) -> dict[str, object]:
    """Set up, save, restore, solve; the figures of one run."""
    path = resolve_game(game_name)
    with open_game(path, "jericho", seed=seed) as game:
        game.start()
        if path.stem.lower() == "zork1":
            options, target = setup_zork(game), ZORK_TARGET
        else:
            options, target = setup_truth(game, path.stem)
        game.save("maze_start")
        game.restore("maze_start")
        start_room = game.ground_truth().room_name
        progress(f"solver starts in {start_room!r} carrying {len(game.ground_truth().inventory)} items")
        listener = _Counting()
        solver = drive(MazeSolver(options=options, listener=listener), lambda c: _send(game, c))
        reached = game.ground_truth().room_name
    figures = solver.figures()
    figures.update(
        solved=bool(solver.solved and reached == target),
        llm_calls=listener.llm_calls,
        reached=reached,
        target=target,
        game=path.name,
    )
    return figures


def main(argv: list[str]) -> int:
    """Entry point of `bench maze`."""
    parser = argparse.ArgumentParser(prog="bench maze")
    parser.add_argument("--game", default="zork1.z5")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = run(args.game, args.seed)
    emit(figures, args.json, title=f"maze bench: {args.game}")
    return 0 if figures["solved"] else 1
