"""The score of a turn where the interpreter cannot read it, and the score's maximum where no story table
gives it: both read from the game's own words."""

from __future__ import annotations

from autofrotz.game_interface import RunningGame, StepResult
from autofrotz.reading.outcomes_endings import score_notice
from autofrotz.turn_perception import side_copies_free


def scored_by_notices(result: StepResult, score_so_far: int | None) -> StepResult:
    """Where the interpreter cannot read the score, the game's own notices keep it ("Your score has just
    gone up by one point"), counted from zero.

    >>> scored_by_notices(StepResult("Your score has just gone up by two points.", None, None, None), 3).score
    5
    >>> scored_by_notices(StepResult("Taken.", 7, None, None), 3).score
    7
    """
    points = score_notice(result.text) if result.score is None else None
    if points is None:
        return result
    return StepResult(result.text, (score_so_far or 0) + points, result.moves, result.outcome)


def maximum_score(game: RunningGame, known: int | None, intro: str) -> int | None:
    """The score's maximum: from the story tables (`known`), else asked of the game in a side copy
    ("score" answers "out of a possible N" in most libraries), at no game turn."""
    if known or not side_copies_free(game):
        return known
    from autofrotz.notebook import stated_maximum
    from autofrotz.side_copies import side_reply

    answer = side_reply(game, "score", intro)
    return stated_maximum(answer) if answer else None
