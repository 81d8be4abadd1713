"""`bench games --protocol tales`: the TALES figures, configurations at once, a budget, runs brought back."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from autofrotz.bench import games as bench
from autofrotz.bench import jobs
from autofrotz.bench.tales import LEADERBOARD_SOURCE
from tests.bench_support import record
from tests.orchestrator_support import ROOT, require_cellar

ROLES = ("game_agent", "puzzle_agent", "map_parser", "item_parser")


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert bench.main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def write_config(path: Path, plain: bool = False, latency: float = 0.0, price: float = 1.0) -> str:
    """The fake model on the game agent (in plain mode, or with the scaffold's roles too)."""
    roles = ("game_agent",) if plain else ROLES
    agents: dict[str, Any] = {role: {"provider": "fake", "model": "fake-m"} for role in roles}
    if plain:
        agents["game_agent"]["mode"] = "plain"
    raw = {
        "agents": agents,
        "providers": {"fake": {"latency_s": latency}},
        "prices": {"fake-m": {"input": price, "output": 4 * price}},
        "web_server": {"enabled": False},
    }
    path.write_text(json.dumps(raw))
    return str(path)


def test_tales_figures_and_the_published_leaderboard(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    require_cellar()
    reports = tmp_path / "reports"
    args = ["--games", "cellar", "--protocol", "tales", "--seeds", "2", "--db", str(tmp_path / "t.db")]
    figures = run_main(capsys, *args, "--report-dir", str(reports))
    (row,) = figures["per_game"]
    assert figures["turns"] == 100 and row["seeds"] == 2  # the protocol's 100 steps
    assert row["max_score"] == 50 and len(row["best_scores"]) == 2
    # A run's figure is the highest score reached over the maximum; the game's is their mean.
    assert row["tales_game_score"] == pytest.approx(sum(100 * b / 50 for b in row["best_scores"]) / 2)
    assert figures["tales_score"] == row["tales_game_score"] > 0
    assert {"model": "o3", "tales_score": 16.1} in figures["published"]
    text = (reports / "games.md").read_text()
    assert "| o3 (published) | 16.1 |" in text and LEADERBOARD_SOURCE in text
    assert f"| **built-in (ours)** | {figures['tales_score']:.1f} |" in text
    assert "restored to the last save" in text  # how deaths were handled, said in the report
    page = (reports / "games.html").read_text()
    assert page.count("data:image/png;base64,") == 3 and "Score and spend over turns" in page


def test_configs_at_once_overlap_and_equal_one_at_a_time(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    require_cellar()
    scaffold = write_config(tmp_path / "scaffold.json", latency=0.25)
    plain = write_config(tmp_path / "plain.json", plain=True, latency=0.25)
    common = ["--games", "cellar", "--configs", f"{scaffold},{plain}", "--protocol", "tales"]
    common += ["--seeds", "2", "--turns", "6", "--report-dir", str(tmp_path / "reports")]
    many = run_main(capsys, *common, "--concurrency", "8", "--db", str(tmp_path / "c8.db"))
    one = run_main(capsys, *common, "--concurrency", "1", "--db", str(tmp_path / "c1.db"), "--no-report")
    assert many["runs_played"] == one["runs_played"] == 4
    # The runs wait on the (simulated) network, so at once they overlap: the wall time is well under
    # the sum of the runs' own times.
    assert many["wall_s"] < 0.6 * many["run_s_sum"]
    assert one["wall_s"] >= 0.9 * one["run_s_sum"]
    assert many["per_config"] == one["per_config"] and many["per_game"] == one["per_game"]
    rows = {r["config"]: r for r in many["per_config"]}
    assert rows["plain"]["plain"] and not rows["scaffold"]["plain"]
    assert "tales_score" in rows["plain"] and "scaffold_gain" in rows["scaffold"]
    assert {p["role"] for p in rows["plain"]["per_role"]} == {"game_agent"}
    page = (tmp_path / "reports" / "configs.html").read_text()
    assert "data:image/png;base64," in page and "| o3 (published) | 16.1 |" in page
    assert (
        "| game | max | scaffold | plain | scaffold gain |"
        in (tmp_path / "reports" / "configs.md").read_text()
    )


def test_the_budget_stops_the_benchmark_and_a_resume_finishes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    require_cellar()
    config = write_config(tmp_path / "dear.json", price=2000.0)  # about a dollar a turn
    args = ["--games", "cellar", "--seeds", "2", "--turns", "6", "--concurrency", "1", "--no-report"]
    args += ["--config", config, "--db", str(tmp_path / "b.db")]
    stopped = run_main(capsys, *args, "--budget", "3")
    assert stopped["runs"] == 0 and stopped["runs_not_started"] == 1
    assert 3 <= stopped["spent_usd"] < 6  # the first run stopped itself at what was left
    done = run_main(capsys, *args, "--budget", "1000")
    assert done["runs"] == 2 and done["runs_not_started"] == 0
    assert done["spent_usd"] > stopped["spent_usd"]


def test_a_run_played_elsewhere_comes_back_as_the_same_record(tmp_path: Path) -> None:
    """The Ray task's body and the driver's copy, without Ray: the record equals a local run's."""
    require_cellar()
    from autofrotz.bench.executors import Ledger, run_local
    from autofrotz.bench.ray_executor import bring_back, play_elsewhere

    story = str(ROOT / "games" / "cellar.z5")
    here, there = str(tmp_path / "here.db"), str(tmp_path / "there.db")
    run_local([jobs.Job(story, 1, 15, here, None)], 1, "fork", Ledger())
    job = jobs.Job(story, 1, 15, there, None)
    bring_back(job, play_elsewhere(job, Path(story).read_bytes(), None, os.getcwd()))
    local, remote = record(here), record(there)
    assert list(local) == list(remote) == [("cellar", 1)]
    assert local[("cellar", 1)]["counts"]["interpreter_states"] > 0
    local[("cellar", 1)]["config"].pop("database_path")
    remote[("cellar", 1)]["config"].pop("database_path")
    assert local == remote
    assert jobs.finished_runs(there) == {("cellar", 1, 15): 1}
    assert (tmp_path / "there.db.truth" / "cellar-s1-t15.json").is_file()


def test_a_provider_cap_keeps_its_runs_within_it(tmp_path: Path) -> None:
    from autofrotz.bench.executors import Ledger, ProviderCaps, next_launch

    capped = json.loads(Path(write_config(tmp_path / "capped.json")).read_text())
    capped["providers"]["fake"]["max_concurrent_runs"] = 1
    (tmp_path / "capped.json").write_text(json.dumps(capped))
    capped_job = jobs.Job("cellar.z5", 1, 5, "x.db", str(tmp_path / "capped.json"))
    builtin_job = jobs.Job("cellar.z5", 2, 5, "x.db", None)
    caps, pending = ProviderCaps(), [capped_job, builtin_job]
    # One run of the capped provider is running: the next one waits, a built-in run goes first.
    assert next_launch(pending, [capped_job], 8, Ledger(), caps) == builtin_job
    assert next_launch(pending, [capped_job, builtin_job], 8, Ledger(), caps) is None
    assert next_launch(pending, [], 8, Ledger(), caps) == capped_job and pending == []


def test_bad_numbers_get_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "never.db")
    with pytest.raises(SystemExit) as stopped:  # argparse's one line, from the count type
        bench.main(["--games", "cellar", "--concurrency", "0", "--db", db])
    assert stopped.value.code == 2
    assert "--concurrency/--workers: '0' is not a whole number" in capsys.readouterr().err
    assert bench.main(["--games", "cellar", "--budget", "-1", "--db", db]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["bench games: --budget must be a positive number of US dollars"]
    assert not Path(db).exists()
