"""Rule ``a thing that names names makes the others worth a look``: second looks at what is carried.

Things in games comment on each other by name: a vial's label means something once a book gives its
author's name, a key's tag once a map names the door. So once the replayed path is over, a look at a
carried thing whose reply is long and uses names (capitalised words inside a sentence) queues one
more look at each other thing carried, once for that thing. A short text ("A canvas bag.") or one
without names queues nothing: looking again at everything after every thing gained spends a story's
turns on looks (and on what they set off). Read in runs with a past only, where the
turns it costs come out of the time the replayed path saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.agents.builtin_ways import PROPER
from autofrotz.knowledge.rules import on

RULE = "a thing that names names makes the others worth a look"
LONG_TEXT = 100  # characters of a look's reply long enough to tell about other things
LOOKS = 6  # carried things looked at again for one such look
LOOK_VERBS = ("examine", "x", "read")


def second_looks(last: str, reply: str, carried: list[str], relooked: list[str]) -> list[str]:
    """The examines a look's reply queues (``relooked`` keeps the things whose look queued them).

    >>> text = "An almanac of the stars, heavy and worn. Its author signed it, Edmund Thorne, in red ink, "
    >>> text += "on the first page."
    >>> second_looks("examine almanac", text, ["almanac", "vial", "map"], [])
    ['examine vial', 'examine map']
    >>> second_looks("examine almanac", "An almanac.", ["almanac", "vial"], [])
    []
    """
    verb, _, thing = " ".join(last.lower().split()).partition(" ")
    reply = " ".join(reply.split())
    if not thing or verb not in LOOK_VERBS or len(reply) < LONG_TEXT or thing in relooked:
        return []
    head, carried = thing.split()[-1], [c.lower() for c in carried]
    if not set(proper_names(reply)) - set(thing.split()) or not any(head in c.split() for c in carried):
        return []
    relooked.append(thing)
    return [f"examine {c}" for c in carried if head not in c.split()][:LOOKS]


def proper_names(text: str) -> list[str]:
    """The capitalised words a text uses inside its sentences (names: of people, books, places).

    >>> proper_names("The label reads Thorne. It was signed by Edmund Thorne, in ink.")
    ['thorne', 'edmund']
    """
    return list(dict.fromkeys(m.lower() for m in PROPER.findall(text)))


@dataclass
class Relooks:
    """Rule ``a thing that names names makes the others worth a look``: the looks queued, and the
    things whose look queued them."""

    relook: list[str] = field(default_factory=list)  # examines queued by the rule
    relooked: list[str] = field(default_factory=list)  # things whose look queued second looks


@dataclass
class RelookRule:
    """Rule ``a thing that names names makes the others worth a look`` as a row of a later run's policy:
    once the replayed path is over, it queues second looks in its own part of the run's state and plans
    the next (the first plan of a turn goes to the front of the agent's queue)."""

    relooks: Relooks
    path_done: Callable[[], bool]  # whether the proven path is over (its replay's part of the state)
    name = RULE

    def observe(self, turn: AgentTurn) -> None:
        ctx, kept = turn.given, self.relooks
        if on(RULE) and self.path_done():
            carried = list(ctx.inventory)
            queued = second_looks(ctx.last_command or "", ctx.last_output or "", carried, kept.relooked)
            kept.relook += [c for c in queued if c not in kept.relook]

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        """The next second look queued (spent once asked)."""
        return (self.relooks.relook.pop(0), RULE) if self.relooks.relook else None
