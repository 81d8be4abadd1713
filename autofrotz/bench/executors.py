"""Running the runs of `bench games`: many at once, within a budget, with one progress line.

The local executor starts one process per run, up to `--concurrency` at once. Model-backed runs
spend their time waiting on the network, so the concurrency may well exceed the cores. Each run has
its own interpreter in its own process (jericho loads a copy of its C library per game, but a process
also keeps a crashed run from taking the others with it). `--executor ray` (ray_executor.py) spreads
the same runs over a Ray cluster. The ledger reads what the benchmark's databases have recorded as
spent: no run starts once `--budget` is reached, and each run gets what is left as its own budget.
A provider's `max_concurrent_runs` (config.json) keeps its runs at once within its rate limits.
"""

from __future__ import annotations

import multiprocessing as mp
import sqlite3
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any


@dataclass
class Ledger:
    """What the benchmark has spent (US dollars, read from its databases), against its budget."""

    dbs: list[str] = field(default_factory=list)
    budget: float | None = None

    def spent(self) -> float:
        """The cost recorded so far in every database of the benchmark, running games included."""
        return sum(_recorded_cost(db) for db in self.dbs)

    def allows(self) -> bool:
        """Whether another run may start."""
        return self.budget is None or self.spent() < self.budget

    def fit(self, job: Any) -> Any:
        """The job with what is left of the budget as its own (a run stops itself there)."""
        if self.budget is None:
            return job
        return replace(job, budget_usd=max(0.01, round(self.budget - self.spent(), 4)))


def _recorded_cost(db: str) -> float:
    if not Path(db).exists():
        return 0.0
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            return float(conn.execute("SELECT COALESCE(SUM(cost_estimate), 0) FROM metrics").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error:
        return 0.0  # a database still being created: nothing recorded yet


class ProviderCaps:
    """At most `max_concurrent_runs` runs at once on a provider, as each run's config sets it."""

    def __init__(self) -> None:
        self._known: dict[str | None, tuple[str, int | None]] = {}

    def of(self, job: Any) -> tuple[str, int | None]:
        """The provider a run's game agent uses, and its cap."""
        if job.config not in self._known:
            self._known[job.config] = _provider_cap(job.config)
        return self._known[job.config]

    def next_job(self, pending: list[Any], running: list[Any]) -> int | None:
        """The index of the first pending run whose provider has room, or None."""
        busy = Counter(self.of(job)[0] for job in running)
        for i, job in enumerate(pending):
            provider, cap = self.of(job)
            if cap is None or busy[provider] < cap:
                return i
        return None


def _provider_cap(config_path: str | None) -> tuple[str, int | None]:
    from autofrotz.config import ProviderConfig, load_config

    if config_path is None:
        return ("builtin", None)
    config = load_config(config_path)
    provider = config.agent("game_agent").provider
    return provider, config.providers.get(provider, ProviderConfig()).max_concurrent_runs


def next_launch(
    pending: list[Any], running: list[Any], concurrency: int, ledger: Ledger, caps: ProviderCaps
) -> Any:
    """The next run to start (taken from `pending`, with its share of the budget), or None: the
    concurrency is reached, the budget is spent, or every pending run's provider is at its cap."""
    if not pending or len(running) >= concurrency or not ledger.allows():
        return None
    index = caps.next_job(pending, running)
    return None if index is None else ledger.fit(pending.pop(index))


@dataclass
class Outcome:
    """What running the jobs took: wall seconds, each run's seconds, runs the budget kept from starting."""

    wall_s: float
    run_s: list[float] = field(default_factory=list)
    not_started: int = 0


class Progress:
    """One line on standard error: runs done, elapsed, estimated time left, spend."""

    def __init__(self, total: int, ledger: Ledger) -> None:
        self.total, self.done, self.ledger = total, 0, ledger
        self.start = time.monotonic()

    def step(self, label: str) -> None:
        """A run has ended."""
        self.done += 1
        elapsed = time.monotonic() - self.start
        eta = elapsed / self.done * (self.total - self.done)
        spend = f"${self.ledger.spent():.4f}" + (f" of ${self.ledger.budget:g}" if self.ledger.budget else "")
        line = f"{self.done}/{self.total} runs, {elapsed:.0f}s, ETA {eta:.0f}s, spent {spend}  {label}"
        print(f"\r{line:<100}", end="", file=sys.stderr, flush=True)
        if self.done == self.total:
            print(file=sys.stderr)

    def close(self) -> None:
        """End the line when the budget stopped the benchmark early."""
        if self.done and self.done != self.total:
            print(file=sys.stderr)


def job_label(job: Any) -> str:
    """How the progress line names a run: its configuration (if any), game and seed.

    >>> from types import SimpleNamespace as Job
    >>> job_label(Job(game="games/zork1.z5", seed=2, config="plain.json"))
    'plain zork1 seed 2'
    """
    config = f"{Path(job.config).stem} " if job.config else ""
    return f"{config}{Path(job.game).stem} seed {job.seed}"


def prepare_records(paths: set[str]) -> None:
    """Create and migrate each record once, before runs write to it at the same time: two runs
    opening a new file together would each see the other's half-made schema and refuse it."""
    from autofrotz.storage.database import Database

    for path in sorted(paths):
        Database(path).close()


def run_local(jobs: list[Any], concurrency: int, method: str, ledger: Ledger) -> Outcome:
    """Run jobs in up to `concurrency` processes at once (one process per run)."""
    from autofrotz.bench.jobs import play_job

    ctx = mp.get_context(method)
    pending = list(jobs)
    prepare_records({job.db for job in pending})
    running: list[tuple[Any, Any, float]] = []
    outcome, progress = Outcome(0.0), Progress(len(jobs), ledger)
    start = time.monotonic()
    caps = ProviderCaps()
    while pending or running:
        while (job := next_launch(pending, [r[1] for r in running], concurrency, ledger, caps)) is not None:
            proc = ctx.Process(target=play_job, args=(job,), daemon=False)  # type: ignore[attr-defined]
            proc.start()
            running.append((proc, job, time.monotonic()))
        if not running:
            break  # the budget is spent: the rest wait for a resume with a higher budget
        time.sleep(0.05)
        for entry in [r for r in running if not r[0].is_alive()]:
            running.remove(entry)
            proc, job, began = entry
            proc.join()
            outcome.run_s.append(time.monotonic() - began)
            status = "ok" if proc.exitcode == 0 else f"crashed (exit {proc.exitcode})"
            progress.step(f"{job_label(job)}: {status}")
    progress.close()
    outcome.wall_s, outcome.not_started = time.monotonic() - start, len(pending)
    return outcome
