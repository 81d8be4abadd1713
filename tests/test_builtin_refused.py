"""The built-in agent on real games where the world model names more than it did: things a "take all"
answer refused are in sight but not taken again by name, and a way the map holds barred is no escape
from a pursuer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from autofrotz.agents import builtin_words as w
from autofrotz.agents.builtin_tactics import short
from tests.test_briefing import corpus_story


def _play(tmp_path: Path, story: Path, turns: int) -> list[dict[str, Any]]:
    """Every turn of a run as `bench games` plays it (built-in agent in every role, fresh, seed 1)."""
    pytest.importorskip("jericho")
    from autofrotz.bench.jobs import Job, job_config
    from autofrotz.session import Session
    from autofrotz.storage.reader import GameReader

    config = job_config(Job(str(story), seed=1, turns=turns, db=str(tmp_path / "game.db"), config=None))
    with Session.open(config, web=False, console=False) as session:
        session.play()
        game_id = session.orchestrator.game_id
    with GameReader(config.database_path) as reader:
        return reader.turns(game_id)


def test_what_take_all_was_refused_is_not_taken_again_and_the_court_scores(tmp_path: Path) -> None:
    """The opening "take all" is refused the window, the tree, the gate and the rest ("That's hardly
    portable."); the item list now shows them here, and taking each by name again (and again, each time
    the court changed) kept the agent from working the ball machine it carries."""
    turns = _play(tmp_path, Path(corpus_story("acorncourt.z5")), 110)
    first = next(t for t in turns if t["command"] == "take all")
    refused = {short(name) for name in w.refused_names(first["output"])}
    assert {"window", "tree", "iron gate"} <= refused
    later = [t["command"] for t in turns if t["turn_number"] > first["turn_number"]]
    assert not [c for c in later if c.startswith("take ") and c[5:] in refused]
    assert max(t["score"] or 0 for t in turns) >= 10, "the machine aimed at the tree shakes the acorns down"


def test_a_pursuer_is_not_fled_by_a_way_the_map_holds_barred(tmp_path: Path) -> None:
    """Chased by the dog around the church, ways the side copies found barred ("That is no longer your
    place.", "You feel that you are unable to.") are no escape: each cost a bite and the run its life."""
    turns = _play(tmp_path, Path(corpus_story("awaken.z5")), 60)
    fled = [t for t in turns if (t["reasoning"] or "").startswith("get away from danger")]
    assert fled, "the dog gives chase"
    barred = ("That is no longer your place", "You feel that you are unable to")
    assert not [t["command"] for t in fled if (t["output"] or "").lstrip().startswith(barred)]
    assert not [t for t in turns if "*** You have died ***" in (t["output"] or "")]
    assert max(t["score"] or 0 for t in turns) >= 10


def test_what_take_all_was_refused_is_searched_without_a_second_take(tmp_path: Path) -> None:
    """ "Snam: You don't really want to lug Snam around" answers the opening "take all": the friend in the
    player's arms is searched at once (his pockets hold the soap, five points), not first asked for by
    name to hear the refusal again."""
    turns = _play(tmp_path, Path(corpus_story("death.z5")), 8)
    commands = [t["command"] for t in turns]
    assert "search snam" in commands and "take snam" not in commands
    assert max(t["score"] or 0 for t in turns) >= 5
