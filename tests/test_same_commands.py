"""`bench same-commands`: two recordings of the same code agree; a changed command is found and named."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from autofrotz.bench import same_commands as bench
from autofrotz.bench.command_diff import compare
from autofrotz.bench.command_record import load, save
from tests.orchestrator_support import ROOT, require_cellar

SMALL = ["--games", "cellar,mill", "--seeds", "1", "--turns", "20"]


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = bench.main([*SMALL, *args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_a_changed_command_is_found_and_a_second_recording_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    first, second, altered = tmp_path / "first.json", tmp_path / "second.json", tmp_path / "altered.json"
    code, figures = run_json(capsys, "--record", str(first))
    assert code == 0 and figures["runs"] == 2 and figures["commands"] == 40
    recorded = load(first)
    assert [r["game"] for r in recorded["runs"]] == ["cellar", "mill"]
    assert all(len(r["commands"]) == 20 == len(r["rules"]) for r in recorded["runs"])
    assert all(r["rules"][0] for r in recorded["runs"])  # the deciding rule's name leads the reasoning
    mill = recorded["runs"][1]
    mill["commands"][6] = "xyzzy"
    save(recorded, altered)
    code, figures = run_json(capsys, "--against", str(altered), "--record", str(second))
    assert code == 1
    assert (figures["runs"], figures["identical_runs"], figures["differing_runs"]) == (2, 1, 1)
    row = figures["per_run"][0]
    assert (row["game"], row["seed"], row["first_differing_turn"], row["before"]) == ("mill", 1, 7, "xyzzy")
    assert row["after"] == load(first)["runs"][1]["commands"][6] and row["after_rule"]
    assert compare(load(first), load(second))["same"]  # the same code, recorded twice, in two processes


def test_base_revision_is_recorded_in_a_worktree_then_cached(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    require_cellar()
    if subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True).returncode != 0:
        pytest.skip("not a git checkout")
    monkeypatch.chdir(ROOT)
    cache = tmp_path / "cache"
    args = ["--games", "cellar", "--seeds", "1", "--turns", "10", "--base", "HEAD", "--cache-dir", str(cache)]
    assert bench.main([*args, "--json"]) == 0
    out = capsys.readouterr()
    figures = json.loads(out.out)
    assert figures["same"] and figures["identical_runs"] == 1 and "temporary worktree" in out.err
    (cached,) = cache.iterdir()
    sha = bench.full_sha("HEAD")
    assert cached.name.startswith(sha) and load(cached)["revision"] == sha
    assert bench.main([*args, "--json"]) == 0
    assert "cached record" in capsys.readouterr().err


def test_an_unknown_revision_is_one_line() -> None:
    with pytest.raises(SystemExit, match="unknown git revision"):
        bench.full_sha("no-such-revision-anywhere")
