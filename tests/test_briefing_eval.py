"""`eval briefing`: its metric functions, a real game measured end to end, story files outside the corpus."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from autofrotz.evals import briefing, perception
from autofrotz.evals.briefing_goals import GOALS
from autofrotz.evals.briefing_metrics import (
    RunWords,
    Tally,
    exit_counts,
    figures,
    goal_in,
    things_named_here,
)
from autofrotz.evals.briefing_play import true_exits
from autofrotz.evals.briefing_things import ParserWords, Thing, briefed_each, pair_things
from autofrotz.evals.eval_session import EvalSession, Truth
from autofrotz.game_interface import open_game
from autofrotz.llm import MockLLM

FIGURE_KEYS = (
    "exit_precision",
    "exit_recall",
    "items_here_precision",
    "items_here_recall",
    "carried_agreement",
    "goal_retained",
    "prompt_chars_median",
)


def test_exit_counts_score_briefed_labels_and_true_directions() -> None:
    # "n" is north; "climb tree" was tried as briefed and moved; "in" is true but never briefed
    assert exit_counts(["n", "south", "climb tree"], {"north", "in", "climb tree"}) == (3, 2, 2, 1)
    assert exit_counts(["east"], set()) == (1, 0, 0, 0)


def test_things_here_count_only_what_the_text_named() -> None:
    seen = RunWords()
    seen.read("A brass lamp hangs from a hook. Two coins glint.")
    here = ["brass lamp", "coin", "hook", "secret lever"]
    named = things_named_here(here, seen)
    assert named == [0, 1, 2]  # the secret lever was never named
    paired = pair_things(["lamp", "coins", "table"], [Thing(name) for name in here], named, 9)
    assert (paired.briefed_true, paired.named_briefed, paired.not_true) == (2, 2, ["table"])
    assert paired.missed == ["hook"]


def opening_truth(path: Path) -> Truth:
    """The truth of a story's first turn (skipped when the story file is missing)."""
    if not path.is_file():
        pytest.skip(f"{path} is missing")
    session = EvalSession(path)
    try:
        session.start()
        return session.truth()
    finally:
        session.close()


def test_a_name_the_parser_takes_for_an_object_pairs_with_it(games_dir: Path) -> None:
    """The story file's own words for each object: a briefed "small brick building" is Advent's well
    house; in Zork I (six letters kept) an "advertisement" is the leaflet in the mailbox."""
    for story, briefed, expected in (
        ("Advent.z5", ["small brick building", "gully"], ["well house"]),
        ("zork1.z5", ["advertisement", "front door", "white house"], ["leaflet", "door"]),
    ):
        path = games_dir / story
        truth = opening_truth(path)
        words = ParserWords.of_story(path)
        here = words.things([*truth.around, *truth.within], [*truth.around_nums, *truth.within_nums])
        assert not any(n.lower() in t.name for n in briefed for t in here)  # no name shares a word...
        paired = pair_things(briefed, here, list(range(len(here))), words.keeps)
        taken = [t.name for t in here if t.name not in paired.missed]
        assert sorted(taken) == sorted(expected)  # ...yet the parser reads it as that object
        assert paired.briefed_true == len(expected) and len(paired.not_true) == len(briefed) - len(expected)


def test_a_word_several_objects_share_names_none_of_them() -> None:
    """Two doors here: "door" is neither (the parser would ask which); "oak door" is the oak one, and
    a name by words still pairs first."""
    doors = [Thing("door", frozenset({"door", "iron"})), Thing("panel", frozenset({"door", "oak"}))]
    assert pair_things(["door"], doors[1:], [0], 9).briefed_true == 1
    assert pair_things(["wooden door"], doors, [0, 1], 9).briefed_true == 1  # "door" by name is the first
    assert pair_things(["wooden door", "portal"], doors, [0, 1], 9).missed == ["panel"]
    assert pair_things(["oak door", "door"], doors, [0, 1], 9).briefed_true == 2


def test_several_things_alike_are_briefed_and_paired_by_their_count(tmp_path: Path, games_dir: Path) -> None:
    """The theatre's lobby lists "six loose pages" (the loose page the player has known since the
    basement) and "four lots of old stale popcorn": one name each, briefed with its count, for objects
    the tree holds apart, each of them paired."""
    jericho = pytest.importorskip("jericho")
    from tests.test_briefing import briefings, section

    story = games_dir / "theatre.z5"
    if not story.exists():
        pytest.skip(f"{story} is missing; python main.py games install")
    env = jericho.FrotzEnv(str(story))
    env.reset()
    walk = env.get_walkthrough()[:71]  # back to the lobby, the pages and popcorn dropped there
    env.close()
    MockLLM.reset()
    here = section(briefings(tmp_path, walk, game="theatre")[71], "Seen here:")
    MockLLM.reset()
    assert "loose page (6 of them)" in here and "lots of old stale popcorn (4 of them)" in here
    popcorn = [Thing("old stale popcorn", frozenset({"popcorn"}))] * 4
    briefed = briefed_each(["lots of old stale popcorn"], {"lots of old stale popcorn": 4})
    assert pair_things(briefed, popcorn, [0, 1, 2, 3], 9).named_briefed == 4
    assert pair_things(["lots of old stale popcorn"], popcorn, [0, 1, 2, 3], 9).named_briefed == 1


def test_figures_are_step_weighted_shares() -> None:
    one = Tally(steps=2, exits_briefed=4, exits_briefed_true=3, exits_true=5, exits_true_briefed=3)
    one.prompt_chars = [100, 300]
    two = Tally(steps=1, exits_briefed=1, exits_briefed_true=1, carried_steps=1, carried_hits=0)
    two.prompt_chars = [200]
    one.add(two)
    got = figures(one)
    assert got["exit_precision"] == 80.0 and got["exit_recall"] == 60.0
    assert got["carried_agreement"] == 0.0 and got["items_here_recall"] is None
    assert got["prompt_chars_median"] == 200 and one.steps == 3


def test_goal_found_across_line_breaks_only_when_whole() -> None:
    goal = GOALS["mill"]
    assert goal_in("story text:\nYou have promised\n   to start the mill.\n", goal)
    assert not goal_in("You have promised to start the", goal)


def test_true_exits_tried_in_side_copies_leave_the_game_as_it_was(cellar_path: Path) -> None:
    game = open_game(cellar_path, "jericho", seed=None)
    try:
        game.start()
        here = game.ground_truth().room_number
        before = game.send("look").text
        moved = true_exits(game, here, before, ["climb wall"])
        assert moved == {"north", "east", "west"}  # the front garden's three ways; the wall is no way
        assert game.ground_truth().room_number == here and game.send("look").text == before
    finally:
        game.close()


def test_truth_names_what_is_in_or_on_the_things_of_the_room(
    cellar_path: Path, cellar_walkthrough: list[str]
) -> None:
    game = open_game(cellar_path, "jericho", seed=None)
    try:
        game.start()
        for command in cellar_walkthrough[: cellar_walkthrough.index("open chest") + 1]:
            game.send(command)
        truth = game.ground_truth()
        assert "oak chest" in truth.around and "iron key" not in truth.around
        assert "iron key" in truth.within  # inside the chest, so in the room: a briefing may list it
    finally:
        game.close()


def test_every_goal_sentence_is_in_its_games_opening(games_dir: Path, cellar_path: Path) -> None:
    checked = 0
    for name, goal in GOALS.items():
        story = next(iter(games_dir.glob(f"{name}.z*")), None)
        if story is None:
            continue
        game = open_game(story, "jericho", seed=None)
        try:
            assert goal_in(game.start(), goal), name
        finally:
            game.close()
        checked += 1
    assert checked >= 2  # cellar at least, built by the fixture


def test_eval_on_one_of_our_games(cellar_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = briefing.main(["--games", "cellar", "--json"])
    got = json.loads(capsys.readouterr().out)
    assert code == 0 and got["games"] == 1 and got["steps"] == 27  # the whole walkthrough, one step a turn
    for key in FIGURE_KEYS:
        assert key in got and f"{key}_dev" in got and f"{key}_check" in got and f"target_{key}" in got
    assert got["carried_agreement"] == 100.0 and got["exit_precision"] >= 90.0
    assert 50.0 <= got["exit_recall"] <= 100.0 and 0.0 < got["items_here_recall"] <= 100.0
    assert 0.0 < got["goal_retained"] <= 100.0  # the opening holds the goal on the first turn at least
    assert 1000 < got["prompt_chars_median"] < 20000 and got["goal_games"] == 1
    assert got["exit_precision_check"] == got["exit_precision"] and got["exit_precision_dev"] is None
    assert got["per_game"][0]["game"] == "cellar" and got["per_game"][0]["split"] == "check"


def test_both_evals_take_a_story_outside_the_manifest(
    cellar_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    story = tmp_path / "mine" / "heirloom.z5"
    story.parent.mkdir()
    shutil.copy(cellar_path, story)
    assert briefing.main(["--games", str(story), "--steps", "6", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)["per_game"][0]
    assert (row["game"], row["kind"], row["driver"], row["steps"]) == ("heirloom", "user", "explore", 6)
    assert perception.main(["--games", str(story), "--turns", "6", "--rooms-only", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)["per_game"][0]
    assert (row["game"], row["kind"], row["steps"]) == ("heirloom", "user", 7)  # the opening and 6 turns
    # from --games-dir: every story file there that no corpus listing claims
    args = ["--games-dir", str(story.parent), "--inform-dir", str(tmp_path), "--json"]
    assert briefing.main([*args, "--steps", "3"]) == 0
    assert [r["game"] for r in json.loads(capsys.readouterr().out)["per_game"]] == ["heirloom"]


def test_bad_story_paths_and_step_counts_are_refused_in_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.z5"
    junk.write_bytes(b"not a story")
    with pytest.raises(SystemExit, match="not a playable Z-machine story file"):
        briefing.main(["--games", str(junk)])
    with pytest.raises(SystemExit, match="not in the corpus: .*missing.z5 .nor a path to a story file"):
        perception.main(["--games", str(tmp_path / "missing.z5")])
    with pytest.raises(SystemExit, match="--steps must be at least 1"):
        briefing.main(["--steps", "0"])


def test_a_room_the_story_s_clock_leaves_has_no_exits_of_its_own(games_dir: Path) -> None:
    # a procession carries the player on after a number of turns, whatever they type: every way the
    # game refuses ("roped together") leaves the room on that turn, yet none of them is an exit
    story = games_dir / "sherbet.z5"
    if not story.exists():
        pytest.skip("sherbet.z5 not installed: python -m autofrotz.games install")
    truths = EvalSession(story)
    try:
        last = truths.start()
        truths.saw(last)
        rooms, found = [], []
        for _ in range(20):
            here = truths.truth().room_number
            found.append(true_exits(truths.game, here, last, ["north"]) if here is not None else None)
            rooms.append(here)
            last, _ended = truths.send("north")
            truths.saw(last)
        carried = [i for i in range(1, len(rooms) - 1) if rooms[i] is not None and rooms[i + 1] != rooms[i]]
        assert carried, "the procession never moved on"
        assert all(found[i] == set() for i in carried)
    finally:
        truths.close()


def test_a_way_into_death_is_no_exit_wherever_the_story_puts_the_dead(games_dir: Path) -> None:
    # north from the street outside enters the restaurant, where the player dies: the truth read the
    # restaurant as the way's end, while another story set its dead back in the room they left
    from autofrotz.evals.perception import corpus_games

    if not (games_dir / "detective.z5").exists():
        pytest.skip("detective.z5 not installed: python -m autofrotz.games install")
    game = corpus_games("detective", games_dir, "all", Path(__file__).parent.parent / "inform")[0]
    truths = EvalSession(game.path)
    try:
        last = truths.start()
        for command in (game.walkthrough or ())[:9]:
            last, _ended = truths.send(command)
        here = truths.truth().room_number
        assert here is not None
        assert true_exits(truths.game, here, last) == {"east"}  # north kills
    finally:
        truths.close()


def test_a_rooms_local_globals_are_around_it(games_dir: Path, cellar_path: Path) -> None:
    """Zork I's West of House lists the white house and the board as its local globals (the tree keeps
    them in LOCAL-GLOBALS, outside every room): they count as around it, so a briefed "white house" is
    true there; Zork II and III have that property too, and an Inform story has none."""
    zork1 = games_dir / "zork1.z5"
    truth = opening_truth(zork1)
    words = ParserWords.of_story(zork1)
    names, nums = words.around(truth.room_number or 0, truth.around_nums)
    assert names == ["white house", "board"] and "white house" not in truth.around
    here = words.things([*truth.around, *names], [*truth.around_nums, *nums])
    paired = pair_things(["white house", "small mailbox"], here, [], words.keeps)
    assert paired.briefed_true == 2 and paired.not_true == []
    for story, room in (("zork2.z5", "Stone Bridge"), ("zork3.z5", "Endless Stair")):
        other = ParserWords.of_story(games_dir / story)
        number = next(num for num, name in other.names.items() if name == room)
        assert other.around(number, []) != ([], [])
    cellar = ParserWords.of_story(cellar_path)
    assert all(cellar.around(num, []) == ([], []) for num in cellar.names)  # every object, not rooms only
