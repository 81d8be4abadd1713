"""`bench games` over the wider corpus: dev and check, true rooms, leaving the opening room, wins.

Adds to each per-game row its split and kind, the true rooms visited (from the Z-machine, not our
map), the normalized score where the score is known, and whether the runs left the opening room;
then the top-level figures of FIGURES.md ("bench games (wider corpus)") with the issue's targets.
"""

from __future__ import annotations

from pathlib import Path
from statistics import mean, median
from typing import Any

from autofrotz.bench.games_truth import read_truth, walkthrough_leaves_early

TEXTWORLD_SHORT_QUEST = 5  # quests of at most this many steps count for textworld_win_share
TARGETS = {
    "median_true_rooms": 8,
    "scored_share": 60.0,
    "textworld_win_share": 50.0,
    "check_to_dev_ratio": 80.0,
    "left_opening_room_where_walkthrough_does": 100.0,
}


def attach_truth(runs: list[dict[str, Any]], db: str, turns: int) -> None:
    """Give each run the truth its worker wrote (None where there is none)."""
    for run in runs:
        run["truth"] = read_truth(db, run["game"], run["seed"], turns)


def corpus_rows(rows: list[dict[str, Any]], runs: list[dict[str, Any]], games: list[Path]) -> None:
    """Add split, kind, true rooms, normalized score and opening-room figures to each row."""
    from autofrotz.evals.corpus import CorpusGame, corpus

    known: dict[str, CorpusGame] = {g.name.lower(): g for g in corpus(games[0].parent)} if games else {}
    for row in rows:
        entry = known.get(row["game"].lower())
        mine = [r for r in runs if r["game"] == row["game"]]
        truths = [r["truth"] for r in mine if r.get("truth")]
        if entry and not row.get("max_score"):
            row["max_score"] = entry.max_score
        row["split"] = entry.split if entry else _split(row["game"])
        row["kind"] = entry.kind if entry else "other"
        row["quest_steps"] = len(entry.walkthrough) if entry and entry.walkthrough else None
        row["true_rooms"] = round(mean(t["true_rooms"] for t in truths), 1) if truths else None
        row["left_opening_room"] = (
            round(100.0 * sum(bool(t["left_opening_room"]) for t in truths) / len(truths), 1)
            if truths
            else None
        )
        row["score_known"] = any(t["score_known"] for t in truths)
        row["normalized_score"] = _normalized(row)
        row["won_runs"] = sum(1 for r in mine if r.get("status") == "won")
        row["walkthrough_leaves_early"] = (
            walkthrough_leaves_early(entry.path, entry.walkthrough) if entry and entry.walkthrough else None
        )


def corpus_figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The wider-corpus top-level figures, each with its target where the issue sets one."""
    scored_games = [r for r in rows if r["normalized_score"] is not None]
    dev = [r["normalized_score"] for r in scored_games if r["split"] == "dev"]
    check = [r["normalized_score"] for r in scored_games if r["split"] == "check"]
    rooms = [r["true_rooms"] for r in rows if r["true_rooms"] is not None]
    left = [r["left_opening_room"] for r in rows if r["left_opening_room"] is not None]
    early = [r for r in rows if r["walkthrough_leaves_early"] and r["left_opening_room"] is not None]
    quests = [
        r for r in rows if r["kind"] == "textworld" and (r["quest_steps"] or 99) <= TEXTWORLD_SHORT_QUEST
    ]
    figures: dict[str, Any] = {
        "games_dev": sum(1 for r in rows if r["split"] == "dev"),
        "games_check": sum(1 for r in rows if r["split"] == "check"),
        "mean_normalized_score": _mean(r["normalized_score"] for r in scored_games),
        "mean_normalized_score_dev": _mean(dev),
        "mean_normalized_score_check": _mean(check),
        "check_to_dev_ratio": round(100.0 * mean(check) / mean(dev), 1)
        if dev and check and mean(dev)
        else None,
        "games_with_score": len(scored_games),
        "scored_share": _share(sum(1 for r in scored_games if r["mean_score"] > 0), len(scored_games)),
        "median_true_rooms": median(rooms) if rooms else None,
        "left_opening_room_share": _mean(left),
        "left_opening_room_where_walkthrough_does": _share(
            sum(1 for r in early if r["left_opening_room"] == 100.0), len(early)
        ),
        "walkthrough_leaves_early_games": len(early),
        "textworld_win_share": _share(sum(r["won_runs"] for r in quests), sum(r["seeds"] for r in quests)),
        "textworld_short_quest_games": len(quests),
    }
    figures.update({f"target_{k}": v for k, v in TARGETS.items()})
    return figures


def _normalized(row: dict[str, Any]) -> float | None:
    """Mean score over the maximum, times 100, where both are known."""
    if not row.get("max_score") or not row.get("score_known"):
        return None
    return round(100.0 * row["mean_score"] / row["max_score"], 2)


def _split(name: str) -> str:
    from autofrotz.evals.corpus import split_of

    return split_of(name)


def _mean(values: Any) -> float | None:
    found = [v for v in values if v is not None]
    return round(mean(found), 2) if found else None


def _share(part: int, whole: int) -> float | None:
    """part of whole as 0 to 100.

    >>> _share(1, 4), _share(0, 0)
    (25.0, None)
    """
    return round(100.0 * part / whole, 1) if whole else None
