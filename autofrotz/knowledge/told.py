"""The rows a later run's rules make (policy/protocol.py's ``Rule``): a rule that plans or tells (a
``Planner``) notes every reply in its own part of the run's state and gives its next command; its row
holds it, and plans that command (``Planned``) or sends it at once unless knowledge stood down
(``Told``). A row that acts in its place implements the protocol itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.policy.protocol import Proposal

# A rule's next (command, reasoning), asked only while knowledge helps (it may spend what it keeps).
Next = Callable[[], "tuple[str, str] | None"]
# Send a rule's next command at once, the built-in agent taking the turn in; None when it has none or
# knowledge stood down (rule ``behind the first run``).
Tell = Callable[[TurnContext, Next], "Proposal | None"]
# (command, reasoning) sent at once, the built-in agent taking the turn in (None: nothing to send).
Send = Callable[[TurnContext, "tuple[str, str] | None"], "Proposal | None"]
# Moves over the known map to a room, first step allowed ([] when there is no way).
Route = Callable[[TurnContext, str], list[str]]


def notes_nothing(rule: object, turn: AgentTurn) -> None:
    """A rule's ``observe`` when it reads the turn only when it proposes or plans."""


class Planner(Protocol):
    """A rule that plans or tells: notes each reply in its own part of the run's state (``observe``) and
    gives its next (command, reasoning) from what it noted."""

    @property
    def name(self) -> str: ...

    def observe(self, turn: AgentTurn) -> None: ...

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None: ...


@dataclass(frozen=True)
class Planned:
    """The row of a rule that plans: its next command is the turn's plan, under the rule's name (the
    first plan of a turn goes to the front of the built-in agent's queue)."""

    rule: Planner
    plans = True

    @property
    def name(self) -> str:
        return self.rule.name

    def observe(self, turn: AgentTurn) -> None:
        self.rule.observe(turn)

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        planned = self.rule.next_command(turn.given)
        return None if planned is None else Proposal(planned[0], self.name, planned[1])


@dataclass(frozen=True)
class Told:
    """The row of a rule on what replies told: ``tell`` sends its next command at once, unless knowledge
    stood down (then it is not asked)."""

    rule: Planner
    tell: Tell
    plans = False

    @property
    def name(self) -> str:
        return self.rule.name

    def observe(self, turn: AgentTurn) -> None:
        self.rule.observe(turn)

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        ctx = turn.given
        return self.tell(ctx, lambda: self.rule.next_command(ctx))
