"""The viewer on real games played by `main.py` in another process, its page in headless Chromium.

The play command keeps serving after the game while a page is open, and the page draws every turn to
the end, then says the game is over; with no page the command ends at once. `main.py serve` follows a
game another process writes, turn by turn, without a reload. Each command's reasoning sits under it in
the transcript. Screenshots at 1440x900 and 390x844 go to test-artifacts/.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page
from support.browser import NEEDS_CHROMIUM, rendered, shoot_both

from autofrotz.games import GAMES_DIR
from autofrotz.web.live import LiveHub
from autofrotz.web.runner import start_web_server
from tests.support.ctrl_c import default_ctrl_c

ROOT = Path(__file__).resolve().parent.parent
WAIT_MS = 60_000
GAME_END_MS = 240_000  # a whole game of cellar played by the built-in agent, on a busy machine too

UNTOUCHED_WIN = 200  # turns the built-in agent takes to win cellar untouched (tests/test_takeover.py)

pytestmark = [
    pytest.mark.browser,
    NEEDS_CHROMIUM,
    pytest.mark.skipif(
        not (GAMES_DIR / "cellar.z5").exists(), reason="cellar.z5 not built: python -m autofrotz.games build"
    ),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def play(db: Path, *args: str, stdout: int = subprocess.DEVNULL) -> subprocess.Popen[str]:
    """`main.py` playing cellar with the built-in agent (no keys), its messages on a pipe."""
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    cmd = [sys.executable, "main.py", "--game", "cellar", "--db", str(db), "--fresh", *args]
    return subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=stdout, stderr=subprocess.PIPE, text=True,
        preexec_fn=default_ctrl_c,  # noqa: PLW1509
    )  # fmt: skip


def line_with(proc: subprocess.Popen[str], text: str, seen: list[str]) -> str:
    """Read the command's messages until a line holding `text` (kept in seen)."""
    assert proc.stderr is not None
    for line in proc.stderr:
        seen.append(line)
        if text in line:
            return line
    raise AssertionError(f"no line with {text!r} in: {''.join(seen)[-2000:]}")


@pytest.fixture
def stopper() -> Iterator[list[subprocess.Popen[str]]]:
    procs: list[subprocess.Popen[str]] = []
    yield procs
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def test_the_play_command_serves_on_while_a_page_is_open_and_the_page_draws_to_the_end(
    tmp_path: Path, page: Page, stopper: list[subprocess.Popen[str]]
) -> None:
    port, seen = free_port(), []
    proc = play(tmp_path / "g.db", "--max-turns", "250", "--pace", "0.02", "--port", str(port))
    stopper.append(proc)
    url = line_with(proc, "watch live at", seen).split("watch live at ")[1].split(" ")[0]
    pg = page
    pg.goto(url)
    pg.wait_for_selector('body[data-live="caught-up"]', state="attached", timeout=WAIT_MS)
    pg.keyboard.press(" ")  # Space on a live game pauses it: no jump back to turn 0, no replay
    pg.wait_for_selector('#live-status:has-text("paused")', timeout=WAIT_MS)
    assert not pg.evaluate("S.playing") and pg.evaluate("S.following")
    shoot_both(pg, "viewer-live-paused")
    pg.keyboard.press(" ")
    pg.wait_for_selector('#live-status:has-text("agent playing")', timeout=WAIT_MS)
    line_with(proc, "still serving", seen)  # the game is over; the page holds the server
    assert f"http://127.0.0.1:{port}/" in seen[-1] and "Ctrl-C" in seen[-1]
    pg.wait_for_selector("#game-end", timeout=GAME_END_MS)  # cellar is won in about 200 turns
    last = pg.evaluate("S.last")
    assert f"Game over: won at turn {last}" in pg.inner_text("#game-end")
    assert "GAME OVER" in pg.inner_text("#mode-badge")
    shown = pg.evaluate("window.__autofrotz.shown")
    assert shown[0] < last - 20 and shown == list(range(shown[0], last + 1))  # every turn drawn, in order
    pg.click("#btn-first")  # the server still answers: no "Failed to fetch"
    rendered(pg, 0, timeout=WAIT_MS)
    assert pg.locator(".notice.error").count() == 0
    pg.click("#btn-last")
    rendered(pg, last, timeout=WAIT_MS)
    shoot_both(pg, "viewer-game-over")
    proc.send_signal(signal.SIGINT)  # Ctrl-C
    assert proc.wait(60) == 0
    assert "python main.py serve --db" in "".join(seen) + (proc.stderr.read() if proc.stderr else "")
    pg.wait_for_selector("#server-gone", timeout=WAIT_MS)  # the page notices the server went
    pg.fill("#turn-input", str(last // 2))  # a turn not fetched yet: no error notice per click
    pg.press("#turn-input", "Enter")
    assert pg.locator(".notice.error").count() == 0
    shoot_both(pg, "viewer-server-gone")


def test_with_no_page_open_the_play_command_ends_at_once(tmp_path: Path) -> None:
    t0 = time.monotonic()
    proc = play(tmp_path / "g.db", "--max-turns", "30", "--pace", "0", "--port", str(free_port()))
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert "still serving" not in err and "python main.py serve --db" in err
    assert time.monotonic() - t0 < 60


def test_serve_follows_a_game_another_process_plays(
    tmp_path: Path, page: Page, stopper: list[subprocess.Popen[str]]
) -> None:
    db = tmp_path / "other.db"
    handle = start_web_server(db, port=0, hub=LiveHub())  # as `main.py serve`: no game of its own
    try:
        proc = play(db, "--max-turns", "120", "--pace", "0.05", "--no-web")
        stopper.append(proc)
        pg = page
        pg.goto(handle.url)
        # The empty list opens the first live game that appears, by itself.
        pg.wait_for_selector('#mode-badge:has-text("LIVE")', timeout=WAIT_MS)
        first = int(pg.get_attribute("body", "data-rendered-turn") or 0)
        assert first < 120, "the game should still be playing when the page opened"
        pg.wait_for_selector("#game-end", timeout=GAME_END_MS)  # turns kept coming, with no reload
        assert proc.wait(30) == 0
        shown = pg.evaluate("window.__autofrotz.shown")
        assert shown == list(range(shown[0], 121))  # to the last turn, none skipped
        reasons = pg.locator("#transcript .entry .why.rule")
        assert reasons.count() > 20  # the built-in agent's rule under each command, in words
        saw = [t for t in reasons.all_inner_texts() if "saw “" in t]
        assert saw, "some rule should quote what it saw"
        names = pg.locator("#transcript .entry .why.rule .rule-name").all_inner_texts()
        assert any(re.fullmatch(r"rule: [a-z]+(?:-[a-z]+)+", n) for n in names), names  # a row, by its name
        shoot_both(pg, "viewer-serve-follows")
    finally:
        handle.stop()


def boxes_meet(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    assert a is not None and b is not None
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_smaller_things(tmp_path: Path, page: Page) -> None:
    """Notices cover nothing, the status has one word, the transcript's earlier turns are a click away,
    both control bars are on a phone's screen, /docs is gone, --help names serve."""
    db = tmp_path / "g.db"
    proc = play(db, "--max-turns", "150", "--pace", "0", "--no-web", stdout=subprocess.PIPE)
    out, err = proc.communicate(timeout=300)
    assert "game 1 abandoned after 150 turns" in out + err  # the terminal's word ...
    handle = start_web_server(db, port=0, hub=LiveHub())
    try:
        assert (
            "(abandoned)" in httpx.get(handle.url + "api/games/1/transcript.txt").text
        )  # ... the file's ...
        for path in ("docs", "redoc"):
            assert httpx.get(handle.url + path).status_code == 404  # no page that needs a CDN
        pg = page
        pg.goto(handle.url + "#/game/1/turn/150")
        rendered(pg, 150)
        assert pg.inner_text("#mode-badge") == "REPLAY · abandoned at --max-turns 150"  # ... and the page's
        assert "abandoned at --max-turns 150" in pg.inner_text("#game-end")
        before = pg.locator("#transcript .entry").count()
        pg.click("#transcript .earlier")
        assert pg.locator("#transcript .entry").count() > before  # the earlier turns, one click away
        assert "game's moves" in pg.inner_text("#score-stat") and pg.get_attribute("#score-stat", "title")
        pg.evaluate(
            "() => notice('turn 150 · Taken: a notice with a long text that must not cover anything')"
        )
        for size in ({"width": 1440, "height": 900}, {"width": 390, "height": 844}):
            pg.set_viewport_size(size)
            note = pg.locator("#notices .notice").last.bounding_box()
            for part in ("#inventory", "#transcript", "#controls"):
                if pg.locator(part).is_visible():
                    assert not boxes_meet(note, pg.locator(part).bounding_box()), (size, part)
        bar = pg.locator("#controls").bounding_box()
        assert bar is not None and bar["y"] + bar["height"] <= 844  # on the phone's screen, not below it
        shoot_both(pg, "viewer-smaller-things")
    finally:
        handle.stop()
    helped = subprocess.run([sys.executable, "main.py", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert "main.py serve" in helped.stdout


def test_a_typed_control_verb_is_refused_in_words_for_a_person() -> None:
    from autofrotz.control import ControlError, checked_command

    with pytest.raises(ControlError, match="'save' controls the interpreter: the page does not send it"):
        checked_command("save")


def test_taking_over_from_the_page_costs_about_the_turns_typed(
    tmp_path: Path, page: Page, stopper: list[subprocess.Popen[str]]
) -> None:
    """Cellar untouched is won in about 200 turns (tests/test_takeover.py); paused, taken over with
    `xyzzy` typed on the page and handed back, it is won in about one turn more."""
    seen: list[str] = []
    proc = play(tmp_path / "g.db", "--pace", "0.05", "--port", str(free_port()))
    stopper.append(proc)
    url = line_with(proc, "watch live at", seen).split("watch live at ")[1].split(" ")[0]
    pg = page
    pg.goto(url)
    pg.wait_for_selector('#live-status:has-text("agent playing")', timeout=WAIT_MS)
    pg.click("#ctl-pause")
    pg.wait_for_selector('#live-status:has-text("paused")', timeout=WAIT_MS)
    pg.click("#ctl-takeover")
    pg.fill("#ctl-command", "xyzzy")
    pg.press("#ctl-command", "Enter")
    pg.wait_for_selector('#transcript .entry.human .cmd:has-text("> xyzzy")', timeout=WAIT_MS)
    shoot_both(pg, "viewer-taken-over")
    pg.click("#ctl-takeover")  # hand back, then resume: the game was paused before the takeover
    pg.wait_for_selector('#ctl-takeover:has-text("Take over")', timeout=WAIT_MS)
    pg.click("#ctl-pause")
    pg.wait_for_selector("#game-end", timeout=GAME_END_MS)
    ended = pg.inner_text("#game-end")
    turn = int(re.search(r"won at turn (\d+)", ended).group(1))  # type: ignore[union-attr]
    assert turn <= UNTOUCHED_WIN + 1 + 3, ended  # the turn typed, and a few of the agent's re-reading
    proc.send_signal(signal.SIGINT)
    assert proc.wait(60) == 0
