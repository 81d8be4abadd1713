"""Every agent prompt renders with exactly the variables its agent passes."""

from __future__ import annotations

import re

import pytest

from autofrotz.agents import game_agent, plain_agent, puzzle_agent
from autofrotz.agents.prompting import PROMPT_DIR, render_prompt
from autofrotz.knowledge import briefing

AGENT_PROMPTS = {
    "game_agent.txt": game_agent.prompt_variables("zork1"),
    "plain_agent.txt": plain_agent.prompt_variables("zork1"),
    "puzzle_agent.txt": puzzle_agent.prompt_variables("zork1"),
    "strategy_guide.txt": briefing.guide_prompt_variables("zork1"),
}


@pytest.mark.parametrize("name", sorted(AGENT_PROMPTS))
def test_prompt_renders_with_its_agents_variables(name: str) -> None:
    variables = AGENT_PROMPTS[name]
    text = render_prompt(name, **variables)
    assert "$" not in text and "zork1" in text
    placeholders = set(re.findall(r"\$\{?(\w+)", (PROMPT_DIR / name).read_text()))
    assert placeholders == set(variables)


def test_missing_variable_is_an_error() -> None:
    with pytest.raises(KeyError):
        render_prompt("game_agent.txt")


def test_prompts_carry_no_game_specific_words() -> None:
    for name in AGENT_PROMPTS:
        text = (PROMPT_DIR / name).read_text().lower()
        for spoiler in ("zork", "troll", "cyclops", "cellar", "crown", "grue"):
            assert spoiler not in text


def test_agents_build_their_prompts() -> None:
    assert "zork1" in game_agent.GameAgent(None, "zork1").system_prompt
    assert "zork1" in puzzle_agent.PuzzleAgent(None, "zork1").system_prompt
