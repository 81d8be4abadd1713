"""`bench games --executor ray` on a local Ray instance: the same record as the default executor.

Ray is optional (requirements-ray.txt): without it these tests are skipped; CI installs it and runs them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autofrotz.bench import games as bench
from tests.bench_support import record
from tests.orchestrator_support import require_cellar

ray = pytest.importorskip("ray", reason="Ray is optional: .venv/bin/pip install -r requirements-ray.txt")


@pytest.fixture(scope="module", autouse=True)
def local_instance() -> object:
    yield
    ray.shutdown()


def test_ray_gives_the_same_record_as_the_local_executor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    common = ["--games", "cellar", "--turns", "15", "--seeds", "2", "--no-report", "--json"]
    local_db, ray_db = str(tmp_path / "local.db"), str(tmp_path / "ray.db")
    assert bench.main([*common, "--db", local_db]) == 0
    local = json.loads(capsys.readouterr().out)
    assert bench.main([*common, "--db", ray_db, "--executor", "ray", "--concurrency", "2"]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert remote["executor"] == "ray" and remote["runs_played"] == 2
    for figures in (local, remote):
        for key in ("wall_s", "run_s_sum", "executor"):
            figures.pop(key)
    assert local == remote  # the figures, the truth files beside the record included
    a, b = record(local_db), record(ray_db)
    for run in (*a.values(), *b.values()):
        run["config"].pop("database_path")
    assert a == b and len(a) == 2
    # A stopped benchmark resumes: the finished runs brought back are skipped.
    assert bench.main([*common, "--db", ray_db, "--executor", "ray"]) == 0
    assert "resuming: 2 finished runs" in capsys.readouterr().err
