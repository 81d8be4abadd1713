"""`python main.py bench games`: play many games with several seeds in parallel, compare with NAIL.

Each run goes through the real session and orchestrator (built-in agent unless the config names
models), recorded in one database. Runs already finished in that database are skipped, so a
stopped benchmark resumes; each run is its own process, so a crashed worker loses only its run.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autofrotz.agents.builtin_switch import ENV as AGENT_OFF
from autofrotz.agents.builtin_switch import parse_rules
from autofrotz.bench.figures import count, emit

# Scores of NAIL, the rules-based agent of the Jericho benchmark (Hausknecht et al., AAAI 2020).
NAIL: dict[str, float] = {
    "zork1": 10.3, "deephome": 13.3, "balances": 10, "temple": 7.3, "omniquest": 5.6, "gold": 3,
    "tryst205": 2, "zork3": 1.8, "jewel": 1.6, "karn": 1.2, "spirit": 1, "library": 0.9, "inhumane": 0.6,
    "detective": 136.9, "adventureland": 0, "acorncourt": 0, "awaken": 0, "pentari": 0, "reverb": 0,
    "zenon": 0, "ztuu": 0,
}  # fmt: skip
ROLES = ("game_agent", "puzzle_agent", "map_parser", "item_parser")
DEFAULT_DB = "bench_games.db"


@dataclass(frozen=True)
class Job:
    """One run: a game with one interpreter seed."""

    game: str  # path of the story file
    seed: int
    turns: int
    db: str
    config: str | None


def nail_of(game: str) -> float | None:
    """NAIL's score for a game name, if the paper lists it.

    >>> nail_of("Balances"), nail_of("cellar")
    (10, None)
    """
    return NAIL.get(game.lower())


def select_games(spec: str, games_dir: Path, split: str = "all") -> list[Path]:
    """Games of the evaluation corpus: 'all', 'walkthrough' (the jericho walkthrough stories), a kind
    ('story', 'own', 'textworld') or a comma list of names; a name outside the corpus is looked up in
    games/ as a story file."""
    from autofrotz.evals.corpus import corpus, select
    from autofrotz.games import open_story

    games = corpus(games_dir)
    try:
        return [g.path for g in select(games, spec, split)]
    except ValueError:
        if spec in ("all", "walkthrough", "story", "own", "textworld"):
            raise
    return [open_story(name.strip()) for name in spec.split(",") if name.strip()]


def job_config(job: Job) -> Any:
    """The config of one run: built-in roles unless a config file is given, no web, no hooks."""
    from dataclasses import replace

    from autofrotz.config import config_from_dict, load_config

    if job.config:
        base = load_config(job.config)
        return replace(base, game_file=job.game, database_path=job.db, seed=job.seed, max_turns=job.turns,
                       hooks=[], fresh=True)  # fmt: skip
    builtin = {"provider": "builtin", "model": "builtin"}
    raw = {
        "game_file": job.game,
        "database_path": job.db,
        "seed": job.seed,
        "max_turns": job.turns,
        "hooks": [],
        "fresh": True,  # each run stands alone: bench learning measures carrying knowledge forward
        "web_server": {"enabled": False},
        "agents": {role: dict(builtin) for role in ROLES},
    }
    return config_from_dict(raw)


def play_job(job: Job) -> None:
    """Play one run to its end (the worker process body)."""
    import logging

    from autofrotz.bench.games_truth import TruthWatch, truth_file
    from autofrotz.session import Session

    logging.disable(logging.WARNING)
    watch = TruthWatch(truth_file(job.db, job.game, job.seed, job.turns))
    with Session.open(job_config(job), web=False, console=False, observers=[watch]) as session:
        watch.game = session.game  # evaluation only: the true rooms visited, beside the record
        session.play()


def finished_runs(db: str) -> dict[tuple[str, int, int], int]:
    """(game name, seed, max turns) -> game id for every run that ended in the database."""
    from autofrotz.storage.reader import GameReader

    if not Path(db).exists():
        return {}
    reader = GameReader(db)
    try:
        done: dict[tuple[str, int, int], int] = {}
        for g in reader.list_games():
            if g["status"] == "playing" or g["seed"] is None:
                continue
            turns = int(json.loads(g["config_json"] or "{}").get("max_turns", 0))
            done.setdefault((Path(g["game_file"]).stem.lower(), int(g["seed"]), turns), g["game_id"])
        return done
    finally:
        reader.close()


def run_jobs(jobs: list[Job], workers: int, method: str) -> float:
    """Run jobs in up to `workers` processes (one process per run); returns wall seconds."""
    ctx = mp.get_context(method)
    pending, done = list(jobs), 0
    running: list[tuple[Any, Job]] = []
    start = time.monotonic()
    while pending or running:
        while pending and len(running) < workers:
            job = pending.pop(0)
            proc = ctx.Process(target=play_job, args=(job,), daemon=False)  # type: ignore[attr-defined]
            proc.start()
            running.append((proc, job))
        time.sleep(0.05)
        for proc, job in [r for r in running if not r[0].is_alive()]:
            running.remove((proc, job))
            proc.join()
            done += 1
            status = "ok" if proc.exitcode == 0 else f"crashed (exit {proc.exitcode})"
            _progress(done, len(jobs), f"{Path(job.game).stem} seed {job.seed}: {status}", start)
    return time.monotonic() - start


def _progress(done: int, total: int, label: str, start: float) -> None:
    width = 30
    filled = int(width * done / max(1, total))
    bar = "#" * filled + "." * (width - filled)
    elapsed = time.monotonic() - start
    print(f"\r[{bar}] {done}/{total} runs, {elapsed:.0f}s  {label:<40}", end="", file=sys.stderr, flush=True)
    if done == total:
        print(file=sys.stderr)


def plan(games: list[Path], seeds: int, turns: int, db: str, config: str | None) -> tuple[list[Job], int]:
    """Jobs still to run, and how many were skipped as already finished."""
    done = finished_runs(db)
    jobs, skipped = [], 0
    for path in games:
        for seed in range(1, seeds + 1):
            if (path.stem.lower(), seed, turns) in done:
                skipped += 1
                continue
            jobs.append(Job(str(path), seed, turns, db, config))
    return jobs, skipped


def compare_workers(games: list[Path], args: argparse.Namespace) -> dict[str, float]:
    """Wall time of the same runs with 1 worker and with args.workers, on fresh databases."""
    walls = {}
    with tempfile.TemporaryDirectory() as tmp:
        for workers in (1, args.workers):
            db = str(Path(tmp) / f"w{workers}.db")
            jobs, _ = plan(games, args.seeds, args.turns, db, args.config)
            walls[workers] = run_jobs(jobs, workers, args.start_method)
    ratio = walls[args.workers] / walls[1] if walls[1] else 0.0
    return {
        "wall_s_1_worker": round(walls[1], 2),
        f"wall_s_{args.workers}_workers": round(walls[args.workers], 2),
        "workers_ratio": round(ratio, 3),
        "target_workers_ratio": 0.6,
    }


def switch_rules_off(text: str) -> None:
    """`--ablate-agent`: the named built-in agent rules are off in every run (builtin_switch.py); the
    environment carries the list to each worker process."""
    if text:
        os.environ[AGENT_OFF] = ",".join(parse_rules(text))


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(prog="python main.py bench games", description=__doc__)
    p.add_argument(
        "--games",
        default="all",
        help="'all' (the whole corpus), 'walkthrough' (the jericho walkthrough games), 'story', 'own', "
        "'textworld', or a comma list of game names",
    )
    p.add_argument("--split", default="all", choices=("all", "dev", "check"))
    p.add_argument("--turns", type=count, default=500)
    p.add_argument("--seeds", type=count, default=3)
    p.add_argument("--workers", type=count, default=2)
    p.add_argument("--config", default=None, help="config file (default: built-in agent for every role)")
    p.add_argument("--configs", default=None, help="two or more config files, comma-separated: compare them")
    p.add_argument("--db", default=DEFAULT_DB)
    p.add_argument("--games-dir", default="games")
    p.add_argument("--report-dir", default="reports")
    p.add_argument("--no-report", action="store_true")
    p.add_argument("--start-method", default="fork", choices=("fork", "spawn", "forkserver"))
    p.add_argument("--compare-workers", action="store_true", help="also time 1 worker against --workers")
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--ablate-agent",
        default="",
        metavar="RULE[,RULE]",
        help="switch these built-in agent rules off (the names recorded as each turn's reasoning); "
        "give the run its own --db, as finished runs are skipped",
    )
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    """Run the benchmark, print its figures and write the report."""
    from autofrotz.bench.games_report import collect, summary, write_report

    args = parse_args(argv)
    try:
        games = select_games(args.games, Path(args.games_dir), args.split)
        switch_rules_off(args.ablate_agent)
    except ValueError as exc:
        print(f"bench games: {exc}", file=sys.stderr)
        return 2
    if not games:
        print("no games selected; install them with python -m autofrotz.games install", file=sys.stderr)
        return 2
    if args.configs:
        from autofrotz.bench.compare import run_configs

        return run_configs(args, games)
    jobs, skipped = plan(games, args.seeds, args.turns, args.db, args.config)
    if skipped:
        print(f"resuming: {skipped} finished runs found in {args.db}", file=sys.stderr)
    wall = run_jobs(jobs, args.workers, args.start_method)
    runs = collect(args.db, [g.stem for g in games], args.seeds, args.turns)
    figures = summary(runs, games, args.seeds, args.turns, wall, args.db)
    if args.ablate_agent:
        figures["agent_rules_off"] = parse_rules(args.ablate_agent)
    if args.config:
        from autofrotz.bench.compare import config_label, config_row

        figures["per_config"] = [config_row(args.db, config_label(args.config), runs)]
    if args.compare_workers:
        figures.update(compare_workers(games, args))
    if not args.no_report:
        paths = write_report(runs, figures, Path(args.report_dir))
        print(f"report: {', '.join(str(p) for p in paths)}", file=sys.stderr)
    emit(figures, args.json, "bench games")
    return 0
