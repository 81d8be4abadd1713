"""Rules on what replies told, as rule objects of a later run's policy (policy/protocol.py): each notes
every reply in its own part of the run's state and sends its next command at once (``ToldRule``) or
plans it (``PlanRule``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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


@dataclass
class SendRule:
    """A row that acts in its place in the order (sends a command at once, or hands the turn on) and
    notes nothing when the policy observes."""

    name = ""  # the rule's row, set by each rule
    plans = False

    def observe(self, turn: AgentTurn) -> None:
        """Nothing: the row reads the turn when it proposes."""

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        return None


@dataclass
class PlanRule:
    """A rule that plans: ``observe`` notes the reply in the rule's part of the state, ``next_command``
    spends what it noted as the turn's plan, under the rule's name (the first plan of a turn goes to the
    front of the built-in agent's queue)."""

    name = ""  # the rule's row in knowledge/rules.py, set by each rule
    plans = True

    def observe(self, turn: AgentTurn) -> None:
        """Note what the last reply told (nothing here)."""

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        """The rule's next (command, reasoning) (none here)."""
        return None

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        planned = self.next_command(turn.given)
        return None if planned is None else Proposal(planned[0], self.name, planned[1])


@dataclass
class ToldRule(PlanRule):
    """A rule on what replies told that sends its next command at once: ``tell`` sends it, unless
    knowledge stood down (then it is not asked)."""

    tell: Tell
    plans = False

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        ctx = turn.given
        return self.tell(ctx, lambda: self.next_command(ctx))
