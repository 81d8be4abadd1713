"""`eval briefing`'s truth for a story whose object tree names objects by codes and whose file keeps no
parser words the reader can find: the story's parser, asked in a side copy, says which object a name is."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from autofrotz.evals.briefing_asked import ParserAsked
from autofrotz.evals.briefing_metrics import RunWords, things_named_here
from autofrotz.evals.briefing_things import ParserWords, pair_things
from autofrotz.evals.eval_session import EvalSession, Truth, walkthrough


@contextmanager
def played(story: Path, last_command: str) -> Iterator[tuple[EvalSession, Truth, str]]:
    """The story played by its walkthrough up to the first `last_command`: the session, its truth and
    the last reply (skipped when the story file is missing)."""
    if not story.is_file():
        pytest.skip(f"{story} is missing")
    steps = walkthrough(story) or []
    truths = EvalSession(story)
    try:
        last = truths.start()
        for command in steps[: steps.index(last_command) + 1]:
            last, _ended = truths.send(command)
        yield truths, truths.truth(), last
    finally:
        truths.close()


def test_a_name_the_parser_takes_pairs_with_a_coded_object(games_dir: Path) -> None:
    """Murdac's cellar after the first treasures are dropped there: the tree calls the flask of perfume
    "(SCENT)", the toadstone "(STONE)", the tiepin "(PIN)", and the file gives none of them parser words,
    so "perfume" paired with nothing; "take perfume" in a side copy takes "(SCENT)" out of the room. Its
    parser refuses "gleaming" (not a word it knows), so the head noun is asked alone. A name the game does
    not take ("old man", who is not here) stays not true, and the game is left as it was."""
    story = games_dir / "Murdac.z5"
    with played(story, "drop all") as (truths, truth, last):
        words = ParserWords.of_story(story)
        assert not any(words.words.get(num) for num in truth.around_nums)  # no parser words to read
        nums = [*truth.around_nums, *truth.within_nums]
        here = words.things([*truth.around, *truth.within], nums)
        briefed = ["perfume", "gleaming toadstone", "diamond tiepin", "old man"]
        before = pair_things(briefed, here, [], words.keeps)
        assert before.not_true == briefed  # by words, no name is any of the coded objects
        look = truths.game.send("look").text
        ask = ParserAsked(truths.game, truth, nums, last)
        paired = pair_things(briefed, here, [], words.keeps, ask)
        assert paired.not_true == ["old man"]
        assert [here[ask(name) or 0].name for name in briefed[:3]] == ["(SCENT)", "(STONE)", "(PIN)"]
        assert truths.game.send("look").text == look
        assert truths.truth().around_nums == truth.around_nums


def test_a_name_the_parser_read_and_found_nothing_for_is_not_cut_to_its_head_noun(games_dir: Path) -> None:
    """Balances' podium "appears in its true white glory" and a cube (named by a routine, so without
    parser words) sits in its socket: "take true white" is read and answered "You can't see any such
    thing", so the fragment pairs with nothing, though "white" alone would take the cube."""
    story = games_dir / "Balances.z5"
    with played(story, "put chasm cube in bottom left socket") as (truths, truth, last):
        words = ParserWords.of_story(story)
        nums = [*truth.around_nums, *truth.within_nums]
        here = words.things([*truth.around, *truth.within], nums)
        ask = ParserAsked(truths.game, truth, nums, last)
        assert ask("true white") is None
        cube = ask("white")
        assert cube is not None and here[cube].name == "cube" and not here[cube].words


def test_a_clipped_code_is_named_by_the_word_it_begins(games_dir: Path) -> None:
    """BrandX's shop holds "(AQUAL)" (its code for the aqualung, clipped) and the opening prints
    "aqualung": the object counts as named by the text for recall, as "(KEYS)" by "keys"."""
    story = games_dir / "BrandX.z5"
    if not story.is_file():
        pytest.skip(f"{story} is missing")
    truths = EvalSession(story)
    try:
        seen = RunWords()
        seen.read(truths.start())
        truth = truths.truth()
        named = [truth.around[i] for i in things_named_here(truth.around, seen)]
        assert "(AQUAL)" in named and "(KEYS)" in named
    finally:
        truths.close()
