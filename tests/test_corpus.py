"""The evaluation corpus: the split rule, the listing, the exploration driver and the memory truth."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autofrotz.backends.memory_truth import MemoryTruth, score_reply_states
from autofrotz.evals.corpus import corpus, own_games, select, split_of, textworld_games
from autofrotz.evals.eval_session import EvalSession
from autofrotz.evals.explore import KEY_ANSWER, Explorer
from autofrotz.game_interface import TruthUnknownError, open_game

REPO = Path(__file__).resolve().parent.parent
# The preamble's list of check games among ../shared/games: the rule must keep giving exactly these.
SHARED_CHECK = [
    "Adventureland",
    "Balances",
    "BrandX",
    "building",
    "candy",
    "cavetrip",
    "death",
    "fable",
    "jewel",
    "mansion",
    "minster",
    "spirit",
    "theatre",
    "zork1",
    "zork2",
    "zork3",
    "ztuu",
]


def test_split_rule_pins_known_assignments() -> None:
    assert all(split_of(name) == "check" for name in SHARED_CHECK)
    assert [split_of(n) for n in ("Advent", "curses", "library", "tw-house-1", "maze_plain")] == [
        "dev",
        "dev",
        "dev",
        "dev",
        "check",
    ]
    assert split_of("ZORK1") == split_of("zork1.z5") == "check"  # case and extension do not matter


def test_split_of_the_manifest_matches_the_preamble_list() -> None:
    from autofrotz.games import load_manifest

    stems = [Path(e.file).stem for e in load_manifest()]
    assert sorted(s for s in stems if split_of(s) == "check") == sorted(SHARED_CHECK, key=str)


def test_corpus_lists_every_installed_manifest_story(games_dir: Path) -> None:
    from autofrotz.games import load_manifest

    present = [e.file for e in load_manifest() if (games_dir / e.file).is_file()]
    if len(present) < 50:
        pytest.skip(
            "story files not installed; run: python -m autofrotz.games install --from ../shared/games"
        )
    games = corpus(games_dir, REPO / "inform")
    stories = [g for g in games if g.kind == "story"]
    assert len(stories) == 50
    assert len(select(games, "walkthrough")) == 29  # jericho's walkthrough stories, the old eval's set
    assert all(g.driver == "explore" for g in stories if not g.walkthrough)
    zork1 = select(games, "zork1")[0]
    assert zork1.split == "check" and zork1.max_score == 350 and zork1.walkthrough
    assert {g.split for g in select(games, "all", "dev")} == {"dev"}


def test_own_games_are_picked_up_by_convention(tmp_path: Path) -> None:
    inform, games = tmp_path / "inform", tmp_path / "games"
    inform.mkdir()
    games.mkdir()
    for name in ("walked", "truthful", "bare", "unbuilt"):
        (inform / f"{name}.inf").write_text("! source\n")
    for name in ("walked", "truthful", "bare"):
        (games / f"{name}.z5").write_bytes(b"")
    (inform / "walked.walkthrough").write_text("# a comment\nnorth\n\ntake lamp\n")
    (inform / "unbuilt.walkthrough").write_text("north\n")
    (inform / "truthful.truth.json").write_text(json.dumps({"max_score": 5}))
    found = {g.name: g for g in own_games(games, inform)}
    assert sorted(found) == ["truthful", "walked"]  # neither walkthrough nor truth: not in the corpus
    assert found["walked"].walkthrough == ("north", "take lamp") and found["walked"].kind == "own"
    assert found["truthful"].driver == "explore" and found["truthful"].max_score == 5


def test_textworld_games_take_the_walkthrough_file_or_the_json(tmp_path: Path) -> None:
    (tmp_path / "tw-a.z8").write_bytes(b"")
    (tmp_path / "tw-a.walkthrough").write_text("go east\ntake shirt\n")
    (tmp_path / "tw-b.z8").write_bytes(b"")
    doc = {"metadata": {"walkthrough": ["open door", "go south"]}, "quests": [{"desc": "x"}]}
    (tmp_path / "tw-b.json").write_text(json.dumps(doc))
    found = {g.name: g for g in textworld_games(tmp_path)}
    assert found["tw-a"].walkthrough == ("go east", "take shirt")
    assert found["tw-b"].walkthrough == ("open door", "go south") and found["tw-b"].max_score == 1
    assert {g.kind for g in found.values()} == {"textworld"}


def test_select_names_an_unknown_game() -> None:
    with pytest.raises(ValueError, match="not in the corpus: nosuch"):
        select([], "nosuch")
    with pytest.raises(ValueError, match="unknown split"):
        select([], "all", "test")


def _explore(path: Path, turns: int) -> tuple[list[str], set[int]]:
    session = EvalSession(path)
    explorer = Explorer()
    rooms: set[int] = set()
    try:
        text = session.start()
        truth = session.truth()
        for _ in range(turns):
            text, ended = session.send(explorer.next_command(text, truth.room_number))
            truth = session.truth()
            rooms.add(truth.room_number or 0)
            if ended:
                break
    finally:
        session.close()
    return explorer.commands, rooms


def test_exploration_driver_is_deterministic_and_explores(cellar_path: Path) -> None:
    first, rooms = _explore(cellar_path, 40)
    second, _ = _explore(cellar_path, 40)
    assert first == second
    assert len(rooms) >= 4  # it walks through the house, not up and down one corridor
    assert "take all" in first


def test_exploration_driver_answers_a_yes_no_question() -> None:
    explorer = Explorer()
    assert explorer.next_command("Do you want an introduction? (Y or N)", None) == "no"
    assert explorer.next_command("[Press SPACE to continue]", 3) == KEY_ANSWER


def test_memory_truth_finds_the_player_of_our_own_game(cellar_path: Path) -> None:
    with open_game(cellar_path, "jericho") as game:
        game.start()
        truth = game.ground_truth()
        assert truth.source == "memory" and truth.room_name == "Front Garden"
        game.send("w")
        assert game.ground_truth().room_name == "Garden Shed"


def test_truth_is_unknown_on_a_story_without_a_world(probe_path: Path) -> None:
    with open_game(probe_path, "jericho") as game:
        game.start()
        with pytest.raises(TruthUnknownError):
            game.ground_truth()


def test_memory_truth_without_a_player_says_unknown(cellar_path: Path) -> None:
    reader = MemoryTruth()
    with pytest.raises(TruthUnknownError, match="not known"):
        reader.place(cellar_path.read_bytes())


def test_memory_score_is_reported_only_when_the_game_states_it(cellar_path: Path) -> None:
    reader = MemoryTruth()
    mem = cellar_path.read_bytes()  # the initial memory image: every global is 0
    assert reader.score(mem, 2, lambda: "You have so far scored 0 out of a possible 50, in 0 turns.") == 0
    refusing = MemoryTruth()
    assert refusing.score(mem, 2, lambda: "You have so far scored 66 out of a possible 1.") is None
    assert MemoryTruth().score(mem, 2, lambda: None) is None  # not safe to ask: unknown, not 0
    final = MemoryTruth()  # at a final RESTART/QUIT question the side reply says nothing about the score
    assert final.score(mem, 2, lambda: "Please give one of the answers above.") is None
    assert final.score(mem, 2, lambda: "scored 0 out of 50") == 0  # nothing refuted: asked again
    seen = "You have won. In that game you scored 0 out of a possible 50, in 27 turns."
    assert MemoryTruth().score(mem, 2, lambda: "never asked", seen) == 0
    assert MemoryTruth().score(mem, None, lambda: "scored 0") is None  # no score global known
    assert not score_reply_states("You have scored 0 out of a possible 50, in 4 turns.", 4)


def test_step_scores_of_a_game_without_bindings_match_its_own_reply(
    cellar_path: Path, cellar_walkthrough: list[str]
) -> None:
    with open_game(cellar_path, "jericho") as game:
        game.start()
        scores = [game.send(command).score for command in cellar_walkthrough[:-1]]
        assert all(s is not None for s in scores) and max(s or 0 for s in scores) > 0
        reply = game.send("score").text
        assert score_reply_states(reply, scores[-1] or 0)


def test_memory_truth_takes_the_self_object_the_player_variable_holds(games_dir: Path) -> None:
    """break-in keeps a second self object in its flashback's first room from the start. The truth
    takes the one the library's player variable holds (the office), and when the flashback lends the
    player the other body it follows the role for a story without jericho bindings (player_switch),
    or says it does not know where it is checked against bindings that keep one player object."""
    path = games_dir / "break-in.z5"
    if not path.is_file():
        pytest.skip(f"{path} is missing")
    with open_game(path, "jericho") as game:
        game.start()
        with pytest.raises(TruthUnknownError):
            game.ground_truth()  # the player's own self object is in no room before the opening page
        for command in ("take all", "take all", "take all", "south"):
            game.send(command)
            assert game.ground_truth().room_name == "Your Office"  # read at every step, as the eval does
        game.send("west")  # the office's timer starts the flashback
        assert game.ground_truth().room_name == "Corner of Banana Street"
        game._truth.follow_switches = False  # as for a story whose bindings keep one player object
        with pytest.raises(TruthUnknownError, match="another body"):
            game.ground_truth()


def test_room_level_is_learned_from_a_real_move_not_from_leaving_a_bed() -> None:
    from autofrotz.backends.memory_truth import _changed_room, _common_ancestor

    # objects: 1 ROOMS holder, 2 and 3 rooms inside it, 4 the player, 5 a bed in room 2
    before = [0, 0, 1, 1, 5, 2]
    walked = [0, 0, 1, 1, 3, 2]  # player from the bed to room 3
    got_up = [0, 0, 1, 1, 2, 2]  # player out of the bed into room 2
    assert _changed_room(before, walked, 4) and _common_ancestor(before, walked, 4) == 1
    assert not _changed_room(before, got_up, 4)
    inform = [0, 0, 0, 0, 2, 2]  # rooms are roots
    assert _common_ancestor(inform, [0, 0, 0, 0, 3, 2], 4) == 0


def test_perception_eval_reports_splits_and_kinds(
    tmp_path: Path, games_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from autofrotz.evals import perception

    if not (games_dir / "library.z5").is_file():
        pytest.skip("library.z5 not installed; run: python -m autofrotz.games install --from ../shared/games")
    (tmp_path / "library.z5").write_bytes((games_dir / "library.z5").read_bytes())
    argv = ["--games", "walkthrough", "--games-dir", str(tmp_path), "--inform-dir", str(tmp_path), "--json"]
    assert perception.main([*argv, "--rooms-only", "--split", "dev"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert (
        figures["games_dev"] == 1 and figures["games_check"] == 0 and figures["room_tracking_check"] is None
    )
    assert (
        figures["room_tracking_dev"] == figures["room_tracking"] and figures["target_room_tracking"] == 97.0
    )
    row = figures["per_game"][0]
    assert (row["game"], row["split"], row["kind"], row["driver"]) == (
        "library",
        "dev",
        "story",
        "walkthrough",
    )
    with pytest.raises(SystemExit, match="no corpus games"):
        perception.main([*argv, "--split", "check"])


def test_infocom_rooms_are_found_inside_their_rooms_object(zork1: Path) -> None:
    """Infocom keeps every room inside one object; walking to the top of the tree gives that object for
    every step (the old reader's single room). The reader learns the level from moves instead."""
    from autofrotz.backends.truth_agreement import compare_game

    result = compare_game(zork1, ["n", "e", "open window", "w", "w"])
    assert result.player_found and result.all_agree and result.unknown == 0
    assert result.holder not in (None, 0)


def test_perception_scores_each_turn_as_the_map_said_it_and_counts_later_readings_apart() -> None:
    from autofrotz.evals.game_run import GameRun
    from autofrotz.evals.perception import _relabelled_count

    run = GameRun("g", pairs=[("one", 1), ("one", 1), ("one", 2)], turn_numbers=[0, 2, 3])
    assert _relabelled_count(run, {0: "yard", 2: "one", 3: "kitchen", 9: "attic"}) == 2
    assert run.pairs == [("one", 1), ("one", 1), ("one", 2)]  # the scored pairs are left as they were


def test_inventory_diagnosis_tells_unnamed_from_named_misses() -> None:
    from autofrotz.evals.inventory_diagnosis import InventoryDiagnosis

    diagnosis = InventoryDiagnosis()
    diagnosis.read("You pick up the brass lamp.")
    diagnosis.score(["rope"], ["brass lamp", "left hand", "(53)", "tin box"], "You have a tin box.")
    assert diagnosis.figures() == {
        "inv_missed_unnamed": 2,
        "inv_missed_listed": 1,
        "inv_missed_named": 1,
        "inv_extra": 1,
    }
