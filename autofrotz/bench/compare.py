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


OPTIONAL = {"tales_score", "scaffold_gain"}  # shown when some configuration has one
SIDE_BY_SIDE = (
    ("tales_score", "TALES score (%)"),
    ("scaffold_gain", "scaffold gain (over plain)"),
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
        if key in OPTIONAL and all(r.get(key) is None for r in rows):
            continue
        lines.append(f"| {title} | " + " | ".join(_cell(r.get(key)) for r in rows) + " |")
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
    from autofrotz.bench.executors import Ledger
    from autofrotz.bench.games_report import run_figures
    from autofrotz.bench.jobs import plan
    from autofrotz.bench.launch import run

    configs = [c.strip() for c in args.configs.split(",") if c.strip()]
    problem = _configs_problem(configs)
    if problem:
        print(f"--configs: {problem}", file=sys.stderr)
        return 2
    dbs = config_dbs(args.db, configs)
    jobs = []
    for config, db in zip(configs, dbs, strict=True):
        print(f"configuration {config_label(config)}: {config} -> {db}", file=sys.stderr)
        planned, skipped = plan(games, args.seeds, args.turns, db, config, args.rules_off)
        if skipped:
            print(f"resuming: {skipped} finished runs found in {db}", file=sys.stderr)
        jobs += planned
    ledger = Ledger(dbs, args.budget)
    outcome = run(jobs, args, ledger)  # every configuration's runs together, up to --concurrency at once
    result = compared(args, games, configs, dbs, outcome.wall_s)
    result.update(run_figures(outcome, args, ledger))
    table = side_by_side(result["per_config"], result.pop("scores_by_game"))
    if not args.no_report:
        from autofrotz.bench.configs_report import write_configs_report

        print(f"report: {write_configs_report(Path(args.report_dir), table, result)}", file=sys.stderr)
    result.pop("runs_by_config")
    if args.json:
        emit(result, True)
    else:
        print(table)
    return 0


def _configs_problem(configs: list[str]) -> str | None:
    """Why the --configs list cannot be compared, or None."""
    from autofrotz.config import ConfigError, load_config

    missing = [c for c in configs if not Path(c).is_file()]
    if len(configs) < 2 or missing:
        return f"config file(s) not found: {', '.join(missing)}" if missing else "name two or more"
    for config in configs:
        try:
            load_config(config)
        except ConfigError as exc:
            return str(exc)
    return None


def compared(
    args: argparse.Namespace, games: list[Path], configs: list[str], dbs: list[str], wall: float
) -> dict[str, Any]:
    """Each configuration's figures and row, the scaffold's gain over plain, and the per-game table."""
    from autofrotz.bench.games_report import collect, summary
    from autofrotz.bench.tales import tales_figures, tales_rows

    rows, by_config, runs_by_config = [], {}, {}
    for config, db in zip(configs, dbs, strict=True):
        label = config_label(config)
        runs = collect(db, [g.stem for g in games], args.seeds, args.turns)
        figures = summary(runs, games, args.seeds, args.turns, wall)
        row = config_row(db, label, runs)
        if args.protocol == "tales":
            tales_rows(runs, figures["per_game"], games)
            figures.update(tales_figures(figures["per_game"]))
            row["tales_score"] = figures["tales_score"]
        row["plain"] = _is_plain(config)
        rows.append(row)
        by_config[label], runs_by_config[label] = figures, runs
    per_game = game_rows(by_config, rows, args.protocol == "tales")
    add_gains(rows, "tales_score" if args.protocol == "tales" else "mean_score")
    return {
        "configs": [r["config"] for r in rows],
        "protocol": args.protocol,
        "per_config": rows,
        "per_game": per_game,
        "turns": args.turns,
        "seeds": args.seeds,
        "wall_s": round(wall, 1),
        "by_config": by_config,
        "runs_by_config": runs_by_config,
        "scores_by_game": {
            g["game"]: [
                {"config": r["config"], "mean_score": g.get(f"mean_score_{r['config']}")} for r in rows
            ]
            for g in per_game
        },
    }


def _is_plain(config: str) -> bool:
    from autofrotz.agents.plain_agent import is_plain
    from autofrotz.config import load_config

    return is_plain(load_config(config))


def add_gains(rows: list[dict[str, Any]], key: str) -> None:
    """`scaffold_gain` on each scaffold row: its figure over the first plain configuration's."""
    from autofrotz.bench.tales import gain

    plain = next((r for r in rows if r["plain"]), None)
    for row in rows:
        row["scaffold_gain"] = gain(row[key], plain[key]) if plain and not row["plain"] else None


def game_rows(by_config: dict[str, Any], rows: list[dict[str, Any]], tales: bool) -> list[dict[str, Any]]:
    """Per game: each configuration's figure (its label as key) and the scaffold's gain over plain."""
    from autofrotz.bench.tales import gain

    key = "tales_game_score" if tales else "mean_score"
    plain = next((r["config"] for r in rows if r["plain"]), None)
    scaffold = next((r["config"] for r in rows if not r["plain"]), None)
    table: dict[str, dict[str, Any]] = {}
    for label, figures in by_config.items():
        for g in figures["per_game"]:
            entry = table.setdefault(g["game"], {"game": g["game"], "max_score": g.get("max_score")})
            entry[label] = g.get(key)
            entry[f"mean_score_{label}"] = g["mean_score"]
    for entry in table.values():
        found = plain and scaffold
        entry["scaffold_gain"] = gain(entry.get(scaffold or ""), entry.get(plain or "")) if found else None
    return list(table.values())
