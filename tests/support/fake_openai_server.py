"""A tiny OpenAI-compatible chat server on 127.0.0.1 (stdlib only) for end-to-end tests of `local`.

Replies come from a queue of strings; every request body and path is recorded. Like an older local
server it ignores response_format and caching, and reports usage without cache details; `refuse`
names response_format types it answers with an error naming the field instead (HTTP 422, or 500 as
llama-cpp-python does), as a server that validates them does.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeOpenAIServer:
    """Context manager: `with FakeOpenAIServer() as server: server.base_url ...`."""

    def __init__(self, refuse: tuple[str, ...] = (), refuse_status: int = 422) -> None:
        self.refuse = refuse
        self.refuse_status = refuse_status  # llama-cpp-python says 500 for its own validation errors
        self.replies: deque[str] = deque()
        self.requests: list[dict[str, Any]] = []
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        """The /v1 root to configure as providers.local.base_url."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def enqueue(self, *texts: str) -> None:
        """Queue assistant replies."""
        self.replies.extend(texts)

    def __enter__(self) -> FakeOpenAIServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def completion(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """The status and JSON answer for one chat completion request."""
        kind = (body.get("response_format") or {}).get("type")
        if kind in self.refuse:
            message = f"1 validation error: ('body', 'response_format', 'type'): {kind!r} is not allowed"
            return self.refuse_status, {"error": {"message": message, "type": "invalid_request_error"}}
        if not self.replies:
            return 500, {"error": {"message": "fake server has no queued reply", "type": "server_error"}}
        text = self.replies.popleft()
        prompt = sum(len(str(m.get("content", ""))) for m in body.get("messages", [])) // 4
        return 200, {
            "id": f"chatcmpl-{len(self.requests)}",
            "object": "chat.completion",
            "created": 1700000000,
            "model": body.get("model", "local-model"),
            "choices": [
                {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
            ],
            "usage": {"prompt_tokens": prompt, "completion_tokens": len(text) // 4, "total_tokens": prompt},
        }

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                server.requests.append({"path": self.path, "body": body, "headers": dict(self.headers)})
                status, answer = (
                    server.completion(body)
                    if self.path.endswith("/chat/completions")
                    else (
                        404,
                        {"error": {"message": f"no route {self.path}"}},
                    )
                )
                data = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:  # quiet test output
                return

        return Handler
