"""Figures and the Markdown/HTML report of `bench games`, read back from the benchmark database."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from statistics import mean
from typing import Any

from autofrotz.bench.curves import png
from autofrotz.bench.jobs import NAIL, finished_runs, nail_of


def collect(db: str, games: list[str], seeds: int, turns: int) -> list[dict[str, Any]]:
    """One dict per finished run of the selected games: final score, rooms, LLM use, series."""
    from autofrotz.storage.reader import GameReader

    done = finished_runs(db)
    reader = GameReader(db)
    try:
        runs = []
        for name in games:
            for seed in range(1, seeds + 1):
                game_id = done.get((name.lower(), seed, turns))
                if game_id is not None:
                    runs.append(_run(reader, name, seed, game_id))
        return runs
    finally:
        reader.close()


def _run(reader: Any, name: str, seed: int, game_id: int) -> dict[str, Any]:
    game = reader.game(game_id) or {}
    metrics = reader.metrics(game_id)
    series = metrics.get("series", {})
    scores = [s if s is not None else 0 for s in series.get("score", [])]
    final = game.get("final_score")
    return {
        "game": name,
        "seed": seed,
        "game_id": game_id,
        "status": game.get("status"),
        "score": final if final is not None else (scores[-1] if scores else 0),
        "best_score": max(scores, default=0),
        "turns": game.get("total_turns") or len(scores),
        "rooms": max((r or 0 for r in series.get("rooms_known", [])), default=0),
        "llm_calls": metrics.get("totals", {}).get("calls", 0),
        "cost": metrics.get("totals", {}).get("cost", 0.0),
        "series_turn": series.get("turn", []),
        "series_score": scores,
        "series_cost": series.get("cost", []),  # cumulative US dollars after each turn
    }


def per_game(runs: list[dict[str, Any]], games: list[Path]) -> list[dict[str, Any]]:
    """The FIGURES.md per-game rows."""
    from autofrotz.games import max_score

    rows = []
    for path in games:
        mine = [r for r in runs if r["game"] == path.stem]
        if not mine:
            continue
        rows.append({
            "game": path.stem,
            "mean_score": round(mean(r["score"] for r in mine), 2),
            "max_score": max_score(path),
            "nail": nail_of(path.stem),
            "seeds": len(mine),
            "turns": round(mean(r["turns"] for r in mine), 1),
            "rooms": round(mean(r["rooms"] for r in mine), 1),
            "best_score": max(r["best_score"] for r in mine),
            "llm_calls": sum(r["llm_calls"] for r in mine),
            "cost": round(sum(r["cost"] for r in mine), 4),
        })  # fmt: skip
    return rows


def summary(
    runs: list[dict[str, Any]], games: list[Path], seeds: int, turns: int, wall: float, db: str | None = None
) -> dict[str, Any]:
    """Top-level figures (FIGURES.md keys plus the issue's targets)."""
    from autofrotz.bench.games_corpus import attach_truth, corpus_figures, corpus_rows

    if db is not None:
        attach_truth(runs, db, turns)
    rows = per_game(runs, games)
    corpus_rows(rows, runs, games)
    positive = [r for r in rows if (r["nail"] or 0) > 0]
    zero = [r for r in rows if r["nail"] == 0]
    zork1 = next((r["mean_score"] for r in rows if r["game"].lower() == "zork1"), None)
    return {
        "mean_score": round(mean(r["score"] for r in runs), 2) if runs else 0.0,
        "runs": len(runs),
        "turns": turns,
        "seeds": seeds,
        "above_nail": sum(1 for r in positive if r["mean_score"] > r["nail"]),
        "nail_positive_games": len(positive),
        "target_above_nail": 10,
        "above_zero_where_nail_zero": sum(1 for r in zero if r["mean_score"] > 0),
        "nail_zero_games": len(zero),
        "target_above_zero_where_nail_zero": 4,
        "zork1_mean_score": zork1,
        "target_zork1_mean_score": 31,
        "wall_s": round(wall, 1),
        **corpus_figures(rows),
        "per_game": rows,
    }


def markdown(figures: dict[str, Any]) -> str:
    """The report's table and headline figures as Markdown."""
    lines = [
        "# Built-in agent on the Jericho games",
        "",
        f"{figures['runs']} runs, {figures['seeds']} seeds, up to {figures['turns']} turns each, "
        f"wall time {figures['wall_s']} s.",
        "",
        f"- zork1 mean score: {figures['zork1_mean_score']} (target {figures['target_zork1_mean_score']})",
        f"- above NAIL: {figures['above_nail']} of {figures['nail_positive_games']} games where NAIL > 0 "
        f"(target {figures['target_above_nail']})",
        f"- above 0: {figures['above_zero_where_nail_zero']} of {figures['nail_zero_games']} games where "
        f"NAIL = 0 (target {figures['target_above_zero_where_nail_zero']})",
        "",
        "| game | mean score | best | max | NAIL | vs NAIL | rooms | turns | LLM calls | cost |",
        "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|",
    ]
    for r in figures["per_game"]:
        lines.append(
            f"| {r['game']} | {r['mean_score']} | {r['best_score']} | {r['max_score'] or '?'} | "
            f"{'' if r['nail'] is None else r['nail']} | {_versus(r)} | {r['rooms']} | {r['turns']} | "
            f"{r['llm_calls']} | {r['cost']} |"
        )
    text = "\n".join(lines) + "\n"
    return text + tales_markdown(figures) if figures.get("protocol") == "tales" else text


def tales_markdown(figures: dict[str, Any]) -> str:
    """The TALES section: our figure beside the published leaderboard, then per game."""
    from autofrotz.bench.curves import per_game_markdown
    from autofrotz.bench.tales import leaderboard_markdown

    label = figures.get("label", "built-in")
    rows = [{**r, label: r.get("tales_game_score")} for r in figures["per_game"]]
    return (
        f"\n## TALES protocol: {figures['tales_score']} (tales_score)\n\n"
        + leaderboard_markdown([(label, figures["tales_score"])], figures["tales_games"])
        + "\n### Per game (tales_game_score, 0-100)\n\n"
        + per_game_markdown(rows, [label])
    )


def _versus(row: dict[str, Any]) -> str:
    nail = row["nail"]
    if nail is None:
        return ""
    return "above" if row["mean_score"] > nail else ("equal" if row["mean_score"] == nail else "below")


def write_report(runs: list[dict[str, Any]], figures: dict[str, Any], out_dir: Path) -> list[Path]:
    """Write games.md, games.html (with plots) and games.json under out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    text = markdown(figures)
    md, page, raw = out_dir / "games.md", out_dir / "games.html", out_dir / "games.json"
    md.write_text(text, encoding="utf-8")
    page.write_text(_html(text, runs, figures), encoding="utf-8")
    raw.write_text(json.dumps(figures, indent=1, default=str), encoding="utf-8")
    return [md, page, raw]


def _html(text: str, runs: list[dict[str, Any]], figures: dict[str, Any]) -> str:
    from autofrotz.bench.curves import curves_png, html_page

    maxima = {r["game"]: r.get("max_score") for r in figures["per_game"]}
    label = figures.get("label", "built-in")
    images = [
        ("Score and spend over turns", curves_png({label: runs}, maxima)),
        ("Score over turns, per game", _score_plot(runs, figures)),
        ("Rooms, LLM calls and cost", _bars_plot(runs, figures)),
    ]
    return html_page("bench games", text, images)


def _score_plot(runs: list[dict[str, Any]], figures: dict[str, Any]) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [r["game"] for r in figures["per_game"]]
    cols = 5
    rows = max(1, (len(names) + cols - 1) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.2 * cols, 2.4 * rows), squeeze=False)
    for ax, name in zip(axes.flat, names, strict=False):
        for run in (r for r in runs if r["game"] == name):
            ax.plot(run["series_turn"], run["series_score"], linewidth=1)
        if NAIL.get(name.lower()) is not None:
            ax.axhline(NAIL[name.lower()], color="grey", linestyle="--", linewidth=0.8)
        ax.set_title(name, fontsize=9)
        ax.tick_params(labelsize=7)
    for ax in list(axes.flat)[len(names) :]:
        ax.axis("off")
    return png(fig)


def _bars_plot(runs: list[dict[str, Any]], figures: dict[str, Any]) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = figures["per_game"]
    names = [r["game"] for r in rows]
    fig, axes = plt.subplots(3, 1, figsize=(max(6, 0.45 * len(names)), 7), sharex=True)
    labels = ("rooms found (mean)", "LLM calls", "cost ($)")
    for ax, key, label in zip(axes, ("rooms", "llm_calls", "cost"), labels, strict=True):
        ax.bar(names, [r[key] for r in rows])
        ax.set_ylabel(label, fontsize=8)
    axes[-1].tick_params(axis="x", rotation=70, labelsize=7)
    return png(fig)


def run_figures(outcome: Any, args: argparse.Namespace, ledger: Any) -> dict[str, Any]:
    """How the runs were run: executor, concurrency, the runs' summed time, spend and budget."""
    return {
        "executor": args.executor,
        "concurrency": args.concurrency,
        "run_s_sum": round(sum(outcome.run_s), 1),
        "runs_played": len(outcome.run_s),
        "runs_not_started": outcome.not_started,
        "spent_usd": round(ledger.spent(), 6),
        "budget_usd": args.budget,
    }
