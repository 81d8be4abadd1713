"""In play, not only in the eval: the orchestrator hands the map a side "look" for a move that printed no
room header, so a game without headers that refuses moves in words of its own (inform/moorland.inf) is
mapped room for room."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from autofrotz.llm import MockLLM
from autofrotz.session import Session
from tests.conftest import REPO, _built
from tests.orchestrator_support import make_config, reply

MOCK = {"provider": "mock", "model": "mock-1"}


@pytest.fixture(autouse=True)
def _mock() -> Iterator[None]:
    pytest.importorskip("jericho")
    MockLLM.reset()
    yield
    MockLLM.reset()


def test_a_game_without_headers_is_mapped_room_for_room_in_play(tmp_path: Path) -> None:
    _built("moorland")
    lines = (REPO / "inform" / "moorland.walkthrough").read_text().splitlines()
    commands = [line.strip() for line in lines if line.strip()]
    MockLLM.preload("game_agent", [reply(c) for c in commands])
    MockLLM.preload("puzzle_agent", [{"new_puzzles": [], "suggestions": [], "solved": []}] * 40)
    config = make_config(tmp_path, {"game_agent": MOCK, "puzzle_agent": MOCK}, game_file="moorland")
    session = Session.open(config, web=False, observers=[], console=False)
    with session:
        status = session.play()
    maps = session.orchestrator.p.map
    assert status == "won"
    assert maps.fired["look_says_still_here"] >= 5  # every refusal in the walkthrough but the first
    assert len(maps.graph) == 7  # the seven rooms, none made of a refusal


def test_a_refusal_that_goes_on_is_settled_by_a_side_look_in_play(tmp_path: Path) -> None:
    """inform/grotto.inf: "You can't go that way." and then, in the same reply, the floor gives way and
    the player lands in a new room without a header. In play, as in the eval, a side look after the map
    has read the reply moves the map there on that turn (refused_then_more), not at a later "look"."""
    _built("grotto")
    lines = (REPO / "inform" / "grotto.walkthrough").read_text().splitlines()
    commands = [line.strip() for line in lines if line.strip()][:5]  # up to the refusal and the fall
    MockLLM.preload("game_agent", [reply(c) for c in commands])
    MockLLM.preload("puzzle_agent", [{"new_puzzles": [], "suggestions": [], "solved": []}] * 40)
    config = make_config(
        tmp_path, {"game_agent": MOCK, "puzzle_agent": MOCK}, game_file="grotto", max_turns=5
    )
    session = Session.open(config, web=False, observers=[], console=False)
    with session:
        session.play()
    orchestrator = session.orchestrator
    fall = orchestrator.mind.history[-1]
    assert "can't go" in fall.output and "breaks away" in fall.output
    assert fall.room is not None
    assert "pool chamber" in orchestrator.p.map.graph.nodes[fall.room]["name"].lower()
