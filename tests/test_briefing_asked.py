"""`eval briefing`'s truth for a story whose object tree names objects by codes and whose file keeps no
parser words the reader can find: the story's parser, asked in a side copy, says which object a name is."""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.evals.briefing_asked import ParserAsked
from autofrotz.evals.briefing_things import ParserWords, pair_things
from autofrotz.evals.eval_session import EvalSession, walkthrough


def test_a_name_the_parser_takes_pairs_with_a_coded_object(games_dir: Path) -> None:
    """Murdac's cellar after the first treasures are dropped there: the tree calls the flask of perfume
    "(SCENT)", the toadstone "(STONE)", the tiepin "(PIN)", and the file gives none of them parser words,
    so "perfume" paired with nothing; "take perfume" in a side copy takes "(SCENT)" out of the room. Its
    parser refuses "gleaming" (not a word it knows), so the head noun is asked alone. A name the game does
    not take ("old man", who is not here) stays not true, and the game is left as it was."""
    story = games_dir / "Murdac.z5"
    if not story.is_file():
        pytest.skip(f"{story} is missing")
    steps = walkthrough(story) or []
    truths = EvalSession(story)
    try:
        last = truths.start()
        for command in steps[: steps.index("drop all") + 1]:
            last, _ended = truths.send(command)
        truth = truths.truth()
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
    finally:
        truths.close()
