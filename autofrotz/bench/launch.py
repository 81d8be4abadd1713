"""Runs the jobs on the executor the command line names: processes here (executors.py) or Ray."""

from __future__ import annotations

from typing import Any

from autofrotz.bench.executors import Ledger, Outcome, run_local


def run(jobs: list[Any], args: Any, ledger: Ledger) -> Outcome:
    """Run the jobs on the executor the command line names."""
    if args.executor == "ray":
        from autofrotz.bench.ray_executor import run_ray

        return run_ray(jobs, args.concurrency, ledger, args.ray_address)
    return run_local(jobs, args.concurrency, args.start_method, ledger)
