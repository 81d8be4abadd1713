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
import ipaddress
import json
import secrets
import socket
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


def is_address(name: str) -> bool:
    """Whether a host name is an IP address: a browser that asks for one was not sent by DNS.

    >>> is_address("192.168.1.20"), is_address("::1"), is_address("evil.example")
    (True, True, False)
    """
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def own_names() -> frozenset[str]:
    """This machine's own names, which a browser on the network may use to reach every interface."""
    names = {socket.gethostname(), socket.getfqdn()}
    return frozenset(n.lower() for n in names if n)


@dataclass(frozen=True)
class Access:
    """Which Host names are served, and the token control needs (None: loopback, no token).

    Listening on every interface, the machine's own names and any IP address are served, and no
    other name: a DNS-rebinding page reaches the server under a name of its own.
    """

    hosts: frozenset[str]
    token: str | None = None
    addresses: bool = False  # True: any IP address as Host (the server listens on every interface)

    @classmethod
    def for_host(cls, host: str, token: str | None = None) -> Access:
        """Loopback names plus the configured host; beyond loopback a token is made if none is given."""
        name = host_name(host)
        if is_loopback(host):
            return cls(LOOPBACK_NAMES | {name}, token)
        token = token or secrets.token_urlsafe(18)
        if name in WILDCARD_HOSTS:
            return cls(LOOPBACK_NAMES | own_names(), token, addresses=True)
        return cls(LOOPBACK_NAMES | {name}, token)

    def refusal(self, headers: dict[str, str], scheme: str) -> str | None:
        """Why a request with these headers is refused, or None when it may go on."""
        host = headers.get("host", "")
        name = host_name(host)
        if name not in self.hosts and not (self.addresses and is_address(name)):
            return f"host {host[:80]!r} is not served here"
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
        if problem is None and scope["type"] == "http" and scope.get("method") not in BODILESS:
            body = await _bounded_body(receive)
            if body is None:
                await _refuse_http(send, f"a request body holds at most {MAX_BODY_BYTES} bytes", 413)
            else:
                await self.app(scope, _replay(body, receive), send)
        elif problem is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            await _refuse_http(send, problem)
        else:
            await receive()  # the websocket.connect message
            await send({"type": "websocket.close", "code": 4403, "reason": problem[:120]})


BODILESS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_BODY_BYTES = 64 * 1024  # a control request is a few dozen bytes; nothing the page sends is larger


async def _bounded_body(receive: Receive) -> bytes | None:
    """The whole request body, or None once it passes MAX_BODY_BYTES (the rest is not read)."""
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(parts)  # the client went away: the app sees an empty body
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            return None
        parts.append(chunk)
        if not message.get("more_body", False):
            return b"".join(parts)


def _replay(body: bytes, rest: Receive) -> Receive:
    """A receive that gives the app the body already read, then the client's own messages."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await rest()

    return receive


async def _refuse_http(send: Send, problem: str, status: int = 403) -> None:
    word = "forbidden" if status == 403 else "refused"
    body = json.dumps({"error": f"{word}: {problem}"}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
