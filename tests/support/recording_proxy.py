"""A pass-through HTTP proxy on 127.0.0.1 that keeps every request body and every answer it relays.

Put between the `local` provider and a real server, it shows what the server itself said (status,
usage, text), so a test can compare the record with the server's own numbers.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx


class RecordingProxy:
    """Context manager: `with RecordingProxy("http://127.0.0.1:PORT") as proxy: proxy.base_url ...`."""

    def __init__(self, upstream: str, timeout_s: float = 300.0) -> None:
        self.upstream = upstream.rstrip("/")
        self.exchanges: list[dict[str, Any]] = []  # {"path", "request", "status", "response"}
        self._client = httpx.Client(timeout=timeout_s)
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        """The /v1 root to configure as providers.local.base_url."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def completions(self) -> list[dict[str, Any]]:
        """The chat-completion exchanges, in order."""
        return [e for e in self.exchanges if e["path"].endswith("/chat/completions")]

    def __enter__(self) -> RecordingProxy:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)
        self._client.close()

    def relay(self, method: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes, str]:
        """Send one request upstream and record both sides."""
        sent = {k: v for k, v in headers.items() if k.lower() in ("content-type", "authorization", "accept")}
        answer = self._client.request(method, self.upstream + path, content=body or None, headers=sent)
        exchange = {
            "path": path,
            "request": _json(body),
            "status": answer.status_code,
            "response": _json(answer.content),
        }
        with self._lock:
            self.exchanges.append(exchange)
        return answer.status_code, answer.content, answer.headers.get("content-type", "application/json")

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def _forward(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length) if length else b""
                status, data, kind = proxy.relay(self.command, self.path, body, dict(self.headers))
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = _forward  # noqa: N815 (http.server's naming)

            def log_message(self, format: str, *args: Any) -> None:  # quiet test output
                return

        return Handler


def _json(data: bytes) -> Any:
    try:
        return json.loads(data) if data else None
    except ValueError:
        return data.decode("utf-8", "replace")
