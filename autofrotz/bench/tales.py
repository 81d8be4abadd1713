"""The TALES protocol of `bench games --protocol tales`, and the published figures it is read beside.

TALES (Microsoft, 2025) plays each Jericho game for 100 steps with seeds 1 to 5. A run's figure is the
highest score it reached over the game's maximum; a game's figure (`tales_game_score`) is the mean over
its seeds, and the benchmark's (`tales_score`) the mean over games, both 0 to 100. A game without a
known maximum has no figure and is listed as such. Deaths are handled as our game loop handles them
(restored to the last save, play goes on), where TALES's own loop may differ; the side questions the
scaffold asks in saved-and-restored copies of the interpreter cost no step, as they cost no turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from statistics import mean
from typing import Any

STEPS = 100
SEEDS = 5
GAMES_IN_TALES_JERICHO = 54

LEADERBOARD_SOURCE = (
    "TALES leaderboard, Jericho column (microsoft/tale-suite, 2025): a zero-shot model with the full "
    "history, no world model, 100 steps, 5 seeds, over 54 Jericho games"
)


@dataclass(frozen=True)
class Published:
    """One model's published TALES figure on the Jericho games (0 to 100)."""

    model: str
    jericho: float


LEADERBOARD: tuple[Published, ...] = (
    Published("o3", 16.1),
    Published("claude-3.7-sonnet", 13.0),
    Published("o1", 10.3),
    Published("claude-3.5-sonnet", 9.6),
    Published("gpt-4.1", 6.8),
    Published("Llama-3.1-405B", 6.1),
    Published("gpt-4o", 5.6),
    Published("gemini-2.0-flash", 5.4),
    Published("Qwen3-32B", 4.0),
)


def run_score(best: float | None, maximum: int | None) -> float | None:
    """One run's figure: the highest score reached over the maximum, 0 to 100 (a negative best is 0).

    >>> run_score(35, 350), run_score(-10, 100), run_score(5, None), run_score(400, 350)
    (10.0, 0.0, None, 100.0)
    """
    if not maximum or best is None:
        return None
    return 100.0 * min(1.0, max(0.0, best) / maximum)


def game_score(bests: list[float], maximum: int | None) -> float | None:
    """`tales_game_score`: the mean over seeds of each run's figure.

    >>> game_score([10, 0, 20], 100), game_score([], 100), game_score([3], None)
    (10.0, None, None)
    """
    figures = [f for f in (run_score(b, maximum) for b in bests) if f is not None]
    return round(mean(figures), 2) if figures else None


def declared_max_score(path: Path) -> int | None:
    """The maximum jericho declares for a story file (what TALES divides by), or None."""
    import warnings

    import jericho

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            env = jericho.FrotzEnv(str(path))
        except Exception:  # jericho raises bare exceptions for stories it does not know
            return None
        try:
            return int(env.get_max_score()) or None
        except Exception:
            return None
        finally:
            env.close()


def tales_rows(runs: list[dict[str, Any]], rows: list[dict[str, Any]], games: list[Path]) -> None:
    """Add `tales_game_score` (and the runs' highest scores) to each per-game row; a game whose
    maximum our manifest does not know takes the one jericho declares (`max_score_from`)."""
    paths = {g.stem: g for g in games}
    for row in rows:
        if not row.get("max_score") and row["game"] in paths:
            row["max_score"] = declared_max_score(paths[row["game"]])
            row["max_score_from"] = "jericho" if row["max_score"] else None
        bests = [r["best_score"] for r in runs if r["game"] == row["game"]]
        row["best_scores"] = bests
        row["tales_game_score"] = game_score(bests, row.get("max_score"))


def tales_figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The top-level TALES figures from per-game rows that carry `tales_game_score`."""
    scored = [r["tales_game_score"] for r in rows if r.get("tales_game_score") is not None]
    return {
        "protocol": "tales",
        "tales_score": round(mean(scored), 2) if scored else None,
        "tales_games": len(scored),
        "tales_games_without_max_score": [r["game"] for r in rows if r.get("tales_game_score") is None],
        "tales_source": LEADERBOARD_SOURCE,
        "published": [{"model": p.model, "tales_score": p.jericho} for p in LEADERBOARD],
    }


def gain(scaffold: float | None, plain: float | None) -> float | None:
    """`scaffold_gain`: the scaffold's figure over the plain one (None where plain scored nothing).

    >>> gain(6.0, 3.0), gain(2.0, 0.0), gain(None, 1.0)
    (2.0, None, None)
    """
    if scaffold is None or not plain:
        return None
    return round(scaffold / plain, 3)


def leaderboard_markdown(ours: list[tuple[str, float | None]], games: int) -> str:
    """Our figures beside the published leaderboard, highest first, with the source."""
    entries = [(f"{p.model} (published)", p.jericho) for p in LEADERBOARD]
    entries += [(f"**{label} (ours)**", value) for label, value in ours if value is not None]
    entries.sort(key=lambda e: -e[1])
    lines = ["| model | TALES Jericho score (%) |", "|---|---:|"]
    lines += [f"| {name} | {value:.1f} |" for name, value in entries]
    note = (
        f"Published: {LEADERBOARD_SOURCE}. Ours: the same protocol on the {games} game(s) played here "
        "that have a known maximum score; deaths as our game loop handles them (restored to the last "
        "save, play goes on); the scaffold's side questions in saved-and-restored copies of the "
        "interpreter are not counted as steps."
    )
    return "\n".join(lines) + "\n\n" + note + "\n"
