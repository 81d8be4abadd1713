"""The game agent's model failing turn after turn: pause the game (page open) or stop it (`model_error`).

A failed model call already becomes a safe default ("look") for one turn; this counts such turns in a
row, with the attempts (retries included) they cost, so a model that cannot be reached never fills the
rest of a run with "look". The failed turns are recorded; the turn that trips the limit is not played.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

STATUS = "model_error"
FAILED_TURNS = 3  # turns in a row whose decision the model failed to give
FAILED_ATTEMPTS = 8  # or this many failed attempts in a row, retries included


@dataclass
class ModelHealth:
    """Consecutive failures of the game agent's model; any good decision starts the count again."""

    turns: int = 0
    attempts: int = 0
    last_error: str = ""
    calls_failed: int = 0  # the model's own count of calls never answered, as last seen

    def failed_too_often(self, decision: Any, llm: Any) -> bool:
        """Count one decision; True when the model (``llm``: the game agent's, None when it plays without
        one) has now failed past a limit.

        Only a call the provider never answered counts (unreachable, refused, timed out, after its
        retries): a model that answers badly (not JSON, a command the game refuses) is playing
        badly, not failing, and its turns play on with their safe default.
        """
        failed_calls = llm.usage.unanswered if llm is not None else 0
        failed = failed_calls > self.calls_failed and decision.source == "agent" and bool(decision.error)
        self.calls_failed = failed_calls
        if llm is None or not failed:
            self.turns = self.attempts = 0
            return False
        last = llm.last_response
        self.turns += 1
        self.attempts += max(1, last.attempts if last is not None else 1)
        self.last_error = str(decision.error)
        return self.turns >= FAILED_TURNS or self.attempts >= FAILED_ATTEMPTS

    def summary(self, llm: Any) -> str:
        """What failed (the game agent's model), where, and how often, in one clause."""
        where = llm.base_url
        target = f"{llm.provider}/{llm.model}" + (f" at {where}" if where else "")
        return (
            f"the game agent's model ({target}) failed {self.turns} turn(s) in a row "
            f"({self.attempts} attempt(s)): {self.last_error[:300]}"
        )


def stop_line(summary: str, game_id: int) -> str:
    """The one line printed when the game stops for its model.

    >>> stop_line("the model failed", 7)[:48]
    'error: the model failed; game 7 stopped with sta'
    """
    return (
        f"error: {summary}; game {game_id} stopped with status {STATUS}. Fix the provider in "
        f"config.json (or start its server), then continue with: python main.py --resume {game_id}"
    )


def on_failure(orchestrator: Any) -> None:
    """Pause the game when a page is watching it, else stop it with status model_error."""
    health: ModelHealth = orchestrator.health
    summary = health.summary(orchestrator.p.game_agent.llm)
    control = orchestrator.p.control
    if control is not None and control.page_open():  # a page is watching: let it decide
        health.turns = health.attempts = 0
        control.request("pause")
        print(f"paused: {summary}; fix the provider, then resume from the page", file=sys.stderr)
        return
    orchestrator.status = STATUS
    orchestrator.stop_reason = stop_line(summary, orchestrator.game_id)
    log.info("%s", orchestrator.stop_reason)
