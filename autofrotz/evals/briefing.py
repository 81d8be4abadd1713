"""`python main.py eval briefing`: the game agent's briefing against the interpreter's truth, every step.

Each game (the corpus of `eval perception`, any other story in --games-dir, or story files named by
path) is played through the real session with its walkthrough or the exploration driver
(evals/briefing_play.py). At every turn the context the orchestrator assembled for the game agent, and
the prompt it renders, are scored: the exits it lists against the directions that really lead out of
the true room, the things it says are here against the objects of the true room that the game's text
has named, what it says is carried against the true inventory, the score and its maximum, whether the
opening's goal is still in the prompt, and the prompt's length. Progress goes to standard error.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from autofrotz.bench.figures import emit, progress
from autofrotz.evals.briefing_metrics import Tally, figures
from autofrotz.evals.briefing_play import measure_game
from autofrotz.evals.corpus import CorpusGame
from autofrotz.evals.perception import add_game_arguments, corpus_games

# issue 32's Must show, over the whole corpus (dev and check within DEV_CHECK_GAP points of each other)
TARGETS: dict[str, float] = {
    "exit_precision": 98,
    "exit_recall": 90,
    "items_here_precision": 90,
    "items_here_recall": 90,
    "carried_agreement": 97,
    "goal_retained": 100,
    "prompt_chars_median": 6000,  # at most
    "dev_check_gap": 3,  # at most, in points, for every share above
}
SHARES = ("exit_precision", "exit_recall", "items_here_precision", "items_here_recall", "carried_agreement")


def play_game(game: CorpusGame, steps: int | None, trace: bool = False) -> tuple[dict[str, Any], Tally]:
    """One game's row and tally (in a worker process with --workers); progress on stderr."""
    started = time.monotonic()
    tally = measure_game(game, steps, trace)
    row = {
        "game": game.name,
        "split": game.split,
        "kind": game.kind,
        "driver": game.driver,
        "steps": tally.steps,
        "unknown_truth_steps": tally.unknown_steps,
        **figures(tally),
        "wall_s": round(time.monotonic() - started, 1),
    }
    shown = ", ".join(f"{k} {row[k]}" for k in (*SHARES, "goal_retained", "prompt_chars_median"))
    where = f"{game.name} [{game.split} {game.kind} {game.driver}]"
    progress(f"{where} {tally.steps} steps: {shown} ({row['wall_s']}s)")
    return row, tally


def _play_args(args: tuple[CorpusGame, int | None, bool]) -> tuple[dict[str, Any], Tally]:
    """One game's figures; a game that cannot be played to its end is reported, not fatal to the rest."""
    try:
        return play_game(*args)
    except Exception as exc:  # one story's failure (a trap, a dead interpreter) must not end the eval
        game = args[0]
        progress(f"{game.name}: not measured ({type(exc).__name__}: {exc})")
        return {"game": game.name, "split": game.split, "error": f"{type(exc).__name__}: {exc}"}, Tally()


def run_eval(
    games: list[CorpusGame], steps: int | None = None, workers: int = 1, trace: bool = False
) -> dict[str, Any]:
    """Measure every game (in worker processes when workers > 1) and return the figures."""
    args = [(g, steps, trace) for g in games]
    if workers > 1 and len(games) > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            played = list(pool.map(_play_args, args))
    else:
        played = [_play_args(a) for a in args]
    return totals(games, played)


def totals(games: list[CorpusGame], played: list[tuple[dict[str, Any], Tally]]) -> dict[str, Any]:
    """Top-level figures over all games, and for the dev and check splits apart."""
    whole, by_split = Tally(), {"dev": Tally(), "check": Tally()}
    for game, (_row, tally) in zip(games, played, strict=True):
        whole.add(tally)
        by_split[game.split].add(tally)
    result: dict[str, Any] = figures(whole)
    for split, tally in by_split.items():
        result.update({f"{k}_{split}": v for k, v in figures(tally).items()})
    result["dev_check_gap"] = _largest_gap(result)
    result.update(
        {
            "steps": whole.steps,
            "unknown_truth_steps": whole.unknown_steps,
            "games": len(games),
            "games_dev": sum(g.split == "dev" for g in games),
            "games_check": sum(g.split == "check" for g in games),
            "goal_games": sum(1 for _row, t in played if t.goal_steps),
            "games_not_measured": [row["game"] for row, _t in played if row.get("error")],
        }
    )
    result.update({f"target_{k}": v for k, v in TARGETS.items()})
    result["per_game"] = [row for row, _tally in played]
    return result


def _largest_gap(result: dict[str, Any]) -> float | None:
    """The largest distance, in points, between the dev and check figure of one share."""
    gaps = [
        abs(result[f"{k}_dev"] - result[f"{k}_check"])
        for k in (*SHARES, "goal_retained")
        if result.get(f"{k}_dev") is not None and result.get(f"{k}_check") is not None
    ]
    return round(max(gaps), 2) if gaps else None


def main(argv: list[str]) -> int:
    """Entry point of `python main.py eval briefing`."""
    parser = argparse.ArgumentParser(prog="main.py eval briefing", description=__doc__.splitlines()[0])
    add_game_arguments(parser)
    parser.add_argument(
        "--steps",
        type=int,
        help="at most this many steps a game (default: the walkthrough, or 200 exploration turns)",
    )
    parser.add_argument("--workers", type=int, default=1, help="games played at once, one process each")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--trace", action="store_true", help="each step's disagreements with the truth on stderr"
    )
    args = parser.parse_args(argv)
    if args.steps is not None and args.steps < 1:
        raise SystemExit("--steps must be at least 1")
    games = corpus_games(args.games, args.games_dir, args.split, args.inform_dir)
    if not games:
        raise SystemExit(f"no games in {args.games_dir}; run python -m autofrotz.games install && build")
    workers = max(1, min(args.workers, os.cpu_count() or 1))
    emit(run_eval(games, args.steps, workers, args.trace), args.json, "briefing eval")
    return 0
