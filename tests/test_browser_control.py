"""Watching and controlling a real game from the page: the real orchestrator with the built-in agent on
cellar, its web monitor on localhost, and the page in headless Chromium.

Pause, step, pace and resume; taking over with typed commands (recorded as human turns), a control
verb refused, and handing back. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from support.browser import NEEDS_CHROMIUM, shoot
from support.browser import rendered as support_rendered

from autofrotz.config import Config, WebServerConfig
from autofrotz.games import GAMES_DIR
from autofrotz.hooks.base import GameStart, Observer
from autofrotz.session import Session
from autofrotz.storage.reader import GameReader

WAIT_MS = 20_000

pytestmark = [
    pytest.mark.browser,
    NEEDS_CHROMIUM,
    pytest.mark.skipif(
        not (GAMES_DIR / "cellar.z5").exists(), reason="cellar.z5 not built: python -m autofrotz.games build"
    ),
]


class Started(Observer):
    """Tells the test when the game's row exists."""

    def __init__(self) -> None:
        self.event = threading.Event()

    def on_game_start(self, event: GameStart) -> None:
        self.event.set()


class LiveGame:
    """A cellar game played by the built-in agent in a thread, its web monitor on a free port."""

    def __init__(self, tmp_path: Path, max_turns: int = 80) -> None:
        self.db = tmp_path / "live.db"
        config = Config(
            game_file="cellar",
            database_path=str(self.db),
            max_turns=max_turns,
            web_server=WebServerConfig(port=0),
            hooks=["web_monitor"],
        )
        self.started = Started()
        self.session = Session.open(config, console=False, observers=[self.started])
        assert self.session.web_handle is not None
        self.url = self.session.web_handle.url
        self.control = self.session.orchestrator.p.control
        assert self.control is not None
        self.status: str | None = None
        self.thread = threading.Thread(target=self._play, daemon=True)

    def _play(self) -> None:
        self.status = self.session.play()

    def start(self) -> LiveGame:
        self.thread.start()
        assert self.started.event.wait(30), "the game did not start"
        return self

    def last_turn(self) -> int:
        with GameReader(self.db) as reader:
            return int(reader.last_turn(1) or 0)

    def turn(self, n: int) -> dict[str, object]:
        with GameReader(self.db) as reader:
            row = reader.turn(1, n)
        assert row is not None
        return row

    def finish(self) -> None:
        """Hand back and let the agent play out the last turns at full speed."""
        for action, value in (("hand_back", None), ("pace", 0), ("resume", None)):
            self.control.request(action, value)
        self.thread.join(60)
        self.session.close()


@pytest.fixture
def game(tmp_path: Path) -> Iterator[LiveGame]:
    live = LiveGame(tmp_path).start()
    yield live
    live.finish()


def rendered(pg: Page, turn: int) -> None:
    support_rendered(pg, turn, WAIT_MS)


def status_text(pg: Page, text: str) -> None:
    pg.wait_for_selector(f'#live-status:has-text("{text}")', timeout=WAIT_MS)


def settled_turn(game: LiveGame) -> int:
    """The last recorded turn once it stops changing: a pause takes effect between turns, so a turn
    already under way when the pause was asked for is still recorded after the page says "paused"."""
    last = game.last_turn()
    for _ in range(50):
        time.sleep(0.2)
        now = game.last_turn()
        if now == last:
            return now
        last = now
    return last


def test_default_pace_pause_step_and_resume_from_the_page(game: LiveGame, page: Page) -> None:
    pg = page
    pg.goto(game.url)  # the list: the live game is there
    pg.click("#games-body a")
    status_text(pg, "agent playing · 0.3 s a turn")  # the built-in agent with a monitor: watchable pace
    pg.click("#ctl-pause")
    status_text(pg, "paused")
    paused_at = settled_turn(game)  # paused between turns: no turn is played from here on
    rendered(pg, paused_at)  # the page shows every turn up to the pause
    pg.select_option("#ctl-pace", "0")
    expect(pg.locator("#ctl-pace")).to_have_value("0")  # no string evaluated: the page's CSP forbids it
    pg.click("#ctl-step")
    rendered(pg, paused_at + 1)
    pg.click("#ctl-step")
    rendered(pg, paused_at + 2)
    assert game.last_turn() == paused_at + 2 and game.control.status()["paused"]
    assert pg.locator("#ctl-pause").inner_text() == "▶ Resume"
    shoot(pg, "control-paused")
    pg.click("#ctl-pause")
    status_text(pg, "agent playing · 0 s a turn")
    pg.wait_for_selector('#mode-badge:has-text("abandoned at --max-turns 80")', timeout=WAIT_MS)
    rendered(pg, 80)
    shown = pg.evaluate("window.__autofrotz.shown")
    later = shown[shown.index(paused_at + 2) :]
    assert later == list(range(paused_at + 2, 81))  # every turn drawn, in order, none skipped
    assert pg.locator("#live-controls").is_hidden()


def test_take_over_plays_typed_commands_as_human_turns_then_hand_back(game: LiveGame, page: Page) -> None:
    pg = page
    pg.goto(game.url + "#/game/1")
    status_text(pg, "agent playing")
    pg.click("#ctl-takeover")
    status_text(pg, "you are playing")
    taken_at = game.last_turn()
    rendered(pg, taken_at)
    pg.fill("#ctl-command", "inventory")
    pg.press("#ctl-command", "Enter")
    rendered(pg, taken_at + 1)
    entry = pg.locator(f'#transcript .entry[data-turn="{taken_at + 1}"]')
    assert "human" in (entry.get_attribute("class") or "")
    assert entry.locator(".cmd").inner_text().startswith("> inventory")
    row = game.turn(taken_at + 1)
    assert row["command"] == "inventory" and row["agent"] == "human"
    pg.fill("#ctl-command", "save")  # an interpreter-control verb: refused by the same check as the agent's
    pg.press("#ctl-command", "Enter")
    pg.wait_for_selector('#ctl-error:has-text("controls the interpreter")', timeout=WAIT_MS)
    assert game.last_turn() == taken_at + 1
    pg.click('.tab[data-tab="detail"]')
    assert "typed by a human" in (pg.text_content("#detail .detail-head") or "")
    shoot(pg, "control-human")
    pg.click("#ctl-takeover")
    status_text(pg, "agent playing")
    rendered(pg, taken_at + 2)
    assert game.turn(taken_at + 2)["agent"] == "builtin"
