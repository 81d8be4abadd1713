"""The plots and tables the `bench games` reports share: score and spend over turns per configuration,
and per game our figures beside the published ones."""

from __future__ import annotations

import base64
import html
import io
from statistics import mean
from typing import Any

from autofrotz.bench.jobs import nail_of


def mean_curve(series: list[list[float]]) -> list[float]:
    """The mean at each turn over the runs that reached it.

    >>> mean_curve([[0, 2, 4], [0, 4]])
    [0.0, 3.0, 4.0]
    """
    longest = max((len(s) for s in series), default=0)
    return [float(mean(s[i] for s in series if len(s) > i)) for i in range(longest)]


def normalized(run: dict[str, Any], maximum: int | None) -> list[float]:
    """A run's score after each turn as a share of the game's maximum (0 to 100; raw without one)."""
    scale = 100.0 / maximum if maximum else 1.0
    return [max(0.0, s) * scale for s in run["series_score"]]


def curves_png(by_config: dict[str, list[dict[str, Any]]], maxima: dict[str, int | None]) -> str:
    """Two panels, one line per configuration: mean score (% of maximum) and mean spend over turns."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (score_ax, spend_ax) = plt.subplots(1, 2, figsize=(11, 3.8))
    top_score, top_spend = 1.0, 0.01
    for label, runs in by_config.items():
        scores = mean_curve([normalized(r, maxima.get(r["game"])) for r in runs])
        spend = mean_curve([r.get("series_cost") or [0.0] for r in runs])
        score_ax.plot(scores, label=label)
        spend_ax.plot(spend, label=label)
        top_score, top_spend = max(top_score, *scores, 0.0), max(top_spend, *spend, 0.0)
    score_ax.set_ylim(0, 1.1 * top_score)
    spend_ax.set_ylim(0, 1.1 * top_spend)
    score_ax.set(title="Score over turns (mean over runs)", xlabel="turn", ylabel="% of the maximum")
    spend_ax.set(title="Spend over turns (mean over runs)", xlabel="turn", ylabel="US dollars")
    for ax in (score_ax, spend_ax):
        ax.legend(fontsize=8)
    return png(fig)


def png(fig: Any) -> str:
    """A matplotlib figure as base64 PNG, closed afterwards."""
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80, bbox_inches="tight")
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def per_game_markdown(rows: list[dict[str, Any]], labels: list[str]) -> str:
    """Per game: each configuration's TALES figure, the scaffold's gain (when rows carry one), and NAIL's
    published score (measured by the Jericho paper under its own protocol).

    >>> print(per_game_markdown([{"game": "zork1", "max_score": 350, "a": 2.0, "scaffold_gain": None}],
    ...     ["a"]).splitlines()[2])
    | zork1 | 350 | 2.0 | - | 10.3 (2.9%) |
    """
    gains = any("scaffold_gain" in row for row in rows)
    columns = [*labels, *(["scaffold gain"] if gains else [])]
    head = "| game | max | " + " | ".join(columns) + " | NAIL, published (own protocol; % of max) |"
    lines = [head, "|---|---:|" + "---:|" * (len(columns) + 1)]
    for row in rows:
        cells = [_cell(row.get(label)) for label in labels]
        cells += [_cell(row.get("scaffold_gain"))] if gains else []
        lines.append(
            f"| {row['game']} | {row.get('max_score') or '?'} | {' | '.join(cells)} | "
            f"{_nail(row['game'], row.get('max_score'))} |"
        )
    return "\n".join(lines) + "\n"


def _nail(game: str, maximum: int | None) -> str:
    score = nail_of(game)
    if score is None:
        return "-"
    return f"{score} ({100 * score / maximum:.1f}%)" if maximum else str(score)


def _cell(value: Any) -> str:
    return "-" if value is None else str(value)


def html_page(title: str, markdown_text: str, images: list[tuple[str, str]]) -> str:
    """A self-contained page: the Markdown as preformatted text, then the plots."""
    body = f"<h1>{html.escape(title)}</h1><pre>{html.escape(markdown_text)}</pre>"
    for caption, data in images:
        name = html.escape(caption)
        body += f"<h2>{name}</h2><img alt='{name}' src='data:image/png;base64,{data}'>"
    head = f"<meta charset='utf-8'><title>{html.escape(title)}</title>"
    return f"<!doctype html><html><head>{head}</head><body>{body}</body></html>"
