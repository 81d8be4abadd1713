"""A scripted model for tests and end-to-end runs: a real BaseLLM registered as provider "mock".

End-to-end tests reach the instance the factory built through `MockLLM.instances[role]`, or queue
replies before the factory runs with `MockLLM.preload(role, [...])`.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any, ClassVar

from autofrotz.llm.base import BaseLLM, Reply, Request, message_text, prompt_text
from autofrotz.llm.errors import UnexpectedCallError

Scripted = str | dict[str, Any] | list[Any] | Reply | BaseException


class MockLLM(BaseLLM):
    """Answers from a queue: text, a dict (sent as JSON), a Reply, or an exception to raise."""

    provider: ClassVar[str] = "mock"
    preflight_check: ClassVar[bool] = False  # nothing to reach
    needs_api_key: ClassVar[bool] = False
    instances: ClassVar[dict[str, MockLLM]] = {}
    _pending: ClassVar[dict[str, list[Scripted]]] = {}

    def __init__(self, model: str = "mock", role: str = "", **kw: Any) -> None:
        kw.setdefault("sleep", lambda _seconds: None)  # retries of scripted faults never wait
        super().__init__(model, role, **kw)
        self.queue: deque[Scripted] = deque(MockLLM._pending.pop(role, []))
        self.history: list[dict[str, Any]] = []
        MockLLM.instances[role] = self

    @classmethod
    def preload(cls, role: str, items: list[Scripted]) -> None:
        """Queue replies for the MockLLM the factory will build next for `role`."""
        cls._pending.setdefault(role, []).extend(items)

    @classmethod
    def reset(cls) -> None:
        """Forget every instance and preloaded script (call between tests)."""
        cls.instances.clear()
        cls._pending.clear()

    def enqueue(self, *items: Scripted) -> None:
        """Add replies (or exceptions) to answer the next calls with."""
        self.queue.extend(items)

    def _complete(self, request: Request) -> Reply:
        self.history.append(
            {
                "system_prompt": request.system_prompt,
                "messages": [{**m, "content": message_text(m)} for m in request.messages],  # as text
                "blocks": request.messages,  # as sent (content blocks, cache marks)
                "schema": request.schema,
                "temperature": request.temperature,
                "max_tokens": request.max_tokens,
            }
        )
        if not self.queue:
            raise UnexpectedCallError(f"MockLLM({self.role!r}) called with an empty queue")
        item = self.queue.popleft()
        if isinstance(item, BaseException):
            raise item
        if isinstance(item, Reply):
            return item
        text = item if isinstance(item, str) else json.dumps(item)
        return Reply(text, self.count_tokens(prompt_text(request)), self.count_tokens(text))
