"""Run the web monitor in a background thread while a game plays."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import uvicorn

from autofrotz.config import WebServerConfig
from autofrotz.web.guard import Access
from autofrotz.web.live import LiveHub, default_hub
from autofrotz.web.server import create_app

START_TIMEOUT_S = 10.0


class WebServerError(RuntimeError):
    """The web server could not start (for example, the port is taken)."""


@dataclass
class WebServerHandle:
    """A running server: its URL, the hub it serves, and a way to stop it."""

    url: str
    hub: LiveHub
    server: uvicorn.Server
    thread: threading.Thread

    def stop(self, timeout: float = 5.0) -> None:
        """Ask uvicorn to exit and wait for its thread."""
        self.server.should_exit = True
        self.thread.join(timeout)


def start_web_server(
    db_path: str | Path, host: str = "127.0.0.1", port: int = 8080, hub: LiveHub | None = None
) -> WebServerHandle:
    """Start uvicorn in a daemon thread and return once it listens (port 0 picks a free port)."""
    hub = hub if hub is not None else default_hub()
    access = Access.for_host(host)
    app = create_app(db_path, live_hub=hub, access=access)
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", lifespan="on", ws="websockets-sansio"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=_run, args=(server,), name="autofrotz-web", daemon=True)
    thread.start()
    _wait_started(server, thread, host, port)
    bound = server.servers[0].sockets[0].getsockname()[1] if server.servers else port
    return WebServerHandle(page_url(host, bound, access), hub, server, thread)


def page_url(host: str, port: int, access: Access) -> str:
    """The URL to print: beyond loopback it carries the per-run token that control needs.

    >>> page_url("127.0.0.1", 8080, Access.for_host("127.0.0.1"))
    'http://127.0.0.1:8080/'
    >>> page_url("::1", 80, Access.for_host("::1"))
    'http://[::1]:80/'
    """
    shown = f"[{host}]" if ":" in host else host
    query = f"?token={access.token}" if access.token else ""
    return f"http://{shown}:{port}/{query}"


def _run(server: uvicorn.Server) -> None:
    """Thread body; uvicorn raises SystemExit when it cannot bind, which must end only this thread."""
    with contextlib.suppress(SystemExit):
        server.run()


def _wait_started(server: uvicorn.Server, thread: threading.Thread, host: str, port: int) -> None:
    """Wait until uvicorn listens, or fail if its thread died (port in use) or the deadline passed."""
    deadline = START_TIMEOUT_S
    while not server.started:
        if not thread.is_alive():
            raise WebServerError(f"web server could not listen on {host}:{port}")
        thread.join(0.02)
        deadline -= 0.02
        if deadline <= 0:
            server.should_exit = True
            raise WebServerError(f"web server on {host}:{port} did not start within {START_TIMEOUT_S} s")


def start_from_config(web: WebServerConfig, db_path: str | Path) -> WebServerHandle:
    """Start from the config's web_server section (host, port); main.py prints handle.url."""
    return start_web_server(db_path, host=web.host, port=web.port)


PAGE_GRACE_S = 3.0  # an open page asks at least this often (the games list every 1.5 s) or holds a socket
IDLE_EXIT_S = 30.0  # after the game, the server stops once no page has been open this long


def serve_on_after_game(handle: WebServerHandle, idle_exit_s: float = IDLE_EXIT_S) -> bool:
    """After the game: keep serving while a page is open, until Ctrl-C; returns whether it waited.

    With no page open it returns at once, so `make run` and scripts end by themselves.
    """
    if not handle.hub.page_open(PAGE_GRACE_S):
        return False
    print(
        f"game over; a page is open at {handle.url} : still serving it, press Ctrl-C to stop "
        f"(it stops by itself {idle_exit_s:g} s after the last page closes). "
        "Later: python main.py serve",
        file=sys.stderr,
    )
    with _ctrl_c_as_flag() as stopped:
        last_open = time.monotonic()
        while time.monotonic() - last_open < idle_exit_s and not stopped.is_set():
            handle.thread.join(0.25)
            if not handle.thread.is_alive():
                break
            if handle.hub.page_open(PAGE_GRACE_S):
                last_open = time.monotonic()
    if stopped.is_set():
        raise KeyboardInterrupt  # raised here, never inside the hub's lock
    return True


@contextlib.contextmanager
def _ctrl_c_as_flag() -> Iterator[threading.Event]:
    """Ctrl-C sets an event instead of raising wherever the main thread stands: a KeyboardInterrupt
    raised just after a lock was taken would leave it taken, and the shutdown that follows would wait
    on it for ever. Off the main thread (tests) Ctrl-C is left as it is."""
    stopped = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stopped
        return
    previous = signal.signal(signal.SIGINT, lambda *_: stopped.set())
    try:
        yield stopped
    finally:
        signal.signal(signal.SIGINT, previous)
