"""Crafted story files and resumes on a swapped story."""

from __future__ import annotations

import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from autofrotz.game_interface import GameInterfaceError, open_game
from autofrotz.games import GameNotFoundError, check_story

REPO = Path(__file__).resolve().parent.parent


def craft(path: Path, seed: int, size: int = 2048, length: int = 512, checksum: bool = True) -> Path:
    """Random bytes behind a plausible version 5 header: a small declared length, every table
    address inside it, and (unless told otherwise) the right checksum."""
    rng = random.Random(seed)
    data = bytearray(rng.randbytes(size))
    data[0] = 5

    def word(at: int, value: int) -> None:
        data[at : at + 2] = value.to_bytes(2, "big")

    word(0x1A, length // 4)
    for at in (0x04, 0x06, 0x08, 0x0A, 0x0C, 0x18):
        word(at, rng.randrange(64, length))
    word(0x0E, length - 1)
    word(0x0A, rng.randrange(64, length - 1))
    word(0x0C, rng.randrange(64, length - 1))
    word(0x1C, sum(data[64:length]) % 65536 if checksum else (sum(data[64:length]) + 1) % 65536)
    path.write_bytes(bytes(data))
    return path


def dividing_by_zero(path: Path) -> Path:
    """A story whose first instruction divides by zero: jericho's interpreter dies of SIGFPE, every
    time (random bytes crash it too, but only now and then: what they do depends on memory)."""
    data = bytearray(2048)
    data[0] = 5
    for at, value in ((0x1A, 512), (0x04, 1024), (0x06, 1100), (0x08, 900), (0x0A, 200), (0x0C, 400),
                      (0x0E, 800), (0x18, 100)):  # fmt: skip
        data[at : at + 2] = value.to_bytes(2, "big")
    data[1100:1104] = bytes([0x17, 0x01, 0x00, 0x00])  # div 1 0 -> sp
    data[0x1C:0x1E] = (sum(data[64:]) % 65536).to_bytes(2, "big")
    path.write_bytes(bytes(data))
    return path


def _main(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_random_bytes_with_a_wrong_checksum_are_refused_by_the_header_check(tmp_path: Path) -> None:
    story = craft(tmp_path / "junk.z5", seed=1, checksum=False)
    with pytest.raises(GameNotFoundError, match="checksum"):
        check_story(story)


@pytest.mark.parametrize(
    ("offset", "value", "words"),
    [(0x08, 0xFFF0, "dictionary"), (0x0E, 0x0041, "dynamic memory"), (0x06, 0x0000, "first instruction")],
)
def test_tables_outside_the_story_are_refused(tmp_path: Path, offset: int, value: int, words: str) -> None:
    data = bytearray(craft(tmp_path / "t.z5", seed=3, length=2048).read_bytes())
    data[offset : offset + 2] = value.to_bytes(2, "big")
    data[0x1C:0x1E] = (sum(data[64:]) % 65536).to_bytes(2, "big")
    (tmp_path / "t.z5").write_bytes(bytes(data))
    with pytest.raises(GameNotFoundError, match=words):
        check_story(tmp_path / "t.z5")


def test_a_story_that_crashes_the_interpreter_costs_a_clear_error_not_the_process(tmp_path: Path) -> None:
    story = dividing_by_zero(tmp_path / "crash.z5")
    check_story(story)  # passes every header check
    with pytest.raises(GameInterfaceError, match="trial run .signal 8"):
        open_game(story, "jericho")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_stories_are_refused_or_survive_a_trial_run(
    tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever random bytes do, the answer is an error of ours or a story that started in a child,
    and nothing they write (random code may well save) lands in our working directory."""
    story = craft(tmp_path / "r.z5", seed=seed)
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    try:
        open_game(story, "jericho")
    except GameInterfaceError as exc:
        assert "trial run" in str(exc)
    assert list((tmp_path / "cwd").iterdir()) == []


def test_a_story_that_never_asks_for_input_is_refused_after_the_deadline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from autofrotz.backends import story_probe

    data = bytearray(craft(tmp_path / "loop.z5", seed=3, length=2048).read_bytes())
    data[0x06:0x08] = (1100).to_bytes(2, "big")
    data[1100:1103] = bytes([0x8C, 0xFF, 0xFF])  # jump to itself, for ever
    data[0x1C:0x1E] = (sum(data[64:]) % 65536).to_bytes(2, "big")
    (tmp_path / "loop.z5").write_bytes(bytes(data))
    monkeypatch.setattr(story_probe, "PROBE_TIMEOUT_S", 2.0)
    with pytest.raises(GameInterfaceError, match="did not answer"):
        open_game(tmp_path / "loop.z5", "jericho")


def test_the_command_line_refuses_it_and_leaves_no_playing_row(tmp_path: Path) -> None:
    story = dividing_by_zero(tmp_path / "crash.z5")
    db = tmp_path / "g.db"
    done = _main("--game", str(story), "--db", str(db), "--no-web", "--max-turns", "5")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "trial run" in done.stderr
    if db.exists():
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


def test_a_two_gigabyte_file_is_refused_before_it_is_read(zork1: Path, tmp_path: Path) -> None:
    big = tmp_path / "big.z3"
    with big.open("wb") as f:
        f.write(zork1.read_bytes()[:64])
        f.truncate(2 * 1024**3)  # sparse: costs no disk
    code = (
        "import sys; from pathlib import Path; from autofrotz.games import check_story\n"
        "try:\n    check_story(Path(sys.argv[1]))\nexcept Exception as exc:\n    print(exc)\n"
        # VmHWM: this process's own peak (ru_maxrss would include the forking parent's size)
        "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(big)], cwd=REPO, capture_output=True, text=True, check=True
    )
    message, max_rss_kb = done.stdout.strip().splitlines()
    assert "at most 131072" in message
    assert int(max_rss_kb) < 200_000  # far below the 2 GB a whole read would take


def test_every_installed_story_passes_the_checks(games_dir: Path) -> None:
    stories = sorted(p for p in games_dir.iterdir() if p.suffix in (".z3", ".z5", ".z8"))
    if not stories:
        pytest.skip("no story files installed")
    for story in stories:
        check_story(story)


def test_resume_on_a_replaced_story_file_is_refused(
    cellar_path: Path, games_dir: Path, tmp_path: Path
) -> None:
    story = tmp_path / "mine.z5"
    shutil.copy(cellar_path, story)
    db = tmp_path / "g.db"
    first = _main("--game", str(story), "--db", str(db), "--no-web", "--max-turns", "6")
    assert first.returncode == 0, first.stderr
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET status = 'playing'")  # as if the process had died
    shutil.copy(
        games_dir / "maze_plain.z5" if (games_dir / "maze_plain.z5").is_file() else cellar_path, story
    )
    story.write_bytes(story.read_bytes()[:-1] + b"\x01")  # a different file, whatever it is
    again = _main("--resume", "1", "--db", str(db), "--no-web", "--max-turns", "12")
    assert again.returncode == 2
    assert "different story file" in again.stderr and "Traceback" not in again.stderr
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT MAX(turn_number) FROM turns").fetchone()[0] == 6  # nothing played on
