"""`python main.py bench same-commands`: does the built-in agent still send the same commands?

Plays each game x seed with the built-in agent as `bench games` does (fresh, no model), records the
command of every turn (command_record.py) and compares two recordings turn for turn
(command_diff.py). `--base REV` records that git revision in a temporary worktree (cached by its
full sha under build/same-commands/) and the working tree, then compares them; `--against FILE`
compares the working tree with a saved record. The exit code is 1 when any run differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from autofrotz.bench.command_diff import compare, crashed_run, print_comparison
from autofrotz.bench.command_record import Wanted, load, record, save
from autofrotz.bench.figures import count, emit

# Corpus games that score and move about, and whose 300 turns play in seconds; two of our own.
DEFAULT_GAMES = (
    "zork1,Advent,detective,library,acorncourt,cavetrip,zork2,Balances,jewel,candy,temple,reverb,cellar,mill"
)
CACHE_DIR = Path("build/same-commands")  # build/ is not in git
MODULES = ("same_commands.py", "command_record.py", "command_diff.py")  # what a --base checkout needs


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(prog="python main.py bench same-commands", description=__doc__)
    p.add_argument("--games", default=DEFAULT_GAMES, help="comma list of game names")
    p.add_argument("--seeds", default="1,2", help="comma list of interpreter seeds")
    p.add_argument("--turns", type=count, default=300)
    p.add_argument("--concurrency", type=count, default=2, help="runs at once, one process each")
    p.add_argument("--games-dir", default="games")
    p.add_argument("--record", default=None, metavar="FILE", help="write the working tree's record here")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--against", default=None, metavar="FILE", help="compare with this saved record")
    where.add_argument("--base", default=None, metavar="GIT_REV", help="compare with this revision")
    p.add_argument("--cache-dir", default=str(CACHE_DIR), help="where --base records are kept by sha")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    try:
        args.seed_list = [int(s) for s in args.seeds.split(",") if s.strip()]
    except ValueError:
        p.error(f"--seeds: not a comma list of whole numbers: {args.seeds!r}")
    return args


def wanted_of(args: argparse.Namespace) -> Wanted:
    """The runs the command line asks for (story files resolved as `bench games` resolves them)."""
    from autofrotz.bench.games import select_games

    games = [str(path) for path in select_games(args.games, Path(args.games_dir))]
    return Wanted(games, args.seed_list, args.turns, args.concurrency)


def main(argv: list[str]) -> int:
    """Record the working tree, compare when asked, print figures; 1 when any run differs."""
    args = parse_args(argv)
    wanted = wanted_of(args)
    before = None
    if args.against:
        before = load(Path(args.against))
    elif args.base:
        before = base_record(args.base, wanted, Path(args.cache_dir))
    print(f"recording the working tree: {len(wanted.games) * len(wanted.seeds)} runs", file=sys.stderr)
    after = record(wanted)
    if args.record:
        save(after, Path(args.record))
    if before is None:
        summary = _summary(after)
        emit(summary, args.json, "bench same-commands (recorded, nothing compared)")
        return 1 if summary["crashed_runs"] else 0
    figures = compare(before, after) | {"wall_s": after["wall_s"], "base": args.base or args.against}
    figures["base_sha"] = before.get("revision")
    if args.json:
        emit(figures, True)
    else:
        print_comparison(figures)
    return 0 if figures["same"] else 1


def _summary(rec: dict[str, Any]) -> dict[str, Any]:
    """Figures of a record alone."""
    runs = rec["runs"]
    return {
        "runs": len(runs),
        "commands": sum(len(r["commands"]) for r in runs),
        "crashed_runs": sum(crashed_run(r) for r in runs),
        "wall_s": rec["wall_s"],
        "per_run": [
            {k: r[k] for k in ("game", "seed", "status", "score")} | {"turns": len(r["commands"])}
            for r in runs
        ],
    }


def full_sha(rev: str) -> str:
    """The full sha of a git revision (an error names it when git does not know it)."""
    done = subprocess.run(
        ["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"bench same-commands: unknown git revision {rev!r}")
    return done.stdout.strip()


def cache_key(sha: str, wanted: Wanted) -> str:
    """A record's cache name: the revision, and a digest of the runs asked for and their story files."""
    digest = hashlib.sha256(json.dumps([wanted.seeds, wanted.turns]).encode())
    for game in wanted.games:
        digest.update(Path(game).name.encode() + Path(game).read_bytes())
    return f"{sha}-{digest.hexdigest()[:16]}.json"


def base_record(rev: str, wanted: Wanted, cache_dir: Path = CACHE_DIR) -> dict[str, Any]:
    """The record of a git revision: from the cache, or played in a temporary worktree of it."""
    sha = full_sha(rev)
    cached = cache_dir / cache_key(sha, wanted)
    if cached.exists():
        print(f"base {rev} ({sha[:10]}): cached record {cached}", file=sys.stderr)
        return load(cached)
    print(f"base {rev} ({sha[:10]}): recording in a temporary worktree", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="same-commands-base-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(tree), sha], check=True)
        try:
            _prepare(tree)
            out = Path(tmp) / "record.json"
            _record_in(tree, wanted, out)
            data = load(out)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], check=False)
    data["revision"] = sha
    save(data, cached)
    return data


def _prepare(tree: Path) -> None:
    """Make a fresh checkout playable: the same .venv, story files and build folder, and this
    command's modules when the revision predates them."""
    here = Path.cwd()
    (tree / ".venv").symlink_to((here / ".venv").resolve())
    (tree / "build").symlink_to((here / "build").resolve())  # read only while recording
    shutil.copytree(here / "games", tree / "games", dirs_exist_ok=True)
    bench = tree / "autofrotz" / "bench"
    if not (bench / MODULES[0]).exists():
        for name in MODULES:
            shutil.copy2(Path(__file__).parent / name, bench / name)


def _record_in(tree: Path, wanted: Wanted, out: Path) -> None:
    """Run the revision's own code to record the runs (story files named relative to the checkout)."""
    games = ",".join(Path(g).stem for g in wanted.games)
    seeds = ",".join(str(s) for s in wanted.seeds)
    command = [sys.executable, "main.py", "bench", "same-commands", "--games", games, "--seeds", seeds]
    command += ["--turns", str(wanted.turns), "--concurrency", str(wanted.concurrency), "--record", str(out)]
    done = subprocess.run(command, cwd=tree, check=False, stdout=subprocess.DEVNULL)
    if done.returncode != 0:
        raise SystemExit(
            f"bench same-commands: recording the base failed (exit {done.returncode}); see above"
        )
