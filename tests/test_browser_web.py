"""The page in real headless Chromium against a real uvicorn: replay, map, prompts, live turns, no XSS.

Screenshots of the replay, turn-detail, metrics and live views go to test-artifacts/ (git-ignored).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page
from support.browser import NEEDS_CHROMIUM, WAIT_MS, map_ready, rendered, shoot
from support.recorded_game import (
    PUZZLE_SUGGESTIONS,
    SYSTEM_PROMPT,
    XSS_OUTPUT,
    LivePlayer,
    build_recorded_game,
)

from autofrotz.web.live import LiveHub, WebMonitor
from autofrotz.web.runner import WebServerHandle, start_web_server

Site = tuple[WebServerHandle, Path]

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    db = tmp_path_factory.mktemp("browser") / "games.db"
    build_recorded_game(db, turns=14)
    handle = start_web_server(db, port=0, hub=LiveHub())
    yield handle, db
    handle.stop()


def texts(pg: Page, selector: str) -> list[str]:
    return [t.strip() for t in pg.locator(selector).all_text_contents()]


def test_replay_steps_through_turns_showing_state_at_each(site: Site, page: Page) -> None:
    pg = page
    pg.goto(site[0].url + "#/game/1/turn/1")
    rendered(pg, 1)
    assert texts(pg, "#room-name") == ["Top of Stairs"] and texts(pg, "#inventory li") == ["empty-handed"]
    pg.keyboard.press("ArrowRight")
    rendered(pg, 2)
    assert texts(pg, "#inventory li") == ["brass lamp"]
    assert pg.evaluate("location.hash") == "#/game/1/turn/2"
    pg.keyboard.press("ArrowRight")
    rendered(pg, 3)
    assert texts(pg, "#room-name") == ["Cellar"]
    assert texts(pg, "#transcript .entry.current .cmd") == ["> down"]
    map_ready(pg)
    chips = pg.eval_on_selector_all(
        '#map g.node[data-room="cellar"] .chip', "cs => cs.map(c => c.dataset.dir)"
    )
    assert sorted(chips) == ["east", "north", "south", "west"]  # "up" is the stair it came down: it leads
    assert "You slide down" not in pg.inner_text("#transcript")
    pg.click("#btn-next")
    rendered(pg, 4)
    corner = pg.locator('#map g.node[data-room="corner"]')
    assert "dark" in corner.get_attribute("class") and "current" in corner.get_attribute("class")


def test_map_shows_blocked_one_way_and_maze_with_marker(site: Site, page: Page) -> None:
    pg = page
    pg.goto(site[0].url + "#/game/1/turn/6")
    rendered(pg, 6)
    map_ready(pg)
    assert pg.locator('#map path.edge.blocked[data-from="cellar"][data-to="vault"]').count() == 1
    assert "The iron door is locked." in texts(pg, "#puzzles .puzzle.open .puzzle-desc")
    assert texts(pg, "#puzzles .suggest-box li") == PUZZLE_SUGGESTIONS
    pg.fill("#turn-input", "9")
    pg.press("#turn-input", "Enter")
    rendered(pg, 9)
    map_ready(pg)
    chute = pg.locator('#map path.edge.oneway[data-from="cellar"][data-to="chute"]')
    assert chute.get_attribute("marker-end") == "url(#arrow)"
    assert pg.locator('#map g.maze-cluster[data-maze="m1"]').count() == 1
    assert texts(pg, '#map g.node[data-room="twisty"] .marker-label') == ["⚑ coin"]
    assert texts(pg, "#inventory li") == ["brass lamp"]
    shoot(pg, "replay")
    pg.keyboard.press("ArrowLeft")
    rendered(pg, 8)
    assert pg.locator("#map .marker-label").count() == 0


def test_turn_detail_shows_each_calls_prompt_response_and_parse(site: Site, page: Page) -> None:
    pg = page
    pg.goto(site[0].url + "#/game/1/turn/6")
    rendered(pg, 6)
    pg.click('.tab[data-tab="detail"]')
    assert texts(pg, "#detail .call .agent") == ["game_agent", "puzzle_agent"]
    pg.click("#detail details.call >> nth=0 >> summary")
    prompt = pg.locator("#detail details.call >> nth=0 >> pre.prompt")
    assert prompt.is_visible() and prompt.inner_text() == SYSTEM_PROMPT
    assert "Reasoning for turn 6" in pg.inner_text("#detail pre.reasoning")
    pg.click("#detail details.call >> nth=1 >> summary")
    assert "search wine rack" in pg.inner_text("#detail details.call >> nth=1 >> pre.parsed")
    shoot(pg, "turn-detail")
    pg.click('.tab[data-tab="metrics"]')
    assert pg.locator("#metrics figure.chart").count() == 6
    assert "15" in texts(pg, "#metrics .kpi-value")
    shoot(pg, "metrics")


def test_game_text_with_markup_shows_as_text_and_runs_nothing(site: Site, page: Page) -> None:
    pg = page
    pg.goto(site[0].url + "#/game/1/turn/10")
    rendered(pg, 10)
    assert pg.inner_text('#transcript .entry[data-turn="10"] .out') == XSS_OUTPUT
    assert pg.locator("#transcript img, #transcript script").count() == 0
    assert pg.evaluate("typeof window.__pwned") == "undefined"


def test_live_game_receives_turns_as_they_are_played(site: Site, page: Page) -> None:
    handle, db = site
    player = LivePlayer(db, WebMonitor(handle.hub))
    player.play(3)
    pg = page
    pg.goto(handle.url + f"#/game/{player.game_id}")
    rendered(pg, 3)
    assert texts(pg, "#mode-badge") == ["● LIVE"]
    player.play(4)
    rendered(pg, 7)
    assert texts(pg, "#room-name") == ["Chute Bottom"]
    assert [e.split("\n")[0] for e in texts(pg, "#transcript .entry .cmd")][-4:] == [
        "> east", "> turn on lamp", "> north", "> west",
    ]  # fmt: skip
    shoot(pg, "live")
    player.finish()
    pg.wait_for_selector('#mode-badge:has-text("won")', timeout=WAIT_MS)
    player.close()


def test_games_list_links_to_games_and_play_advances(site: Site, page: Page) -> None:
    pg = page
    pg.goto(site[0].url)
    pg.wait_for_selector("#games-body tr", timeout=WAIT_MS)
    pg.click('#games-body a[href="#/game/1"]')
    rendered(pg, 14)
    pg.click("#btn-first")
    rendered(pg, 1)
    pg.select_option("#speed", "5")
    pg.click("#btn-play")
    # The transcript keeps every turn up to the one shown, so this stays true once play passed turn 3.
    pg.wait_for_selector('#transcript .entry[data-turn="3"]', state="attached", timeout=WAIT_MS)
    pg.click("#btn-play")
    assert pg.inner_text("#btn-play") == "▶ Play"
    pg.wait_for_timeout(300)  # let a step already in flight land
    stopped_at = pg.get_attribute("body", "data-rendered-turn")
    pg.wait_for_timeout(600)
    assert pg.get_attribute("body", "data-rendered-turn") == stopped_at


def test_page_reconnects_after_a_server_restart_without_gaps(tmp_path: Path, page: Page) -> None:
    db = tmp_path / "restart.db"
    build_recorded_game(db, turns=1)
    hub = LiveHub()
    handle = start_web_server(db, port=0, hub=hub)
    port = int(handle.url.rstrip("/").rsplit(":", 1)[1])
    player = LivePlayer(db, WebMonitor(hub))
    player.play(2)
    page.goto(handle.url + f"#/game/{player.game_id}")
    rendered(page, 2)
    handle.stop()  # the browser loses its socket; turns 3-4 are played while nobody listens
    player.play(2)
    handle = start_web_server(db, port=port, hub=hub)
    try:
        page.wait_for_selector('#transcript .entry[data-turn="4"]', state="attached", timeout=WAIT_MS)
        player.play(1)
        rendered(page, 5)
        shown = page.eval_on_selector_all("#transcript .entry", "es => es.map(e => Number(e.dataset.turn))")
        assert shown == [1, 2, 3, 4, 5]
    finally:
        player.close()
        handle.stop()
