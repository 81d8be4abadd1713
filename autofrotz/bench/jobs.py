"""The runs of `bench games`: one job per game and seed, its config, its worker body, and which runs a
database already finished (so a stopped benchmark resumes)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    from autofrotz.game_interface import open_story

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
