"""AutoFrotz v2 command line.

python main.py [--game NAME] [--max-turns N] [--config FILE] [--db FILE] ...   play a game
python main.py serve                                                          replay server
python main.py bench NAME [...]      benchmarks (interface, storage, llm-economy, maze, web, games,
                                     same-commands)
python main.py eval NAME [...]       evaluations (perception, briefing)
python main.py relay FOLDER          show the prompt a relay model waits on, and answer it
python main.py rules [--json]        every named rule of every table, in order
"""

from __future__ import annotations

import importlib
import sys

SUBCOMMAND_PACKAGES = {"bench": "autofrotz.bench", "eval": "autofrotz.evals"}


def main(argv: list[str]) -> int:
    from autofrotz.stdio import keep_native_output_off_stdout

    keep_native_output_off_stdout()  # an interpreter's own writes (a bell) must not spoil --json
    if argv and argv[0] in SUBCOMMAND_PACKAGES:
        return _run_subcommand(argv[0], argv[1:])
    if argv and argv[0] == "relay":
        from autofrotz.relay_cli import main as relay_main

        return relay_main(argv[1:])
    if argv and argv[0] == "rules":
        from autofrotz.rules.cli import main as rules_main

        return rules_main(argv[1:])
    if argv and argv[0] == "serve":
        from autofrotz.web.serve import main as serve_main

        return serve_main(argv[1:])
    from autofrotz.app import main as play_main

    return play_main(argv)


def _run_subcommand(kind: str, argv: list[str]) -> int:
    package = SUBCOMMAND_PACKAGES[kind]
    if not argv or argv[0].startswith("-"):
        print(f"usage: python main.py {kind} NAME [options]", file=sys.stderr)
        return 2
    module_name = f"{package}.{argv[0].replace('-', '_')}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        print(f"unknown {kind} '{argv[0]}'", file=sys.stderr)
        return 2
    from autofrotz.game_interface import GameInterfaceError
    from autofrotz.games import GameNotFoundError

    try:
        return int(module.main(argv[1:]))
    except (GameNotFoundError, GameInterfaceError) as exc:  # an unknown, refused or failing story: one line
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _is_interrupt(exc: BaseException) -> bool:
    """Ctrl-C, or an error a library raised in its place: pydantic, building the provider SDKs' models on
    import, turns a KeyboardInterrupt into a SchemaError whose text ends with it."""
    seen: BaseException | None = exc
    for _ in range(8):  # the chain of causes, not followed forever
        if seen is None or isinstance(seen, SystemExit):
            return False
        if isinstance(seen, KeyboardInterrupt) or "KeyboardInterrupt" in str(seen):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BaseException as exc:  # Ctrl-C outside a game (start-up, imports, shutdown): one line, no trace
        if not _is_interrupt(exc):
            raise
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
