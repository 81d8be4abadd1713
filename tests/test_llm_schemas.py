"""Every role's schema is strict (closed objects, every key required, enums where the values are few),
and each provider's real SDK sends it the way that provider asks for it."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
import respx
from support.llm_kits import KITS, Recorder, anthropic_body, gemini_body, openai_body

from autofrotz.agents.game_agent import SCHEMA as GAME
from autofrotz.agents.outcome import SCHEMA as OUTCOME
from autofrotz.agents.puzzle_prompt import SCHEMA as PUZZLE
from autofrotz.knowledge.briefing import GUIDE_SCHEMA as GUIDE
from autofrotz.llm.json_tools import is_strict_compatible
from autofrotz.managers.item_llm import SCHEMA as ITEM
from autofrotz.managers.map_llm import SCHEMA as MAP

ROLES = {
    "game_agent": GAME,
    "puzzle_agent": PUZZLE,
    "map_parser": MAP,
    "item_parser": ITEM,
    "outcome": OUTCOME,
}
ROLES["guide"] = GUIDE
ANSWERS: dict[str, Any] = {
    "game_agent": {"reasoning": "r", "command": "north", "risky": False},
    "puzzle_agent": {
        "new_puzzles": [
            {"description": "A door is locked.", "obstacle": "door", "related_items": [], "kind": "locked"}
        ],
        "suggestions": [
            {"puzzle_id": None, "action": "open door", "items": [], "confidence": "low", "reasoning": "r"}
        ],
        "solved": [],
    },
    "map_parser": {"room_name": "Hall", "description": "A hall.", "is_dark": False, "no_exit": False,
                   "blocked_reason": "", "exits": ["north"]},
    "item_parser": {"changes": [{"item": "lamp", "change": "taken", "container": None}]},
    "outcome": {"outcome": "normal"},
    "guide": {"worked": "a", "killed": "b", "next": "c"},
}  # fmt: skip
TURN = {"role": "user", "content": "You are in a hall."}


@pytest.mark.parametrize("role", sorted(ROLES))
def test_every_role_s_schema_is_strict(role: str) -> None:
    assert is_strict_compatible(ROLES[role])


def test_the_few_valued_fields_are_enums() -> None:
    assert PUZZLE["properties"]["new_puzzles"]["items"]["properties"]["kind"]["enum"]
    assert PUZZLE["properties"]["suggestions"]["items"]["properties"]["confidence"]["enum"]
    assert (
        OUTCOME["properties"]["outcome"]["enum"]
        and ITEM["properties"]["changes"]["items"]["properties"]["change"]["enum"]
    )
    assert GAME["required"] == ["reasoning", "command", "risky"]


@pytest.mark.parametrize("role", sorted(ROLES))
def test_openai_sends_each_schema_in_strict_mode(role: str) -> None:
    router, rec = respx.Router(), Recorder()
    route = router.post(KITS["openai"].url).mock(
        return_value=httpx.Response(200, json=openai_body(json.dumps(ANSWERS[role])))
    )
    assert KITS["openai"].build(router, rec).complete_json([TURN], "Rules.", ROLES[role]) == ANSWERS[role]
    sent = json.loads(route.calls.last.request.content)["response_format"]["json_schema"]
    assert sent["strict"] is True and sent["schema"] == ROLES[role]


@pytest.mark.parametrize("role", sorted(ROLES))
def test_anthropic_sends_each_schema_as_the_forced_tool_s_input(role: str) -> None:
    router, rec = respx.Router(), Recorder()
    route = router.post(KITS["anthropic"].url).mock(
        return_value=httpx.Response(200, json=anthropic_body(tool_input=ANSWERS[role]))
    )
    assert KITS["anthropic"].build(router, rec).complete_json([TURN], "Rules.", ROLES[role]) == ANSWERS[role]
    sent = json.loads(route.calls.last.request.content)
    assert sent["tools"][0]["input_schema"] == ROLES[role] and sent["tool_choice"]["type"] == "tool"


@pytest.mark.parametrize("role", sorted(ROLES))
def test_gemini_sends_each_schema_in_its_own_dialect(role: str) -> None:
    router, rec = respx.Router(), Recorder()
    route = router.post(url__regex=r".*generateContent.*").mock(
        return_value=httpx.Response(200, json=gemini_body(json.dumps(ANSWERS[role]), cached=0))
    )
    assert KITS["gemini"].build(router, rec).complete_json([TURN], "Rules.", ROLES[role]) == ANSWERS[role]
    sent = json.dumps(json.loads(route.calls.last.request.content)["generationConfig"]["responseSchema"])
    assert "additionalProperties" not in sent and '"null"' not in sent
