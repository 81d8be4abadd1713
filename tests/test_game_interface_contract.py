"""One contract suite for every back end: known outputs, score, death, victory, save/restore, safety.

dfrotz runs with force=True: Debian's dfrotz 2.54 drops bold text, so the back end refuses it by
default. Zork I (a version 3 story) prints nothing in bold, so its texts compare exactly on both.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from autofrotz.game_interface import ForbiddenCommandError, GameInterface, StepResult, open_game

ZORK_CANYON = ["n", "e", "e", "e"]


@dataclass(frozen=True)
class Facts:
    """What we know about one story file, as data."""

    first_room: str
    exact: list[tuple[list[str], str]]  # (commands before, last command's exact output, normalised)
    score_path: list[str]
    score_after: int
    death_path: list[str]
    save_point: list[str]
    probe_command: str
    wander: list[str] = field(default_factory=list)


FACTS = {
    "zork1": Facts(
        first_room="West of House",
        exact=[
            (["open mailbox"], "Opening the small mailbox reveals a leaflet."),
            (
                ["n"],
                "North of House\nYou are facing the north side of a white house. There is no door "
                "here, and all the windows are boarded up. To the north a narrow path winds through "
                "the trees.",
            ),
            (["inventory"], "You are empty-handed."),
        ],
        score_path=["n", "e", "open window", "w"],
        score_after=10,
        death_path=[*ZORK_CANYON, "jump"],
        save_point=["open mailbox", "take leaflet"],
        probe_command="look",
        wander=[
            "n",
            "e",
            "open window",
            "w",
            "w",
            "e",
            "u",
            "d",
            "e",
            "n",
            "s",
            "read leaflet",
            "drop leaflet",
            "take leaflet",
            "inventory",
            "w",
            "n",
            "n",
            "u",
            "d",
        ],
    ),
    "cellar": Facts(
        first_room="Front Garden",
        exact=[
            (
                ["w"],
                "Garden Shed\nA cramped wooden shed smelling of oil and old rope. The only way out is "
                "east.\n\nA brass lamp hangs from a hook on the wall.",
            ),
            (["w", "take lamp"], "Taken."),
            (["n", "n", "e", "read note", "open case"], "You open the glass display case."),
        ],
        score_path=["n", "n", "u", "n", "open chest", "take key"],
        score_after=5,
        death_path=["e", "d"],
        save_point=["w", "take lamp", "e"],
        probe_command="look",
        wander=[
            "n",
            "n",
            "e",
            "w",
            "w",
            "e",
            "u",
            "n",
            "open chest",
            "s",
            "u",
            "d",
            "d",
            "n",
            "e",
            "turn on lamp",
            "d",
            "s",
            "n",
            "n",
        ],
    ),
}

CASES = [("jericho", "zork1"), ("dfrotz", "zork1"), ("jericho", "cellar")]


def normalise(text: str) -> str:
    """Trailing spaces and blank edge lines vary between interpreters; the words do not."""
    return "\n".join(line.rstrip() for line in text.strip("\n").split("\n")).strip()


def _path_for(name: str, request: pytest.FixtureRequest) -> Path:
    return request.getfixturevalue("zork1" if name == "zork1" else "cellar_path")


@pytest.fixture(params=CASES, ids=[f"{b}-{g}" for b, g in CASES])
def case(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[GameInterface, Facts, str]]:
    backend, name = request.param
    path = _path_for(name, request)
    game = open_game(path, backend, seed=12, save_dir=tmp_path, force=True)
    game.start()
    yield game, FACTS[name], backend
    game.close()


def play(game: GameInterface, commands: list[str]) -> StepResult:
    result = None
    for command in commands:
        result = game.send(command)
    assert result is not None
    return result


def test_intro_names_first_room(request: pytest.FixtureRequest, tmp_path: Path) -> None:
    for backend, name in CASES:
        if backend == "dfrotz" and name != "zork1":
            continue
        with open_game(_path_for(name, request), backend, save_dir=tmp_path, force=True) as game:
            assert FACTS[name].first_room in game.start()


def test_exact_output_of_known_commands(case: tuple[GameInterface, Facts, str]) -> None:
    game, facts, _ = case
    for commands, expected in facts.exact:
        game.start()
        assert normalise(play(game, commands).text) == expected


def test_score_and_moves_change(case: tuple[GameInterface, Facts, str]) -> None:
    game, facts, _ = case
    # dfrotz shows no status line: there the game's own SCORE reply carries score and moves.
    asking = [] if game.reports_score_each_step else ["score"]
    before = play(game, ["look", *asking])
    after = play(game, facts.score_path + asking)
    assert before.score == 0
    assert after.score == facts.score_after
    assert after.moves is not None and before.moves is not None
    assert after.moves > before.moves


def test_death_is_detected(case: tuple[GameInterface, Facts, str]) -> None:
    game, facts, _ = case
    steps = [game.send(c) for c in facts.death_path]
    assert [s.outcome for s in steps[:-1]] == [None] * (len(steps) - 1)
    assert steps[-1].outcome == "death" and steps[-1].ended


def test_save_twenty_commands_restore(case: tuple[GameInterface, Facts, str]) -> None:
    game, facts, _ = case
    play(game, facts.save_point)
    game.save("slot1")
    reference = game.send(facts.probe_command)
    for command in facts.wander:
        game.send(command)
    game.restore("slot1")
    again = game.send(facts.probe_command)
    assert again.text == reference.text
    assert (again.score, again.moves) == (reference.score, reference.moves)


def test_exported_state_restores_in_a_fresh_game(
    case: tuple[GameInterface, Facts, str], request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    game, facts, backend = case
    play(game, facts.save_point)
    game.save("s")
    data = game.export_state("s")
    reference = game.send(facts.probe_command)
    with open_game(game.path, backend, seed=12, save_dir=tmp_path / "other", force=True) as fresh:
        fresh.start()
        fresh.import_state("s", data)
        fresh.restore("s")
        assert fresh.send(facts.probe_command).text == reference.text


@pytest.mark.parametrize(
    "command", ["quit", "Q", "restart", "save", "restore", "script", "unscript", "n. save"]
)
def test_interpreter_control_verbs_are_refused(case: tuple[GameInterface, Facts, str], command: str) -> None:
    game, facts, _ = case
    with pytest.raises(ForbiddenCommandError):
        game.send(command)
    assert facts.first_room in game.send("look").text


def _assert_one_safe_command(game: GameInterface, hostile: str) -> None:
    """The hostile command costs at most one move and the game answers the next command normally."""
    start = game.send("look")
    result = game.send(hostile)
    if game.reports_score_each_step:
        assert result.moves is not None and start.moves is not None
        assert result.moves <= start.moves + 1
    assert "sure you want to" not in result.text.lower()  # no quit/restart confirmation reached
    after, again = game.send("look"), game.send("look")
    assert normalise(after.text) == normalise(again.text)  # in step: nothing left over in the input


def test_newlines_do_not_start_a_second_command(case: tuple[GameInterface, Facts, str]) -> None:
    game, _, _ = case
    _assert_one_safe_command(game, "inventory\nwait\r\nnorth\n")
    with pytest.raises(ForbiddenCommandError):  # a control verb anywhere in the line is refused
        game.send("inventory\nquit\r\nrestart\n")


def test_backslash_escapes_never_reach_dfrotz(case: tuple[GameInterface, Facts, str]) -> None:
    game, facts, _ = case
    # "\help" lists dfrotz's runtime commands and "\x" would end the game session.
    _assert_one_safe_command(game, "\\help")
    _assert_one_safe_command(game, "\\x")
    assert "runtime" not in game.send("\\help").text.lower()


def test_control_characters_are_removed(case: tuple[GameInterface, Facts, str]) -> None:
    game, _, _ = case
    _assert_one_safe_command(game, "inventory\x00\x04\x1b[2J\x03\x7f\x08 wait")
    with pytest.raises(ForbiddenCommandError):
        game.send("inventory\x00\x04\x1b[2J\x03\x7f\x08 quit")


def test_ten_thousand_characters_make_one_command(case: tuple[GameInterface, Facts, str]) -> None:
    game, _, _ = case
    _assert_one_safe_command(game, "north " * 1666 + "save")
    _assert_one_safe_command(game, "x" * 10_000)


def test_chained_clauses_are_cut_to_the_first(case: tuple[GameInterface, Facts, str]) -> None:
    game, _, _ = case
    # Story parsers would run each clause as its own turn; only the first may reach the game.
    _assert_one_safe_command(game, "inventory. look. inventory; wait then wait")
