"""`python main.py bench llm-economy [--turns 200] [--as P] [--json]`: LLM calls and input tokens per turn.

A scripted run of Zork I with a fake model on every role: the game agent answers each turn with
the next walkthrough command, the puzzle agent and the parsers (hybrid mode) with minimal valid
replies. Every call is counted with its input tokens and the share of those tokens that repeat,
as a prefix, the previous call of the same role (what an ideal prompt cache could reuse). With
`--as anthropic|openai|gemini`, each call also goes through that provider's cache rules
(llm/cache_rules.py: breakpoints, minimums, steps), giving `cache_read_share`: the share of input
tokens the provider would read from its cache once the first WARM_UP game agent turns are past.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from autofrotz.bench.figures import count, emit, progress
from autofrotz.config import ROLES, config_from_dict
from autofrotz.llm.base import Reply, Request, estimate_tokens, message_text
from autofrotz.llm.cache_rules import IMITATED, CacheImitation
from autofrotz.llm.cache_rules import shared_prefix as common_prefix
from autofrotz.llm.factory import PROVIDERS
from autofrotz.llm.fake_llm import minimal
from autofrotz.llm.mock_llm import MockLLM

TARGETS = {"calls_per_turn": 1.3, "input_tokens_per_turn": 2500, "stable_prefix_share": 70}
CACHE_TARGET = 60  # cache_read_share under --as anthropic or openai
WARM_UP = 5  # game agent turns before cache reads are counted
FAKE_PROVIDER = "economy"


@dataclass
class RoleTally:
    """Calls, input tokens and stable-prefix tokens of one role."""

    calls: int = 0
    input_tokens: int = 0
    prefix_tokens: int = 0
    last_prompt: str = ""
    cache: CacheImitation | None = None
    warm_tokens: int = 0  # input tokens after the warm-up
    cache_read: int = 0  # of those, read from the imitated cache
    cache_written: int = 0


@dataclass
class Counter:
    """Shared by every fake model of the run."""

    commands: list[str] = field(default_factory=list)
    next_command: int = 0
    roles: dict[str, RoleTally] = field(default_factory=lambda: defaultdict(RoleTally))
    imitate: str | None = None  # --as: the provider whose cache rules are applied


class EconomyLLM(MockLLM):
    """A fake model that never runs dry: walkthrough commands for the game agent, minimal JSON else."""

    provider: ClassVar[str] = FAKE_PROVIDER
    counter: ClassVar[Counter] = Counter()

    def _complete(self, request: Request) -> Reply:
        # Cache-relevant order: system prompt, then the (static) schema, then the messages.
        schema = json.dumps(request.schema) if request.schema else ""
        prompt = "\n".join([request.system_prompt, schema, *(message_text(m) for m in request.messages)])
        tally = self.counter.roles[self.role]
        tally.calls += 1
        tokens = estimate_tokens(prompt)
        tally.input_tokens += tokens
        tally.prefix_tokens += estimate_tokens(prompt[: common_prefix(prompt, tally.last_prompt)])
        tally.last_prompt = prompt
        read = self._imitate(request, tally)
        text = json.dumps(self._answer(request))
        return Reply(text, tokens, estimate_tokens(text), cached_tokens=read)

    def _imitate(self, request: Request, tally: RoleTally) -> int:
        """Tokens the imitated provider would read from its cache (0 without --as)."""
        c = self.counter
        if c.imitate is None:
            return 0
        if tally.cache is None:
            tally.cache = CacheImitation(c.imitate, self.model)
        use = tally.cache.use(request)
        if c.next_command >= WARM_UP:
            tally.warm_tokens += use.input_tokens
            tally.cache_read += use.read
            tally.cache_written += use.written
        return use.read

    def _answer(self, request: Request) -> Any:
        if self.role != "game_agent":
            return minimal(request.schema or {})
        c = self.counter
        command = c.commands[c.next_command % len(c.commands)] if c.commands else "look"
        c.next_command += 1
        return {"reasoning": "following the plan", "command": command, "risky": False}


def walkthrough(path: Path) -> list[str]:
    """Jericho's walkthrough for a game."""
    import jericho

    env = jericho.FrotzEnv(str(path))
    try:
        return list(env.get_walkthrough())
    finally:
        env.close()


def run(
    game: str, turns: int, db_path: Path, imitate: str | None = None, model: str = "fake"
) -> dict[str, Any]:
    """Play the scripted run and return the figures."""
    from autofrotz.game_interface import open_game, open_story
    from autofrotz.session import Session

    path = open_story(game)
    EconomyLLM.counter = Counter(commands=walkthrough(path), imitate=imitate)
    PROVIDERS[FAKE_PROVIDER] = f"{__name__}:EconomyLLM"
    agents = {role: {"provider": FAKE_PROVIDER, "model": model, "mode": "hybrid"} for role in ROLES}
    raw = {
        "game_file": game,
        "database_path": str(db_path),
        "max_turns": turns,
        "hooks": [],
        "agents": agents,
        "fresh": True,  # each run stands alone (and writes no post-mortem guide)
    }
    config = config_from_dict(raw)
    with Session.open(
        config, web=False, console=False, game=open_game(path, "jericho", seed=None)
    ) as session:
        session.play()
        played, score = session.orchestrator.turn, session.orchestrator.mind.score
    # The score shows the scripted run really progressed (a desynchronised walkthrough stays near 0).
    return {**figures(EconomyLLM.counter, played), "score": score}


def figures(counter: Counter, turns: int) -> dict[str, Any]:
    """The FIGURES.md keys from the tallies."""
    tallies = counter.roles
    calls = sum(t.calls for t in tallies.values())
    tokens = sum(t.input_tokens for t in tallies.values())
    prefix = sum(t.prefix_tokens for t in tallies.values())
    per_turn = max(1, turns)
    per_role = [
        {
            "role": role,
            "calls": t.calls,
            "calls_per_turn": round(t.calls / per_turn, 3),
            "input_tokens_per_turn": round(t.input_tokens / per_turn, 1),
            "stable_prefix_share": round(100 * t.prefix_tokens / t.input_tokens, 1)
            if t.input_tokens
            else 0.0,
        }
        for role, t in sorted(tallies.items())
    ]
    result: dict[str, Any] = {
        "turns": turns,
        "calls_per_turn": round(calls / per_turn, 3),
        "input_tokens_per_turn": round(tokens / per_turn, 1),
        "stable_prefix_share": round(100 * prefix / tokens, 1) if tokens else 0.0,
        "per_role": per_role,
    }
    result.update({f"target_{k}": v for k, v in TARGETS.items()})
    if counter.imitate is not None:
        result.update(cache_figures(counter))
    return result


def cache_figures(counter: Counter) -> dict[str, Any]:
    """What the imitated provider's cache read and wrote, overall and per role."""
    tallies = counter.roles
    warm = sum(t.warm_tokens for t in tallies.values())
    read = sum(t.cache_read for t in tallies.values())
    caches = [t.cache for t in tallies.values() if t.cache is not None]
    per_role = {
        role: {
            "cache_read_share": round(100 * t.cache_read / t.warm_tokens, 1) if t.warm_tokens else 0.0,
            "cache_written_tokens": t.cache_written,
        }
        for role, t in tallies.items()
    }
    return {
        "as": counter.imitate,
        "cache_read_share": round(100 * read / warm, 1) if warm else 0.0,
        "caches_created": sum(c.caches_created for c in caches),
        "cache_per_role": per_role,
        "target_cache_read_share": CACHE_TARGET if counter.imitate != "gemini" else None,
    }


def main(argv: list[str]) -> int:
    """Entry point of `python main.py bench llm-economy`."""
    parser = argparse.ArgumentParser(prog="python main.py bench llm-economy")
    parser.add_argument("--turns", type=count, default=200)
    parser.add_argument("--game", default="zork1")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--as", dest="imitate", choices=IMITATED, help="apply this provider's cache rules")
    parser.add_argument("--model", default="fake", help="model name for the cache minimums (with --as)")
    args = parser.parse_args(argv)
    progress(f"llm-economy: {args.turns} scripted turns of {args.game} with a fake model on every role")
    with tempfile.TemporaryDirectory() as tmp:
        result = run(args.game, args.turns, Path(tmp) / "economy.db", args.imitate, args.model)
    emit(result, args.json, title=f"LLM economy ({args.game}, {result['turns']} turns)")
    return 0
