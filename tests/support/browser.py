"""Headless Chromium for the page's tests: the browser, a page that fails the test on JavaScript
errors, and helpers to wait for a drawn turn and to keep screenshots in test-artifacts/."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
ARTIFACTS = Path(__file__).resolve().parent.parent.parent / "test-artifacts"
WAIT_MS = 10_000
NEEDS_CHROMIUM = pytest.mark.skipif(shutil.which(CHROMIUM) is None, reason=f"{CHROMIUM} is not installed")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    pg = browser.new_page(viewport={"width": 1440, "height": 900})
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    pg.close()
    assert errors == [], f"JavaScript errors: {errors}"


def rendered(pg: Page, turn: int, timeout: int = WAIT_MS) -> None:
    """Wait until the page has drawn this turn."""
    pg.wait_for_selector(f'body[data-rendered-turn="{turn}"]', state="attached", timeout=timeout)


def shoot(pg: Page, name: str) -> None:
    """Keep a screenshot in test-artifacts/ (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"))


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}


def shoot_both(pg: Page, name: str, pane: str | None = None) -> None:
    """Keep screenshots at 1440x900 and at 390x844 (a phone, showing `pane` when given), then put the
    desktop size back."""
    pg.set_viewport_size(DESKTOP)
    shoot(pg, f"{name}-1440")
    pg.set_viewport_size(PHONE)
    if pane is not None:
        pg.click(f'.pane-btn[data-pane="{pane}"]')
        pg.wait_for_timeout(300)  # the map fits itself to the pane
    shoot(pg, f"{name}-390")
    pg.set_viewport_size(DESKTOP)


def map_ready(pg: Page, timeout: int = WAIT_MS) -> None:
    """Wait until the map is drawn from a finished layout (ELK lays it out in a web worker)."""
    pg.wait_for_selector('#map[data-layout="ready"]', state="attached", timeout=timeout)
