"""Storage bench: write a synthetic game, then time writes, state rebuilds and measure the file.

python main.py bench storage [--turns 1000] [--rebuilds 50] [--seed 7] [--keep PATH] [--json]
python main.py bench storage --game zork1 --turns 3000 [--json]   a real game, built-in agent

Both report bytes_per_turn (file size over turns) and state_bytes_share (the share of the file's
pages that hold interpreter states), the figures the thinning of stored states is judged by.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from autofrotz.bench.figures import count, emit, progress, seed
from autofrotz.storage.database import Database
from autofrotz.storage.reader import GameReader
from autofrotz.storage.synthetic import SyntheticGame

TARGETS = {"median_write_ms": 2.0, "rebuild_ms": 50.0, "db_size_mb": 20.0}
TARGET_BYTES_PER_TURN = 1500  # a 3,000-turn Zork I game


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


def file_figures(path: Path, turns: int) -> dict[str, Any]:
    """bytes_per_turn and state_bytes_share of a database file (pages counted with dbstat)."""
    import sqlite3

    size = db_size_mb(path) * 1e6
    conn = sqlite3.connect(path)
    try:
        try:
            rows = conn.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall()
            total = sum(r[1] for r in rows) or 1
            states = sum(r[1] for r in rows if r[0].startswith("interpreter_states"))
        except sqlite3.Error:  # an SQLite built without dbstat: count the stored bytes instead
            total = size or 1
            states = conn.execute("SELECT COALESCE(SUM(LENGTH(data)), 0) FROM interpreter_states").fetchone()[
                0
            ]
        kept = conn.execute("SELECT COUNT(*) FROM interpreter_states").fetchone()[0]
    finally:
        conn.close()
    return {
        "bytes_per_turn": round(size / max(1, turns), 1),
        "state_bytes_share": round(100 * states / total, 2),
        "states_kept": kept,
    }


def play_game(game: str, turns: int, path: Path) -> int:
    """Play a real game with the built-in agent into path; returns the number of turns recorded."""
    from autofrotz.config import config_from_dict
    from autofrotz.session import Session
    from autofrotz.storage.reader import GameReader

    config = config_from_dict(
        {"game_file": game, "max_turns": turns, "database_path": str(path), "hooks": [], "fresh": True}
    )
    with Session.open(config, web=False, console=False) as session:
        session.play()
        gid = session.orchestrator.game_id
    with GameReader(path) as reader:
        return int(reader.last_turn(gid) or 0)


def run_game(game: str, turns: int, path: Path) -> dict[str, Any]:
    """Figures of a real game's database."""
    progress(f"storage bench: {game}, up to {turns} turns with the built-in agent, into {path}")
    played = play_game(game, turns, path)
    figures: dict[str, Any] = {"game": game, "turns": played, "db_size_mb": db_size_mb(path)}
    figures.update(file_figures(path, played))
    figures["target_bytes_per_turn"] = TARGET_BYTES_PER_TURN
    return figures


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
        **file_figures(path, turns),
    }
    figures.update({f"target_{k}": v for k, v in TARGETS.items()})
    return figures


def main(argv: list[str]) -> int:
    """Entry point for `python main.py bench storage`."""
    parser = argparse.ArgumentParser(prog="main.py bench storage", description=__doc__)
    parser.add_argument("--turns", type=count, default=1000, help="turns to write (default 1000)")
    parser.add_argument("--rebuilds", type=count, default=50, help="random turns to rebuild (default 50)")
    parser.add_argument("--seed", type=seed, default=7, help="seed of the synthetic game")
    parser.add_argument("--keep", type=Path, help="write the database here and keep it (must not exist)")
    parser.add_argument("--game", help="play this game with the built-in agent instead of a synthetic one")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if not 1 <= args.turns <= 1_000_000 or not 1 <= args.rebuilds <= 100_000:
        parser.error("--turns must be 1..1000000 and --rebuilds 1..100000")

    def measure(path: Path) -> dict[str, Any]:
        if args.game:
            return run_game(args.game, args.turns, path)
        return run(args.turns, args.rebuilds, args.seed, path)

    if args.keep is not None:
        if args.keep.exists():
            parser.error(f"{args.keep} exists; give a new path")
        figures = measure(args.keep)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            figures = measure(Path(tmp) / "bench.db")
    emit(figures, args.json, title="storage bench")
    return 0
