"""Recording the commands of built-in agent runs, for `bench same-commands`.

Each run is played exactly as `bench games` plays it (`bench.jobs.play_job`: the real session, the
built-in agent in every role, `fresh`, no hooks), one process per run, each into its own temporary
database, so no run can learn from another. What is kept of a run is the command of every turn and
the first words of its reasoning (the deciding rule's name for the built-in agent), read back with
plain SQL so that this module also records older revisions of the code (`--base`).
"""

from __future__ import annotations

import json
import multiprocessing as mp
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMAT = 1  # the record file's layout; a compare refuses a file of another layout
RULE_CHARS = 60  # how much of each turn's reasoning is kept: enough to name the deciding rule


@dataclass(frozen=True)
class Wanted:
    """What to record: games (story files), seeds and turns a run."""

    games: list[str]
    seeds: list[int]
    turns: int
    concurrency: int = 2


def rule_of(reasoning: str | None) -> str:
    """The first words of a turn's reasoning's first line: the deciding rule's name, if it leads.

    >>> rule_of("explore-untried: north is untried\\nmore")
    'explore-untried: north is untried'
    >>> rule_of(None)
    ''
    """
    lines = (reasoning or "").strip().splitlines()
    return " ".join(lines[0].split())[:RULE_CHARS] if lines else ""


def read_run(db: str) -> dict[str, Any]:
    """The one game of a run's database: status, final score and each turn's command and rule."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        game_id, status = conn.execute(
            "SELECT game_id, status FROM games ORDER BY game_id LIMIT 1"
        ).fetchone()
        rows = conn.execute(
            "SELECT command_sent, agent_reasoning, score FROM turns WHERE game_id = ? ORDER BY turn_number",
            (game_id,),
        ).fetchall()
    finally:
        conn.close()
    turns = [row for row in rows if row[0]]  # the opening text has no command
    scores = [row[2] for row in rows if row[2] is not None]
    return {
        "status": status,
        "score": scores[-1] if scores else None,
        "commands": [row[0] for row in turns],
        "rules": [rule_of(row[1]) for row in turns],
    }


def _play(job: Any) -> None:
    """The worker process body: play one run as `bench games` does, logs silenced."""
    import importlib.util

    # A revision recorded by --base may define its runs in bench/games.py (before bench/jobs.py).
    where = (
        "autofrotz.bench.jobs"
        if importlib.util.find_spec("autofrotz.bench.jobs")
        else "autofrotz.bench.games"
    )
    importlib.import_module(where).play_job(job)


def _job(game: str, seed: int, turns: int, folder: Path) -> Any:
    from autofrotz.bench.games import Job

    return Job(game, seed, turns, str(folder / f"{Path(game).stem}-s{seed}.db"), None)


def record(wanted: Wanted) -> dict[str, Any]:
    """Play every game x seed (up to `concurrency` at once, one process each) and return the record."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="same-commands-") as tmp:
        jobs = [_job(g, s, wanted.turns, Path(tmp)) for g in wanted.games for s in wanted.seeds]
        runs = _play_all(jobs, wanted.concurrency, start)
    return {
        "format": FORMAT,
        "turns": wanted.turns,
        "runs": [runs[(Path(job.game).stem, job.seed)] for job in jobs],
        "wall_s": round(time.monotonic() - start, 1),
    }


def _play_all(jobs: list[Any], concurrency: int, start: float) -> dict[tuple[str, int], dict[str, Any]]:
    """Each job in its own process, up to `concurrency` at once; one line on stderr per finished run."""
    ctx = mp.get_context("fork")
    pending, runs = list(jobs), {}
    running: list[tuple[Any, Any, float]] = []
    while pending or running:
        while pending and len(running) < concurrency:
            job = pending.pop(0)
            proc = ctx.Process(target=_play, args=(job,))
            proc.start()
            running.append((proc, job, time.monotonic()))
        time.sleep(0.05)
        for entry in [r for r in running if not r[0].is_alive()]:
            running.remove(entry)
            proc, job, began = entry
            proc.join()
            run = runs[(Path(job.game).stem, job.seed)] = _finished(job, proc.exitcode)
            _progress(f"[{len(runs)}/{len(jobs)}] {run['game']} seed {run['seed']}: {len(run['commands'])} "
                      f"commands, {run['status']} ({time.monotonic() - began:.0f}s; "
                      f"{time.monotonic() - start:.0f}s in all)")  # fmt: skip
    return runs


def _progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _finished(job: Any, exitcode: int | None) -> dict[str, Any]:
    """One run's entry in the record; a crashed run keeps what it wrote, its status says so."""
    head = {"game": Path(job.game).stem, "seed": job.seed}
    try:
        run = read_run(job.db)
    except (sqlite3.Error, TypeError):
        run = {"status": None, "score": None, "commands": [], "rules": []}
    if exitcode != 0:
        run["status"] = f"crashed (exit {exitcode})"
    return head | run


def save(record_: dict[str, Any], path: Path) -> None:
    """Write a record as JSON (one run a line is not needed: the file is read whole)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record_, indent=1) + "\n")


def load(path: Path) -> dict[str, Any]:
    """Read a record, refusing a file of another layout."""
    data = json.loads(path.read_text())
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path}: not a same-commands record of format {FORMAT}")
    return data
