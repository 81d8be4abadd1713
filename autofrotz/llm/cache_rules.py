"""What each provider's prompt cache would read and write for a request, by that provider's own rules.

Used by the fake provider (`"providers": {"fake": {"provider_type": "anthropic"}}`) and by
`bench llm-economy --as P`, so a figure says what a user of P would really see, minimums included:

- anthropic: explicit breakpoints (the system prompt, and blocks marked `"cache": True`); a breakpoint
  whose prefix is below the model's minimum caches nothing; a later request reads the longest cached
  prefix that ends at one of its block boundaries (the API looks back up to 20 blocks).
- openai: automatic, for prompts of at least 1,024 tokens, in steps of 128 tokens past the first 1,024.
- gemini: an explicit cache of the system prompt and leading `"cache": True` messages when they reach
  the model's minimum, made once and reused; below it, implicit caching of a repeated prefix.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from autofrotz.llm.base import Request, estimate_tokens, message_text

IMITATED = ("anthropic", "openai", "gemini")
LOOKBACK_BLOCKS = 20
OPENAI_MIN, OPENAI_STEP = 1024, 128


def anthropic_min_tokens(model: str) -> int:
    """The shortest prefix Anthropic caches for a model.

    >>> anthropic_min_tokens("claude-sonnet-4-5"), anthropic_min_tokens("claude-haiku-4-5")
    (1024, 2048)
    """
    return 2048 if "haiku" in model else 1024


def gemini_min_tokens(model: str, explicit: bool = True) -> int:
    """The shortest prefix Gemini caches (explicit caches need more on Pro models).

    >>> gemini_min_tokens("gemini-2.5-flash"), gemini_min_tokens("gemini-2.5-pro")
    (1024, 4096)
    >>> gemini_min_tokens("gemini-2.5-pro", explicit=False)
    2048
    """
    if "pro" in model:
        return 4096 if explicit else 2048
    return 1024


def openai_cached(shared_tokens: int, prompt_tokens: int) -> int:
    """Tokens OpenAI reports as cached for a prefix shared with an earlier prompt.

    >>> openai_cached(1000, 3000), openai_cached(1300, 3000), openai_cached(5000, 900)
    (0, 1280, 0)
    """
    if prompt_tokens < OPENAI_MIN or shared_tokens < OPENAI_MIN:
        return 0
    return OPENAI_MIN + (shared_tokens - OPENAI_MIN) // OPENAI_STEP * OPENAI_STEP


@dataclass
class Block:
    """One piece of the prompt in the provider's order, and whether a cache breakpoint ends it."""

    text: str
    breakpoint: bool = False


@dataclass
class CacheUse:
    """What one request read from and wrote to the cache, in tokens."""

    input_tokens: int
    read: int = 0
    written: int = 0
    created: bool = False  # a new explicit cache (gemini)
    mode: str = ""  # gemini: "explicit" or "implicit"


def blocks_of(request: Request) -> list[Block]:
    """The request as the provider's cache sees it: schema (tools), system prompt, message blocks."""
    blocks = [Block(json.dumps(request.schema))] if request.schema else []
    if request.system_prompt:
        blocks.append(Block(request.system_prompt, breakpoint=True))
    for message in request.messages:
        content = message.get("content", "")
        parts = content if isinstance(content, list) else [{"text": str(content)}]
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            marked = bool(part.get("cache")) or (last and bool(message.get("cache")))
            blocks.append(Block(str(part.get("text", "")), breakpoint=marked))
    return blocks


@dataclass
class CacheImitation:
    """One role's cache at one provider, across the calls of a game."""

    provider: str
    model: str = ""
    stored: set[str] = field(default_factory=set)  # anthropic: hashes of cached prefixes
    last_prompt: str = ""  # openai / gemini implicit: the previous prompt
    explicit_key: str | None = None  # gemini: what the live explicit cache holds
    caches_created: int = 0

    def use(self, request: Request) -> CacheUse:
        """Read and write the cache for one request."""
        blocks = blocks_of(request)
        if self.provider == "anthropic":
            return self._anthropic(blocks)
        if self.provider == "gemini":
            return self._gemini(request, blocks)
        return self._prefix(blocks, openai_cached)

    def _anthropic(self, blocks: list[Block]) -> CacheUse:
        minimum = anthropic_min_tokens(self.model)
        bounds = _boundaries(blocks)
        total = bounds[-1][1] if bounds else 0
        marks = [i for i, b in enumerate(blocks) if b.breakpoint][-4:]  # the API takes four at most
        if not marks:
            return CacheUse(total)
        reachable = {j for m in marks for j in range(max(0, m - LOOKBACK_BLOCKS), m + 1)}
        read = max((bounds[j][1] for j in reachable if bounds[j][0] in self.stored), default=0)
        eligible = [m for m in marks if bounds[m][1] >= minimum]
        written = max(0, max((bounds[m][1] for m in eligible), default=0) - read)
        self.stored.update(bounds[m][0] for m in eligible)
        return CacheUse(total, read, written)

    def _gemini(self, request: Request, blocks: list[Block]) -> CacheUse:
        static = request.system_prompt + "".join(message_text(m) for m in split_static(request.messages)[0])
        total = sum(estimate_tokens(b.text) for b in blocks)
        tokens = estimate_tokens(static)
        if tokens < gemini_min_tokens(self.model):
            use = self._prefix(blocks, lambda shared, _total: self._implicit(shared))
            use.mode = "implicit"
            return use
        key = _digest(static)
        created = key != self.explicit_key
        if created:
            self.explicit_key, self.caches_created = key, self.caches_created + 1
        return CacheUse(total, read=0 if created else tokens, written=tokens if created else 0,
                        created=created, mode="explicit")  # fmt: skip

    def _implicit(self, shared: int) -> int:
        return shared if shared >= gemini_min_tokens(self.model, explicit=False) else 0

    def _prefix(self, blocks: list[Block], cached: Callable[[int, int], int]) -> CacheUse:
        prompt = "".join(b.text for b in blocks)
        total = estimate_tokens(prompt)
        shared = estimate_tokens(prompt[: shared_prefix(prompt, self.last_prompt)])
        self.last_prompt = prompt
        return CacheUse(total, read=min(total, cached(shared, total)))


def _boundaries(blocks: list[Block]) -> list[tuple[str, int]]:
    """For each block: the hash of the prompt up to its end, and the tokens up to there."""
    out, text = [], ""
    for block in blocks:
        text += block.text
        out.append((_digest(text), estimate_tokens(text)))
    return out


def split_static(messages: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Leading messages marked `"cache": True` (cacheable) and the rest.

    >>> split_static([{"content": "a", "cache": True}, {"content": "b"}])
    ([{'content': 'a', 'cache': True}], [{'content': 'b'}])
    """
    count = 0
    while count < len(messages) and messages[count].get("cache"):
        count += 1
    return messages[:count], messages[count:]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def shared_prefix(a: str, b: str) -> int:
    """Length of the common prefix of two strings.

    >>> shared_prefix("system rooms: A, B", "system rooms: A, C")
    17
    """
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i
