"""Rules on what replies told, as rule objects of a later run's policy (policy/protocol.py): each notes
every reply in its own part of the run's state and sends its next command at once."""

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
# Moves over the known map to a room, first step allowed ([] when there is no way).
Route = Callable[[TurnContext, str], list[str]]


@dataclass
class ToldRule:
    """A rule on what replies told: ``observe`` notes the reply in the rule's part of the state,
    ``next_command`` spends what it noted; ``tell`` sends it, unless knowledge stood down."""

    tell: Tell
    name = ""  # the rule's row in knowledge/rules.py, set by each rule
    plans = False

    def observe(self, turn: AgentTurn) -> None:
        """Note what the last reply told (nothing here)."""

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        """The rule's next (command, reasoning) (none here)."""
        return None

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        ctx = turn.given
        return self.tell(ctx, lambda: self.next_command(ctx))
