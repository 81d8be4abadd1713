"""Shared fixtures: story files (skipped with a reason when missing) and our compiled Inform games."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from support.browser import browser, page  # noqa: F401  (the browser tests' fixtures)

REPO = Path(__file__).resolve().parent.parent
INSTALL_HINT = "run: python -m autofrotz.games install --from ../shared/games"


def _story(games_dir: Path, name: str) -> Path:
    path = games_dir / name
    if not path.is_file():
        pytest.skip(f"{path} is missing; {INSTALL_HINT}")
    return path


def _built(name: str) -> Path:
    """games/<name>.z5 compiled from inform/<name>.inf, rebuilt when out of date."""
    from autofrotz.games import GAMES_DIR, INFORM_DIR, build_one

    if shutil.which("inform6") is None and not (GAMES_DIR / f"{name}.z5").is_file():
        pytest.skip(f"inform6 is not installed, so games/{name}.z5 cannot be built")
    build_one(INFORM_DIR / f"{name}.inf", GAMES_DIR)
    return GAMES_DIR / f"{name}.z5"


@pytest.fixture(scope="session")
def games_dir() -> Path:
    """The games/ folder the story files are installed into."""
    from autofrotz.games import GAMES_DIR

    return GAMES_DIR


@pytest.fixture(scope="session")
def zork1(games_dir: Path) -> Path:
    """games/zork1.z5, or a skip saying how to install it."""
    return _story(games_dir, "zork1.z5")


@pytest.fixture(scope="session")
def cellar_path() -> Path:
    """games/cellar.z5, our own Inform game, built if needed."""
    return _built("cellar")


@pytest.fixture(scope="session")
def cellar_walkthrough() -> list[str]:
    """The winning command list of cellar (maximum score)."""
    lines = (REPO / "inform" / "cellar.walkthrough").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip()]


@pytest.fixture(scope="session")
def probe_path() -> Path:
    """games/probe_bold.z5, the styled-text probe story."""
    return _built("probe_bold")


@pytest.fixture(autouse=True)
def _rules_as_shipped() -> Any:
    """Every test starts and ends with no rule switched (a game, a test's set_rule, leave none behind)."""
    from autofrotz.rules import switches

    switches.use()
    yield
    switches.use()
