"""`python main.py serve` and the background runner main.py uses while a game plays."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from support.recorded_game import build_recorded_game

from autofrotz.config import WebServerConfig
from autofrotz.web.live import default_hub
from autofrotz.web.runner import WebServerError, start_from_config, start_web_server

REPO = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_runner_serves_in_background_and_shares_the_default_hub(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    build_recorded_game(db, turns=3)
    handle = start_from_config(WebServerConfig(port=free_port()), db)
    try:
        assert handle.hub is default_hub() and handle.hub.attached
        assert httpx.get(handle.url + "api/games/1/turns/3").json()["command"] == "down"
    finally:
        handle.stop()
    assert not handle.thread.is_alive()


def test_runner_reports_a_taken_port(tmp_path: Path) -> None:
    first = start_web_server(tmp_path / "none.db", port=0)
    port = int(first.url.rstrip("/").rsplit(":", 1)[1])
    try:
        with pytest.raises(WebServerError, match=str(port)):
            start_web_server(tmp_path / "none.db", port=port)
    finally:
        first.stop()


def test_serve_command_serves_recorded_games(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    build_recorded_game(db, turns=5)
    port = free_port()
    cmd = [sys.executable, "main.py", "serve", "--db", str(db), "--port", str(port)]
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        games = wait_for_json(f"http://127.0.0.1:{port}/api/games", proc)
        assert [g["total_turns"] for g in games] == [5]
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def wait_for_json(url: str, proc: subprocess.Popen[str], timeout: float = 20.0) -> list[dict[str, object]]:
    """GET url once the server listens (fails if the process exits first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else "serve exited"
        try:
            return httpx.get(url, timeout=2).json()  # type: ignore[no-any-return]
        except httpx.TransportError:
            time.sleep(0.1)
    raise AssertionError(f"serve did not answer at {url} within {timeout} s")
