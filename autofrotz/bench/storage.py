"""Storage bench: write a synthetic game, then time writes, state rebuilds and measure the file.

python main.py bench storage [--turns 1000] [--rebuilds 50] [--seed 7] [--keep PATH] [--json]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from autofrotz.bench.figures import emit, progress
from autofrotz.storage.database import Database
from autofrotz.storage.reader import GameReader
from autofrotz.storage.synthetic import SyntheticGame

TARGETS = {"median_write_ms": 2.0, "rebuild_ms": 50.0, "db_size_mb": 20.0}


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the sorted values fall (nearest rank).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.95)
    4.0
    >>> percentile([5.0], 0.5)
    5.0
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def write_game(path: Path, turns: int, seed: int) -> tuple[int, list[float], dict[str, int]]:
    """Write a synthetic game; return its id, each turn's write time in ms, and world sizes."""
    game = SyntheticGame(seed=seed)
    times: list[float] = []
    calls = 0
    with Database(path) as db:
        gid = db.create_game(game.game())
        for n in range(1, turns + 1):
            bundle = game.next_bundle()
            calls += len(bundle.llm_calls)
            start = time.perf_counter()
            db.write_turn(gid, bundle)
            times.append((time.perf_counter() - start) * 1000)
            if n % 200 == 0:
                progress(f"  wrote {n} turns")
    world = game.world()
    sizes = {"rooms": len(world.rooms), "connections": len(world.connections), "items": len(world.items),
             "puzzles": len(world.puzzles), "llm_calls": calls}  # fmt: skip
    return gid, times, sizes


def time_rebuilds(path: Path, gid: int, turns: int, count: int, seed: int) -> list[float]:
    """Milliseconds to rebuild the world at random turns through a read-only reader."""
    rng = random.Random(seed)
    times = []
    with GameReader(path) as reader:
        for n in (rng.randint(1, turns) for _ in range(count)):
            start = time.perf_counter()
            reader.state_at(gid, n)
            times.append((time.perf_counter() - start) * 1000)
    return times


def db_size_mb(path: Path) -> float:
    """Size of the database file plus any WAL left beside it."""
    parts = [path, Path(f"{path}-wal")]
    return sum(p.stat().st_size for p in parts if p.exists()) / 1e6


def run(turns: int, rebuilds: int, seed: int, path: Path) -> dict[str, Any]:
    """Write, rebuild and measure; the figures keyed as in FIGURES.md."""
    progress(f"storage bench: {turns} turns into {path}")
    gid, writes, sizes = write_game(path, turns, seed)
    rebuild = time_rebuilds(path, gid, turns, rebuilds, seed)
    figures: dict[str, Any] = {
        "median_write_ms": statistics.median(writes),
        "p95_write_ms": percentile(writes, 0.95),
        "max_write_ms": max(writes),
        "rebuild_ms": statistics.median(rebuild),
        "p95_rebuild_ms": percentile(rebuild, 0.95),
        "db_size_mb": db_size_mb(path),
        "turns": turns,
        **sizes,
    }
    figures.update({f"target_{k}": v for k, v in TARGETS.items()})
    return figures


def main(argv: list[str]) -> int:
    """Entry point for `python main.py bench storage`."""
    parser = argparse.ArgumentParser(prog="main.py bench storage", description=__doc__)
    parser.add_argument("--turns", type=int, default=1000, help="turns to write (default 1000)")
    parser.add_argument("--rebuilds", type=int, default=50, help="random turns to rebuild (default 50)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the synthetic game")
    parser.add_argument("--keep", type=Path, help="write the database here and keep it (must not exist)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.keep is not None:
        if args.keep.exists():
            parser.error(f"{args.keep} exists; give a new path")
        figures = run(args.turns, args.rebuilds, args.seed, args.keep)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            figures = run(args.turns, args.rebuilds, args.seed, Path(tmp) / "bench.db")
    emit(figures, args.json, title="storage bench")
    return 0
