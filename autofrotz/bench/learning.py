"""`python main.py bench learning`: play runs 1..N of each game, carrying knowledge forward.

Each game's runs play one after another in one database (run k starts knowing what runs 1..k-1
taught), each with its own interpreter seed; games play in parallel processes. Reported: each run's
score and normalized score, the gain of the last run over the first, how fast the last run reaches
the first run's best score, and the turns spent dying (turns undone by restoring after a death).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import multiprocessing as mp
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from statistics import mean, median
from typing import Any

from autofrotz.bench.figures import count, emit, progress
from autofrotz.games import GAMES_DIR

DEFAULT_GAMES = "cellar,zork1,Advent,deephome,omniquest"
KNOWLEDGE_MARKS = (
    "known ",
    "fetch for a known",
    "[skipped known",
    "proven path",
    "rejoin the path",
    "back to the path",
    "untried use",
    "the story's own verb",
    "[knowledge stood down",
)  # reasoning of a turn that used it


def split_of(stem: str) -> str:
    """'check' for the held-out third of the corpus, else 'dev' (the shared split rule).

    >>> split_of("zork1"), split_of("deephome")
    ('check', 'dev')
    """
    try:  # the corpus module, where it exists, owns the rule
        corpus: Any = importlib.import_module("autofrotz.evals.corpus")
        return str(corpus.split_of(stem))
    except (ImportError, AttributeError):
        return "check" if int(hashlib.sha256(stem.lower().encode()).hexdigest(), 16) % 3 == 0 else "dev"


@dataclass(frozen=True)
class Chain:
    """All runs of one game."""

    game: str
    seeds: tuple[int, ...]
    turns: int
    db: str
    config: str | None


def run_config(chain: Chain, seed: int) -> Any:
    """One run's config: built-in roles (or the given file), no web, knowledge on."""
    from dataclasses import replace

    from autofrotz.bench.jobs import Job, job_config

    config = job_config(Job(chain.game, seed, chain.turns, chain.db, chain.config))
    return replace(config, fresh=False)


def play_chain(chain: Chain) -> None:
    """Play the runs of one game in order (the worker process body)."""
    import logging

    from autofrotz.session import Session

    logging.disable(logging.WARNING)
    for seed in chain.seeds:
        with Session.open(run_config(chain, seed), web=False, console=False) as session:
            session.play()
        progress(f"{Path(chain.game).stem}: seed {seed} done")


def run_stats(conn: Any, game_id: int, max_turns: int) -> dict[str, Any]:
    """Score, turn of the best score, turns spent dying and turns that used knowledge, for one run."""
    rows = conn.execute(
        "SELECT turn_number, score, event, agent_reasoning, extra FROM turns WHERE game_id = ?"
        " ORDER BY turn_number",
        (game_id,),
    ).fetchall()
    import json

    best, best_turn, dying, used, deaths, since = 0, None, 0, 0, 0, 0
    for n, score, event, reasoning, extra in rows:
        if score is not None and score > best:
            best, best_turn = score, n
        if event == "death":
            # Turns undone: back to the restored save, or to the last death when dying again and again.
            deaths += 1
            restored = json.loads(extra or "{}").get("restored_from")
            dying += n - max(since, restored if restored is not None else n)
            since = n
        if reasoning and any(m in reasoning for m in KNOWLEDGE_MARKS):
            used += 1
    return {
        "score": best,
        "best_turn": best_turn,
        "dying_turns": dying,
        "deaths": deaths,
        "knowledge_turns": used,
    }


def turns_to(conn: Any, game_id: int, target: int) -> int | None:
    """The first turn of a run at or above a score."""
    row = conn.execute(
        "SELECT MIN(turn_number) FROM turns WHERE game_id = ? AND score >= ?", (game_id, target)
    ).fetchone()
    return int(row[0]) if row and row[0] is not None else None


def collect(db: str, games: list[Path], runs: int, turns: int) -> list[dict[str, Any]]:
    """One row per game: its runs in order."""
    import sqlite3

    from autofrotz.games import max_score

    conn = sqlite3.connect(db)
    rows = []
    for path in games:
        ids = [
            r[0]
            for r in conn.execute(
                "SELECT game_id FROM games WHERE game_file = ? ORDER BY game_id", (path.name,)
            ).fetchall()
        ][-runs:]
        stats = [run_stats(conn, gid, turns) for gid in ids]
        top = max_score(path) or 0
        first_best = stats[0]["score"] if stats else 0
        rows.append(
            {
                "game": path.stem,
                "split": split_of(path.stem),
                "max_score": top,
                "scores": [s["score"] for s in stats],
                "normalized_scores": [round(100 * s["score"] / top, 2) if top else 0.0 for s in stats],
                "best_turns": [s["best_turn"] for s in stats],
                "turns_to_first_best": [
                    turns_to(conn, gid, first_best) if first_best else None for gid in ids
                ],
                "dying_turns": [s["dying_turns"] for s in stats],
                "deaths": [s["deaths"] for s in stats],
                "knowledge_turns": [s["knowledge_turns"] for s in stats],
            }
        )
    conn.close()
    return rows


def summary(rows: list[dict[str, Any]], runs: int, turns: int) -> dict[str, Any]:
    """The figures of FIGURES.md (bench learning) plus the dev/check split."""
    full = [r for r in rows if len(r["scores"]) == runs]

    def means(key: str, subset: list[dict[str, Any]]) -> list[float]:
        return [round(mean(r[key][k] for r in subset), 3) if subset else 0.0 for k in range(runs)]

    norm = means("normalized_scores", full)
    ratios = [
        r["turns_to_first_best"][-1] / r["turns_to_first_best"][0]
        for r in full
        if r["turns_to_first_best"][0] and r["turns_to_first_best"][-1] is not None
    ]
    figures: dict[str, Any] = {
        "runs": runs,
        "turns": turns,
        "games": len(full),
        "run_scores": means("scores", full),
        "run_normalized_scores": norm,
        "gain_ratio": round(norm[-1] / norm[0], 3) if norm and norm[0] else None,
        "turns_to_first_best_ratio": round(mean(ratios), 3) if ratios else None,
        "turns_to_first_best_ratio_median": round(median(ratios), 3) if ratios else None,
        "first_best_reached_share": round(
            100 * len(ratios) / max(1, sum(1 for r in full if r["scores"][0])), 1
        ),
        "run_dying_turns": means("dying_turns", full),
        "run_knowledge_turns": means("knowledge_turns", full),
        "games_not_worse": sum(1 for r in full if r["normalized_scores"][-1] >= r["normalized_scores"][0]),
        "target_gain_ratio": 1.5,
        "target_turns_to_first_best_ratio": 0.5,
    }
    for split in ("dev", "check"):
        part = [r for r in full if r["split"] == split]
        figures[f"run_normalized_scores_{split}"] = means("normalized_scores", part)
        figures[f"games_{split}"] = len(part)
    figures["per_game"] = rows
    return figures


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(prog="python main.py bench learning", description=__doc__)
    p.add_argument("--games", default=DEFAULT_GAMES, help="comma list of game names")
    p.add_argument("--runs", type=count, default=3)
    p.add_argument("--seeds", default="", help="comma list of interpreter seeds, one per run (default 1..N)")
    p.add_argument("--turns", type=count, default=500)
    p.add_argument("--workers", type=count, default=2)
    p.add_argument("--config", default=None, help="config file (default: built-in agent for every role)")
    p.add_argument(
        "--db", default=None, help="database (default: a new temporary one, so run 1 starts blank)"
    )
    p.add_argument("--start-method", default="fork", choices=("fork", "spawn", "forkserver"))
    p.add_argument("--json", action="store_true")
    return p.parse_args(argv)


def seeds_of(spec: str, runs: int) -> tuple[int, ...]:
    """One seed per run.

    >>> seeds_of("", 3), seeds_of("7,8,9", 3)
    ((1, 2, 3), (7, 8, 9))
    """
    seeds = tuple(int(s) for s in spec.split(",") if s.strip()) or tuple(range(1, runs + 1))
    if len(seeds) != runs:
        raise ValueError(f"--seeds gives {len(seeds)} seeds for {runs} runs")
    return seeds


def main(argv: list[str]) -> int:
    """Play the chains, print the figures."""
    from autofrotz.bench.jobs import select_games

    args = parse_args(argv)
    try:
        seeds = seeds_of(args.seeds, args.runs)
        games = select_games(args.games, GAMES_DIR)
    except Exception as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "learning.db")
        chains = [Chain(str(g), seeds, args.turns, db, args.config) for g in games]
        ctx = mp.get_context(args.start_method)
        with ctx.Pool(max(1, args.workers)) as pool:
            pool.map(play_chain, chains, chunksize=1)
        figures = summary(collect(db, games, args.runs, args.turns), args.runs, args.turns)
    emit(figures, args.json, "bench learning")
    return 0
