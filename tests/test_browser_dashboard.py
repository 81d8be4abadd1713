"""The games list as a dashboard and two runs side by side, on real cellar games in one database: one
played by the keyless `fake` model provider for every role (it stops at its budget), one by the
built-in agent. Screenshots at 1440x900 and 390x844 go to test-artifacts/.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page
from support.browser import NEEDS_CHROMIUM, WAIT_MS, shoot_both

from autofrotz.session import Session
from autofrotz.web.live import LiveHub
from autofrotz.web.runner import WebServerHandle, start_web_server
from tests.orchestrator_support import make_config, require_cellar

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]
ROLES = ("game_agent", "puzzle_agent", "map_parser", "item_parser")


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServerHandle]:
    require_cellar()
    tmp = tmp_path_factory.mktemp("runs")
    agents = {role: {"provider": "fake", "model": "fake-big"} for role in ROLES}
    prices = {"fake-big": {"input": 10.0, "output": 40.0, "cache_read": 1.0}}
    model_run = make_config(tmp, agents, prices=prices, budget_usd=0.03)
    with Session.open(model_run, web=False, console=False) as session:
        assert session.play() == "budget"
    builtin_run = make_config(tmp, {}, max_turns=40)
    with Session.open(builtin_run, web=False, console=False) as session:
        assert session.play() == "abandoned"
    handle = start_web_server(model_run.database_path, port=0, hub=LiveHub())
    yield handle
    handle.stop()


def test_the_games_list_shows_models_score_turns_spend_time_and_status(
    two_runs: WebServerHandle, page: Page
) -> None:
    pg = page
    pg.goto(two_runs.url)
    pg.wait_for_selector('#games-body tr[data-game="2"]', timeout=WAIT_MS)
    model_row = pg.locator('#games-body tr[data-game="1"]').inner_text().lower()
    builtin_row = pg.locator('#games-body tr[data-game="2"]').inner_text().lower()
    assert "game: fake/fake-big" in model_row and "puzzle: fake/fake-big" in model_row
    assert "map: rules" in builtin_row  # hybrid parsers that never needed their model
    assert "budget" in model_row and "$0.0000" not in model_row and " / 50" in model_row
    assert "game: built-in" in builtin_row and "abandoned at --max-turns 40" in builtin_row
    assert "$0.0000" in builtin_row and "40" in builtin_row and " s" in builtin_row
    shoot_both(pg, "dashboard-list")


def test_two_runs_side_by_side(two_runs: WebServerHandle, page: Page) -> None:
    pg = page
    pg.goto(two_runs.url)
    pg.wait_for_selector('#games-body tr[data-game="2"]', timeout=WAIT_MS)
    assert pg.locator("#compare-btn").is_disabled()
    pg.check('#games-body tr[data-game="1"] input[type=checkbox]')
    pg.check('#games-body tr[data-game="2"] input[type=checkbox]')
    pg.click("#compare-btn")
    pg.wait_for_selector("#compare-body .compare-table", timeout=WAIT_MS)
    assert pg.evaluate("location.hash") == "#/compare/1/2"
    charts = pg.locator("#compare-body figure.chart")
    assert charts.count() == 2
    assert charts.nth(0).locator('path.line[data-series="1"]').count() == 1  # both runs on one chart
    rows = pg.locator("#compare-body .compare-table tbody tr")
    assert rows.count() >= 40  # aligned by turn, to the longer run's end
    first = rows.nth(0).locator("td").all_inner_texts()
    assert first[0] == "1" and first[1].startswith(">") and first[2].startswith(">")
    shoot_both(pg, "dashboard-compare")
    rows.nth(4).locator("td").nth(2).locator("a").click()  # a command opens that turn of that run
    pg.wait_for_selector('body[data-rendered-turn="5"]', state="attached", timeout=WAIT_MS)
    assert pg.evaluate("location.hash").startswith("#/game/2")
