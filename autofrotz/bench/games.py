"""`python main.py bench games`: play many games with several seeds at once, compare with published figures.

Each run goes through the real session and orchestrator (built-in agent unless the config names
models), recorded in one database. Runs already finished in that database are skipped, so a
stopped benchmark resumes; each run is its own process (or Ray task, executors.py), so a crashed run
loses only itself. `--protocol tales` plays as the TALES benchmark does (tales.py).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from autofrotz.bench.figures import count, emit
from autofrotz.bench.jobs import DEFAULT_DB, Job, plan, select_games
from autofrotz.bench.tales import SEEDS as TALES_SEEDS
from autofrotz.bench.tales import STEPS as TALES_STEPS


def run_jobs(jobs: list[Job], workers: int, method: str) -> float:
    """Run jobs in up to `workers` processes (one process per run); returns wall seconds."""
    from autofrotz.bench.executors import Ledger, run_local

    return run_local(jobs, workers, method, Ledger()).wall_s


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
    from autofrotz.bench.executors import Ledger
    from autofrotz.bench.games_report import collect, run_figures, summary, write_report
    from autofrotz.bench.launch import run

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
