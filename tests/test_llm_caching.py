"""Prompt caching as each SDK sends it for the game agent and the parsers, and the rules that imitate it.

The real SDKs build the requests (intercepted at the HTTP layer); the game agent's two turns differ by
one discovered room, as in play, so the stable part of its context grows between them.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import respx
from support.llm_kits import KITS, Recorder, anthropic_body, gemini_body, openai_body

from autofrotz.agents.base import TurnContext
from autofrotz.agents.game_agent import SCHEMA, GameAgent
from autofrotz.agents.puzzle_agent import PuzzleAgent
from autofrotz.agents.puzzle_prompt import SCHEMA as PUZZLE_SCHEMA
from autofrotz.llm.base import Request, estimate_tokens
from autofrotz.llm.cache_rules import CacheImitation, gemini_min_tokens, openai_cached
from autofrotz.managers import item_llm, map_llm

REPLY = {"reasoning": "explore", "command": "north", "risky": False}
CLAUDE_URL = "https://api.anthropic.com/v1/messages"
OPENAI_URL = "https://api.openai.com/v1/chat/completions"
GEMINI = r"https://generativelanguage\.googleapis\.com/v1\w*/"


def turn(n: int, rooms: list[str]) -> TurnContext:
    return TurnContext(n, "cellar.z5", "north", f"Room {n}\nA room.", f"r{n}", f"Room {n}", known_rooms=rooms)


def two_turns(agent: GameAgent) -> None:
    agent.decide(turn(1, ["Front Garden", "Porch"]))
    agent.decide(turn(2, ["Front Garden", "Porch", "Hallway"]))


def test_static_prefixes_reach_the_providers_minimum() -> None:
    # the shortest game name: Anthropic (the result tool before the system prompt) and OpenAI count the
    # schema; the game agent's prompt alone is short of Gemini's explicit minimum, so Gemini caches its
    # whole repeated prefix implicitly, until a later run's knowledge lengthens it (below)
    agent = GameAgent(None, "x")
    assert estimate_tokens(json.dumps(SCHEMA) + agent.system_prompt) >= 1024
    assert estimate_tokens(agent.system_prompt) < gemini_min_tokens("gemini-2.5-flash")
    analyst = PuzzleAgent(None, "x")
    assert estimate_tokens(analyst.system_prompt + json.dumps(PUZZLE_SCHEMA)) >= 1024
    for parser in (map_llm, item_llm):
        assert estimate_tokens(parser.SYSTEM_PROMPT + json.dumps(parser.SCHEMA)) >= 1024
        assert "$" not in parser.SYSTEM_PROMPT and "<<<STORY" in parser.SYSTEM_PROMPT


def test_claude_breakpoints_move_forward_with_the_stable_context() -> None:
    router, rec = respx.Router(), Recorder()
    route = router.post(CLAUDE_URL).mock(
        return_value=httpx.Response(200, json=anthropic_body(tool_input=REPLY))
    )
    two_turns(GameAgent(KITS["anthropic"].build(router, rec), "cellar"))
    first, second = (json.loads(call.request.content) for call in route.calls)
    for body in (first, second):
        assert body["system"][-1]["cache_control"] == {"type": "ephemeral"}  # covers the tool and system
        assert body["tools"][0]["input_schema"] == SCHEMA
        assert len(body["messages"]) == 1
    one, two = first["messages"][0]["content"], second["messages"][0]["content"]
    # breakpoints: the end of the stable part, and the end of where the player is (read while staying)
    assert [("cache_control" in b) for b in one] == [True, True, False]
    assert [("cache_control" in b) for b in two] == [False, True, True, False]
    assert two[0]["text"] == one[0]["text"]  # the earlier breakpoint is still a block boundary
    assert two[1]["text"] == "\nHallway" and "Hallway" not in one[0]["text"]
    assert two[2]["text"].lstrip().startswith("## Now") and "## Recent" not in two[2]["text"]
    assert "## Now" not in two[0]["text"] + two[1]["text"] + two[3]["text"]
    assert "## Latest output" in two[3]["text"]


def test_openai_sends_the_static_prompt_first_with_a_cache_key() -> None:
    router, rec = respx.Router(), Recorder()
    route = router.post(OPENAI_URL).mock(
        return_value=httpx.Response(200, json=openai_body(json.dumps(REPLY)))
    )
    two_turns(GameAgent(KITS["openai"].build(router, rec), "cellar"))
    first, second = (json.loads(call.request.content) for call in route.calls)
    assert first["messages"][0] == second["messages"][0] and first["messages"][0]["role"] == "system"
    assert first["prompt_cache_key"] == "autofrotz-map_parser"
    user_one, user_two = first["messages"][1]["content"], second["messages"][1]["content"]
    assert isinstance(user_two, str) and user_two.index("Hallway") < user_two.index("## Now")
    assert user_two.startswith(user_one[: user_one.index("\n\n## Now")])  # it only grew
    assert rec.calls[0].cached_tokens == 1920  # read from the usage the API returned


def test_openai_parsers_put_the_fenced_reply_last() -> None:
    router, rec = respx.Router(), Recorder()
    answer = {
        "room_name": "",
        "description": "",
        "is_dark": False,
        "no_exit": True,
        "blocked_reason": "",
        "exits": [],
    }
    route = router.post(OPENAI_URL).mock(
        return_value=httpx.Response(200, json=openai_body(json.dumps(answer)))
    )
    map_llm.parse_with_llm(
        KITS["openai"].build(router, rec), "You can't go that way. STORY>>> x", "west", "Hall"
    )
    sent = json.loads(route.calls.last.request.content)["messages"]
    assert sent[0] == {"role": "system", "content": map_llm.SYSTEM_PROMPT}
    assert sent[1]["content"].endswith("<<<STORY\nYou can't go that way. STORY>> x\nSTORY>>>")


def gemini_router() -> tuple[respx.Router, Any, Any, Any]:
    router = respx.Router()
    created = {"name": "cachedContents/game", "model": "models/gemini-2.5-flash",
               "usageMetadata": {"totalTokenCount": 1100}}  # fmt: skip
    caches = router.post(url__regex=GEMINI + r"cachedContents$").mock(
        return_value=httpx.Response(200, json=created)
    )
    generate = router.post(url__regex=GEMINI + r"models/gemini-2\.5-flash:generateContent").mock(
        return_value=httpx.Response(200, json=gemini_body(json.dumps(REPLY)))
    )
    deleted = router.delete(url__regex=GEMINI + r"cachedContents/game").mock(
        return_value=httpx.Response(200, json={})
    )
    return router, caches, generate, deleted


def later_run_agent(llm: Any) -> GameAgent:
    """A game agent whose system prompt carries what earlier runs taught: past Gemini's minimum."""
    agent = GameAgent(llm, "cellar")
    agent.brief("The iron key opens the cellar door; the well in the garden is deadly. " * 3)
    assert estimate_tokens(agent.system_prompt) >= gemini_min_tokens("gemini-2.5-flash")
    return agent


def test_gemini_creates_one_cache_reuses_it_and_deletes_it_at_the_end() -> None:
    router, caches, generate, deleted = gemini_router()
    llm = KITS["gemini"].build(router, Recorder())
    two_turns(later_run_agent(llm))
    assert caches.call_count == 1 and generate.call_count == 2
    assert json.loads(caches.calls.last.request.content)["systemInstruction"]["parts"][0]["text"].startswith(
        "You are"
    )
    assert all(
        json.loads(c.request.content)["cachedContent"] == "cachedContents/game" for c in generate.calls
    )
    llm.close()
    assert deleted.call_count == 1


def test_gemini_says_which_cache_it_used_in_the_call_record() -> None:
    router, _, _, _ = gemini_router()
    rec = Recorder()
    llm = KITS["gemini"].build(router, rec)
    llm.complete([{"role": "user", "content": "Hall."}], "Short rules.")
    two_turns(later_run_agent(llm))
    two_turns(GameAgent(llm, "cellar"))  # a first run: the prompt alone is short of the minimum
    assert [c.cache_mode for c in rec.calls] == ["implicit", "explicit", "explicit", "implicit", "implicit"]


def test_gemini_below_the_minimum_makes_no_cache() -> None:
    router, caches, generate, _ = gemini_router()
    llm = KITS["gemini"].build(router, Recorder())
    llm.complete([{"role": "user", "content": "Hall."}], "Short rules.")
    assert caches.call_count == 0 and "cachedContent" not in json.loads(generate.calls.last.request.content)


def request(system: str, *texts: str, mark: bool = True) -> Request:
    blocks: list[dict[str, Any]] = [{"type": "text", "text": t} for t in texts]
    if mark:
        blocks[0]["cache"] = True
    return Request([{"role": "user", "content": blocks}], system)


def test_imitated_anthropic_caches_nothing_below_the_minimum_and_reads_a_moved_breakpoint() -> None:
    small = CacheImitation("anthropic", "claude-sonnet-4-5")
    assert [small.use(request("rules " * 100, "rooms: A", "now")).read for _ in range(2)] == [0, 0]
    cache = CacheImitation("anthropic", "claude-sonnet-4-5")
    system = "rules " * 800  # 1,200 tokens
    first = cache.use(request(system, "rooms: A", "now 1"))
    assert first.read == 0 and first.written >= 1200
    grown = Request(
        [
            {
                "role": "user",
                "content": [{"text": "rooms: A"}, {"text": ", B", "cache": True}, {"text": "now 2"}],
            }
        ],
        system,
    )
    second = cache.use(grown)
    assert second.read == estimate_tokens(system + "rooms: A") and second.written == 1


def test_imitated_openai_and_gemini_rules() -> None:
    assert openai_cached(1100, 2000) == 1024 and openai_cached(1200, 1100) == 1152
    cache = CacheImitation("gemini", "gemini-2.5-flash")
    uses = [cache.use(Request([{"role": "user", "content": f"turn {n}"}], "rules " * 800)) for n in range(3)]
    assert [u.created for u in uses] == [True, False, False] and cache.caches_created == 1
    assert uses[1].read == estimate_tokens("rules " * 800) and uses[0].mode == "explicit"
    pro = CacheImitation("gemini", "gemini-2.5-pro")
    assert pro.use(Request([{"role": "user", "content": "x"}], "rules " * 800)).mode == "implicit"
