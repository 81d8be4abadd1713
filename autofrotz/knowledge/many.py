"""Rule ``too many to carry are looked through``: a heap the player cannot take is searched instead.

Games answer a taking of plural scenery (papers, coins, leaves) with a refusal that they are too many
("There's a lot of leaflets here. You couldn't possibly carry all of them."). What the heap hides is
found by looking through it: the convention of a pile that holds one thing worth taking. The reply's
own word for the heap ("leaflets") is used, since the thing's listed name may be one the parser reads
only in half ("Leaf Let"). Read in runs with a past only, where the turns it costs come out of the time
the replayed path saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.knowledge.rules import on
from autofrotz.reading.told_things import HEAP, TOO_MANY

RULE = "too many to carry are looked through"


def looks_through(reply: str) -> list[str]:
    """The commands that look through a heap a reply refused to let be carried.

    >>> looks_through("Wow, there's a lot of leaflets here!  You couldn't possibly carry all of them.")
    ['examine leaflets', 'search leaflets']
    >>> looks_through("Taken.")
    []
    """
    text = " ".join(reply.split())
    if not TOO_MANY.search(text):
        return []
    heap = HEAP.search(text)
    return [f"examine {heap.group(1).lower()}", f"search {heap.group(1).lower()}"] if heap else []


@dataclass
class Heaps:
    """Rule ``too many to carry are looked through``: the looks queued, and those sent."""

    heaps: list[str] = field(default_factory=list)  # looks a refused taking asked for, not yet sent
    heaps_sent: list[str] = field(default_factory=list)  # "room|command" sent by the rule


@dataclass
class ManyRule:
    """Rule ``too many to carry are looked through`` as a row of a later run's policy: the looks a refused
    taking asks for, each sent once in a room."""

    heaps: Heaps
    name = RULE

    def observe(self, turn: AgentTurn) -> None:
        ctx, kept = turn.given, self.heaps
        room = ctx.room_id or "?"
        fresh = [c for c in looks_through(ctx.last_output or "") if f"{room}|{c}" not in kept.heaps_sent]
        kept.heaps = fresh if on(RULE) and fresh else kept.heaps

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        """The next look queued (spent once asked)."""
        kept = self.heaps
        if not kept.heaps:
            return None
        command = kept.heaps.pop(0)
        kept.heaps_sent.append(f"{ctx.room_id or '?'}|{command}")
        return command, f"{RULE}: the reply called them too many"
