"""`bench games`: parallel runs recorded in one database, resume, crash isolation, figures and report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autofrotz.bench import games as bench
from autofrotz.bench import jobs
from autofrotz.bench.games_report import markdown
from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import ROOT, require_cellar

FIGURE_KEYS = {"mean_score", "runs", "per_game", "above_nail", "wall_s"}
ROW_KEYS = {"game", "mean_score", "max_score", "nail", "seeds", "turns", "llm_calls", "cost"}


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert bench.main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_runs_resumes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    require_cellar()
    db, reports = str(tmp_path / "b.db"), tmp_path / "reports"
    common = ["--games", "cellar", "--turns", "25", "--seeds", "2", "--db", db, "--report-dir", str(reports)]
    figures = run_main(capsys, *common, "--workers", "2")
    assert set(figures) >= FIGURE_KEYS
    assert figures["runs"] == 2
    row = figures["per_game"][0]
    assert set(row) >= ROW_KEYS
    assert row["game"] == "cellar" and row["max_score"] == 50 and row["llm_calls"] == 0
    # the truth beside the record: rooms really visited, read from the Z-machine by the worker
    assert row["split"] == "check" and row["kind"] == "own" and row["score_known"]
    assert row["true_rooms"] >= 2 and row["left_opening_room"] == 100.0
    assert row["walkthrough_leaves_early"] is True
    assert figures["median_true_rooms"] == row["true_rooms"] and figures["games_check"] == 1
    assert (tmp_path / "b.db.truth" / "cellar-s1-t25.json").is_file()
    with GameReader(db) as reader:
        listed = reader.list_games()
        assert sorted(g["seed"] for g in listed) == [1, 2]
        assert all(len(reader.turns(g["game_id"])) == 26 for g in listed)  # turn 0 plus 25 turns
    again = run_main(capsys, *common, "--workers", "1")
    assert again["runs"] == 2
    with GameReader(db) as reader:
        assert len(reader.list_games()) == 2  # finished runs were skipped, not replayed
    text = (reports / "games.md").read_text()
    assert "| cellar |" in text
    assert "data:image/png;base64," in (reports / "games.html").read_text()


def test_a_crashed_run_loses_only_itself(tmp_path: Path) -> None:
    require_cellar()
    db = str(tmp_path / "c.db")
    good = jobs.Job(str(ROOT / "games" / "cellar.z5"), 1, 10, db, None)
    broken = jobs.Job(str(tmp_path / "missing.z5"), 2, 10, db, None)
    bench.run_jobs([broken, good], workers=2, method="fork")
    assert list(jobs.finished_runs(db)) == [("cellar", 1, 10)]


def test_nail_comparison_counts() -> None:
    runs = [
        {
            "game": "zork1",
            "score": 40,
            "best_score": 40,
            "turns": 500,
            "rooms": 30,
            "llm_calls": 0,
            "cost": 0.0,
        },
        {"game": "ztuu", "score": 0, "best_score": 0, "turns": 500, "rooms": 5, "llm_calls": 0, "cost": 0.0},
    ]
    from autofrotz.bench.games_report import summary

    figures = summary(runs, [Path("games/zork1.z5"), Path("games/ztuu.z5")], 1, 500, 1.0)
    assert figures["above_nail"] == 1 and figures["nail_positive_games"] == 1
    assert figures["above_zero_where_nail_zero"] == 0 and figures["nail_zero_games"] == 1
    assert figures["zork1_mean_score"] == 40
    assert "| zork1 | 40 |" in markdown(figures)


def test_corpus_figures_split_dev_and_check() -> None:
    from autofrotz.bench.games_corpus import corpus_figures

    def row(game: str, split: str, kind: str, score: float, top: int | None, **more: object) -> dict:
        base = {"game": game, "split": split, "kind": kind, "mean_score": score, "max_score": top,
                "normalized_score": None if top is None else 100.0 * score / top, "seeds": 2,
                "true_rooms": 4.0, "left_opening_room": 100.0, "walkthrough_leaves_early": True,
                "quest_steps": None, "won_runs": 0}  # fmt: skip
        return base | more

    rows = [
        row("a", "dev", "story", 10, 100),
        row("b", "dev", "story", 0, 50, true_rooms=1.0, left_opening_room=0.0),
        row("c", "check", "story", 4, 100, true_rooms=12.0),
        row("d", "check", "story", 0, None),  # no known maximum: not among the games with a score
        row("t", "dev", "textworld", 1, 1, quest_steps=3, won_runs=1),
    ]
    figures = corpus_figures(rows)
    assert figures["games_dev"] == 3 and figures["games_check"] == 2
    assert figures["mean_normalized_score_dev"] == round((10 + 0 + 100) / 3, 2)
    assert figures["mean_normalized_score_check"] == 4.0
    assert figures["scored_share"] == 75.0  # a, c, t of a, b, c, t
    assert figures["median_true_rooms"] == 4.0
    assert figures["left_opening_room_where_walkthrough_does"] == 80.0
    assert figures["textworld_win_share"] == 50.0  # one of its two runs won
