"""Chaos: 1,000 complete_json calls against a fake that garbles 30% of its replies (seeded)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, ClassVar

from autofrotz.llm import BaseLLM, LLMError, Reply, Request

DIRECTIONS = ["north", "south", "east", "west", "up"]
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "room": {"type": "string"},
        "exits": {"type": "array", "items": {"type": "string", "enum": DIRECTIONS}},
        "moved": {"type": "boolean"},
        "items": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "count": {"type": "integer"}},
                "required": ["name", "count"],
            },
        },
    },
    "required": ["room", "exits", "moved", "items"],
    "additionalProperties": False,
}
RECOVERABLE = {"clean", "fence", "preamble", "trailing", "shuffle"}
UNRECOVERABLE = {"truncate", "wrong_keys", "prose"}
GARBLES = sorted((RECOVERABLE - {"clean"}) | UNRECOVERABLE)
ROOMS = ["Cellar", 'The "Vault"', "Room {A}", "Attic, dusty", "Hall\\Way", "Trophy Room"]


def payload(rng: random.Random) -> dict[str, Any]:
    """A valid answer with awkward strings (quotes, braces, backslashes)."""
    exits = rng.sample(DIRECTIONS, rng.randint(0, 3))
    items = [{"name": rng.choice(["lamp", "key {old}", 'a "sword"']), "count": rng.randint(1, 3)}]
    return {"room": rng.choice(ROOMS), "exits": exits, "moved": rng.random() < 0.5, "items": items}


def garble(kind: str, value: dict[str, Any], rng: random.Random) -> str:
    """The reply text for one garbling kind."""
    text = json.dumps(value)
    if kind == "fence":
        return f"```json\n{json.dumps(value, indent=2)}\n```"
    if kind == "preamble":
        return f"Sure! Based on the output, here is the update:\n{text}"
    if kind == "trailing":
        return f"{text}\n\nNote: the room may have hidden exits {{maybe}}."
    if kind == "shuffle":
        keys = list(value)
        rng.shuffle(keys)
        return json.dumps({k: value[k] for k in keys})
    if kind == "truncate":
        return text[: rng.randint(1, len(text) - 2)]
    if kind == "wrong_keys":
        return json.dumps({"location" if k == "room" else k: v for k, v in value.items()})
    if kind == "prose":
        return "The player is in the cellar and can go north."
    return text


class ChaosLLM(BaseLLM):
    """A fake provider: the current answer, garbled 30% of the time; every reply kind is logged."""

    provider: ClassVar[str] = "chaos"

    def __init__(self, seed: int) -> None:
        super().__init__("chaos-1", "map_parser", sleep=lambda _s: None)
        self.rng = random.Random(seed)
        self.answer: dict[str, Any] = {}
        self.kinds: list[str] = []

    def _complete(self, request: Request) -> Reply:
        kind = self.rng.choice(GARBLES) if self.rng.random() < 0.3 else "clean"
        self.kinds.append(kind)
        return Reply(garble(kind, self.answer, self.rng), 50, 20)


def test_chaos_thousand_calls() -> None:
    llm, answers = ChaosLLM(seed=2026), random.Random(99)
    tally: Counter[str] = Counter()
    for _ in range(1000):
        llm.answer, seen = payload(answers), len(llm.kinds)
        try:
            result = llm.complete_json([{"role": "user", "content": "describe"}], "Parse.", SCHEMA)
        except LLMError:
            kinds = llm.kinds[seen:]
            assert len(kinds) == 3 and not RECOVERABLE & set(kinds)  # failed only when all 3 unusable
            tally["typed_error"] += 1
            continue
        kinds = llm.kinds[seen:]
        assert result == llm.answer  # recovered exactly, never a half-parsed value
        assert kinds[-1] in RECOVERABLE and not RECOVERABLE & set(kinds[:-1])
        tally["first_try" if len(kinds) == 1 else "after_reask"] += 1
    garbled = sum(k != "clean" for k in llm.kinds)
    assert 0.25 < garbled / len(llm.kinds) < 0.35
    # exact outcome of the seeded garbling: every recoverable call recovered, the rest typed errors
    assert tally == Counter({"first_try": 864, "after_reask": 133, "typed_error": 3})
