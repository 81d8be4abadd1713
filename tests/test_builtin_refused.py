"""The built-in agent on real games where the world model names more than it did: a way the map holds
barred is no escape from a pursuer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

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
