"""Rule ``a reply that says what to type``: some refusals spell out the command the story wants ("If you
want to climb the rope, say so.", 'Try typing "wake up".'): the command is sent as the reply worded it,
once. Read only in runs with a past, where the turns it costs come out of the time the replayed path
saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.agents.builtin_tactics import short
from autofrotz.agents.builtin_words import closed_things
from autofrotz.knowledge.rules import on
from autofrotz.reading.told_steps import SAID_TO_TYPE

RULE = "a reply that says what to type"
ARTICLES = frozenset({"the", "a", "an"})


def said_to_type(reply: str) -> str | None:
    """The command a reply spells out, articles left out.

    >>> said_to_type("If you want to climb the rope, you'd better say so.")
    'climb rope'
    >>> said_to_type('Nothing happens. Try typing "ring bell".')
    'ring bell'
    >>> said_to_type("You can't go that way.") is None
    True
    """
    text = " ".join(reply.split())
    for shape in SAID_TO_TYPE:
        m = shape.search(text)
        if m:
            return " ".join(w for w in m.group(1).lower().split() if w not in ARTICLES)
    return None


@dataclass
class Typed:
    """Rule ``a reply that says what to type``: commands a reply spelled out, not yet sent, and sent."""

    said: list[str] = field(default_factory=list)
    said_sent: list[str] = field(default_factory=list)

    def to_send(self) -> bool:
        """Whether a command a reply spelled out waits to be sent."""
        return bool(self.said)


def note_said(state: Typed, last: str, reply: str, on: bool = True) -> None:
    """The command a reply spells out is kept in ``state.said`` to be sent; when it met a closed thing,
    that thing is opened first and it is sent once more."""
    typed = said_to_type(reply) if on else None
    if typed is not None and typed not in state.said and typed not in state.said_sent:
        state.said.append(typed)
    sent = state.said_sent
    shut = closed_things(reply) if last in sent and f"{last}|again" not in sent else []
    if shut:  # the spelled-out command met a closed thing: open it, then the command once more
        state.said[:0] = [f"open {short(shut[0])}", last]
        sent.append(f"{last}|again")


def said_next(state: Typed) -> tuple[str, str] | None:
    """The next command a reply spelled out, sent once, where it was read."""
    if not state.said:
        return None
    command = state.said.pop(0)
    state.said_sent += [] if command in state.said_sent else [command]
    return command, f"{RULE}: the reply spelled it out"


@dataclass
class SaidRule:
    """Rule ``a reply that says what to type`` as a row of a later run's policy: it notes what each reply
    spells out in its own part of the run's state and sends each command once."""

    typed: Typed
    name = RULE

    def observe(self, turn: AgentTurn) -> None:
        ctx = turn.given
        note_said(self.typed, (ctx.last_command or "").strip(), ctx.last_output or "", on(RULE))

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        """The next command a reply spelled out (spent once asked)."""
        return said_next(self.typed)
