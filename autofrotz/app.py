"""`python main.py [options]`: play a game (or resume one) and print one progress line per turn."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from autofrotz.config import Config, ConfigError, apply_overrides, check_ranges, load_config_or_defaults

if TYPE_CHECKING:
    from autofrotz.session import Session

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
MAX_GAME_ID = 2**63 - 1  # SQLite's largest integer
FAILED_STATUSES = ("model_error",)  # a game stopped by a fault, not by play: the exit code says so


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The command line of a play run."""
    parser = argparse.ArgumentParser(
        prog="python main.py",
        description="Let an AI play a Z-machine game.",
        epilog="other commands: `python main.py serve [--db FILE]` serves recorded and running games to "
        "the page; `python main.py bench NAME` and `python main.py eval NAME` measure",
    )
    parser.add_argument("--game", help="story file: a name in games/ or a path (default from config)")
    parser.add_argument("--max-turns", type=int, help="stop after this many turns")
    parser.add_argument(
        "--config", help="config file (default: the project's config.json, else the defaults)"
    )
    parser.add_argument("--db", help="SQLite database file (default from config)")
    parser.add_argument("--backend", choices=("jericho", "dfrotz"), help="interpreter back end")
    parser.add_argument("--seed", type=int, help="interpreter random seed")
    parser.add_argument(
        "--budget", type=float, metavar="USD", help="stop the game at this spend (budget_usd)"
    )
    parser.add_argument(
        "--budget-per-hour",
        type=float,
        metavar="USD",
        help="spend at most this in any hour (budget_usd_per_hour)",
    )
    parser.add_argument("--resume", type=int, metavar="GAME_ID", help="continue a recorded game")
    parser.add_argument("--no-web", action="store_true", help="do not start the web monitor")
    parser.add_argument("--host", help="web monitor host")
    parser.add_argument("--port", type=int, help="web monitor port")
    parser.add_argument(
        "--pace",
        type=float,
        metavar="SECONDS",
        help="seconds between turns (default: 0.3 with the web monitor and the built-in agent, else 0)",
    )
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="start blank: ignore what earlier runs of this story taught (its own lessons are still kept)",
    )
    parser.add_argument(
        "--no-preflight",
        action="store_true",
        help="do not ask each configured model one tiny question before the game starts",
    )
    parser.add_argument(
        "--learn",
        action="store_true",
        help="no longer needed: a story with a past run starts from what it taught by default",
    )
    return parser.parse_args(list(argv))


def main(argv: Sequence[str]) -> int:
    """Play a game from the command line; returns the process exit code."""
    args = parse_args(argv)
    try:
        config = configure(args)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    from autofrotz.session import Session, SessionError

    try:
        session = Session.open(
            config, resume_id=args.resume, web=not args.no_web, preflight=not args.no_preflight
        )
    except SessionError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\ninterrupted before the game started; nothing was recorded", file=sys.stderr)
        return EXIT_INTERRUPTED
    with session:
        code = _play(session)
        if code != EXIT_INTERRUPTED:
            _linger(session)
        return code


def _linger(session: Session) -> None:
    """After the game, keep the web monitor up while a page is open (until Ctrl-C), so it can draw the end."""
    handle = session.web_handle
    if handle is None:
        return
    from autofrotz.web.runner import serve_on_after_game

    try:
        serve_on_after_game(handle)
    except KeyboardInterrupt:
        print("", file=sys.stderr)
    print(f"replay it any time: python main.py serve --db {session.config.database_path}", file=sys.stderr)


def _play(session: Any) -> int:
    from autofrotz.game_interface import GameInterfaceError
    from autofrotz.session import SessionError
    from autofrotz.watchdog import WATCHDOG, game_handler

    WATCHDOG.on_stuck = game_handler(lambda: session.orchestrator.game_id, str(session.config.database_path))
    try:
        status = session.play()
    except KeyboardInterrupt:
        print(f"\ninterrupted{_go_on(session)}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except SessionError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except GameInterfaceError as exc:
        print(f"error: the interpreter failed ({exc}){_go_on(session)}", file=sys.stderr)
        return EXIT_ERROR
    except (sqlite3.Error, OSError) as exc:  # a full disk, a file gone: the last committed turn stands
        print(f"error: the game could not be recorded ({exc}){_go_on(session)}", file=sys.stderr)
        return EXIT_ERROR
    return EXIT_ERROR if status in FAILED_STATUSES else EXIT_OK


def _go_on(session: Any) -> str:
    """How to continue the game, once it has a record; before that, that nothing was recorded."""
    gid = session.orchestrator.game_id
    return f"; continue with: python main.py --resume {gid}" if gid else "; nothing was recorded"


def configure(args: argparse.Namespace) -> Config:
    """Load the config file and apply the command-line overrides."""
    if args.learn and args.fresh:
        raise ConfigError("--learn and --fresh contradict each other: give one of them")
    if args.learn:
        print(
            "note: --learn is the default now (a story with a past run starts from what it taught); "
            "the flag changes nothing, --fresh starts blank",
            file=sys.stderr,
        )
    config, note = load_config_or_defaults(args.config)
    if note:
        print(note, file=sys.stderr)
    config = apply_overrides(
        config,
        game_file=args.game,
        max_turns=args.max_turns,
        database_path=args.db,
        backend=args.backend,
        seed=args.seed,
        pace_s=args.pace,
        fresh=False if args.learn else (True if args.fresh else None),
        budget_usd=args.budget,
        budget_usd_per_hour=args.budget_per_hour,
    )
    web = replace(
        config.web_server,
        host=args.host or config.web_server.host,
        port=args.port if args.port is not None else config.web_server.port,  # 0: any free port
    )
    if config.max_turns < 1:
        raise ConfigError("--max-turns must be at least 1")
    for flag, value in (("--budget", args.budget), ("--budget-per-hour", args.budget_per_hour)):
        if value is not None and not value > 0:
            raise ConfigError(f"{flag} must be a positive number of US dollars")
    if config.pace_s is not None and not 0 <= config.pace_s <= 60:
        raise ConfigError("--pace must be between 0 and 60 seconds")
    config = replace(config, web_server=web)
    check_ranges(config, "command line and config")  # --seed, --port, --max-turns as well
    if args.resume is not None and not 1 <= args.resume <= MAX_GAME_ID:
        raise ConfigError(f"--resume must be a game id between 1 and {MAX_GAME_ID} (got {args.resume})")
    return config
