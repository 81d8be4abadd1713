"""Comparing configurations in `bench games`: what each one spent for what it scored, side by side.

`bench games --config FILE` adds one `per_config` row to its figures; `--configs A,B` plays the same
games and seeds with each file (each into its own database, so finished runs are skipped per
configuration) and prints the rows side by side. A row counts every recorded model attempt of the
configuration's finished runs: cost, calls and input tokens per turn (in total and by role) and the
share of input tokens the provider served from its prompt cache.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from statistics import mean
from typing import Any

from autofrotz.bench.figures import emit

ROLES = ("game_agent", "puzzle_agent", "map_parser", "item_parser")


def config_label(path: str | None) -> str:
    """How a configuration is named in the report: its file name without .json, or built-in.

    >>> config_label("configs/gpt-4o.json"), config_label(None)
    ('gpt-4o', 'built-in')
    """
    return Path(path).stem if path else "built-in"


def config_dbs(base: str, configs: list[str]) -> list[str]:
    """One database per configuration beside `base` (bench_games.db -> bench_games.gpt-4o.db).

    >>> config_dbs("b.db", ["x/a.json", "y/a.json", "c.json"])
    ['b.a.db', 'b.a-2.db', 'b.c.db']
    """
    root = Path(base)
    seen: dict[str, int] = defaultdict(int)
    paths = []
    for config in configs:
        label = config_label(config)
        seen[label] += 1
        suffix = label if seen[label] == 1 else f"{label}-{seen[label]}"
        paths.append(str(root.with_name(f"{root.stem}.{suffix}{root.suffix or '.db'}")))
    return paths


def config_row(db: str, label: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The FIGURES.md per_config row of one configuration, from its finished runs."""
    from autofrotz.storage.reader import GameReader

    turns = sum(int(r["turns"] or 0) for r in runs)
    roles: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    with GameReader(db) as reader:
        for run in runs:
            for m in reader.metric_rows(run["game_id"]):
                tally = roles[m.agent_name]
                tally["calls"] += 1
                tally["input_tokens"] += m.input_tokens
                tally["cached_tokens"] += m.cached_tokens
                tally["cost"] += m.cost_estimate
    cost = sum(t["cost"] for t in roles.values())
    points = sum(max(0, r["score"] or 0) for r in runs)
    tokens = sum(t["input_tokens"] for t in roles.values())
    cached = sum(t["cached_tokens"] for t in roles.values())
    per_turn = max(1, turns)
    return {
        "config": label,
        "runs": len(runs),
        "mean_score": round(mean(r["score"] or 0 for r in runs), 2) if runs else 0.0,
        "cost_usd": round(cost / len(runs), 6) if runs else 0.0,  # per game
        "cost_per_point": round(cost / points, 6) if points else None,
        "calls_per_turn": round(sum(t["calls"] for t in roles.values()) / per_turn, 3),
        "input_tokens_per_turn": round(tokens / per_turn, 1),
        "cache_hit_share": round(100 * cached / tokens, 1) if tokens else 0.0,
        "per_role": [
            {
                "role": role,
                "calls_per_turn": round(roles[role]["calls"] / per_turn, 3),
                "input_tokens_per_turn": round(roles[role]["input_tokens"] / per_turn, 1),
                "cost_usd": round(roles[role]["cost"] / max(1, len(runs)), 6),
            }
            for role in ROLES
            if role in roles
        ],
    }


SIDE_BY_SIDE = (
    ("mean_score", "mean score"),
    ("cost_usd", "cost per game ($)"),
    ("cost_per_point", "cost per point ($)"),
    ("calls_per_turn", "model calls per turn"),
    ("input_tokens_per_turn", "input tokens per turn"),
    ("cache_hit_share", "cache-hit share (%)"),
)


def side_by_side(rows: list[dict[str, Any]], per_game: dict[str, list[dict[str, Any]]] | None = None) -> str:
    """A Markdown table with one column per configuration.

    >>> print(side_by_side([{"config": "a", "mean_score": 1, "cost_usd": 0.5, "cost_per_point": None,
    ...     "calls_per_turn": 1.2, "input_tokens_per_turn": 900.0, "cache_hit_share": 70.0,
    ...     "per_role": []}]).splitlines()[2])
    | mean score | 1 |
    """
    lines = ["| | " + " | ".join(r["config"] for r in rows) + " |", "|---|" + "---:|" * len(rows)]
    for key, title in SIDE_BY_SIDE:
        lines.append(f"| {title} | " + " | ".join(_cell(r[key]) for r in rows) + " |")
    for role in ROLES:
        found = [{p["role"]: p for p in r["per_role"]}.get(role) for r in rows]
        if not any(found):
            continue
        for key, title in (
            ("calls_per_turn", "calls per turn"),
            ("input_tokens_per_turn", "input tokens/turn"),
        ):
            cells = [_cell(f[key]) if f else "-" for f in found]
            lines.append(f"| {role}: {title} | " + " | ".join(cells) + " |")
    for game, game_rows in (per_game or {}).items():
        scores = {g["config"]: g["mean_score"] for g in game_rows}
        lines.append(
            f"| {game}: mean score | " + " | ".join(_cell(scores.get(r["config"])) for r in rows) + " |"
        )
    return "\n".join(lines) + "\n"


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4g}" if abs(value) < 1 else f"{value:,.2f}".rstrip("0").rstrip(".")
    return str(value)


def run_configs(args: argparse.Namespace, games: list[Path]) -> int:
    """`--configs A,B`: play every game and seed with each configuration, then compare them."""
    from autofrotz.bench.games import plan, run_jobs
    from autofrotz.bench.games_report import collect, summary

    configs = [c.strip() for c in args.configs.split(",") if c.strip()]
    missing = [c for c in configs if not Path(c).is_file()]
    if len(configs) < 2 or missing:
        why = f"config file(s) not found: {', '.join(missing)}" if missing else "name two or more"
        print(f"--configs: {why}", file=sys.stderr)
        return 2
    rows, by_config, wall = [], {}, 0.0
    per_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for config, db in zip(configs, config_dbs(args.db, configs), strict=True):
        label = config_label(config)
        print(f"configuration {label}: {config} -> {db}", file=sys.stderr)
        jobs, skipped = plan(games, args.seeds, args.turns, db, config)
        if skipped:
            print(f"resuming: {skipped} finished runs found in {db}", file=sys.stderr)
        seconds = run_jobs(jobs, args.workers, args.start_method)
        wall += seconds
        runs = collect(db, [g.stem for g in games], args.seeds, args.turns)
        figures = summary(runs, games, args.seeds, args.turns, seconds)
        rows.append(config_row(db, label, runs))
        by_config[label] = figures
        for game in figures["per_game"]:
            per_game[game["game"]].append({"config": label, "mean_score": game["mean_score"]})
    table = side_by_side(rows, per_game)
    result = {
        "configs": [r["config"] for r in rows],
        "per_config": rows,
        "turns": args.turns,
        "seeds": args.seeds,
        "wall_s": round(wall, 1),
        "by_config": by_config,
    }
    if not args.no_report:
        out = Path(args.report_dir)
        out.mkdir(parents=True, exist_ok=True)
        path = out / "configs.md"
        path.write_text(f"# Configurations side by side\n\n{table}", encoding="utf-8")
        print(f"report: {path}", file=sys.stderr)
    if args.json:
        emit(result, True)
    else:
        print(table)
    return 0
