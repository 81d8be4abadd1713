"""`python main.py bench web`: API latency and page replay render time on a long recorded game.

Writes a synthetic game (default 1,000 turns) through Database.write_turn, serves it with uvicorn on
localhost, times GET /turns/{n} for random n over real HTTP, times the page's replay render of random
turns in headless Chromium (measured in the page), and compares the game's turn rate with no browser
against a run with a browser that stopped reading.
"""

from __future__ import annotations

import argparse
import base64
import os
import random
import socket
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from autofrotz.bench.figures import count, emit, progress, seed
from autofrotz.hooks.base import GameEnd, GameStart, TurnEnd
from autofrotz.storage.database import Database
from autofrotz.storage.synthetic import SyntheticGame
from autofrotz.web.live import LiveHub, WebMonitor
from autofrotz.web.runner import WebServerHandle, start_web_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(prog="main.py bench web", description=__doc__)
    p.add_argument("--turns", type=count, default=1000, help="turns in the recorded game (default 1000)")
    p.add_argument("--requests", type=count, default=100, help="timed /turns/{n} requests (default 100)")
    p.add_argument(
        "--renders", type=count, default=20, help="timed page replays of random turns (default 20)"
    )
    p.add_argument("--live-turns", type=count, default=1000, help="turns per live-rate run (default 1000)")
    p.add_argument("--live-runs", type=count, default=3, help="alternating runs of each kind (default 3)")
    p.add_argument("--pad", type=int, default=32_000, help="extra output bytes per live turn (default 32000)")
    p.add_argument("--seed", type=seed, default=7)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p.parse_args(argv)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 95)
    4.0
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def record_game(db_path: Path, turns: int, seed: int) -> int:
    """Write a synthetic game of `turns` turns; returns its id."""
    synthetic = SyntheticGame(seed=seed)
    db = Database(db_path)
    try:
        game_id = db.create_game(synthetic.game())
        for n in range(turns):
            db.write_turn(game_id, synthetic.next_bundle())
            if (n + 1) % 250 == 0:
                progress(f"recorded {n + 1}/{turns} turns")
        db.finish_game(game_id, "abandoned")
        return game_id
    finally:
        db.close()


def time_turn_requests(url: str, game_id: int, turns: int, count: int, rng: random.Random) -> list[float]:
    """Milliseconds per GET /api/games/{id}/turns/{n} for random n."""
    times = []
    with httpx.Client(base_url=url, timeout=30) as client:
        for n in (1, turns // 2, turns):  # warm-up: connections, caches
            client.get(f"/api/games/{game_id}/turns/{n}").raise_for_status()
        for _ in range(count):
            n = rng.randint(1, turns)
            start = time.perf_counter()
            client.get(f"/api/games/{game_id}/turns/{n}").raise_for_status()
            times.append((time.perf_counter() - start) * 1000)
    return times


def time_page_renders(url: str, game_id: int, turns: int, count: int, rng: random.Random) -> dict[str, float]:
    """The page's own timing: first load to a drawn turn, then hash jumps to random turns."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        first = rng.randint(1, turns)
        page.goto(f"{url}#/game/{game_id}/turn/{first}")
        page.wait_for_selector(f'body[data-rendered-turn="{first}"]', state="attached", timeout=60_000)
        load_ms = float(page.evaluate("window.__autofrotz.sinceNavigationMs"))
        renders = []
        for _ in range(count):
            n = rng.randint(1, turns)
            page.evaluate(f"location.hash = '#/game/{game_id}/turn/{n}'")
            page.wait_for_selector(f'body[data-rendered-turn="{n}"]', state="attached", timeout=30_000)
            renders.append(float(page.evaluate("window.__autofrotz.renderMs")))
        # The map's layout (ELK in a worker on the same cores) ran during the first of those jumps.
        page.wait_for_selector('#map[data-layout="ready"]', state="attached", timeout=120_000)
        laid_ms = float(page.evaluate("S.layout.laidAt"))
        browser.close()
    return {
        "first_load_ms": load_ms,
        "median_ms": statistics.median(renders),
        "max_ms": max(renders),
        "map_laid_out_ms": laid_ms,
    }


def stalled_socket(handle: WebServerHandle) -> socket.socket:
    """A client socket with a tiny receive window that will never be read."""
    host, port = handle.url.removeprefix("http://").rstrip("/").split(":")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    return sock


class LiveGame:
    """A synthetic game played turn by turn into the database, notifying the web monitor."""

    def __init__(self, db_path: Path, hub: LiveHub, seed: int, pad: int) -> None:
        self.synthetic = SyntheticGame(seed=seed)
        self.monitor = WebMonitor(hub)
        self.db = Database(db_path)
        self.game_id = self.db.create_game(self.synthetic.game())
        self.pad = pad
        self.monitor.on_event(GameStart(self.game_id, "synthetic"))

    def play(self, turns: int) -> tuple[float, list[float]]:
        """Play `turns` turns; returns (turns per second, each monitor call's ms)."""
        calls: list[float] = []
        start = time.perf_counter()
        for _ in range(turns):
            bundle = self.synthetic.next_bundle()
            bundle.turn.game_output += "\n" + "x" * self.pad
            self.db.write_turn(self.game_id, bundle)
            t = bundle.turn
            before = time.perf_counter()
            self.monitor.on_event(TurnEnd(t.turn_number, t.command_sent, t.game_output, t.room_id))
            calls.append((time.perf_counter() - before) * 1000)
        rate = turns / (time.perf_counter() - start)
        self.db.finish_game(self.game_id, "abandoned")
        self.monitor.on_event(GameEnd(self.game_id, "abandoned", turns))
        self.db.close()
        return rate, calls


def wait_for_subscriber(hub: LiveHub, game_id: int, timeout: float = 10.0) -> None:
    """Block until the browser's session has subscribed (its handshake finishes on the server loop)."""
    deadline = time.monotonic() + timeout
    while hub.subscriber_count(game_id) == 0:
        if time.monotonic() > deadline:
            raise RuntimeError("stalled client never subscribed")
        time.sleep(0.01)


def stalled_handshake(handle: WebServerHandle, game_id: int) -> socket.socket:
    """Open the live WebSocket by hand and read only the 101 reply, then never read again.

    A raw socket rather than a client library: a library client reads frames on a thread of its own
    in this process, which would compete with the game thread and time the benchmark, not the server.
    """
    sock = stalled_socket(handle)
    host = handle.url.removeprefix("http://").rstrip("/")
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET /ws/live/{game_id} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    sock.sendall(request.encode())
    reply = b""
    while not reply.endswith(b"\r\n\r\n"):
        byte = sock.recv(1)  # one byte at a time: nothing past the headers may be consumed
        if not byte:
            raise RuntimeError("server closed the stalled client's handshake")
        reply += byte
    if b" 101 " not in reply.split(b"\r\n", 1)[0]:
        raise RuntimeError(f"WebSocket handshake refused: {reply[:80]!r}")
    return sock


def stalled_run(
    db_path: Path, handle: WebServerHandle, args: argparse.Namespace, seed: int
) -> tuple[float, list[float], int]:
    """One run with a browser that connected and then never read; returns (rate, call ms, drops)."""
    game = LiveGame(db_path, handle.hub, seed, args.pad)
    sock = stalled_handshake(handle, game.game_id)
    try:
        wait_for_subscriber(handle.hub, game.game_id)
        rate, calls = game.play(args.live_turns)
        dropped = sum(s.dropped for s in handle.hub.subscribers(game.game_id))
    finally:
        sock.close()
    return rate, calls, dropped


def live_rates(db_path: Path, handle: WebServerHandle, args: argparse.Namespace) -> dict[str, Any]:
    """Turn rate with no browser and with a stalled browser, alternating runs (median of each)."""
    alone: list[float] = []
    stalled: list[float] = []
    calls: list[float] = []
    dropped: list[int] = []
    for i in range(args.live_runs):
        rate, ms = LiveGame(db_path, handle.hub, args.seed + 2 * i + 1, args.pad).play(args.live_turns)
        alone.append(rate)
        calls += ms
        rate, ms, drops = stalled_run(db_path, handle, args, args.seed + 2 * i + 2)
        stalled.append(rate)
        calls += ms
        dropped.append(drops)
    no_client, with_stalled = statistics.median(alone), statistics.median(stalled)
    return {
        "live_turns_per_s_no_client": round(no_client, 1),
        "live_turns_per_s_stalled_client": round(with_stalled, 1),
        "live_rate_ratio": round(with_stalled / no_client, 3),
        # The game thread's cost of telling the monitor; the maximum includes GIL hand-overs.
        "publish_median_ms": round(statistics.median(calls), 4),
        "publish_max_ms": round(max(calls), 3),
        "queue_size": handle.hub.queue_size,
        "stalled_client_dropped": min(dropped),
        "live_runs": args.live_runs,
    }


def main(argv: list[str]) -> int:
    """Run the bench and print its figures."""
    args = parse_args(argv)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        db_path = Path(tmp) / "bench.db"
        game_id = record_game(db_path, args.turns, args.seed)
        handle = start_web_server(db_path, port=0, hub=LiveHub())
        try:
            progress(f"timing {args.requests} requests to /turns/{{n}}")
            times = time_turn_requests(handle.url, game_id, args.turns, args.requests, rng)
            progress(f"timing {args.renders} page replays in Chromium")
            page = time_page_renders(handle.url, game_id, args.turns, args.renders, rng)
            progress("timing live turn rate with and without a stalled browser")
            live = live_rates(db_path, handle, args)
        finally:
            handle.stop()
    figures: dict[str, Any] = {
        "turn_median_ms": round(statistics.median(times), 2),
        "turn_p95_ms": round(percentile(times, 95), 2),
        "replay_render_ms": round(page["median_ms"], 1),
        "turns": args.turns,
        "target_turn_median_ms": 50,
        "target_replay_render_ms": 1000,
        "replay_render_max_ms": round(page["max_ms"], 1),
        "replay_first_load_ms": round(page["first_load_ms"], 1),
        "map_laid_out_ms": round(page["map_laid_out_ms"]),
        "requests": args.requests,
        **live,
    }
    emit(figures, args.json, title="bench web")
    return 0
