"""Request bodies are bounded and the command check keeps no long text; beyond loopback only the
machine's own names and IP addresses are served as Host (issue 35, points 8 and 9), on real servers."""

from __future__ import annotations

import contextlib
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from autofrotz.control import GameControl
from autofrotz.storage.database import Database
from autofrotz.storage.models import Game
from autofrotz.web.guard import MAX_BODY_BYTES
from autofrotz.web.live import LiveHub
from autofrotz.web.runner import WebServerHandle, start_web_server
from autofrotz.words.commands import ForbiddenCommandError, check_command

MB = 1024 * 1024


def _rss_mb() -> float:
    return int(Path("/proc/self/statm").read_text().split()[1]) * 4096 / MB


def _served(tmp_path: Path, host: str) -> Iterator[WebServerHandle]:
    db = tmp_path / "w.db"
    with Database(db) as database:
        database.create_game(Game(None, "cellar.z5", "2026-01-01T00:00:00"))
    handle = start_web_server(db, host=host, port=0, hub=LiveHub(queue_size=8))
    handle.hub.register_control(1, GameControl())
    yield handle
    handle.stop()


@pytest.fixture
def loopback(tmp_path: Path) -> Iterator[WebServerHandle]:
    yield from _served(tmp_path, "127.0.0.1")


@pytest.fixture
def everywhere(tmp_path: Path) -> Iterator[WebServerHandle]:
    yield from _served(tmp_path, "0.0.0.0")


def test_a_large_body_is_refused_before_it_is_read_whole(loopback: WebServerHandle) -> None:
    url = loopback.url + "api/games/1/control"
    with httpx.Client(timeout=30) as client:
        assert client.post(url, json={"action": "command", "command": "open mailbox"}).status_code == 200
        before = _rss_mb()
        for _ in range(30):
            big = client.post(url, content=json.dumps({"action": "command", "command": "x" * MB}))
            assert big.status_code == 413 and str(MAX_BODY_BYTES) in big.json()["error"]
    assert _rss_mb() - before < 40  # 30 MB sent; refused bodies are not kept


def test_the_command_check_keeps_no_long_command() -> None:
    before = _rss_mb()
    for n in range(300):
        with contextlib.suppress(ForbiddenCommandError):
            check_command(f"take {n} " + "x" * MB)
    assert _rss_mb() - before < 40  # 300 MB of distinct commands; the cache holds their short forms


def _get(handle: WebServerHandle, host: str) -> int:
    netloc = urlsplit(handle.url).netloc
    port = netloc.rsplit(":", 1)[1]
    response = httpx.get(f"http://127.0.0.1:{port}/api/games", headers={"host": host}, timeout=30)
    return response.status_code


def test_beyond_loopback_a_foreign_name_is_refused(everywhere: WebServerHandle) -> None:
    port = urlsplit(everywhere.url).netloc.rsplit(":", 1)[1]
    assert _get(everywhere, f"rebind.attacker.example:{port}") == 403
    assert _get(everywhere, f"127.0.0.1:{port}") == 200
    assert _get(everywhere, f"{socket.gethostname()}:{port}") == 200
    assert _get(everywhere, f"192.168.7.20:{port}") == 200  # an address is not a DNS name to rebind
