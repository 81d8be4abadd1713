"""The built-in agent as a later run's knowledge talks to it: what the knowledge hands the agent
(`Advice`: vetoes its memory asks, and three seams its own rules ask) and what it may ask of the agent
(`Advised`). knowledge/advisor.py is the one user; nothing else of the agent is reached from outside.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from autofrotz.agents.base import Decision, TurnContext
from autofrotz.agents.builtin_memory import Counsel, Memory
from autofrotz.agents.builtin_tactics import Scene
from autofrotz.policy.protocol import Decided, Proposal, Row

Wider = Callable[[TurnContext, Scene], "tuple[str, str] | None"]


@dataclass
class AgentTurn:
    """A turn as the rows of the built-in agent's policy see it: the context as given, as the agent took
    it in (its stage ``take the reply in`` may keep the player where it was), the room as it sees it,
    and where the chosen command counts as tried."""

    given: TurnContext
    context: TurnContext | None = None
    scene: Scene | None = None
    where: str | None = None

    def chosen(self, command: str, reason: str, where: str | None, rule: str = "") -> Proposal:
        """A stage's choice: the command, its reasoning, the rule that chose it, and where it counts as
        tried."""
        self.where = where
        return Proposal(command, rule, reason)


class Advice(Counsel, Protocol):
    """Vetoes for the agent's memory (`Counsel`), and the seams its rules ask in a later run."""

    @property
    def wider(self) -> Wider | None:
        """The wider pool, asked before the last-resort sweep (None: not in this run)."""
        ...

    @property
    def every_word(self) -> bool:
        """Whether rule examine-every-word-when-all-else-is-done is on."""
        ...

    @property
    def reply_opens(self) -> bool:
        """Whether rule go-the-way-the-reply-opens is on."""
        ...


class Advised(Protocol):
    """What the knowledge may do with the built-in agent: read its memory, hand it advice, put a plan at
    the front of its queue, ask how it sees a room, let it decide or follow a command, and run its
    stages as rows of a later run's policy (``settle`` sends the command one of them chose)."""

    mem: Memory
    deterministic: bool
    watch_pace_s: float

    def decide(self, context: TurnContext) -> Decision: ...

    def follow(self, context: TurnContext, command: str, reason: str) -> Decision: ...

    def stages(self) -> list[Row[AgentTurn]]: ...

    def settle(self, turn: AgentTurn, decided: Decided) -> Decision: ...

    def advise(self, advice: Advice) -> None: ...

    def plan_first(self, room: str | None, command: str, rule: str) -> None: ...

    def drop_plans(self, prefixes: tuple[str, ...]) -> None: ...

    def scene(self, context: TurnContext) -> Scene: ...

    def remote_scene(self, room: str) -> Scene: ...

    def map_dark(self, room: str) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...

    def load_dict(self, state: dict[str, Any]) -> None: ...


def proposal_of(decision: Decision) -> Proposal:
    """A built-in agent's decision as a row's proposal.

    >>> proposal_of(Decision("take all", "take-all", rule="take-all")).rule
    'take-all'
    """
    return Proposal(decision.command, decision.rule, decision.reasoning, decision.risky, decision.vetoes)


def decision_of(decided: Decided, risky: bool | None = None) -> Decision:
    """What a policy decided, as the built-in agent's decision: the deciding rule and the vetoes are the
    policy's (``Decided``), the one way a turn's rule reaches the record (``risky``: as the agent judges
    the command, else as its proposal says).

    >>> decided = Decided(Proposal("take all", "take-all", "take-all"), "own choice")
    >>> decision_of(decided).source, decision_of(decided).rule
    ('builtin', 'take-all')
    """
    proposal = decided.proposal
    return Decision(
        proposal.command,
        proposal.reason,
        risky=proposal.risky if risky is None else risky,
        source="builtin",
        rule=decided.rule,
        vetoes=decided.vetoes,
    )
