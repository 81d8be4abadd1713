"""`python main.py serve`: serve recorded games for replay without playing."""

from __future__ import annotations

import argparse
import sys

import uvicorn

from autofrotz.config import ConfigError, load_config
from autofrotz.web.guard import Access
from autofrotz.web.runner import page_url
from autofrotz.web.server import create_app


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Command-line options; defaults come from the config file."""
    parser = argparse.ArgumentParser(prog="main.py serve", description="Serve recorded games for replay.")
    parser.add_argument("--config", default="config.json", help="config file (default: config.json)")
    parser.add_argument("--db", help="database path (default: database_path from the config)")
    parser.add_argument("--host", help="interface to listen on (default: web_server.host)")
    parser.add_argument("--port", type=int, help="port (default: web_server.port)")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    """Serve until interrupted."""
    args = parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    db = args.db or config.database_path
    host = args.host or config.web_server.host
    port = args.port if args.port is not None else config.web_server.port
    access = Access.for_host(host)
    print(f"AutoFrotz monitor: {page_url(host, port, access)}  (database {db})", file=sys.stderr)
    uvicorn.run(create_app(db, access=access), host=host, port=port, log_level="warning")
    return 0
