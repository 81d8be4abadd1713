"""Story files: the committed manifest, installing and checking them, compiling our Inform games.

python -m autofrotz.games install [--from DIR]   copy or download every manifest file, sha256-checked
python -m autofrotz.games build                  compile inform/*.inf into games/*.z5 when out of date,
                                                 and generate the listed TextWorld games that are missing
python -m autofrotz.games list                   installed games with their maximum score
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from autofrotz import textworld_games

ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = ROOT / "games"
INFORM_DIR = ROOT / "inform"
MANIFEST = Path(__file__).resolve().parent / "games_manifest.tsv"
STORY_SUFFIXES = (".z3", ".z4", ".z5", ".z8")
INFORM_LIBRARY = "/usr/share/inform6/library"
DOWNLOAD_TIMEOUT_S = 30
COMPILE_TIMEOUT_S = 120


class GameNotFoundError(LookupError):
    """A game name or path that does not lead to a story file."""


@dataclass(frozen=True)
class ManifestEntry:
    file: str
    sha256: str
    bytes: int
    max_score: int | None
    source: str


def load_manifest(path: Path = MANIFEST) -> list[ManifestEntry]:
    """The committed list of story files we know (name, checksum, size, max score, source URL)."""
    rows = path.read_text(encoding="utf-8").splitlines()[1:]
    return [_parse_row(line) for line in rows if line.strip()]


def _parse_row(line: str) -> ManifestEntry:
    file, sha, size, score, source = line.split("\t")
    return ManifestEntry(file, sha, int(size), int(score) if score.isdigit() else None, source)


def installed_games(games_dir: Path = GAMES_DIR) -> list[str]:
    """File names of the story files present in games_dir, sorted case-insensitively."""
    if not games_dir.is_dir():
        return []
    found = [p.name for p in games_dir.iterdir() if p.suffix.lower() in STORY_SUFFIXES]
    return sorted(found, key=str.lower)


def resolve_game(name_or_path: str, games_dir: Path = GAMES_DIR) -> Path:
    """A story file from a name in games/ (extension and case optional) or from a path."""
    as_path = Path(name_or_path).expanduser()
    if as_path.suffix.lower() in STORY_SUFFIXES and as_path.is_file():
        return as_path.resolve()
    wanted = name_or_path.lower()
    for name in installed_games(games_dir):
        if wanted in (name.lower(), Path(name).stem.lower()):
            return (games_dir / name).resolve()
    available = ", ".join(installed_games(games_dir)) or "none (run: python -m autofrotz.games install)"
    raise GameNotFoundError(f"unknown game '{name_or_path}'; installed games in {games_dir}: {available}")


def max_story_bytes(version: int) -> int:
    """The largest story file a Z-machine version can address (its length field times its scale).

    >>> max_story_bytes(3), max_story_bytes(5), max_story_bytes(8)
    (131072, 262144, 524288)
    """
    return 65536 * _length_scale(version)


def _length_scale(version: int) -> int:
    return 2 if version <= 3 else 4 if version <= 5 else 8


def story_problem(header: bytes, size: int) -> str | None:
    """Why a file is not a Z-machine story, from its first 64 bytes and size; None when it looks sound.

    Checked before an interpreter sees the file: jericho ends the whole process on a bad one.

    >>> story_problem(b"garbage", 7)
    'too short for a Z-machine header (7 bytes)'
    >>> story_problem(bytes([9]) + bytes(63), 64)
    'version byte is 9, not 1-8'
    >>> story_problem(bytes([5]) + bytes(25) + bytes([0, 100]) + bytes(36), 64)
    'the header says 400 bytes but the file has 64'
    >>> story_problem(bytes([5]) + bytes(63), 2**31)
    'the file has 2147483648 bytes; a version 5 story has at most 262144'
    """
    if len(header) < 64:
        return f"too short for a Z-machine header ({size} bytes)"
    version = header[0]
    if not 1 <= version <= 8:
        return f"version byte is {version}, not 1-8"
    if size > max_story_bytes(version):
        return f"the file has {size} bytes; a version {version} story has at most {max_story_bytes(version)}"
    declared = int.from_bytes(header[0x1A:0x1C], "big") * _length_scale(version)
    if declared > size:
        return f"the header says {declared} bytes but the file has {size}"
    return _table_problem(header, declared or size)


# Header words that must point inside the story (name, offset): the tables an interpreter reads
# before the first instruction runs.
_HEADER_POINTERS = (("high memory", 0x04), ("dictionary", 0x08), ("object table", 0x0A),
                    ("globals", 0x0C), ("static memory", 0x0E), ("abbreviations", 0x18))  # fmt: skip

_OPTIONAL_TABLES = frozenset({"abbreviations"})


def _table_problem(header: bytes, length: int) -> str | None:
    """A table address outside the story, or dynamic memory too small for its own tables."""
    if length < 64:
        return f"the header says the story is {length} bytes long, shorter than its own header"
    words = {name: int.from_bytes(header[at : at + 2], "big") for name, at in _HEADER_POINTERS}
    for name, addr in words.items():
        if name in _OPTIONAL_TABLES and addr == 0:
            continue  # a story with no abbreviations (Hollywood Hijinx, release 235) says so with 0
        if not 64 <= addr < length:
            return f"the {name} address {addr:#06x} lies outside the story (64..{length - 1})"
    static = words["static memory"]
    for name in ("object table", "globals"):
        if words[name] >= static:
            return f"the {name} ({words[name]:#06x}) is not in dynamic memory (below {static:#06x})"
    if header[0] != 6 and not 64 <= int.from_bytes(header[6:8], "big") < length:
        return "the first instruction lies outside the story"
    return None


def checksum_problem(data: bytes) -> str | None:
    """A header checksum that does not match the bytes (only checked where the header has one).

    >>> checksum_problem(bytes([5]) + bytes(25) + bytes([0, 17, 0, 1]) + bytes(35) + bytes([1]))
    >>> checksum_problem(bytes([5]) + bytes(25) + bytes([0, 17, 0, 9]) + bytes(35) + bytes([1]))
    'the header checksum is 9 but the bytes sum to 1'
    """
    expected = int.from_bytes(data[0x1C:0x1E], "big")
    if data[0] < 3 or expected == 0:
        return None  # versions 1-2 and some early files carry no checksum
    length = int.from_bytes(data[0x1A:0x1C], "big") * _length_scale(data[0]) or len(data)
    got = sum(data[64:length]) % 65536
    return None if got == expected else f"the header checksum is {expected} but the bytes sum to {got}"


def check_story(path: Path) -> Path:
    """The path back when it looks like a story file; GameNotFoundError saying why it does not.

    The size is checked before the file is read whole, so a huge file costs nothing.
    """
    try:
        size = path.stat().st_size
        with path.open("rb") as f:
            header = f.read(64)
            problem = story_problem(header, size)
            if problem is None:
                problem = checksum_problem(header + f.read(size))
    except OSError as exc:
        raise GameNotFoundError(f"cannot read {path}: {exc.strerror or exc}") from None
    if problem:
        raise GameNotFoundError(f"{path} is not a playable Z-machine story file: {problem}")
    return path


def max_score(path: str | Path) -> int | None:
    """The maximum score of a story file: from the manifest, or MAX_SCORE in our own Inform source."""
    name = Path(path).name.lower()
    generated = textworld_games.max_score(Path(path))
    if generated is not None:
        return generated
    for entry in load_manifest():
        if entry.file.lower() == name:
            return entry.max_score
    source = INFORM_DIR / (Path(path).stem + ".inf")
    if source.is_file():
        match = re.search(r"Constant\s+MAX_SCORE\s*=?\s*(\d+)", source.read_text(encoding="utf-8"))
        return int(match.group(1)) if match else None
    return None


def sha256_of(data: bytes) -> str:
    """Hex sha256 of some bytes."""
    return hashlib.sha256(data).hexdigest()


class _Offline(Exception):
    """The network is unreachable: stop trying further downloads."""


def _fetch(entry: ManifestEntry, from_dir: Path | None) -> bytes | None:
    """The bytes of one story file, from a local folder or by download; None when unavailable."""
    if from_dir is not None:
        source = from_dir / entry.file
        return source.read_bytes() if source.is_file() else None
    try:
        with urllib.request.urlopen(entry.source, timeout=DOWNLOAD_TIMEOUT_S) as response:
            return bytes(response.read())
    except urllib.error.HTTPError as exc:
        print(f"games: cannot download {entry.file} from {entry.source}: {exc}", file=sys.stderr)
        return None
    except OSError as exc:  # no route, no DNS, timeout: every other download would fail the same way
        print(f"games: cannot download {entry.file} from {entry.source}: {exc}", file=sys.stderr)
        raise _Offline from exc


def _write_atomic(dest: Path, data: bytes) -> None:
    """Write through a temporary file so a concurrent reader never sees half a file."""
    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.")
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.replace(tmp, dest)


def _is_installed(entry: ManifestEntry, games_dir: Path) -> bool:
    dest = games_dir / entry.file
    return dest.is_file() and sha256_of(dest.read_bytes()) == entry.sha256


def install_one(entry: ManifestEntry, games_dir: Path, from_dir: Path | None) -> str:
    """Install one manifest file; returns 'present', 'installed', 'missing' or 'refused'."""
    dest = games_dir / entry.file
    if _is_installed(entry, games_dir):
        return "present"
    data = _fetch(entry, from_dir)
    if data is None:
        return "missing"
    got = sha256_of(data)
    if got != entry.sha256:
        origin = from_dir / entry.file if from_dir else entry.source
        print(
            f"games: refused {entry.file} from {origin}: sha256 {got} does not match the manifest's "
            f"{entry.sha256}",
            file=sys.stderr,
        )
        return "refused"
    _write_atomic(dest, data)
    return "installed"


def install(
    from_dir: Path | None = None, games_dir: Path = GAMES_DIR, manifest: Path = MANIFEST
) -> dict[str, int]:
    """Install every manifest file into games_dir; returns counts per outcome."""
    games_dir.mkdir(parents=True, exist_ok=True)
    counts = {"present": 0, "installed": 0, "missing": 0, "refused": 0}
    entries = load_manifest(manifest)
    for i, entry in enumerate(entries):
        try:
            counts[install_one(entry, games_dir, from_dir)] += 1
        except _Offline:
            left = [e for e in entries[i:] if not _is_installed(e, games_dir)]
            print(f"games: offline; {len(left)} story files not downloaded (use --from DIR)", file=sys.stderr)
            counts["missing"] += len(left)
            counts["present"] += len(entries) - i - len(left)
            break
    return counts


class BuildError(RuntimeError):
    """The Inform compiler rejected one of our sources."""


def _compiler() -> str:
    return shutil.which("inform6") or "/usr/bin/inform6"


def build_one(source: Path, games_dir: Path = GAMES_DIR, force: bool = False) -> str:
    """Compile one Inform source into games_dir/<stem>.z5; returns 'up to date' or 'built'."""
    target = games_dir / (source.stem + ".z5")
    if not force and target.is_file() and target.stat().st_mtime >= source.stat().st_mtime:
        _record_built(target)  # builds from before the list was kept
        return "up to date"
    games_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=games_dir, prefix=".build-") as tmp:
        out = Path(tmp) / target.name
        include = f"+include_path={INFORM_LIBRARY},{source.parent}"
        cmd = [_compiler(), "-v5", include, str(source), str(out)]
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=COMPILE_TIMEOUT_S)
        except subprocess.TimeoutExpired as exc:
            raise BuildError(f"inform6 took over {COMPILE_TIMEOUT_S} s on {source}") from exc
        if done.returncode != 0 or not out.is_file():
            raise BuildError(
                f"inform6 failed on {source} (exit {done.returncode}):\n{done.stdout}{done.stderr}"
            )
        os.replace(out, target)
    _record_built(target)
    return "built"


BUILT_LIST = ".built-sha256"  # in games/: checksums of the stories we compiled from inform/


def _record_built(story: Path) -> None:
    """Remember a story we compiled, so it is trusted without a trial run (see story_probe)."""
    sha = sha256_of(story.read_bytes())
    listing = story.parent / BUILT_LIST
    if sha not in built_shas(story.parent):
        with listing.open("a", encoding="ascii") as out:  # one short append: safe beside other writers
            out.write(f"{sha}\t{story.name}\n")


def built_shas(games_dir: Path = GAMES_DIR) -> set[str]:
    """Checksums of the stories `build` compiled into games_dir."""
    listing = games_dir / BUILT_LIST
    if not listing.is_file():
        return set()
    return {line.split("\t", 1)[0] for line in listing.read_text(encoding="ascii").splitlines() if line}


def build(inform_dir: Path = INFORM_DIR, games_dir: Path = GAMES_DIR, force: bool = False) -> dict[str, str]:
    """Compile every inform/*.inf that is out of date; returns source name -> outcome.

    One broken source does not stop the others; BuildError at the end names every failure.
    """
    outcomes: dict[str, str] = {}
    errors: list[str] = []
    for source in sorted(inform_dir.glob("*.inf")):
        try:
            outcomes[source.name] = build_one(source, games_dir, force)
        except BuildError as exc:
            outcomes[source.name] = "failed"
            errors.append(str(exc))
    if errors:
        raise BuildError("\n".join(errors))
    return outcomes


def _cmd_install(args: argparse.Namespace) -> int:
    counts = install(
        Path(args.from_dir) if args.from_dir else None, Path(args.games_dir), Path(args.manifest)
    )
    print("games: " + ", ".join(f"{n} {k}" for k, n in counts.items()) + f" in {args.games_dir}")
    return 1 if counts["missing"] or counts["refused"] else 0


def _cmd_build(args: argparse.Namespace) -> int:
    try:
        outcomes = build(Path(args.inform_dir), Path(args.games_dir), args.force)
    except BuildError as exc:
        print(f"games: build failed: {exc}", file=sys.stderr)
        return 1
    built = [name for name, what in outcomes.items() if what == "built"]
    fresh = len(outcomes) - len(built)
    print(f"games: built {', '.join(built) or 'nothing'}; {fresh} up to date in {args.games_dir}")
    return 0 if args.no_textworld else _build_textworld(Path(args.games_dir))


def _build_textworld(games_dir: Path) -> int:
    """Generate the missing TextWorld games; a missing textworld is a notice, not a failure."""
    try:
        outcomes = textworld_games.build(games_dir)
    except textworld_games.TextWorldUnavailable as exc:
        n = len(textworld_games.TW_GAMES)
        print(f"games: textworld is not installed; {n} generated games skipped ({exc})", file=sys.stderr)
        return 0
    built = [name for name, what in outcomes.items() if what == "built"]
    failed = [name for name, what in outcomes.items() if what == "failed"]
    fresh = len(outcomes) - len(built) - len(failed)
    print(f"games: generated {', '.join(built) or 'nothing'}; {fresh} TextWorld games up to date")
    return 0  # like a failed download: reported, and the tests that need the game skip


def _cmd_list(args: argparse.Namespace) -> int:
    games_dir = Path(args.games_dir)
    for name in installed_games(games_dir):
        score = max_score(games_dir / name)
        print(f"{name}\t{score if score is not None else 'unknown'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command line: install, build or list."""
    parser = argparse.ArgumentParser(prog="python -m autofrotz.games")
    parser.add_argument("--games-dir", default=str(GAMES_DIR))
    parser.add_argument("--manifest", default=str(MANIFEST), help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", required=True)
    inst = sub.add_parser("install", help="copy or download the manifest's story files")
    inst.add_argument("--from", dest="from_dir", help="copy from this folder instead of downloading")
    bld = sub.add_parser("build", help="compile inform/*.inf into games/")
    bld.add_argument("--inform-dir", default=str(INFORM_DIR))
    bld.add_argument("--force", action="store_true", help="recompile even when up to date")
    bld.add_argument("--no-textworld", action="store_true", help="do not generate the TextWorld games")
    sub.add_parser("list", help="list installed games")
    args = parser.parse_args(argv)
    handlers = {"install": _cmd_install, "build": _cmd_build, "list": _cmd_list}
    return handlers[args.command](args)


if __name__ == "__main__":
    sys.exit(main())


def game_path_label(path: Path) -> str:
    """How the game is named in the record: its file name when games/ holds it, else the path."""
    try:
        path.resolve().relative_to(GAMES_DIR.resolve())
        return path.name
    except ValueError:
        return str(path.resolve())
