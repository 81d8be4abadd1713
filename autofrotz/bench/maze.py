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

from jericho import FrotzEnv

from autofrotz.bench.figures import emit, progress, seed
from autofrotz.game_interface import GameInterface, open_game, open_story
from autofrotz.games import GameNotFoundError
from autofrotz.maze.solver import MazeListener, MazeSolver, SolverOptions, drive
from autofrotz.storage.models import MazeGroup

INFORM = Path(__file__).resolve().parents[2] / "inform"
# Zork I harness: jericho's walkthrough up to the troll fight, with extra takes so that nine
# droppable things are carried besides the lamp, then `verbose` and west into the maze.
ZORK_STEPS = 27  # the walkthrough's "Kill troll with sword" comes next
ZORK_EXTRA = {
    -1: ["open mailbox", "take leaflet"],
    10: ["take lunch", "take sack", "take bottle"],
}
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


def _play(game: GameInterface, command: str) -> None:
    if command.lower().startswith(("take ", "get ")):  # Zork fumbles takes at random when hands are full
        _insist(game, command, ("taken", "already have"))
    else:
        _send(game, command)


def setup_zork(game: GameInterface, path: Path, look: bool) -> SolverOptions:
    """Play into Zork I's maze from the Troll Room side with markers in hand and the lamp lit."""
    walkthrough = FrotzEnv(str(path)).get_walkthrough()
    for command in ZORK_EXTRA[-1]:
        _play(game, command)
    for index, command in enumerate(walkthrough[:ZORK_STEPS]):
        _play(game, command)
        for extra in ZORK_EXTRA.get(index, []):
            _play(game, extra)
    if not _insist(game, "kill troll with sword", ("fog", "breathes his last", "disappears")):
        raise RuntimeError("the troll would not die; try another --seed")
    _send(game, "verbose")
    _send(game, "w")
    return SolverOptions(
        entry_name="The Troll Room",
        preferred_exit="cyclops",
        max_turns=1500,
        verify_drops=True,
        look_after_move=look,
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


def maze_games() -> list[str]:
    """Our own maze games, the ones with a truth file."""
    return sorted(p.name.removesuffix(".truth.json") for p in INFORM.glob("maze_*.truth.json"))


def run(game_name: str, seed: int, look: bool = True) -> dict[str, object]:
    """Set up, save, restore, solve; the figures of one run."""
    path = open_story(game_name)
    if path.stem.lower() != "zork1" and not (INFORM / f"{path.stem}.truth.json").is_file():
        raise GameNotFoundError(
            f"bench maze plays zork1 or one of our maze games ({', '.join(maze_games())}), not {path.name}"
        )
    with open_game(path, "jericho", seed=seed) as game:
        game.start()
        if path.stem.lower() == "zork1":
            options, target = setup_zork(game, path, look), ZORK_TARGET
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
    parser.add_argument("--seed", type=seed, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--no-look",
        action="store_true",
        help="Zork: trust a move's own room text instead of a `look` after it",
    )
    args = parser.parse_args(argv)
    figures = run(args.game, args.seed, not args.no_look)
    emit(figures, args.json, title=f"maze bench: {args.game}")
    return 0 if figures["solved"] else 1
