"""bench interface: steps per second through our game interface beside the bare interpreter.

python main.py bench interface --game zork1.z5 [--steps N] [--json]

Bare jericho is FrotzEnv.step; bare dfrotz is a plain write-a-line, read-to-the-prompt loop on the
same command line. Bare and wrapped run in lockstep, each call timed; the rates are 1 / median step
time, which bursts of other load on a shared machine barely move. Start-up is not timed.
dfrotz is forced past its styled-text probe here: speed, not text, is what this measures.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import select
import statistics
import subprocess
import tempfile
import time
import warnings
from pathlib import Path

import jericho

from autofrotz.backends.dfrotz_backend import dfrotz_command
from autofrotz.bench.figures import count, emit, progress
from autofrotz.game_interface import open_game, open_story

COMMANDS = ["look", "inventory", "n", "s", "examine mailbox", "w", "e", "score", "wait", "x me"]
TARGET_RATIO = 0.8
SEED = 12


def _commands(steps: int) -> list[str]:
    return [COMMANDS[i % len(COMMANDS)] for i in range(steps)]


class _Runner:
    """Something that can be (re)started untimed and then driven through commands, timed."""

    def restart(self) -> None:
        raise NotImplementedError

    def step(self, command: str) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class _BareJericho(_Runner):
    def __init__(self, path: Path) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.env = jericho.FrotzEnv(str(path), seed=SEED)

    def restart(self) -> None:
        self.env.reset()

    def step(self, command: str) -> None:
        self.env.step(command)

    def close(self) -> None:
        self.env.close()


class _Ours(_Runner):
    def __init__(self, path: Path, backend: str, save_dir: Path) -> None:
        self.game = open_game(path, backend, seed=SEED, save_dir=save_dir, force=True)

    def restart(self) -> None:
        self.game.start()

    def step(self, command: str) -> None:
        self.game.send(command)

    def close(self) -> None:
        self.game.close()


class _BareDfrotz(_Runner):
    """A plain write-a-line, read-to-the-prompt loop on the same dfrotz command line."""

    def __init__(self, path: Path, dfrotz_path: str, save_dir: Path) -> None:
        self.cmd = dfrotz_command(dfrotz_path, path, SEED, save_dir)
        self.save_dir = save_dir
        self.proc: subprocess.Popen[bytes] | None = None

    def restart(self) -> None:
        self.close()
        self.proc = subprocess.Popen(
            self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=self.save_dir
        )
        self._read_prompt()

    def step(self, command: str) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(command.encode() + b"\n")
        self.proc.stdin.flush()
        self._read_prompt()

    def _read_prompt(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        fd, buffer = self.proc.stdout.fileno(), b""
        while not buffer.rstrip(b" ").endswith(b">"):
            select.select([fd], [], [], 10.0)
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            buffer += chunk

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            for stream in (self.proc.stdin, self.proc.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
            self.proc = None


def _compare(name: str, bare: _Runner, ours: _Runner, commands: list[str]) -> dict[str, float]:
    """Drive both in lockstep, timing every call; medians shrug off bursts of load on a shared machine."""
    progress(f"bench interface: {name}, {len(commands)} commands in lockstep")
    bare.restart()
    ours.restart()
    bare_times: list[float] = []
    our_times: list[float] = []
    for i, command in enumerate(commands):
        pair = [(bare, bare_times), (ours, our_times)]
        for runner, times in pair if i % 2 == 0 else reversed(pair):
            start = time.perf_counter()
            runner.step(command)
            times.append(time.perf_counter() - start)
    bare.close()
    ours.close()
    bare_s, our_s = statistics.median(bare_times), statistics.median(our_times)
    return {
        f"{name}_steps_per_s": 1 / our_s,
        f"{name}_bare_steps_per_s": 1 / bare_s,
        f"{name}_ratio": bare_s / our_s,
        f"{name}_overhead_us": (our_s - bare_s) * 1e6,
    }


def measure(path: Path, steps: int, dfrotz_path: str) -> dict[str, float]:
    """Steps per second, bare and through our layer, for both back ends (start-up not timed)."""
    commands = _commands(steps)
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="bench-interface-") as tmp:
        save_dir = Path(tmp)
        figures.update(_compare("jericho", _BareJericho(path), _Ours(path, "jericho", save_dir), commands))
        bare_dfrotz = _BareDfrotz(path, dfrotz_path, save_dir)
        figures.update(_compare("dfrotz", bare_dfrotz, _Ours(path, "dfrotz", save_dir), commands))
    return figures


def main(argv: list[str]) -> int:
    """Print steps/second for each back end beside its bare interpreter."""
    parser = argparse.ArgumentParser(prog="python main.py bench interface")
    parser.add_argument("--game", default="zork1.z5")
    parser.add_argument("--steps", type=count, default=2000)
    parser.add_argument("--dfrotz", default="/usr/games/dfrotz")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    path = open_story(args.game)
    figures: dict[str, object] = {"game": path.name, "steps": args.steps}
    figures.update(measure(path, args.steps, args.dfrotz))
    figures["target_jericho_ratio"] = TARGET_RATIO
    figures["target_dfrotz_ratio"] = TARGET_RATIO
    emit(
        figures,
        args.json,
        title=f"bench interface on {path.name} (median step time, bare and wrapped in lockstep)",
    )
    return 0
