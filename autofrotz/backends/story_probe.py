"""A trial run of an unfamiliar story file in a child process, before it is played in ours.

Header checks (games.check_story) cannot prove that a file is a sound program: random bytes behind a
plausible header make jericho's interpreter abort the whole process (``free(): invalid next size``).
A story whose sha256 is neither in the manifest nor one we compiled ourselves is therefore started
once in a fresh child process with a few harmless commands; if the child dies or hangs, the story is
refused with a clear error and nothing is lost.

"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from autofrotz.games import built_shas, load_manifest

PROBE_COMMANDS = ("look", "inventory", "wait")
PROBE_TIMEOUT_S = 10.0
_trusted: set[str] = set()
_lock = threading.Lock()


class StoryProbeError(RuntimeError):
    """The story made the interpreter fail in the trial run."""


def _known_shas() -> set[str]:
    """The manifest's stories and the ones `games build` compiled from our own Inform sources."""
    return {entry.sha256 for entry in load_manifest()} | built_shas()


def sha256_file(path: Path) -> str:
    """Hex sha256 of a (size-checked) story file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def ensure_playable(path: Path, sha: str | None = None) -> None:
    """Run the trial once per story and process unless the manifest lists its sha256."""
    sha = sha or sha256_file(path)
    with _lock:
        if sha in _trusted:
            return
        if sha not in _known_shas():
            _trial(path)
        _trusted.add(sha)


def _trial(path: Path) -> None:
    """Run the story in a fresh interpreter process; its death or silence refuses the story.

    A fresh process, not a fork: what random bytes do to the interpreter depends on the memory it
    finds, and a forked child inherits ours, so it may survive where a new session would not.
    """
    cmd = [sys.executable, "-m", "autofrotz.backends.story_probe", str(path)]
    root = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
    try:
        with tempfile.TemporaryDirectory(prefix="autofrotz-probe-") as folder:  # whatever it writes
            done = subprocess.run(
                cmd,
                capture_output=True,
                timeout=PROBE_TIMEOUT_S,
                check=False,
                env=env,
                stdin=subprocess.DEVNULL,
                cwd=folder,
            )
    except subprocess.TimeoutExpired:
        raise StoryProbeError(
            f"{path.name}: the interpreter did not answer within {PROBE_TIMEOUT_S:.0f} s in a trial run"
        ) from None
    if done.returncode != 0:
        why = _describe(done.returncode, done.stderr.decode("utf-8", "replace"))
        raise StoryProbeError(
            f"{path.name} is not a playable story: the interpreter failed in a trial run ({why})"
        )


def _describe(code: int, stderr: str) -> str:
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    tail = lines[-1][:200] if lines else "no message"
    return f"signal {-code}: {tail}" if code < 0 else f"exit {code}: {tail}"


def main(argv: list[str]) -> int:
    """The child: start the story and send the probe commands; exit 0 if all of it returned."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # the interpreter's own writes are not wanted
    play_probe(argv[0])
    return 0


def play_probe(story: str) -> None:
    """Start the story and send the probe commands (in the child)."""
    import warnings

    import jericho

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = jericho.FrotzEnv(story, seed=42)
    env.reset()
    for command in PROBE_COMMANDS:
        env.step(command)
    env.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
