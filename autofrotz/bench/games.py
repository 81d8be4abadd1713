"""`python main.py bench games`: play many games with several seeds at once, compare with published figures.

Each run goes through the real session and orchestrator (built-in agent unless the config names
models), recorded in one database. Runs already finished in that database are skipped, so a
stopped benchmark resumes; each run is its own process (or Ray task, executors.py), so a crashed run
loses only itself. `--protocol tales` plays as the TALES benchmark does (tales.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autofrotz.bench.figures import count, emit
from autofrotz.bench.tales import SEEDS as TALES_SEEDS
from autofrotz.bench.tales import STEPS as TALES_STEPS
from autofrotz.budget import STATUS as BUDGET_STATUS

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
    budget_usd: float | None = None  # what is left of the benchmark's --budget when the run starts
    rules_off: tuple[str, ...] = ()  # --rules-off: named rules switched off in this run


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
        budget = job.budget_usd if job.budget_usd is not None else base.budget_usd
        off = [*base.rules_off, *job.rules_off]
        return replace(base, game_file=job.game, database_path=job.db, seed=job.seed, max_turns=job.turns,
                       hooks=[], fresh=True, budget_usd=budget, rules_off=off)  # fmt: skip
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
        "budget_usd": job.budget_usd,
        "rules_off": list(job.rules_off),
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
    """(game name, seed, max turns) -> game id for every run that ended in the database (a run its
    budget stopped is played again by a resume)."""
    from autofrotz.storage.reader import GameReader

    if not Path(db).exists():
        return {}
    reader = GameReader(db)
    try:
        done: dict[tuple[str, int, int], int] = {}
        for g in reader.list_games():
            if g["status"] in ("playing", BUDGET_STATUS) or g["seed"] is None:
                continue
            turns = int(json.loads(g["config_json"] or "{}").get("max_turns", 0))
            done.setdefault((Path(g["game_file"]).stem.lower(), int(g["seed"]), turns), g["game_id"])
        return done
    finally:
        reader.close()


def run_jobs(jobs: list[Job], workers: int, method: str) -> float:
    """Run jobs in up to `workers` processes (one process per run); returns wall seconds."""
    from autofrotz.bench.executors import Ledger, run_local

    return run_local(jobs, workers, method, Ledger()).wall_s


def plan(
    games: list[Path], seeds: int, turns: int, db: str, config: str | None, rules_off: tuple[str, ...] = ()
) -> tuple[list[Job], int]:
    """Jobs still to run, and how many were skipped as already finished."""
    done = finished_runs(db)
    jobs, skipped = [], 0
    for path in games:
        for seed in range(1, seeds + 1):
            if (path.stem.lower(), seed, turns) in done:
                skipped += 1
                continue
            jobs.append(Job(str(path), seed, turns, db, config, rules_off=rules_off))
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


def parse_rules_off(text: str) -> tuple[str, ...]:
    """`--rules-off`: a comma list of rule names, each checked against every table (rules/catalogue.py).

    >>> parse_rules_off(" fill-what-is-empty, dream,")
    ('dream', 'fill-what-is-empty')
    """
    from autofrotz.rules.catalogue import check_rules_off

    return tuple(sorted(check_rules_off(text.split(","))))


PROTOCOLS = {"default": (500, 3), "tales": (TALES_STEPS, TALES_SEEDS)}  # (turns, seeds) unless given


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
    tales = "tales: 100 steps, seeds 1-5, the highest score reached over the maximum"
    p.add_argument("--protocol", default="default", choices=tuple(PROTOCOLS), help=tales)
    p.add_argument("--turns", type=count, default=None, help="turns a run (default 500; tales 100)")
    p.add_argument("--seeds", type=count, default=None, help="seeds 1..N (default 3; tales 5)")
    at_once = "runs at once; model-backed runs wait on the network, so more than the cores"
    p.add_argument("--concurrency", "--workers", dest="concurrency", type=count, default=2, help=at_once)
    p.add_argument("--executor", default="local", choices=("local", "ray"))
    p.add_argument("--ray-address", default=None, help="a Ray cluster to join (default: a local instance)")
    p.add_argument("--budget", type=float, default=None, help="US dollars for the whole benchmark")
    p.add_argument("--config", default=None, help="config file (default: built-in agent for every role)")
    p.add_argument("--configs", default=None, help="two or more config files, comma-separated: compare them")
    p.add_argument("--db", default=DEFAULT_DB)
    p.add_argument("--games-dir", default="games")
    p.add_argument("--report-dir", default="reports")
    p.add_argument("--no-report", action="store_true")
    p.add_argument("--start-method", default="fork", choices=("fork", "spawn", "forkserver"))
    p.add_argument("--compare-workers", action="store_true", help="also time 1 worker against --concurrency")
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--rules-off",
        default="",
        metavar="RULE[,RULE]",
        help="switch these rules off in every run (any table `python main.py rules` lists, as the "
        "config's rules_off); give the run its own --db, as finished runs are skipped",
    )
    args = p.parse_args(argv)
    turns, seeds = PROTOCOLS[args.protocol]
    args.turns = turns if args.turns is None else args.turns
    args.seeds = seeds if args.seeds is None else args.seeds
    args.workers = args.concurrency
    return args


def check_args(args: argparse.Namespace) -> str | None:
    """Why the numbers on the command line cannot be used, or None."""
    if args.turns < 1 or args.seeds < 1 or args.concurrency < 1:
        return "--turns, --seeds and --concurrency must be at least 1"
    if args.budget is not None and not args.budget > 0:
        return "--budget must be a positive number of US dollars"
    if args.executor == "ray":
        from autofrotz.bench.ray_executor import RayMissingError, import_ray

        try:
            import_ray()
        except RayMissingError as exc:
            return str(exc)
    return None


def main(argv: list[str]) -> int:
    """Run the benchmark, print its figures and write the report."""
    args = parse_args(argv)
    problem = check_args(args)
    try:
        games = [] if problem else select_games(args.games, Path(args.games_dir), args.split)
        args.rules_off = parse_rules_off(args.rules_off)
    except ValueError as exc:
        problem = str(exc)
    if problem:
        print(f"bench games: {problem}", file=sys.stderr)
        return 2
    if not games:
        print("no games selected; install them with python -m autofrotz.games install", file=sys.stderr)
        return 2
    if args.configs:
        from autofrotz.bench.compare import run_configs

        return run_configs(args, games)
    return run_one(args, games)


def run_one(args: argparse.Namespace, games: list[Path]) -> int:
    """One configuration (the built-in agent, or --config): play, then figures and report."""
    from autofrotz.bench.executors import Ledger, run
    from autofrotz.bench.games_report import collect, summary, write_report

    jobs, skipped = plan(games, args.seeds, args.turns, args.db, args.config, args.rules_off)
    if skipped:
        print(f"resuming: {skipped} finished runs found in {args.db}", file=sys.stderr)
    ledger = Ledger([args.db], args.budget)
    outcome = run(jobs, args, ledger)
    runs = collect(args.db, [g.stem for g in games], args.seeds, args.turns)
    figures = summary(runs, games, args.seeds, args.turns, outcome.wall_s, args.db)
    figures.update(run_figures(outcome, args, ledger))
    if args.protocol == "tales":
        from autofrotz.bench.tales import tales_figures, tales_rows

        tales_rows(runs, figures["per_game"], games)
        figures.update(tales_figures(figures["per_game"]))
    if args.rules_off:
        figures["rules_off"] = list(args.rules_off)
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


def run_figures(outcome: Any, args: argparse.Namespace, ledger: Any) -> dict[str, Any]:
    """How the runs were run: executor, concurrency, the runs' summed time, spend and budget."""
    return {
        "executor": args.executor,
        "concurrency": args.concurrency,
        "run_s_sum": round(sum(outcome.run_s), 1),
        "runs_played": len(outcome.run_s),
        "runs_not_started": outcome.not_started,
        "spent_usd": round(ledger.spent(), 6),
        "budget_usd": args.budget,
    }
