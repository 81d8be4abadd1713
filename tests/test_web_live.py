"""Live WebSocket: history then live turns, two clients, reconnects without gaps, a stalled client.

Live tests run against a real uvicorn server (port 0) so the stalled client exercises real TCP
back-pressure; the finished-game stream uses FastAPI's TestClient.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from support.recorded_game import LivePlayer, build_recorded_game
from websockets.sync.client import ClientConnection, connect

from autofrotz.hooks.base import GameStart, PuzzleSolved, TurnEnd
from autofrotz.web.live import LiveHub, WebMonitor, event_message
from autofrotz.web.runner import WebServerHandle, start_web_server
from autofrotz.web.server import create_app

LOCAL = "http://127.0.0.1"  # the monitor serves loopback Host names only

RECV_TIMEOUT = 15.0


def ws_url(handle: WebServerHandle, game_id: int, after: int | None = None) -> str:
    base = handle.url.replace("http://", "ws://") + f"ws/live/{game_id}"
    return base if after is None else f"{base}?after={after}"


def read_until(ws: ClientConnection, last_turn: int, seen: list[int], end: bool = False) -> list[str]:
    """Receive messages, recording turn numbers, until last_turn (and game_end if asked) arrived."""
    kinds: list[str] = []
    while not (seen and seen[-1] >= last_turn and (not end or "game_end" in kinds)):
        msg: dict[str, Any] = json.loads(ws.recv(timeout=RECV_TIMEOUT))
        kinds.append(msg["type"])
        if msg["type"] == "turns":
            seen.extend(t["turn_number"] for t in msg["turns"])
        elif msg["type"] == "turn":
            seen.append(msg["turn_number"])
    return kinds


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[WebServerHandle, Path]]:
    db = tmp_path / "live.db"
    build_recorded_game(db, turns=1)  # creates the file so the server has something to read
    handle = start_web_server(db, port=0, hub=LiveHub(queue_size=8))
    yield handle, db
    handle.stop()


def test_two_clients_get_history_then_live_turns(server: tuple[WebServerHandle, Path]) -> None:
    handle, db = server
    player = LivePlayer(db, WebMonitor(handle.hub))
    player.play(3)
    with connect(ws_url(handle, player.game_id)) as a, connect(ws_url(handle, player.game_id)) as b:
        seen_a: list[int] = []
        seen_b: list[int] = []
        assert read_until(a, 3, seen_a) == read_until(b, 3, seen_b) == ["hello", "turns"]
        player.play(5)
        read_until(a, 8, seen_a)
        read_until(b, 8, seen_b)
    player.close()
    assert seen_a == seen_b == list(range(1, 9))


def test_reconnect_resumes_after_last_seen_turn(server: tuple[WebServerHandle, Path]) -> None:
    handle, db = server
    player = LivePlayer(db, WebMonitor(handle.hub))
    player.play(4)
    seen: list[int] = []
    with connect(ws_url(handle, player.game_id)) as ws:
        read_until(ws, 4, seen)
    player.play(3)  # played while the browser was away
    with connect(ws_url(handle, player.game_id, after=seen[-1])) as ws:
        read_until(ws, 7, seen)
        player.play(2)
        player.finish()
        kinds = read_until(ws, 9, seen, end=True)
    player.close()
    assert seen == list(range(1, 10))
    assert kinds[-1] == "game_end"


def test_stalled_client_is_bounded_and_never_blocks_the_game(server: tuple[WebServerHandle, Path]) -> None:
    handle, db = server
    # 200 turns of 64 KB outrun any socket buffering, so the stalled session's queue must overflow.
    player = LivePlayer(db, WebMonitor(handle.hub), pad_output=64_000)
    player.play(1)
    game = player.game_id
    with (
        connect(ws_url(handle, game), compression=None) as fast,
        connect(
            ws_url(handle, player.game_id), sock=small_buffer_socket(handle), compression=None
        ) as stalled,
    ):
        fast_seen: list[int] = []
        reader = threading.Thread(target=read_until, args=(fast, 201, fast_seen, True), daemon=True)
        reader.start()
        producer = threading.Thread(target=lambda: (player.play(200), player.finish()), daemon=True)
        producer.start()
        producer.join(timeout=120)
        assert not producer.is_alive(), "the game thread waited for a browser"
        subs = handle.hub.subscribers(player.game_id)
        assert max(s.high_water for s in subs) <= handle.hub.queue_size
        assert max(s.dropped for s in subs) > 0  # the stalled browser's queue overflowed and was bounded
        stalled_seen: list[int] = []
        read_until(stalled, 201, stalled_seen, end=True)  # the browser wakes up: it catches up from the db
        reader.join(timeout=60)
    player.close()
    assert fast_seen == list(range(1, 202))
    assert stalled_seen == list(range(1, 202))


def small_buffer_socket(handle: WebServerHandle) -> socket.socket:
    """A client socket with a tiny receive window, so unread data backs up to the server quickly."""
    host, port = handle.url.removeprefix("http://").rstrip("/").split(":")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    return sock


def test_finished_game_streams_history_then_end(tmp_path: Path) -> None:
    db = tmp_path / "done.db"
    game_id = build_recorded_game(db, turns=14)
    with (
        TestClient(create_app(db), base_url=LOCAL) as client,
        client.websocket_connect(f"ws://127.0.0.1/ws/live/{game_id}?after=10") as ws,
    ):
        kinds = [ws.receive_json() for _ in range(4)]
    assert [k["type"] for k in kinds] == ["hello", "turns", "caught_up", "game_end"]
    assert [t["turn_number"] for t in kinds[1]["turns"]] == [11, 12, 13, 14]
    assert kinds[1]["turns"][0]["command"] == "wait" and kinds[3]["status"] == "won"


def test_unknown_game_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    build_recorded_game(db, turns=2)
    with (
        TestClient(create_app(db), base_url=LOCAL) as client,
        client.websocket_connect("ws://127.0.0.1/ws/live/42") as ws,
    ):
        assert ws.receive_json()["type"] == "error"


def test_monitor_without_server_drops_quietly_and_keeps_game_id() -> None:
    hub = LiveHub()
    monitor = WebMonitor(hub)
    monitor.on_event(TurnEnd(1, "look", "Hall.", "hall"))  # before any game id: not forwarded
    monitor.on_event(GameStart(7, "games/cellar.z5"))
    monitor.on_event(TurnEnd(1, "look", "Hall.", "hall"))
    assert monitor.game_id == 7
    assert (hub.stats.published, hub.stats.undelivered, hub.stats.latest_turn) == (2, 2, {7: 1})


def test_event_messages_are_json_with_page_names() -> None:
    name, msg = event_message(TurnEnd(5, "open door", "Opened.", "hall", score=3, game_id=2))
    assert name == "turn_end"
    assert (msg["type"], msg["turn_number"], msg["command"], msg["output"]) == (
        "turn",
        5,
        "open door",
        "Opened.",
    )
    name, msg = event_message(PuzzleSolved(1, "door"))
    assert json.loads(json.dumps(msg)) == {"type": "event", "name": "puzzle_solved", "puzzle_id": 1,
                                           "description": "door"}  # fmt: skip
