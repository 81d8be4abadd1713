"""Interpreter-control commands in disguise never reach a real game.

Zork I keeps six letters of a word and Inform games accept trailing punctuation, so "scripture",
"restart!" or "save?" were read as control verbs. Every attack here runs against a real game in a
fresh working directory: no file may appear there and the game must not restart or quit.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autofrotz.agents.commands import clean_command
from autofrotz.backends import base as backends_base
from autofrotz.game_interface import open_game
from autofrotz.words.commands import (
    FORBIDDEN_VERBS,
    ForbiddenCommandError,
    check_command,
    forbidden_verb,
    sanitise_command,
)

ATTACKS = [
    "scripture", "scripts/pwned", "script", "SCRIPT", "restarting", "restart!", "restart.", "save?",
    "save!", "quit?", "quit!", "recording", "recording on", "replay", "restore?", "unscripted",
    "transcript", "transcripts", "noscript", "undo", "q", "bob, q", "bob, save", "take lamp and save",
    "oops save", "north. save", "n then restart", '"save"', "(quit)", "sAvE", "\uff53\uff41\uff56\uff45",
    "#comm", "$verify", "die", "x, restart",
]  # fmt: skip
# Commands the filter might misread (punctuation, digits) run, like every command, in the
# interpreter's own folder.
BYPASS = ["quit?", "restarting", "restart!", "save?", "restore?", "script.", "scripts/pwned", "unscript!"]


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("attack", ATTACKS)
def test_attack_is_refused_by_the_filter(attack: str) -> None:
    with pytest.raises(ForbiddenCommandError):
        check_command(attack)


@pytest.mark.parametrize("attack", ["quit?", "restarting", "scripts/pwned", "recording", "restart!", "save?"])
def test_the_model_path_cleaning_refuses_them_too(attack: str) -> None:
    assert clean_command(attack) is None


@pytest.mark.parametrize("command", ["read the sign", "take record", "roll the die", "savory", "restrain"])
def test_ordinary_commands_still_pass(command: str) -> None:
    """Nouns are not verbs: 'die' and 'record' are refused only where a parser reads a verb."""
    assert forbidden_verb(command, word_chars=9) is None


@pytest.mark.parametrize("backend", ["jericho", "dfrotz"])
def test_zork_attacks_leave_no_file_and_no_restart(
    backend: str, zork1: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with open_game(zork1, backend, force=True, save_dir=tmp_path / "saves") as game:
        game.start()
        assert "North of House" in game.send("north").text
        for attack in ATTACKS:
            with pytest.raises(ForbiddenCommandError):
                game.send(attack)
        assert "North of House" in game.send("look").text  # not restarted: still where we walked to
        assert game.send("look").text  # and the interpreter still answers (no quit)
    assert _files(tmp_path) == (["saves"] if backend == "dfrotz" else [])


@pytest.mark.parametrize("backend", ["jericho", "dfrotz"])
def test_second_line_cancels_what_slips_past_the_filter(
    backend: str, zork1: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the filter switched off, the interface still answers the questions by cancelling."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(backends_base, "check_command", lambda command, *_: sanitise_command(command))
    saves = tmp_path / "saves"
    with open_game(zork1, backend, force=True, save_dir=saves) as game:
        game.start()
        game.send("north")
        for attack in BYPASS:
            game.send(attack)
        assert "North of House" in game.send("look").text
        assert game.send("look").text
        if backend == "dfrotz":
            assert not [n for n in _files(saves) if n.startswith("ref")]
    assert _files(tmp_path) == (["saves"] if backend == "dfrotz" else [])


@pytest.mark.parametrize("name", ["cellar", "parallel"])
def test_inform_games_refuse_them_too(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from autofrotz.games import GAMES_DIR

    if not (GAMES_DIR / f"{name}.z5").is_file():
        pytest.skip(f"games/{name}.z5 is missing")
    monkeypatch.chdir(tmp_path)
    with open_game(GAMES_DIR / f"{name}.z5", "jericho") as game:
        first = game.start()
        passed = []
        for attack in ATTACKS:
            try:
                passed.append(game.send(attack).text)  # e.g. "scripture": nine letters, not SCRIPT
            except ForbiddenCommandError:
                continue
        assert not any("transcript" in text.lower() or "?" in text[-40:] for text in passed), passed
        assert game.send("look").text
        assert first.strip() not in game.send("look").text  # the opening text did not come again
    assert _files(tmp_path) == []


# -- properties ---------------------------------------------------------------------------------------

_PUNCT = st.sampled_from(list("?!.,;:'\"/-()[]*#&"))
_LOOKALIKE = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "c": "\u0441", "s": "\uff53", "i": "\u0456"}


@st.composite
def disguised_verbs(draw: st.DrawFn) -> str:
    """A control verb cut short or lengthened, in mixed case, wrapped in punctuation and look-alikes."""
    verb = draw(st.sampled_from(sorted(FORBIDDEN_VERBS)))
    cut = draw(st.integers(min_value=max(1, len(verb) - 3), max_value=len(verb)))
    word = verb[:cut] + draw(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", max_size=6))
    word = "".join(ch.upper() if draw(st.booleans()) else ch for ch in word)
    if draw(st.booleans()):
        word = "".join(_LOOKALIKE.get(ch, ch) if draw(st.booleans()) else ch for ch in word)
    before = draw(st.lists(_PUNCT, max_size=2))
    after = draw(st.lists(_PUNCT, max_size=3))
    lead = draw(st.sampled_from(["", "bob, ", "take lamp and ", "look. ", "oops "]))
    return lead + "".join(before) + word + "".join(after) + draw(st.sampled_from(["", " on", " y", "x"]))


def _could_control(sent: str, chars: int) -> bool:
    """The oracle: any word of what reaches the game equal, cut to the dictionary length, to a verb."""
    words = "".join(ch if ch.isalnum() else " " for ch in sent.lower()).split()
    cut = {verb[:chars] for verb in FORBIDDEN_VERBS}
    return any(word[:chars] in cut for word in words)


@settings(max_examples=400, deadline=None)
@given(disguised_verbs())
def test_no_disguise_reaches_the_game_as_a_control_verb(command: str) -> None:
    try:
        sent = check_command(command)
    except ForbiddenCommandError:
        return
    assert not _could_control(sent, 6), (command, sent)


@pytest.fixture(scope="module", params=["zork1", "cellar", "parallel"])
def game_in_a_box(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """A running game (Zork I, our Inform 6 cellar, the Inform 7 game parallel) in an empty folder."""
    from autofrotz.games import GAMES_DIR

    name = request.param
    if not (GAMES_DIR / f"{name}.z5").is_file():
        pytest.skip(f"games/{name}.z5 is missing")
    folder = tmp_path_factory.mktemp(f"box-{name}")
    back = os.getcwd()
    os.chdir(folder)
    game = open_game(GAMES_DIR / f"{name}.z5", "jericho")
    game.start()
    yield game, folder
    game.close()
    os.chdir(back)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(disguised_verbs())
def test_disguises_against_real_games(game_in_a_box, command: str) -> None:  # type: ignore[no-untyped-def]
    game, folder = game_in_a_box
    try:
        reply = game.send(command).text
    except ForbiddenCommandError:
        reply = ""
    # A restart prints the banner ("Release N / Serial number ...") again; a script says so.
    assert "Serial number" not in reply and "transcript" not in reply.lower(), reply
    assert not any(q in reply for q in ("wish to restart", "wish to leave", "sure you want")), reply
    assert _files(folder) == []
