"""Rule ``a refusal that names a condition waits for it``: a refusal that says what must happen first
("you cannot leave while the alarm rings", "not until the tide is out", "the lid won't open unless the
catch is free") is no dead end: the command is kept, and once the score rises (a step of the story was
made, perhaps the one named) it is sent again, once, where it was refused or wherever its thing is
carried.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.knowledge.rules import on
from autofrotz.knowledge.told import Route
from autofrotz.reading.told_steps import CONDITION
from autofrotz.words.directions import parse_direction

RULE = "a refusal that names a condition waits for it"
WALK_STEPS = 15  # steps walked back to where a waiting command was refused, each


def names_a_condition(reply: str) -> bool:
    """Whether a refusal says what has to happen first.

    >>> names_a_condition("Pell cannot leave the shop while the kettle is on.")
    True
    >>> names_a_condition("The hatch won't budge until the pressure drops.")
    True
    >>> names_a_condition("You can't go that way."), names_a_condition("Not yet, says the guard.")
    (False, True)
    """
    return bool(CONDITION.search(" ".join(reply.split())[:300]))


def carried_for(command: str, carried: list[str]) -> bool:
    """Whether every thing the command names past its verb is carried (it can be sent anywhere).

    >>> carried_for("sign ledger", ["a ledger", "pen"]), carried_for("open hatch", ["pen"])
    (True, False)
    """
    rest = command.lower().split()[1:]
    held = {w for c in carried for w in c.lower().split()}
    return bool(rest) and all(w in held or w in {"the", "a", "an"} for w in rest)


@dataclass
class Conditions:
    """Rule ``a refusal that names a condition waits for it``: commands waiting, and those now due."""

    waiting: list[str] = field(default_factory=list)  # "room|command" refused until a condition is met
    due: list[str] = field(default_factory=list)  # waiting commands to send again (the score rose)
    due_steps: int = 0
    wait_score: int = 0


def note_waiting(
    state: Conditions, room: str | None, last: str, reply: str, score: int, on: bool = True
) -> None:
    """A refusal that names a condition is kept in ``state.waiting``; once the score rises, every kept
    one is due."""
    if score > state.wait_score:
        state.due += [w for w in state.waiting if w not in state.due]
        state.waiting = []
    state.wait_score = max(state.wait_score, score)
    if on and last and parse_direction(last) is None and names_a_condition(reply):
        entry = f"{room or '?'}|{last}"
        state.waiting += [] if entry in state.waiting else [entry]


def due_next(
    state: Conditions, room: str | None, carried: list[str], route: Callable[[str], list[str]]
) -> tuple[str, str] | None:
    """A waiting command whose condition may be met now: sent where it was refused, or anywhere when its
    thing is carried; else a step back to where it was refused (``WALK_STEPS``)."""
    while state.due:
        where, command = state.due[0].split("|", 1)
        if room == where or carried_for(command, carried):
            state.due.pop(0)
            state.due_steps = 0
            return command, f"{RULE}: the score rose since it was refused"
        steps = route(where) if state.due_steps < WALK_STEPS else []
        if steps:
            state.due_steps += 1
            return steps[0], f"{RULE}: walk back to where it was refused"
        state.due.pop(0)
        state.due_steps = 0
    return None


@dataclass
class WaitingRule:
    """Rule ``a refusal that names a condition waits for it`` as a row of a later run's policy: it notes
    the refusals that name a condition in its own part of the run's state, and sends each again once the
    score rose (walking back to where it was refused when its thing is not carried)."""

    conditions: Conditions
    route: Route
    name = RULE

    def observe(self, turn: AgentTurn) -> None:
        ctx = turn.given
        last = (ctx.last_command or "").strip().lower()
        note_waiting(self.conditions, ctx.room_id, last, ctx.last_output or "", ctx.score or 0, on(RULE))

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        """A waiting command due here, or a step towards where it was refused (spent once asked)."""
        carried = list(ctx.inventory)
        return due_next(self.conditions, ctx.room_id, carried, lambda room: self.route(ctx, room))
