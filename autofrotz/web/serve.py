"""`python main.py serve`: serve recorded games for replay without playing."""

from __future__ import annotations

import argparse
import socket
import sys

import uvicorn

from autofrotz.config import ConfigError, load_config_or_defaults, port_problem
from autofrotz.web.guard import Access
from autofrotz.web.runner import page_url
from autofrotz.web.server import create_app


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Command-line options; defaults come from the config file."""
    parser = argparse.ArgumentParser(prog="main.py serve", description="Serve recorded games for replay.")
    parser.add_argument(
        "--config", help="config file (default: the project's config.json, else the defaults)"
    )
    parser.add_argument("--db", help="database path (default: database_path from the config)")
    parser.add_argument("--host", help="interface to listen on (default: web_server.host)")
    parser.add_argument("--port", type=int, help="port (default: web_server.port)")
    return parser.parse_args(argv)


def _database_problem(db: str) -> str | None:
    """Why the file cannot be served (not ours, newer, unreadable); None when it can, or is absent."""
    import sqlite3
    from pathlib import Path

    from autofrotz.storage.reader import GameReader, SchemaOutdatedError

    if not Path(db).exists():
        return None  # served as empty until a game is recorded there
    try:
        GameReader(db).close()
    except (SchemaOutdatedError, sqlite3.Error, OSError) as exc:
        return f"cannot serve {db}: {exc}"
    return None


def main(argv: list[str]) -> int:
    """Serve until interrupted."""
    args = parse_args(argv)
    try:
        config, note = load_config_or_defaults(args.config)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if note:
        print(note, file=sys.stderr)
    db = args.db or config.database_path
    host = args.host or config.web_server.host
    port = args.port if args.port is not None else config.web_server.port
    problem = _database_problem(db) or port_problem(port, "--port")
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    access = Access.for_host(host)
    try:
        listening = socket.create_server((host, port), family=_family(host))
    except OSError as exc:
        print(f"error: cannot listen on {host} port {port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    port = listening.getsockname()[1]  # the port the system chose for --port 0
    print(f"AutoFrotz monitor: {page_url(host, port, access)}  (database {db})", file=sys.stderr)
    server = uvicorn.Server(uvicorn.Config(create_app(db, access=access), log_level="warning"))
    server.run(sockets=[listening])
    return 0


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET
