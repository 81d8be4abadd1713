"""The report of `bench games --configs A,B`: configs.md and configs.html (with plots)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from autofrotz.bench.curves import curves_png, html_page, per_game_markdown


def configs_markdown(table: str, result: dict[str, Any]) -> str:
    """The side-by-side table, then (TALES protocol) the leaderboard and the per-game table."""
    text = f"# Configurations side by side\n\n{table}"
    if result.get("protocol") != "tales":
        return text
    from autofrotz.bench.tales import leaderboard_markdown

    games = max((f["tales_games"] for f in result["by_config"].values()), default=0)
    ours = [(r["config"], r.get("tales_score")) for r in result["per_config"]]
    return (
        text
        + "\n## TALES protocol beside the published figures\n\n"
        + leaderboard_markdown(ours, games)
        + "\n## Per game (tales_game_score, 0-100)\n\n"
        + per_game_markdown(result["per_game"], result["configs"])
    )


def write_configs_report(out: Path, table: str, result: dict[str, Any]) -> Path:
    """Write configs.md and configs.html; returns the HTML page's path."""
    out.mkdir(parents=True, exist_ok=True)
    text = configs_markdown(table, result)
    (out / "configs.md").write_text(text, encoding="utf-8")
    maxima = {g["game"]: g.get("max_score") for g in result["per_game"]}
    image = curves_png(result["runs_by_config"], maxima)
    page = out / "configs.html"
    page.write_text(html_page("bench games: configurations", text, [("Per configuration", image)]))
    return page
