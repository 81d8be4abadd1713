"""The two rows of a later run's policy that hand the turn to the built-in agent, as rule objects.

Rule ``behind the first run`` (``StandDown``): the replay over, this run is ``BEHIND_GRACE`` turns past
a turn by which the first run (played blank) had a higher score: knowledge is not helping this time
(another seed, a veto in the way), so the agent plays on as it would fresh (its own rules only: no
vetoes, plans or wider pool of earlier runs; the turn's reasoning says so). Why is its part of the run's
state (``Standing``), and once stood down it stays down.

``QueuePlan``: the turn's plan to the front of the agent's queue (the plans of earlier turns dropped);
the vetoes recorded from there on are the ones the agent's stages meet.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import Advised, AgentTurn, proposal_of
from autofrotz.knowledge.rules import STAND_DOWN, on
from autofrotz.knowledge.told import notes_nothing
from autofrotz.policy.protocol import Proposal, Vetoes

log = logging.getLogger(__name__)

BEHIND_GRACE = 50  # turns past the first run's turn for a score before knowledge stands down
# Prefixes of the knowledge rules' names (to find their plans in the agent's queue).
KNOWN = ("known ", "fetch for a known", "untried use", "the story's own verb", "back to the path")
QUEUE_ROW = "the plan to the front of the agent's queue"


@dataclass
class Standing:
    """Rule ``behind the first run``: why knowledge stood down ("" while it helps)."""

    stood_down: str = ""


@dataclass
class StandDown:
    """Behind the first run, the built-in agent decides the turn as it would fresh."""

    standing: Standing
    first_rises: list[tuple[int, int]]  # (turn, score): the first run's rises in score
    inner: Advised
    inform: Callable[[], None]  # hand the agent this run's advice again (standing down lifts it)
    name = STAND_DOWN
    plans = False
    observe = notes_nothing

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        ctx = turn.given
        was_down = bool(self.standing.stood_down)
        if not (was_down or self.behind(ctx)):
            return None
        self.inner.drop_plans(KNOWN)
        fresh = self.inner.decide(ctx)
        if not was_down:  # the turn it stood down names the rule
            fresh = replace(
                fresh, reasoning=f"{fresh.reasoning} [knowledge stood down: {self.standing.stood_down}]"
            )
        return proposal_of(fresh)

    def behind(self, ctx: TurnContext) -> bool:
        """Whether this run is ``BEHIND_GRACE`` turns past a turn by which the first run scored more
        (it stands down then)."""
        if not on(STAND_DOWN) or ctx.score is None:
            return False
        for turn, score in self.first_rises:
            if ctx.turn_number >= turn + BEHIND_GRACE and ctx.score < score:
                now = f"{ctx.score} points at turn {ctx.turn_number}"
                why = f"behind the first run: {now}, it had {score} at {turn}"
                self.standing.stood_down = why
                self.inform()
                log.info("knowledge: %s", why)
                return True
        return False


@dataclass
class QueuePlan:
    """The turn's plan to the front of the agent's queue; proposes nothing (the agent's stages do)."""

    inner: Advised
    vetoes: Callable[[], Vetoes]  # the log of the vetoes the agent meets (handed anew on a load)
    name = QUEUE_ROW
    plans = False
    observe = notes_nothing

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        self.inner.drop_plans(KNOWN)
        if plan is not None:
            self.inner.plan_first(turn.given.room_id, plan.command, plan.reason)
        self.vetoes().clear()
        return None
