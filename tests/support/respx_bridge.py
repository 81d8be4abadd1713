"""Lets respx intercept the SDKs, which send through httpx2 (a fork respx does not patch itself).

`sdk_http_client(router)` is an httpx2.Client whose transport hands each request to a respx Router
as an httpx.Request, and maps the router's response (or raised httpx error) back into httpx2.
"""

from __future__ import annotations

import httpx
import httpx2
import respx


class RespxTransport(httpx2.BaseTransport):
    """An httpx2 transport answered by a respx Router."""

    def __init__(self, router: respx.Router) -> None:
        self.router = router

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        """Route one request through respx."""
        mirrored = httpx.Request(
            request.method, str(request.url), headers=list(request.headers.raw), content=request.read()
        )
        try:
            answer = self.router.handler(mirrored)
        except httpx.HTTPError as exc:  # e.g. side_effect=httpx.ReadTimeout
            error_class = getattr(httpx2, type(exc).__name__, httpx2.TransportError)
            raise error_class(str(exc), request=request) from exc
        return httpx2.Response(
            answer.status_code, headers=list(answer.headers.raw), content=answer.content, request=request
        )


def sdk_http_client(router: respx.Router) -> httpx2.Client:
    """An httpx2.Client for an SDK constructor, intercepted by `router`."""
    return httpx2.Client(transport=RespxTransport(router))
