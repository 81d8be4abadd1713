"""The plain baseline (`"mode": "plain"` on the game agent): a model given only the game's transcript.

No world model, no puzzle agent, no knowledge from earlier runs: the model reads what the game printed
and the commands it typed, oldest first, the latest `TRANSCRIPT_CHARS` characters of it. This is how
published benchmarks such as TALES play a model, so `bench games --configs scaffold.json,plain.json`
measures what the scaffold adds to the same model. The window's start only moves forward, and then by
a quarter of the budget at once, so the prompt keeps a stable prefix for the provider's cache.
"""

from __future__ import annotations

from typing import Any

from autofrotz.agents.base import TurnContext
from autofrotz.agents.game_agent import GameAgent
from autofrotz.agents.prompting import render_prompt
from autofrotz.context import fence

PLAIN = "plain"
TRANSCRIPT_CHARS = 40_000  # about 10,000 tokens: the whole of a 100-step game in most stories
Entry = tuple[str | None, str]  # (the command typed, or None for the opening text; the game's reply)


def prompt_variables(game_name: str, budget_chars: int = TRANSCRIPT_CHARS) -> dict[str, str]:
    """The variables the plain agent passes to prompts/plain_agent.txt."""
    return {"game_name": game_name, "budget_chars": f"{budget_chars:,}"}


def is_plain(config: Any) -> bool:
    """Whether a config plays the game agent in plain mode."""
    return bool(config.agent("game_agent").mode == PLAIN)


def entry_text(entry: Entry, limit: int) -> str:
    """One turn of the transcript: the command typed, then the game's reply, fenced.

    >>> print(entry_text(("open box", "Opened."), 100))
    > open box
    <<<STORY
    Opened.
    STORY>>>
    """
    command, reply = entry
    head = "" if command is None else f"> {command}\n"
    return head + fence(reply, limit)


def window_start(entries: list[Entry], start: int, budget: int) -> int:
    """The first entry shown: unchanged while the rest fits the budget, else moved on until a quarter
    of the budget is free (the latest entry is always shown).

    >>> entries = [(None, "a" * 40), ("x", "b" * 40), ("y", "c" * 40)]
    >>> window_start(entries, 0, 1000), window_start(entries, 0, 120), window_start(entries, 0, 10)
    (0, 2, 2)
    """
    sizes = [len(entry_text(e, budget)) + 1 for e in entries]
    if sum(sizes[start:]) <= budget:
        return start
    while start < len(entries) - 1 and sum(sizes[start:]) > 3 * budget // 4:
        start += 1
    return start


class PlainAgent(GameAgent):
    """The game agent's model and reply handling, with the transcript as its only input."""

    def __init__(self, llm: Any, game_name: str, budget_chars: int = TRANSCRIPT_CHARS) -> None:
        self.llm = llm
        self.game_name = game_name
        self.budget_chars = budget_chars
        self.system_prompt = render_prompt("plain_agent.txt", **prompt_variables(game_name, budget_chars))
        self.entries: list[Entry] = []
        self.start = 0

    def brief(self, briefing: str) -> None:
        """Nothing: the plain baseline knows nothing from earlier runs."""

    def decide(self, context: TurnContext) -> Any:
        """Add the latest reply to the transcript, then ask the model."""
        self.entries.append((context.last_command, context.last_output))
        self.start = window_start(self.entries, self.start, self.budget_chars)
        return super().decide(context)

    def messages(self, context: TurnContext) -> list[dict[str, str]]:
        """One user message: the transcript window, then the turn number."""
        shown = self.entries[self.start :]
        left_out = f" ({self.start} earlier turns left out)" if self.start else ""
        body = "\n".join(entry_text(e, self.budget_chars) for e in shown)
        text = f"# Transcript, oldest first{left_out}\n{body}\n\n# Turn {context.turn_number}: your command?"
        return [{"role": "user", "content": text}]

    def to_dict(self) -> dict[str, Any]:
        """The transcript, kept with each save so a resumed game reads the same window."""
        return {"entries": [list(e) for e in self.entries], "start": self.start}

    def load_dict(self, data: dict[str, Any]) -> None:
        """Put a saved transcript back."""
        self.entries = [(e[0], e[1]) for e in data.get("entries", [])]
        self.start = int(data.get("start", 0))
