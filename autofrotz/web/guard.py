"""Only the page may use the monitor: checks of Host and Origin on every request and WebSocket.

Any web page open in the user's browser can make it send requests (and open WebSockets) to
127.0.0.1. Those carry the foreign page's Origin, and a DNS-rebinding page carries a foreign Host,
so both are checked before the app sees the request: Host must be a loopback name or the host the
server was configured with, and an Origin, when the browser sends one, must be the page's own.
When the server listens beyond loopback, controlling a game also needs the per-run token the
terminal prints inside the URL; without it the page is read-only.
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::"})
TOKEN_HEADER = "x-autofrotz-token"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def host_name(value: str) -> str:
    """The host name of a Host header (or of a URL's netloc), without the port, lower-cased.

    >>> host_name("127.0.0.1:8080"), host_name("[::1]:80"), host_name("LocalHost")
    ('127.0.0.1', '::1', 'localhost')
    """
    value = value.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value[1:]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def is_loopback(host: str) -> bool:
    """Whether a configured host only listens on this machine.

    >>> is_loopback("127.0.0.1"), is_loopback("0.0.0.0"), is_loopback("127.0.0.5")
    (True, False, True)
    """
    name = host_name(host)
    return name in LOOPBACK_NAMES or name.startswith("127.")


@dataclass(frozen=True)
class Access:
    """Which Host names are served, and the token control needs (None: loopback, no token)."""

    hosts: frozenset[str] | None  # None: any Host (the server listens on every interface)
    token: str | None = None

    @classmethod
    def for_host(cls, host: str, token: str | None = None) -> Access:
        """Loopback names plus the configured host; beyond loopback a token is made if none is given."""
        name = host_name(host)
        if is_loopback(host):
            return cls(LOOPBACK_NAMES | {name}, token)
        hosts = None if name in WILDCARD_HOSTS else LOOPBACK_NAMES | {name}
        return cls(hosts, token or secrets.token_urlsafe(18))

    def refusal(self, headers: dict[str, str], scheme: str) -> str | None:
        """Why a request with these headers is refused, or None when it may go on."""
        host = headers.get("host", "")
        if self.hosts is not None and host_name(host) not in self.hosts:
            return f"host {host!r} is not served here"
        origin = headers.get("origin")
        if origin is None:
            return None  # not sent by a browser for same-origin GETs, nor by command-line clients
        web = "https" if scheme in ("https", "wss") else "http"
        parts = urlsplit(origin.strip().lower())
        if parts.scheme != web or parts.netloc != host.strip().lower():
            return f"origin {origin!r} is not this page's"
        return None

    def may_control(self, headers: Any) -> bool:
        """Whether a request carries what control needs (nothing on loopback, else the token)."""
        if self.token is None:
            return True
        given = headers.get(TOKEN_HEADER) or ""
        return hmac.compare_digest(given.encode(), self.token.encode())


class GuardMiddleware:
    """ASGI middleware refusing requests and WebSockets whose Host or Origin is not the page's."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        problem = self.access.refusal(headers, scope.get("scheme", "http"))
        if problem is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            await _refuse_http(send, problem)
        else:
            await receive()  # the websocket.connect message
            await send({"type": "websocket.close", "code": 4403, "reason": problem[:120]})


async def _refuse_http(send: Send, problem: str) -> None:
    body = json.dumps({"error": f"forbidden: {problem}"}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 403, "headers": headers})
    await send({"type": "http.response.body", "body": body})
