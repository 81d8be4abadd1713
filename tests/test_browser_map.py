"""The map laid out by ELK, measured in headless Chromium: a 150-room recorded game and a real cellar game.

Counted in the page's own SVG: line segments that pass through a room other than their two ends (none),
and labels (direction labels and room names) that overlap one another or a room. Room names are drawn
whole, in words. Screenshots at 1440x900 and 390x844 go to test-artifacts/.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page
from support.big_map import build_big_map_game
from support.browser import NEEDS_CHROMIUM, map_ready, rendered, shoot_both

from autofrotz.games import GAMES_DIR
from autofrotz.storage.reader import GameReader
from autofrotz.web.live import LiveHub
from autofrotz.web.runner import WebServerHandle, start_web_server

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

OVERLAPS = (Path(__file__).parent / "support" / "map_overlaps.js").read_text()


@pytest.fixture(scope="module")
def big150(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServerHandle]:
    db = tmp_path_factory.mktemp("big150") / "big.db"
    build_big_map_game(db, rooms=150)
    handle = start_web_server(db, port=0, hub=LiveHub())
    yield handle
    handle.stop()


def test_a_150_room_map_has_no_line_through_a_room_and_no_label_overlaps(
    big150: WebServerHandle, page: Page
) -> None:
    pg = page
    pg.goto(big150.url + "#/game/1/turn/150")
    rendered(pg, 150)
    map_ready(pg, timeout=60_000)
    pg.click("#map-fit")
    found = pg.evaluate(OVERLAPS)
    print(f"150-room map: {found['segments']} segments, {len(found['through'])} through a room, "
          f"{found['labels']} label overlaps, {found['labelOnRoom']} direction labels on a room")  # fmt: skip
    assert found["rooms"] == 150 and found["segments"] >= 270
    assert found["through"] == []
    assert found["labels"] == 0 and found["labelOnRoom"] == 0
    assert found["directions"] >= 2 * 260  # a label at both ends of every two-way line
    folded = pg.locator("#puzzles details.solved-puzzles")  # the solved puzzle is folded away, not open
    assert folded.count() == 1 and folded.get_attribute("open") is None
    shoot_both(pg, "map-150-rooms-fit", pane="center")
    pg.dblclick("#map")  # double-click fits too; then the current room's card
    pg.locator("#map g.node.current").click()
    pg.wait_for_selector("#room-info:visible")
    shoot_both(pg, "map-150-rooms-card")
    assert pg.get_attribute("#map", "data-laid-out-by") == "elk"
    pg.reload()  # the same graph again: this browser kept ELK's places, no worker lays it out
    rendered(pg, 150)
    map_ready(pg)
    assert pg.get_attribute("#map", "data-laid-out-by") == "cache"
    pg.click("#map-fit")
    again = pg.evaluate(OVERLAPS)
    assert again["segments"] == found["segments"] and again["through"] == [] and again["labels"] == 0


@pytest.fixture(scope="module")
def cellar(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServerHandle]:
    if not (GAMES_DIR / "cellar.z5").exists():
        pytest.skip("cellar.z5 not built: python -m autofrotz.games build")
    db = tmp_path_factory.mktemp("cellar") / "cellar.db"
    cmd = [
        sys.executable,
        "main.py",
        "--game",
        "cellar",
        "--db",
        str(db),
        "--fresh",
        "--no-web",
        "--pace",
        "0",
    ]
    subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, timeout=300)
    handle = start_web_server(db, port=0, hub=LiveHub())
    yield handle
    handle.stop()


def test_a_real_game_map_draws_every_room_whole_and_around_the_others(
    cellar: WebServerHandle, page: Page
) -> None:
    pg = page
    pg.goto(cellar.url + "#/game/1")
    with GameReader(_db_of(cellar)) as reader:
        last = reader.last_turn(1) or 0
        names = sorted(r["name"] for r in reader.map(1)["nodes"])
    rendered(pg, last)
    map_ready(pg)
    pg.click("#map-fit")
    found = pg.evaluate(OVERLAPS)
    assert found["through"] == [] and found["labels"] == 0
    assert sorted(found["names"]) == sorted(n.replace("☾ ", "") for n in names)  # every name whole, in words
    walked = pg.locator("#map path.edge.walked").count()
    assert walked >= 5, "the lines walked are marked"
    shoot_both(pg, "map-cellar", pane="center")


def _db_of(handle: WebServerHandle) -> Path:
    return Path(handle.server.config.app.state.pool.db_path)  # type: ignore[attr-defined]
