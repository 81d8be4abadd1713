"""WebSocket catch-up frames bounded by their encoded size, on a real server.

Text that JSON escapes (quotes, line breaks, accented letters) takes up to six bytes a character, so
counting characters let a catch-up frame reach about 1 MB; every frame must stay within 256 KB.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from autofrotz.storage.database import Database
from autofrotz.storage.models import Game, Turn, TurnBundle, WorldSnapshot
from autofrotz.web.live import LiveHub
from autofrotz.web.runner import WebServerHandle, start_web_server
from autofrotz.web.session import FRAME_LIMIT_BYTES

HEAVY_OUTPUT = "\u00e9" * 30_000  # 6 bytes each once JSON-escaped: 180 KB
HEAVY_REASONING = '"\n' * 15_000  # 2 bytes each: 60 KB


def _record(db_path: Path, outputs: list[str], reasoning: str) -> int:
    with Database(db_path) as db:
        gid = db.create_game(Game(None, "cellar.z5", "2026-01-01T00:00:00"))
        for n, output in enumerate(outputs, start=1):
            turn = Turn(0, n, "look", output, None, agent_reasoning=reasoning, timestamp="2026")
            db.write_turn(gid, TurnBundle(turn, WorldSnapshot()))
        db.finish_game(gid, "won")
    return gid


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[WebServerHandle, Path]]:
    db = tmp_path / "w.db"
    Database(db).close()
    handle = start_web_server(db, port=0, hub=LiveHub(queue_size=8))
    yield handle, db
    handle.stop()


def _frames(handle: WebServerHandle, game_id: int) -> list[bytes]:
    url = handle.url.replace("http://", "ws://") + f"ws/live/{game_id}"
    frames: list[bytes] = []
    with connect(url, max_size=None) as ws:
        while True:
            raw = ws.recv(timeout=30)
            frames.append(raw.encode("utf-8") if isinstance(raw, str) else raw)
            if json.loads(raw)["type"] == "game_end":
                return frames


def test_catch_up_frames_stay_within_256_kb_whatever_the_text(served: tuple[WebServerHandle, Path]) -> None:
    handle, db = served
    gid = _record(db, [HEAVY_OUTPUT] * 20, HEAVY_REASONING)
    frames = _frames(handle, gid)
    assert max(len(f) for f in frames) <= FRAME_LIMIT_BYTES
    turns = [t for f in frames for t in json.loads(f).get("turns", [])]
    assert [t["turn_number"] for t in turns] == list(range(1, 21))
    assert all(t["output"] == HEAVY_OUTPUT and not t.get("truncated") for t in turns)  # nothing lost


def test_one_turn_larger_than_a_frame_is_cut_and_marked(served: tuple[WebServerHandle, Path]) -> None:
    handle, db = served
    gid = _record(db, ["\u00e9" * 300_000], "")  # 1.8 MB once escaped
    frames = _frames(handle, gid)
    assert max(len(f) for f in frames) <= FRAME_LIMIT_BYTES
    (turn,) = [t for f in frames for t in json.loads(f).get("turns", [])]
    assert turn["truncated"] is True and turn["output"] and set(turn["output"]) == {"\u00e9"}
