"""One protocol for the rules that choose a command, and the ordered table of them that is a policy.

A rule has a name (its row in `python main.py rules`, and its switch), may `observe` the turn before
any rule proposes, and may `propose` a command. A `Policy` runs its rows in order: every row observes,
then the rows propose in turn and the first proposal that is the turn's command decides; the policy
records which row decided (`Decided.decided_by`), and the turn's rule is the one the proposal names,
else that row (`Decided.rule`, what the record keeps as `turns.agent_rule`). A row that `plans`
proposes no command of its own: the first such proposal is handed to every later row as the turn's
plan (a later run's known plan goes to the front of the built-in agent's queue, where the agent's own
safety rules still come first).
Rules that rule commands out record a `Veto` in a `Vetoes` log; the row that decides reads the log
and names the vetoes in its proposal, which the record keeps (`turns.agent_vetoes`).

The policy is generic in what a turn is (the agents' `TurnContext`), so this module imports nothing
of the program: agents and the knowledge layer both build their tables on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

Turn = TypeVar("Turn")
Turn_contra = TypeVar("Turn_contra", contravariant=True)


@dataclass(frozen=True)
class Proposal:
    """A command a rule proposes, with the named rule that chose it and why."""

    command: str
    rule: str  # the rule that chose it, a row of `python main.py rules` ("" when none is named)
    reason: str = ""  # the turn's reasoning
    risky: bool = False  # the command earns a save first
    vetoes: tuple[str, ...] = ()  # rules that ruled out other commands before this one was chosen


@dataclass(frozen=True)
class Veto:
    """A command a rule ruled out, where, and the rule (with its detail) that did."""

    room: str
    command: str
    rule: str


@dataclass
class Vetoes:
    """The vetoes recorded since the log was last cleared.

    >>> log = Vetoes()
    >>> log.record("hall", "north", "known wall"), log.record("hall", "south", None)
    (True, False)
    >>> [v.command for v in log.in_room("hall")], log.in_room("cellar")
    (['north'], [])
    """

    entries: list[Veto] = field(default_factory=list)

    def record(self, room: str | None, command: str, rule: str | None) -> bool:
        """Record a veto when a rule is named; whether one was."""
        if rule is not None:
            self.entries.append(Veto(room or "?", command, rule))
        return rule is not None

    def clear(self) -> None:
        """Forget the vetoes recorded so far (before the turn whose vetoes are read)."""
        self.entries = []

    def in_room(self, room: str | None) -> list[Veto]:
        """The vetoes recorded in one room."""
        return [v for v in self.entries if v.room == room]


class Rule(Protocol[Turn_contra]):
    """A row of a policy: observes the turn, and may propose its command (or, if it plans, a plan)."""

    @property
    def name(self) -> str: ...

    @property
    def plans(self) -> bool: ...

    def observe(self, turn: Turn_contra) -> None: ...

    def propose(self, turn: Turn_contra, plan: Proposal | None) -> Proposal | None: ...


@dataclass(frozen=True)
class Row(Generic[Turn]):
    """A rule made of two functions: what it proposes (given the turn's plan so far) and what it notes
    before any row proposes (nothing, unless given)."""

    name: str
    proposer: Callable[[Turn, Proposal | None], Proposal | None]
    noter: Callable[[Turn], None] | None = None
    plans: bool = False

    def observe(self, turn: Turn) -> None:
        if self.noter is not None:
            self.noter(turn)

    def propose(self, turn: Turn, plan: Proposal | None) -> Proposal | None:
        return self.proposer(turn, plan)


@dataclass(frozen=True)
class Decided:
    """A turn's command and the row of the policy that decided it: what the record keeps of the turn.

    >>> Decided(Proposal("open door", "", "a door"), "known way on").rule
    'known way on'
    >>> Decided(Proposal("take all", "take-all", vetoes=("known death",)), "own choice").rule
    'take-all'
    """

    proposal: Proposal
    decided_by: str

    @property
    def rule(self) -> str:
        """The named rule that chose the command: the one its proposal names, else the deciding row."""
        return self.proposal.rule or self.decided_by

    @property
    def vetoes(self) -> tuple[str, ...]:
        """The rules that ruled out other commands before this one was chosen."""
        return self.proposal.vetoes


class Policy(Generic[Turn]):
    """An ordered table of rules: every row observes, then the first proposal decides.

    >>> said = []
    >>> rows = [
    ...     Row("note", lambda t, p: None, noter=lambda t: said.append(t)),
    ...     Row("plan", lambda t, p: Proposal("take lamp", "plan"), plans=True),
    ...     Row("another plan", lambda t, p: Proposal("drop lamp", "another plan"), plans=True),
    ...     Row("agent", lambda t, p: Proposal(p.command if p else "look", "agent")),
    ... ]
    >>> decided = Policy(rows).decide("turn 1")
    >>> decided.proposal.command, decided.decided_by, said
    ('take lamp', 'agent', ['turn 1'])
    >>> Policy(rows[:1]).decide("turn 2") is None
    True
    """

    def __init__(self, rows: Sequence[Rule[Turn]]) -> None:
        self.rows = tuple(rows)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(row.name for row in self.rows)

    def decide(self, turn: Turn) -> Decided | None:
        """The first row's proposal that is a command, the plans before it handed on; None if none has."""
        for row in self.rows:
            row.observe(turn)
        plan: Proposal | None = None
        for row in self.rows:
            if row.plans and plan is not None:
                continue  # the first plan stands
            proposal = row.propose(turn, plan)
            if proposal is None:
                continue
            if row.plans:
                plan = proposal
                continue
            return Decided(proposal, row.name)
        return None
