"""A later run's state: each rule's own part of it (``GoalRecord`` in goals.py, ``ReplayState`` in
replay.py, ``RouteSteps`` in routes.py, ``PoolState``, ``ThingsState``, ``UnseenWalks`` in pool_state.py,
``TakenState``, ``SpreadState``, ``ClockState``, ``Gives``, ``Typed``, ``Conditions``, ``Relooks``,
``Heaps``, ``Openings``, ``Asked``, ``Standing``, ``WaysOn``, ``Shut`` in the modules of their rules),
all saved as one flat record."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any, get_type_hints

from autofrotz.knowledge.described import Asked
from autofrotz.knowledge.goals import GoalRecord
from autofrotz.knowledge.known_clock import ClockState
from autofrotz.knowledge.looks import Relooks
from autofrotz.knowledge.many import Heaps
from autofrotz.knowledge.openings import Openings
from autofrotz.knowledge.people import Gives
from autofrotz.knowledge.pool_state import PoolState, ThingsState, UnseenWalks
from autofrotz.knowledge.replay import ReplayState
from autofrotz.knowledge.routes import RouteSteps
from autofrotz.knowledge.said import Typed
from autofrotz.knowledge.shut import Shut
from autofrotz.knowledge.spread import SpreadState
from autofrotz.knowledge.stand_down import Standing
from autofrotz.knowledge.state_part import loaded
from autofrotz.knowledge.taken import TakenState
from autofrotz.knowledge.waiting import Conditions
from autofrotz.knowledge.ways_on import WaysOn


@dataclass
class GoalState:
    """This run's progress on what earlier runs taught: one part for each rule or part of the policy that
    writes it (``PARTS``: how each is saved and read back)."""

    goals: GoalRecord = field(default_factory=GoalRecord)
    walked: RouteSteps = field(default_factory=RouteSteps)
    walks: UnseenWalks = field(default_factory=UnseenWalks)
    replay: ReplayState = field(default_factory=ReplayState)
    pool: PoolState = field(default_factory=PoolState)
    spread: SpreadState = field(default_factory=SpreadState)
    clock: ClockState = field(default_factory=ClockState)
    gives: Gives = field(default_factory=Gives)
    typed: Typed = field(default_factory=Typed)
    conditions: Conditions = field(default_factory=Conditions)
    taken: TakenState = field(default_factory=TakenState)
    looks: Relooks = field(default_factory=Relooks)
    many: Heaps = field(default_factory=Heaps)
    things: ThingsState = field(default_factory=ThingsState)
    openings: Openings = field(default_factory=Openings)
    asked: Asked = field(default_factory=Asked)
    standing: Standing = field(default_factory=Standing)
    ways_on: WaysOn = field(default_factory=WaysOn)
    shut: Shut = field(default_factory=Shut)

    def to_dict(self) -> dict[str, Any]:
        """Plain data: every part's fields side by side in one flat record.

        >>> s = GoalState(GoalRecord(sent={0: 1}, done=[2]), clock=ClockState(barred=["hall|north"]))
        >>> GoalState.from_dict(s.to_dict()) == s, s.to_dict()["barred"], s.to_dict()["sent"]
        (True, ['hall|north'], [[0, 1]])
        """
        data: dict[str, Any] = {}
        for name, part in vars(self).items():
            data |= PARTS[name].save(part)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GoalState:
        """Inverse of to_dict (a part missing from an older record starts afresh)."""
        return cls(**{name: part.load(data) for name, part in PARTS.items()})


@dataclass(frozen=True)
class Saved:
    """How one part of the state is read back from the flat record (``load``) and written to it."""

    load: Callable[[dict[str, Any]], Any]
    save: Callable[[Any], dict[str, Any]] = asdict


# The parts read back by a reading of their own (counts keyed by number, a nested record); every other
# part is read back field by field (``state_part.loaded``).
OWN_READING: dict[str, Saved] = {
    "goals": Saved(GoalRecord.from_dict, GoalRecord.to_dict),
    "replay": Saved(ReplayState.from_dict),
    "clock": Saved(ClockState.from_dict),
}
# Each part of the state, by its attribute of GoalState, in its order.
PARTS: dict[str, Saved] = {
    name: OWN_READING.get(name) or Saved(partial(loaded, kind))
    for name, kind in get_type_hints(GoalState).items()
}
