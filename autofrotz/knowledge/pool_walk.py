"""Rule ``the pool is not spent elsewhere``: a later run takes its wider pool from room to room.

The wider pool (widen.py: the story's own verbs, the things carried used on the things around) is
asked where the agent stands, at most ``ROOM_BUDGET`` commands a room until the score rises. Once it
has nothing left here, the agent fell back on its last-resort sweep of uncommon verbs in that room
(the first run's ideas again, swept over and over once it idled) until rule ``move on from a spent
room`` walked it elsewhere forty turns later: a later run of a small story spent three hundred turns
so. A player who has tried every idea in one room carries them to the next. So when the pool has
nothing here, the agent walks the known map to the nearest room of this run's map where the pool was
not spent since the score last rose, rooms where things were seen first (``WALK_STEPS`` steps a walk,
``RUN_STEPS`` a run, never by a move that failed or killed); there the pool is asked again. The agent's
own sweep of other verbs on the room's things (break, climb, rub: the pool holds none of those) keeps
its turns first, up to ``SWEEP_TURNS`` turns in the room without a new room or a point: leaving at
once loses points that the sweep finds. Those turns count from the turn the pool ran dry in the room
(rule ``the sweep has turns of its own``, knowledge/rules.py), not from the turn the agent walked in.

Rule ``the wider pool once the agent ran dry`` (``WideFirst``, a rule object of a later run's policy):
once the agent has idled, the pool's next command (or walk) is the turn's plan, before the agent's
usual rounds, which would only repeat what they already did.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from autofrotz.agents.base import TurnContext
from autofrotz.knowledge.rules import WIDE_FIRST, WIDEN, on
from autofrotz.knowledge.told import notes_nothing

WALK_STEPS = 12  # steps walked towards one room before the walk is left
RUN_STEPS = 150  # steps a run walks for the pool in all
SWEEP_TURNS = 20  # the agent's own sweep's turns in a room once the pool ran dry there (knowledge/rules.py)
RULE = "the pool is not spent elsewhere"


def pool_target(
    here: str, rooms: set[str], dry: set[str], with_things: set[str], far: dict[str, int]
) -> str | None:
    """The room to take the pool to: not spent (``dry``), reachable (``far``: steps to it), rooms with
    things seen first, then the nearest; None when there is none.

    >>> pool_target("hall", {"hall", "porch", "attic", "yard"}, {"porch"}, {"yard"},
    ...             {"porch": 1, "attic": 1, "yard": 3})
    'yard'
    >>> pool_target("hall", {"hall", "porch"}, {"porch"}, set(), {"porch": 1}) is None
    True
    """
    options = [r for r in rooms if r != here and r not in dry and r in far]
    if not options:
        return None
    return min(options, key=lambda r: (r not in with_things, far[r], r))


@dataclass
class WideFirst:
    """The wider pool as the turn's plan once the agent has idled (the pool keeps its own state)."""

    pool: Callable[[TurnContext], tuple[str, str] | None]  # the pool's next command here, or a walk
    idled: Callable[[], bool]  # whether the built-in agent has idled this run
    name = WIDE_FIRST
    observe = notes_nothing

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        return self.pool(ctx) if on(WIDEN) and on(WIDE_FIRST) and self.idled() else None
