"""dfrotz as a child process: pinned seed, no MORE prompts, files restricted to the save folder.

Output is read from the pipe with select() against a real deadline until the input prompt. At
start a probe story checks that the interpreter keeps bold and underlined text (Debian's dfrotz
2.54 drops it, and Inform prints room names in bold): a failing probe refuses to play unless forced.
dfrotz shows no status line, so score and moves are known only when the game's own text states them.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import select
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

from autofrotz.backends.base import (
    GameInterface,
    GameInterfaceError,
    InterpreterDiedError,
    UnsafeInterpreterError,
)
from autofrotz.reading.outcomes_endings import score_and_moves_in
from autofrotz.reading.outcomes_prompts import PRESS_KEY, control_question

log = logging.getLogger(__name__)

PROBE_MARKERS = (b"BOLDMARKER", b"ULINEMARKER")
FILE_PROMPT_RE = re.compile(rb"(file ?name|filename)[^\n]*[:?]\s*$", re.IGNORECASE)
OVERWRITE_RE = re.compile(rb"overwrite[^\n]*\?\s*$", re.IGNORECASE)
_probe_cache: dict[str, bool] = {}
_Predicate = Callable[[bytearray], bool]


def dfrotz_command(dfrotz_path: str, story: Path, seed: int | None, save_dir: Path) -> list[str]:
    """The command line: quiet, no MORE prompts, widest screen, tall page, files only in save_dir."""
    seed_args = ["-s", str(seed)] if seed is not None else []
    return [dfrotz_path, *seed_args, "-m", "-w", "255", "-h", "999", "-R", str(save_dir), "-q", str(story)]


def probe_keeps_styled_text(dfrotz_path: str, probe_story: Path, timeout_s: float = 10.0) -> bool:
    """Run the probe story once per interpreter; True when the bold and underlined words appear."""
    if dfrotz_path not in _probe_cache:
        try:
            done = subprocess.run(
                [dfrotz_path, "-q", "-m", str(probe_story)],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=timeout_s,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return False  # an interpreter that hangs on a three-line story is not safe either
        except OSError as exc:
            raise GameInterfaceError(f"cannot run {dfrotz_path} ({exc}); install Debian's frotz") from exc
        _probe_cache[dfrotz_path] = all(marker in done.stdout for marker in PROBE_MARKERS)
    return _probe_cache[dfrotz_path]


def _probe_story() -> Path:
    from autofrotz.games import GAMES_DIR, INFORM_DIR, build_one

    build_one(INFORM_DIR / "probe_bold.inf", GAMES_DIR)
    return GAMES_DIR / "probe_bold.z5"


def slot_file_name(safe_slot: str, dir_chars: int) -> str:
    """A save file name dfrotz -R keeps whole: longer than the save directory's path.

    dfrotz 2.54 appends the typed name with strncat(dir, name, len(dir) - len(name)), so a name
    shorter than the directory but over half its length is cut short (the save lands elsewhere).

    >>> slot_file_name("autofrotz_0", 10)
    'slot-autofrotz_0.qzl'
    >>> name = slot_file_name("autofrotz_0", 29)
    >>> len(name) > 29 + 1, name.startswith("slot-autofrotz_0"), name.endswith(".qzl")
    (True, True, True)
    """
    base = f"slot-{safe_slot}"
    pad = max(0, dir_chars + 2 - len(base) - len(".qzl"))
    return f"{base}{'-' * pad}.qzl"


class DfrotzBackend(GameInterface):
    """An external dfrotz process driven through pipes."""

    backend = "dfrotz"
    reports_score_each_step = False

    def __init__(
        self,
        path: Path,
        seed: int | None,
        *,
        dfrotz_path: str = "/usr/games/dfrotz",
        save_dir: Path | None = None,
        force: bool = False,
        timeout_s: float = 10.0,
        key_wait_s: float = 0.5,
    ) -> None:
        super().__init__(path, seed)
        self.dfrotz_path = dfrotz_path
        self.force = force
        self.timeout_s = timeout_s
        self.key_wait_s = key_wait_s
        self._own_dir = save_dir is None
        self.save_dir = Path(tempfile.mkdtemp(prefix="autofrotz-saves-")) if save_dir is None else save_dir
        self._proc: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._check_probe()  # refuse at open, before a game record exists (cached per interpreter)

    # ------------------------------------------------------------------ process

    def _start(self) -> str:
        self._kill()
        self.save_dir.mkdir(parents=True, exist_ok=True)
        cmd = dfrotz_command(self.dfrotz_path, self.path, self.seed, self.save_dir)
        self._stderr = (self.save_dir / "dfrotz.stderr").open("wb")
        self._proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, cwd=self.save_dir
        )
        return self._text(self._read_until(_ends_with_prompt, answer_keys=True))

    def _check_probe(self) -> None:
        if probe_keeps_styled_text(self.dfrotz_path, _probe_story()):
            return
        message = (
            f"{self.dfrotz_path} drops text printed in bold or underline (Inform games print room names "
            "that way), so the game would be played with lost text; use the jericho back end "
            "(backend='jericho')"
        )
        if not self.force:
            raise UnsafeInterpreterError(
                message + ', or force it knowingly ("dfrotz_force": true in config.json)'
            )
        log.warning("forced to play on: %s", message)

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        self._write(command)
        text = self._text(self._read_until(_awaits_input))
        score, moves = score_and_moves_in(text)
        return text, score, moves

    def _write(self, line: str) -> None:
        proc = self._alive()
        assert proc.stdin is not None
        try:
            proc.stdin.write(line.encode("ascii", "replace") + b"\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise self._died(f"writing failed: {exc}") from exc

    def _read_until(self, done: _Predicate, answer_keys: bool = False) -> bytes:
        """Read the pipe until done(buffer) holds and nothing more is waiting, within the deadline."""
        proc = self._alive()
        assert proc.stdout is not None
        fd = proc.stdout.fileno()
        buffer = bytearray()
        deadline = time.monotonic() + self.timeout_s
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._died(
                    f"no prompt within {self.timeout_s:.0f} s; last output: {bytes(buffer[-200:])!r}"
                )
            wait = 0.0 if done(buffer) else min(remaining, self.key_wait_s if answer_keys else remaining)
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                if done(buffer):
                    return bytes(buffer)
                if answer_keys and PRESS_KEY.search(buffer.decode("latin-1")[-300:]):
                    self._write("")  # a "press any key" pause before the first prompt
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                return self._at_exit(buffer)
            buffer += chunk

    def _at_exit(self, buffer: bytearray) -> bytes:
        """A game that ends itself (Zork after victory) exits cleanly: keep its last words."""
        proc = self._alive()
        if proc.wait() == 0 and buffer:
            self._kill()
            return bytes(buffer)
        raise self._died("the interpreter exited")

    def _alive(self) -> subprocess.Popen[bytes]:
        if self._proc is None:
            raise InterpreterDiedError(f"dfrotz on {self.path.name} is not running (it exited); start again")
        return self._proc

    def _died(self, why: str) -> InterpreterDiedError:
        """Kill what is left of the process and describe its end."""
        code = self._kill()
        stderr = self._stderr_tail()
        return InterpreterDiedError(f"dfrotz on {self.path.name}: {why} (exit code {code}){stderr}")

    def _stderr_tail(self) -> str:
        path = self.save_dir / "dfrotz.stderr"
        tail = path.read_text(errors="replace")[-300:].strip() if path.is_file() else ""
        return f"; stderr: {tail}" if tail else ""

    def _kill(self) -> int | None:
        proc, self._proc = self._proc, None
        if proc is None:
            return None
        if proc.poll() is None:
            proc.kill()
        code = proc.wait()
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):  # closing flushes: a dead reader means EPIPE
                    stream.close()
        if self._stderr is not None:
            self._stderr.close()
        return code

    def _close(self) -> None:
        self._kill()
        if self._own_dir:
            shutil.rmtree(self.save_dir, ignore_errors=True)

    @staticmethod
    def _text(raw: bytes) -> str:
        """Decode and drop the echoed line end in front and the prompt behind."""
        text = raw.decode("utf-8", errors="replace")
        text = text[1:] if text.startswith("\n") else text
        if _ends_with_prompt(raw):
            text = text[: text.rstrip(" ").rfind(">")]
        return text

    # ------------------------------------------------------------------ saves

    def _slot_file(self, slot: str) -> Path:
        safe = re.sub(r"[^A-Za-z0-9_-]", "_", slot)
        return self.save_dir / slot_file_name(safe, len(str(self.save_dir)))

    def _save(self, slot: str) -> None:
        target = self._slot_file(slot)
        target.unlink(missing_ok=True)  # so dfrotz never asks whether to overwrite
        reply = self._file_dialogue("save", target)
        if not target.is_file() or target.stat().st_size == 0:
            raise GameInterfaceError(f"dfrotz did not write {target.name}: {reply.strip()!r}")

    def _restore(self, slot: str) -> None:
        target = self._slot_file(slot)
        if not target.is_file():
            raise GameInterfaceError(f"no saved slot '{slot}' in {self.save_dir}")
        reply = self._file_dialogue("restore", target)
        if re.search(r"fail|error|can't|cannot", reply, re.IGNORECASE):
            raise GameInterfaceError(f"dfrotz could not restore {target.name}: {reply.strip()!r}")

    def _file_dialogue(self, verb: str, target: Path) -> str:
        """Send save/restore, answer the file name prompt, read until the game prompt."""
        self._write(verb)
        self._read_until(lambda b: bool(FILE_PROMPT_RE.search(b[-200:])) or _ends_with_prompt(b))
        self._write(target.name)
        return self._text(self._read_until(_ends_with_prompt))

    def _scratch_dir(self) -> str:
        return str(self.save_dir)

    def export_state(self, slot: str) -> bytes:
        """The Quetzal save file of the slot."""
        target = self._slot_file(slot)
        if not target.is_file():
            raise GameInterfaceError(f"no saved slot '{slot}'")
        return target.read_bytes()

    def import_state(self, slot: str, data: bytes) -> None:
        """Write a Quetzal file so restore(slot) can load it."""
        self.save_dir.mkdir(parents=True, exist_ok=True)
        self._slot_file(slot).write_bytes(data)


def _awaits_input(buffer: bytes | bytearray) -> bool:
    """The input prompt, or a question an interpreter-control verb leads to (answered by cancelling)."""
    return _ends_with_prompt(buffer) or control_question(bytes(buffer[-300:]).decode("latin-1")) is not None


def _ends_with_prompt(buffer: bytes | bytearray) -> bool:
    """True when the output ends with the input prompt '>' at the start of a line.

    >>> _ends_with_prompt(b"Taken.\\n\\n>"), _ends_with_prompt(b"> "), _ends_with_prompt(b"a > b")
    (True, True, False)
    """
    tail = bytes(buffer[-3:]).rstrip(b" ")
    return tail.endswith(b"\n>") or tail == b">"
