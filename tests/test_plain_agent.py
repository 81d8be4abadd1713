"""The plain baseline: the model reads the game's transcript and nothing of the world model."""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.agents.plain_agent import PlainAgent
from autofrotz.config import ConfigError
from autofrotz.session import Session
from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import make_config, require_cellar

# Headings and lines of the scaffold's briefing (context.render_context, the game agent's system
# prompt): each names a world-model field the plain prompt must not hold.
WORLD_MODEL_MARKERS = (
    "Rooms found",
    "Open puzzles",
    "Exits known",
    "not yet tried",
    "Carrying:",
    "Seen here:",
    "<<<KNOWN",
    "What earlier runs of this game taught",
)
FAKE = {"provider": "fake", "model": "fake"}


def played_prompts(tmp_path: Path, game_agent: dict[str, str], turns: int = 12) -> list[dict]:
    """Play cellar with the fake model on every role the config names; every recorded model call."""
    tmp_path.mkdir()
    agents = {"game_agent": game_agent, "puzzle_agent": FAKE, "map_parser": FAKE, "item_parser": FAKE}
    config = make_config(tmp_path, agents, max_turns=turns, fresh=True)
    with Session.open(config, web=False, console=False) as session:
        session.play()
        game_id = session.orchestrator.game_id
    with GameReader(config.database_path) as reader:
        return reader.llm_calls(game_id)


def prompt_text(call: dict) -> str:
    return call["system_prompt"] + "\n".join(str(m["content"]) for m in call["messages"])


def test_plain_prompt_holds_no_world_model_field(tmp_path: Path) -> None:
    require_cellar()
    scaffold = [c for c in played_prompts(tmp_path / "s", FAKE) if c["agent"] == "game_agent"]
    plain_calls = played_prompts(tmp_path / "p", {**FAKE, "mode": "plain"})
    # The markers checked are those the scaffold's own prompt shows, with its headings, so the check
    # below could fail (and follows the briefing's headings as they change).
    briefing = scaffold[-1]["messages"][0]["content"]
    headings = {line.split("(")[0].strip() for line in briefing.splitlines() if line.startswith("#")}
    markers = {m for m in WORLD_MODEL_MARKERS if m in prompt_text(scaffold[-1])} | headings
    assert len(markers) >= 8
    assert {c["agent"] for c in plain_calls} == {"game_agent"}  # no parser, puzzle or outcome model
    assert len(plain_calls) == 12
    for call in plain_calls:
        text = prompt_text(call)
        assert not [m for m in markers if m in text], call["turn_number"]
    last = plain_calls[-1]["messages"][0]["content"]
    assert "Front Garden" in last and last.count("<<<STORY") == 12  # the intro and every reply, fenced
    assert "> look\n<<<STORY" in last  # the commands it typed, each before the game's answer


def test_the_window_keeps_the_latest_turns_within_the_budget() -> None:
    from autofrotz.agents.base import TurnContext

    class Echo:
        def complete_json(self, messages: list, system: str, schema: dict) -> dict:
            self.text = messages[0]["content"]
            return {"reasoning": "", "command": "wait"}

    llm = Echo()
    agent = PlainAgent(llm, "g", budget_chars=400)
    for n in range(1, 30):
        agent.decide(TurnContext(n, "g", "wait" if n > 1 else None, f"reply number {n} " * 3, None, None))
        body = llm.text.split("\n", 1)[1].rsplit("\n\n#", 1)[0]
        assert len(body) <= 400 and f"reply number {n} " in body
    assert "earlier turns left out" in llm.text and "reply number 1 " not in llm.text
    restored = PlainAgent(llm, "g", budget_chars=400)
    restored.load_dict(agent.to_dict())
    assert restored.entries == agent.entries and restored.start == agent.start


def test_plain_mode_needs_a_model_and_belongs_to_the_game_agent(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="name a provider"):
        make_config(tmp_path, {"game_agent": {"provider": "builtin", "mode": "plain"}})
    with pytest.raises(ConfigError, match="agents.map_parser.mode must be one of"):
        make_config(tmp_path, {"map_parser": {"provider": "fake", "mode": "plain"}})
