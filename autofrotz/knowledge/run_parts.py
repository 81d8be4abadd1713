"""Parts a later run's rows share beside the routes and the wider pool, each made for the run by
``KnowingAgent`` and handed to the rows that need it: ``Recall`` (what the built-in agent remembers, as it
is now), ``Sender`` (a rule's command sent at once, the agent taking the turn in) and ``AdviceUpdate``
(the agent's advice brought up to this run's state)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from autofrotz.agents.base import Decision, TurnContext
from autofrotz.agents.builtin_counsel import Advised, Wider, proposal_of
from autofrotz.agents.builtin_memory import Memory
from autofrotz.knowledge.informed import KnownVetoes
from autofrotz.knowledge.known_clock import ClockState
from autofrotz.knowledge.pool_state import PoolState
from autofrotz.knowledge.rules import EVERY_WORD_LATER, REPLY_OPENS_LATER, WIDEN, on, rule_of
from autofrotz.knowledge.stand_down import Standing
from autofrotz.knowledge.told import Next
from autofrotz.policy.protocol import Proposal


@dataclass(frozen=True)
class Recall:
    """The built-in agent's memory as it is now (a load gives the agent another), and what the rows ask
    of it."""

    inner: Advised

    def memory(self) -> Memory:
        return self.inner.mem

    def nouns(self, room: str) -> list[str]:
        """The nouns the agent saw in a room."""
        return self.inner.mem.seen.nouns.get(room, [])

    def hinted(self, room: str) -> list[str]:
        """The directions replies in a room pointed at."""
        return self.inner.mem.seen.hinted.get(room, [])

    def deadly(self, room: str | None, command: str) -> bool:
        """Whether the command killed the player in the room (this run or an earlier one)."""
        return self.inner.mem.deadly(room, command)

    def deadly_this_run(self, room: str | None, command: str) -> bool:
        """Whether the command killed the player in the room this run."""
        return self.inner.mem.deadly_this_run(room, command)

    def idled(self) -> bool:
        """Whether the agent has run dry once (it idled)."""
        return self.inner.mem.now.idle > 0


@dataclass(frozen=True)
class Sender:
    """A rule's command sent at once: the built-in agent takes the turn in and records it."""

    inner: Advised
    standing: Standing  # rule ``behind the first run``: once knowledge stood down, rules are not asked

    def send(self, ctx: TurnContext, planned: tuple[str, str] | None) -> Proposal | None:
        """(command, reasoning) sent at once (None: nothing to send)."""
        return None if planned is None else proposal_of(named(self.inner.follow(ctx, *planned)))

    def tell(self, ctx: TurnContext, next_command: Next) -> Proposal | None:
        """A rule's next command sent at once, unless knowledge stood down (then it is not asked)."""
        return None if self.standing.stood_down else self.send(ctx, next_command())


@dataclass(frozen=True)
class AdviceUpdate:
    """Brings the agent's advice up to this run's state (standing down lifts the vetoes and seams)."""

    advice: KnownVetoes
    standing: Standing
    clock: ClockState
    pool: PoolState
    wider: Wider  # the wider pool's seam, handed while rule ``widen`` is on and knowledge helps

    def update(self) -> None:
        advice, down = self.advice, bool(self.standing.stood_down)
        advice.off = down
        advice.barred = self.clock.barred
        advice.ran_dry = self.pool.ran_dry
        advice.wider = self.wider if on(WIDEN) and not down else None
        advice.every_word = on(EVERY_WORD_LATER) and not down  # rule ``every word, a later run``
        advice.reply_opens = on(REPLY_OPENS_LATER) and not down  # rule ``a way a reply opened, a later run``


def named(decision: Decision) -> Decision:
    """A decision with the knowledge rule its reasoning names, when the agent's table named none."""
    return decision if decision.rule else replace(decision, rule=rule_of(decision.reasoning))
