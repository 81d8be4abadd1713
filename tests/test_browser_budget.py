"""The page shows what a game spent against its budget: from the record, and live from each turn."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Page
from support.browser import ARTIFACTS, NEEDS_CHROMIUM, WAIT_MS
from support.recorded_game import LivePlayer

from autofrotz.hooks.base import TurnEnd
from autofrotz.session import Session
from autofrotz.web.live import LiveHub, WebMonitor
from autofrotz.web.runner import WebServerHandle, start_web_server
from tests.orchestrator_support import make_config, require_cellar

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]
ROLES = ("game_agent", "puzzle_agent", "map_parser", "item_parser")


@pytest.fixture
def budget_site(tmp_path: Path) -> Iterator[tuple[WebServerHandle, Path, int]]:
    require_cellar()
    agents = {role: {"provider": "fake", "model": "fake-big"} for role in ROLES}
    prices = {"fake-big": {"input": 10.0, "output": 40.0, "cache_read": 1.0}}
    config = make_config(tmp_path, agents, prices=prices, budget_usd=0.03)
    with Session.open(config, web=False, console=False) as session:
        assert session.play() == "budget"
        game_id = session.orchestrator.game_id
    handle = start_web_server(config.database_path, port=0, hub=LiveHub())
    yield handle, Path(config.database_path), game_id
    handle.stop()


def test_cost_is_shown_against_the_budget(
    budget_site: tuple[WebServerHandle, Path, int],
    page: Page,
) -> None:
    handle, db, game_id = budget_site
    page.goto(handle.url + f"#/game/{game_id}")
    page.wait_for_selector('#cost-stat:has-text("of $0.03")', timeout=WAIT_MS)
    spent = page.locator("#cost-stat").text_content() or ""
    match = re.fullmatch(r"\$(\d+\.\d{4}) of \$0\.03", spent.strip())
    assert match and float(match.group(1)) >= 0.03  # it stopped because the budget was spent
    page.wait_for_selector('#mode-badge:has-text("budget")', timeout=WAIT_MS)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "budget.png"))
    # Live: each turn carries the spending and the budget (here a resumed game with a higher one).
    player = LivePlayer(db, WebMonitor(handle.hub))
    player.play(2)
    page.goto(handle.url + f"#/game/{player.game_id}")
    page.wait_for_selector('#mode-badge:has-text("LIVE")', timeout=WAIT_MS)
    page.wait_for_selector('#cost-stat:has-text("$")', timeout=WAIT_MS)  # the recorded metrics came
    # the socket has sent the record so far: the next turn reaches the page live, with its spending
    page.wait_for_selector('body[data-live="caught-up"]', state="attached", timeout=WAIT_MS)
    player.turn += 1
    bundle = player.script.next_bundle(player.turn)
    player.db.write_turn(player.game_id, bundle)
    turn = bundle.turn
    event = TurnEnd(3, turn.command_sent, turn.game_output, turn.room_id, cost_so_far=0.0421, budget_usd=0.5)
    player.monitor.on_event(replace(event, game_id=player.game_id))
    page.wait_for_selector('#cost-stat:has-text(" of $0.50")', timeout=WAIT_MS)
    player.close()
