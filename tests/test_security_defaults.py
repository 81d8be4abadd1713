"""Security defaults: the monitor listens on 127.0.0.1, keys never reach the record or the logs, and
text from a model reaches the interpreter only as one plain command.

The key test runs a real main.py against the fake OpenAI-compatible server with a key in the
environment, then searches every byte of the SQLite files and the captured output for it.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from autofrotz.backends.jericho_backend import JerichoBackend
from autofrotz.config import Config, WebServerConfig, load_config
from autofrotz.session import Session
from autofrotz.storage.reader import GameReader
from autofrotz.web.runner import start_from_config
from autofrotz.words.commands import forbidden_verb
from tests.orchestrator_support import ROOT, require_cellar
from tests.support.fake_openai_server import FakeOpenAIServer

KEY = "sk-autofrotz-test-0123456789abcdefSECRET"
LITERAL_KEY = "sk-written-in-config-9876543210SECRET"
KEY_ENV = "AUTOFROTZ_TEST_LOCAL_KEY"


def listening_hosts(port: int) -> set[str]:
    """Local addresses with a listening TCP socket on port, from /proc/net/tcp{,6}."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(table):
            continue
        for row in Path(table).read_text().splitlines()[1:]:
            local, state = row.split()[1], row.split()[3]
            address, hex_port = local.rsplit(":", 1)
            if state == "0A" and int(hex_port, 16) == port:
                found.add(address)
    return found


LOOPBACK = "0100007F"  # 127.0.0.1 as /proc/net/tcp writes it


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_defaults_bind_the_loopback_interface_only() -> None:
    assert Config().web_server.host == "127.0.0.1" == WebServerConfig().host
    assert load_config(ROOT / "config.json").web_server.host == "127.0.0.1"
    if not Path("/proc/net/tcp").exists():
        pytest.skip("no /proc/net/tcp to read listening sockets from")
    handle = start_from_config(WebServerConfig(port=0), ":memory:")
    try:
        port = int(handle.url.rstrip("/").rsplit(":", 1)[1])
        assert listening_hosts(port) == {LOOPBACK}
    finally:
        handle.stop()


def test_serve_command_binds_loopback_by_default(tmp_path: Path) -> None:
    if not Path("/proc/net/tcp").exists():
        pytest.skip("no /proc/net/tcp to read listening sockets from")
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"database_path": str(tmp_path / "g.db")}))  # no web_server section
    port = free_port()
    cmd = [sys.executable, str(ROOT / "main.py"), "serve", "--config", str(config), "--port", str(port)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        while not listening_hosts(port) and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert listening_hosts(port) == {LOOPBACK}
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def sent_headers(server: FakeOpenAIServer) -> list[dict[str, str]]:
    return [r["headers"] for r in server.requests]


def agent_reply(command: str) -> str:
    return json.dumps({"reasoning": "try it", "command": command, "risky": False})


def local_config(tmp_path: Path, base_url: str, max_turns: int) -> Path:
    provider = {"base_url": base_url, "provider_type": "openai", "api_key_env": KEY_ENV, "max_retries": 0}
    unused = {"base_url": base_url, "provider_type": "openai", "api_key": LITERAL_KEY}
    config = {
        "game_file": "cellar",
        "database_path": str(tmp_path / "g.db"),
        "max_turns": max_turns,
        "hooks": [],
        "web_server": {"enabled": False},
        "agents": {"game_agent": {"provider": "local", "model": "fake-model"}},
        "providers": {"local": provider, "spare": unused},
        "prices": {"fake-model": {"input": 1.0, "output": 1.0}},
    }
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    return path


def test_api_keys_never_reach_the_database_or_the_output(tmp_path: Path) -> None:
    require_cellar()
    with FakeOpenAIServer() as server:
        server.enqueue(*[agent_reply(c) for c in ("look", "w", "s", "inventory", "e", "look")] * 5)
        config = local_config(tmp_path, server.base_url, max_turns=6)
        env = {**os.environ, KEY_ENV: KEY, "OPENAI_LOG": "debug"}  # the SDK's own debug log too
        done = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--config", str(config), "--no-web"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        auth = {h.get("Authorization") or h.get("authorization") for h in sent_headers(server)}
    assert done.returncode == 0, done.stderr
    assert auth == {f"Bearer {KEY}"}  # the key was really used, so its absence below means something
    assert len(GameReader(tmp_path / "g.db").llm_calls(1)) >= 6
    for secret in (KEY, LITERAL_KEY):
        assert secret not in done.stdout and secret not in done.stderr
        for stored in (p for p in tmp_path.rglob("g.db*") if p.is_file()):  # the locks folder too
            assert secret.encode() not in stored.read_bytes(), stored.name
    assert '"api_key": "[redacted]"' in GameReader(tmp_path / "g.db").game(1)["config_json"]


class RecordingJericho(JerichoBackend):
    """Jericho that remembers every command that reached the interpreter itself."""

    def __init__(self, path: Path, seed: int | None) -> None:
        super().__init__(path, seed)
        self.raw: list[str] = []

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        self.raw.append(command)
        return super()._step(command)


NASTY = [
    "take apple. quit",
    "\\restore",
    "look\nsave",
    "w; restart",
    "open door then script on",
    "x " * 400,
    "examine \x1b[2Jdoor\r\nunscript",
    "SAVE",
]


def test_model_text_reaches_the_interpreter_as_one_plain_command_only(tmp_path: Path) -> None:
    require_cellar()
    from autofrotz.games import resolve_game

    with FakeOpenAIServer() as server:
        server.enqueue(*[agent_reply(c) for c in NASTY])
        config = load_config(local_config(tmp_path, server.base_url, max_turns=len(NASTY)))
        game = RecordingJericho(resolve_game("cellar"), config.seed)
        os.environ[KEY_ENV] = KEY
        try:
            with Session.open(config, web=False, console=False, game=game) as session:
                session.play()
        finally:
            del os.environ[KEY_ENV]
    assert len(game.raw) >= len(NASTY)  # side queries go through the same door
    for command in game.raw:
        assert command.isascii() and command.isprintable() and "\\" not in command, command
        assert len(command) <= 120 and forbidden_verb(command) is None, command
        assert not any(sep in command for sep in (".", ";", " then ")), command
    turns = GameReader(tmp_path / "g.db").turns(1)[1:]
    assert all(t["command"] in game.raw for t in turns)  # the record shows what the interpreter got
    assert turns[6]["command"] == "examine [2jdoor"
    for i in (0, 1, 3, 4, 7):  # a control verb anywhere refuses the whole command, and the turn says so
        assert turns[i]["command"] == "look" and "command" in turns[i]["reasoning"], turns[i]


def test_only_the_interface_layer_steps_the_interpreter() -> None:
    """Outside game_interface/backends (and the raw-jericho benchmark, and set-up's TextWorld truth
    files, written by TextWorld's own state tracking) nothing steps an interpreter."""
    allowed = {"game_interface.py", "backends", "bench/interface.py", "textworld_games.py"}
    offenders = []
    for path in (ROOT / "autofrotz").rglob("*.py"):
        rel = path.relative_to(ROOT / "autofrotz").as_posix()
        if rel in allowed or rel.split("/")[0] in allowed:
            continue
        text = path.read_text(encoding="utf-8")
        if any(call in text for call in ("._step(", "env.step(", "dfrotz_command(", ".stdin.write(")):
            offenders.append(rel)
    assert offenders == []
