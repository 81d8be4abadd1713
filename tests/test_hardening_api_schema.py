"""The REST API against its own OpenAPI schema, with schemathesis.

Generated requests (ids at and past their bounds, odd query strings) must never make the server fail
(5xx), and every answer must be one the schema allows. Bounded: a fixed number of examples.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import settings
from support.recorded_game import build_recorded_game

from autofrotz.web.guard import LOOPBACK_NAMES, Access
from autofrotz.web.live import LiveHub
from autofrotz.web.server import create_app

_DB = Path(tempfile.mkdtemp(prefix="autofrotz-schema-")) / "api.db"
build_recorded_game(_DB, turns=12)
# the ASGI client's own Host name is served like a loopback name (the Host/Origin guard is tested
# in test_browser_watch.py); no token, as on loopback
_ACCESS = Access(LOOPBACK_NAMES | {"testserver"})
schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(_DB, LiveHub(), access=_ACCESS))


@schema.parametrize()
@settings(max_examples=25, deadline=None)
def test_every_endpoint_answers_within_its_schema_and_never_fails(case: schemathesis.Case) -> None:
    case.call_and_validate()
