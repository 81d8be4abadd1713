"""The page on recorded and arriving games, in headless Chromium against a real uvicorn on localhost.

Only the page's own origin may read or control (REST and WebSocket); a game started after the page
opened appears by itself; deaths, score changes and the end are marked on the timeline; a 100-room
map fits the panel with readable labels; at 390 px nothing scrolls sideways. Screenshots of each go
to test-artifacts/.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page
from support.big_map import build_big_map_game, room_name
from support.browser import NEEDS_CHROMIUM, WAIT_MS, map_ready, rendered, shoot
from support.recorded_game import LivePlayer
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from autofrotz.web.live import LiveHub, WebMonitor
from autofrotz.web.runner import WebServerHandle, start_web_server

FOREIGN = "http://evil.example"

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServerHandle]:
    db = tmp_path_factory.mktemp("big") / "big.db"
    build_big_map_game(db, rooms=100)
    handle = start_web_server(db, port=0, hub=LiveHub())
    yield handle
    handle.stop()


def port_of(handle: WebServerHandle) -> int:
    return int(handle.url.rstrip("/").rsplit(":", 1)[1])


# ----- only the page may read or control ------------------------------------------------------------


def test_foreign_origin_and_host_are_refused_on_rest_and_websocket(big: WebServerHandle) -> None:
    url, port = big.url, port_of(big)
    own = f"http://127.0.0.1:{port}"
    assert httpx.get(url + "api/games", headers={"Origin": own}).status_code == 200
    assert httpx.get(url + "api/games").status_code == 200  # no Origin: a same-origin GET, or curl
    refused = httpx.get(url + "api/games", headers={"Origin": FOREIGN})
    assert refused.status_code == 403 and "origin" in refused.json()["error"]
    rebound = httpx.get(url + "api/games", headers={"Host": f"evil.example:{port}"})  # DNS rebinding
    assert rebound.status_code == 403 and "host" in rebound.json()["error"]
    post = httpx.post(url + "api/games/1/control", json={"action": "pause"}, headers={"Origin": FOREIGN})
    assert post.status_code == 403
    ws = f"ws://127.0.0.1:{port}/ws/live/1"
    with pytest.raises(InvalidStatus) as refusal:
        connect(ws, origin=FOREIGN, open_timeout=10)
    assert refusal.value.response.status_code == 403
    with connect(ws, origin=own, open_timeout=10) as ok:
        assert '"hello"' in str(ok.recv(timeout=10))


def test_a_page_from_another_origin_cannot_read_the_games(big: WebServerHandle, page: Page) -> None:
    """A page served from another origin (here localhost:PORT, for 127.0.0.1:PORT) gets nothing."""
    port = port_of(big)
    pg = page
    pg.goto(f"http://localhost:{port}/")
    result = pg.evaluate(
        """async (port) => {
            const out = {};
            try { const r = await fetch(`http://127.0.0.1:${port}/api/games`); out.fetch = r.status; }
            catch (e) { out.fetch = "blocked"; }
            out.ws = await new Promise((done) => {
                const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/live/1`);
                ws.onmessage = () => done("read"); ws.onerror = () => done("refused");
            });
            // A banner added, not the body replaced: the page's own scripts may still be filling its parts.
            const banner = document.createElement("p");
            banner.textContent = `fetch: ${out.fetch}; websocket: ${out.ws}`;
            document.body.prepend(banner);
            return out;
        }""",
        port,
    )
    shoot(pg, "foreign-origin-refused")
    assert result["ws"] == "refused" and result["fetch"] in ("blocked", 403)


def test_control_needs_the_token_beyond_loopback(tmp_path: Path) -> None:
    from autofrotz.web.guard import Access
    from autofrotz.web.server import create_app

    build_big_map_game(tmp_path / "g.db", rooms=3)
    access = Access.for_host("0.0.0.0")
    assert access.token and access.addresses
    from fastapi.testclient import TestClient

    with TestClient(create_app(tmp_path / "g.db", access=access), base_url="http://192.0.2.7:8080") as c:
        assert c.get("/api/games").status_code == 200  # reading stays open
        assert c.get("/api/games/1/control").json()["allowed"] is False
        assert c.post("/api/games/1/control", json={"action": "pause"}).status_code == 403
        with_token = c.post(
            "/api/games/1/control", json={"action": "pause"}, headers={"X-AutoFrotz-Token": access.token}
        )
        assert with_token.status_code == 409  # allowed, but this server plays no game


# ----- a list and a timeline that keep up ---------------------------------------------------------


def test_a_game_started_after_the_page_opened_appears_without_a_reload(
    tmp_path: Path, page: Page, browser: Browser
) -> None:
    db = tmp_path / "later.db"  # no database yet: nothing has been played
    hub = LiveHub()
    handle = start_web_server(db, port=0, hub=hub)
    try:
        pg = page
        pg.goto(handle.url)
        pg.wait_for_selector("#games-empty:visible", timeout=WAIT_MS)
        shoot(pg, "list-empty")
        player = LivePlayer(db, WebMonitor(hub))
        player.play(2)
        rendered(pg, 2)  # the list saw the new live game and opened it
        assert pg.evaluate("location.hash") == f"#/game/{player.game_id}"
        second = browser.new_page()
        second.goto(handle.url + "#/game/2")  # a link to a game that has not started yet
        second.wait_for_selector('#waiting:has-text("Waiting for game 2")', timeout=WAIT_MS)
        other = LivePlayer(db, WebMonitor(hub))
        other.play(3)
        rendered(second, 3)
        shoot(second, "list-new-game")
        second.goto(handle.url + "#/")
        second.wait_for_selector('#games-body a[href="#/game/2"]', timeout=WAIT_MS)
        second.close()
        player.close()
        other.close()
    finally:
        handle.stop()


def test_deaths_score_changes_and_the_end_are_marked_and_explained(big: WebServerHandle, page: Page) -> None:
    pg = page
    pg.goto(big.url + "#/game/1/turn/1")
    rendered(pg, 1)
    deaths = pg.locator("#marks .mark.death")
    assert deaths.count() == 2
    assert deaths.first.get_attribute("title") == "died at turn 40; restored the save of turn 30; score 10"
    assert pg.locator("#marks .mark.score").count() == 3 and pg.locator("#marks .mark.end").count() == 1
    pg.click("#btn-next-event")
    rendered(pg, 12)  # the first score change
    pg.click("#btn-next-event")
    rendered(pg, 35)
    pg.click("#btn-next-event")
    rendered(pg, 40)
    note = pg.inner_text("#death-note")
    assert "You died" in note and "save of turn 30 was restored" in note and "score 10" in note
    assert pg.inner_text("#score-stat").startswith("Score 10 / 100")  # the restored score, at this turn
    assert pg.locator("#transcript .entry.current .event").inner_text() == "death"
    shoot(pg, "death-marks")
    pg.click("#btn-prev-event")
    rendered(pg, 35)
    assert pg.locator("#death-note").is_hidden()


def test_header_puzzles_and_metrics_show_the_viewed_turn_without_noise(
    big: WebServerHandle, page: Page
) -> None:
    pg = page
    pg.goto(big.url + "#/game/1/turn/10")
    rendered(pg, 10)
    assert pg.inner_text("#score-stat").startswith("Score 0 / 100")  # not the final score
    assert pg.inner_text("#cost-stat") == "$0.0000"
    assert pg.locator("#puzzles .puzzle").count() == 1  # three copies of one puzzle; darkness is no puzzle
    pg.fill("#turn-input", "25")
    pg.press("#turn-input", "Enter")
    rendered(pg, 25)
    assert pg.locator("#puzzles .puzzle.solved").count() == 1 and pg.locator("#puzzles .puzzle").count() == 1
    pg.click('.tab[data-tab="metrics"]')
    pg.wait_for_selector("#metrics .kpis", timeout=WAIT_MS)
    text = pg.inner_text("#metrics")
    assert "null" not in text and "No model was called" in text
    pg.fill("#search", "gives way")
    hits = pg.locator("#search-results .hit")
    assert hits.count() == 2
    hits.first.click()
    rendered(pg, 40)
    assert (
        pg.evaluate("document.querySelector('#dl-transcript').getAttribute('href')")
        == "/api/games/1/transcript.txt"
    )
    text_file = httpx.get(big.url + "api/games/1/transcript.txt")
    assert (
        "*** You have died ***" in text_file.text and "attachment" in text_file.headers["content-disposition"]
    )
    assert len(httpx.get(big.url + "api/games/1/record.json").json()["turns"]) == 100


# ----- a map for 100 rooms ----------------------------------------------------------------------------


LABEL_PX = """() => {
    const svg = document.querySelector('#map svg.map-svg');
    return [...svg.querySelectorAll('text.node-label')]
        .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
}"""
NODES_INSIDE = """() => {
    const box = document.querySelector('#map').getBoundingClientRect();
    return [...document.querySelectorAll('#map g.node rect')].every(r => {
        const b = r.getBoundingClientRect();
        return b.left >= box.left - 1 && b.right <= box.right + 1
            && b.top >= box.top - 1 && b.bottom <= box.bottom + 1;
    });
}"""


VIEW_WIDTH = (  # the width of map shown: the panel's width over the map group's scale
    "document.querySelector('#map svg').clientWidth / document.querySelector('#map g.map-view').getCTM().a"
)


def node_center(pg: Page, room: str) -> tuple[float, float]:
    box = pg.locator(f'#map g.node[data-room="{room}"] rect').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_100_room_map_opens_readable_fits_on_demand_zooms_at_the_pointer_and_opens_rooms(
    big: WebServerHandle, page: Page
) -> None:
    pg = page
    pg.goto(big.url + "#/game/1/turn/100")
    rendered(pg, 100)
    map_ready(pg)
    assert pg.locator("#map g.node").count() == 100
    sizes = pg.evaluate(LABEL_PX)
    assert len(sizes) == 100 and min(sizes) >= 11, f"smallest label {min(sizes):.1f} px"  # opened readable
    assert pg.locator('#map g.node.current[data-room="r99"]').is_visible()
    shoot(pg, "map-100-rooms-open")
    pg.click("#map-fit")
    assert pg.evaluate(NODES_INSIDE), "Fit shows the whole map"
    shoot(pg, "map-100-rooms-fit")
    x, y = node_center(pg, "r55")
    zoomed = f"{VIEW_WIDTH} < {pg.evaluate(VIEW_WIDTH) / 2}"
    pg.mouse.move(x, y)
    for _ in range(8):
        pg.mouse.wheel(0, -120)
    for _ in range(WAIT_MS // 50):  # polled here: wait_for_function evaluates a string, the CSP forbids it
        if pg.evaluate(zoomed):
            break
        pg.wait_for_timeout(50)
    assert pg.evaluate(zoomed), "the wheel zoomed the map in"
    nx, ny = node_center(pg, "r55")
    assert abs(nx - x) < 3 and abs(ny - y) < 3, "the room under the pointer stays under it"
    pg.mouse.click(nx, ny)
    pg.wait_for_selector("#room-info:visible", timeout=WAIT_MS)
    info = pg.inner_text("#room-info")
    assert room_name(55) in info and "visited 1×" in info and "east →" in info
    assert pg.locator("#room-info a.visit").all_inner_texts() == ["56"]  # its visit, one click away
    shoot(pg, "map-room-card")
    pg.click("#room-info a.visit")
    rendered(pg, 56)


# ----- phone width ------------------------------------------------------------------------------------


def test_at_390_px_nothing_scrolls_sideways_and_every_pane_and_tab_works(
    big: WebServerHandle, browser: Browser
) -> None:
    pg = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        pg.goto(big.url + "#/game/1/turn/40")
        rendered(pg, 40)
        overflow = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        assert pg.evaluate(overflow) == 0
        shoot(pg, "phone-390-story")
        pg.click('.pane-btn[data-pane="center"]')
        map_ready(pg)
        assert pg.locator("#map g.node.current").is_visible()
        pg.click('.tab[data-tab="detail"]')
        assert pg.locator("#detail .detail-head").is_visible()
        pg.click('.tab[data-tab="metrics"]')
        assert pg.locator("#metrics").is_visible()
        pg.click('.tab[data-tab="map"]')
        assert pg.evaluate(overflow) == 0
        shoot(pg, "phone-390-map")
        pg.click('.pane-btn[data-pane="items"]')
        assert pg.locator("#puzzles").is_visible()
        for control in ("#btn-prev", "#btn-next", "#btn-next-event", "#slider", "#turn-input"):
            assert pg.locator(control).is_visible(), control
        pg.click("#btn-next")
        rendered(pg, 41)
        assert pg.evaluate(overflow) == 0
        pg.goto(big.url + "#/")
        pg.wait_for_selector("#games-body tr", timeout=WAIT_MS)
        assert pg.evaluate(overflow) == 0
    finally:
        pg.close()
