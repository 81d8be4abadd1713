"""The relay provider: each request is written to a folder and its answer read from a file beside it.

A person or another program stands in for the model and sees exactly what a model would see: the
system prompt, the messages and the schema. `python main.py relay FOLDER` shows the next waiting
request and takes its answer (autofrotz/relay_cli.py).

Files, numbered in the order the requests are made:
    000012.request.json   {"role", "model", "system", "messages", "schema"}
    000012.answer.txt     the model's reply text (JSON when the request has a schema)
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from autofrotz.config import ProviderConfig
from autofrotz.llm.base import BaseLLM, Reply, Request, estimate_tokens, message_text
from autofrotz.llm.errors import TransientError

DEFAULT_FOLDER = "relay"
POLL_S = 0.2
REQUEST_SUFFIX = ".request.json"
ANSWER_SUFFIX = ".answer.txt"


def write_atomically(path: Path, text: str) -> None:
    """Write a whole file or nothing, so that a reader never sees half of it."""
    partial = path.with_name(path.name + ".part")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


def request_paths(folder: Path) -> list[Path]:
    """Every request file in the folder, oldest first."""
    return sorted(folder.glob(f"*{REQUEST_SUFFIX}"))


def answer_path(request: Path) -> Path:
    """Where the answer to a request file is written."""
    return request.with_name(request.name.removesuffix(REQUEST_SUFFIX) + ANSWER_SUFFIX)


def waiting_requests(folder: Path) -> list[Path]:
    """Request files that have no answer yet, oldest first."""
    return [p for p in request_paths(folder) if not answer_path(p).exists()]


class RelayLLM(BaseLLM):
    """A model answered through files: the request is written, the call waits for the answer file."""

    provider: ClassVar[str] = "relay"
    native_json: ClassVar[bool] = True
    needs_api_key: ClassVar[bool] = False
    preflight_check: ClassVar[bool] = False  # a person may take minutes to answer the first prompt

    def __init__(
        self,
        model: str = "relay",
        role: str = "",
        *,
        folder: str | Path = DEFAULT_FOLDER,
        clock: Callable[[], float] = time.monotonic,
        **kw: Any,
    ) -> None:
        kw.setdefault("max_retries", 0)  # a missing answer is not fixed by asking again at once
        super().__init__(model, role, **kw)
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.clock = clock

    @classmethod
    def from_config(
        cls, role: str, model: str, provider: ProviderConfig, api_key: str | None, **kw: Any
    ) -> BaseLLM:
        folder = provider.base_url or DEFAULT_FOLDER
        return cls(model, role, folder=folder, timeout_s=provider.timeout_s, **kw)

    def _complete(self, request: Request) -> Reply:
        path = self._next_request_path()
        write_atomically(path, json.dumps(self.build_request(request), indent=1, ensure_ascii=False))
        text = self._wait_for(answer_path(path))
        prompt = "\n".join([request.system_prompt, *(message_text(m) for m in request.messages)])
        return Reply(text, estimate_tokens(prompt), estimate_tokens(text))

    def build_request(self, request: Request) -> dict[str, Any]:
        """The request file's content: exactly what a model would be sent."""
        return {
            "role": self.role,
            "model": self.model,
            "system": request.system_prompt,
            "messages": request.messages,
            "schema": request.schema,
        }

    def _next_request_path(self) -> Path:
        existing = request_paths(self.folder)
        number = int(existing[-1].name.split(".")[0]) + 1 if existing else 1
        return self.folder / f"{number:06d}{REQUEST_SUFFIX}"

    def _wait_for(self, answer: Path) -> str:
        deadline = self.clock() + self.timeout_s
        while not answer.exists():
            if self.clock() > deadline:
                raise TransientError(f"relay: no answer in {answer.parent} within {self.timeout_s:.0f} s")
            self.sleep(POLL_S)
        return answer.read_text(encoding="utf-8")
