"""`bench games --executor ray`: the runs as Ray tasks, on a cluster or a local instance.

A task gets the story file's bytes and the config's text (a worker on another machine has neither),
plays the run into a database of its own in a temporary folder, and sends that database and the run's
truth file back. The driver copies the game into the benchmark's one record (storage/merge.py) as each
task ends, so a stopped benchmark resumes as with the local executor: finished runs are skipped.
Ray is optional (requirements-ray.txt); a run waits on the network more than it computes, so a task
asks for a quarter of a CPU and `--concurrency` caps how many are in flight.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from autofrotz.bench.executors import Ledger, Outcome, Progress, ProviderCaps, job_label, next_launch

TASK_CPUS = 0.25
LOCAL_CPUS = 2  # a local instance: the cores Ray may schedule on


class RayMissingError(RuntimeError):
    """Ray is not installed."""


def import_ray() -> Any:
    """The ray module, or an error that says how to install it."""
    try:
        import ray
    except ImportError:
        raise RayMissingError(
            "--executor ray needs Ray: .venv/bin/pip install -r requirements-ray.txt"
        ) from None
    return ray


def play_elsewhere(job: Any, story: bytes, config_text: str | None, cwd: str) -> dict[str, Any]:
    """The Ray task: play one run in a temporary folder; return its database, truth and time."""
    from autofrotz.bench.games_truth import truth_file
    from autofrotz.bench.jobs import play_job

    if Path(cwd).is_dir():
        os.chdir(cwd)  # a local instance: relative paths in the config mean what they mean to the driver
    with tempfile.TemporaryDirectory() as tmp:
        story_path = Path(tmp) / Path(job.game).name
        story_path.write_bytes(story)
        config = None
        if config_text is not None:
            config = str(Path(tmp) / Path(job.config).name)
            Path(config).write_text(config_text, encoding="utf-8")
        local = replace(job, game=str(story_path), db=str(Path(tmp) / "run.db"), config=config)
        began = time.monotonic()
        play_job(local)
        truth = truth_file(local.db, local.game, local.seed, local.turns)
        return {
            "db": Path(local.db).read_bytes(),
            "truth": truth.read_text(encoding="utf-8") if truth.is_file() else None,
            "seconds": time.monotonic() - began,
        }


def bring_back(job: Any, result: dict[str, Any]) -> None:
    """Copy the task's game into the benchmark's database, and its truth file beside it."""
    from autofrotz.bench.games_truth import truth_file
    from autofrotz.games import game_path_label
    from autofrotz.storage.database import Database
    from autofrotz.storage.merge import copy_game

    Database(job.db).close()  # created and migrated, if it is new
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "run.db"
        source.write_bytes(result["db"])
        config = {"game_file": job.game, "database_path": job.db}
        copy_game(source, job.db, _only_game(source), game_path_label(Path(job.game)), config)
    if result["truth"] is not None:
        path = truth_file(job.db, job.game, job.seed, job.turns)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(result["truth"], encoding="utf-8")


def _only_game(db: Path) -> int:
    import sqlite3

    conn = sqlite3.connect(str(db))
    try:
        return int(conn.execute("SELECT MAX(game_id) FROM games").fetchone()[0])
    finally:
        conn.close()


def start(ray: Any, address: str | None) -> None:
    """Join the cluster at `address`, or start a local instance that imports this tree."""
    if ray.is_initialized():
        return
    root = str(Path(__file__).resolve().parents[2])
    env = {"PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)}
    env.update({k: v for k, v in os.environ.items() if k.startswith("AUTOFROTZ_")})  # our own settings
    extra: dict[str, Any] = {} if address else {"num_cpus": LOCAL_CPUS}
    ray.init(
        address=address,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": env},
        **extra,
    )


def run_ray(jobs: list[Any], concurrency: int, ledger: Ledger, address: str | None = None) -> Outcome:
    """Run the jobs as Ray tasks, up to `concurrency` in flight, each brought back as it ends."""
    ray = import_ray()
    start(ray, address)
    task = ray.remote(num_cpus=TASK_CPUS, max_retries=0)(play_elsewhere)
    pending, flying = list(jobs), dict[Any, Any]()
    outcome, progress = Outcome(0.0), Progress(len(jobs), ledger)
    began = time.monotonic()
    caps = ProviderCaps()
    while pending or flying:
        while (job := next_launch(pending, list(flying.values()), concurrency, ledger, caps)) is not None:
            flying[task.remote(job, Path(job.game).read_bytes(), _text(job.config), os.getcwd())] = job
        if not flying:
            break
        done, _ = ray.wait(list(flying), num_returns=1)
        job = flying.pop(done[0])
        progress.step(_finish(ray, done[0], job, outcome))
    progress.close()
    outcome.wall_s, outcome.not_started = time.monotonic() - began, len(pending)
    return outcome


def _finish(ray: Any, ref: Any, job: Any, outcome: Outcome) -> str:
    """Bring one ended task's run back; a failed task loses only its run."""
    label = job_label(job)
    try:
        result = ray.get(ref)
    except Exception as exc:  # the task raised on its worker: reported, the others go on
        return f"{label}: crashed ({type(exc).__name__})"
    bring_back(job, result)
    outcome.run_s.append(result["seconds"])
    return f"{label}: ok"


def _text(path: str | None) -> str | None:
    return Path(path).read_text(encoding="utf-8") if path else None
