"""This run's progress on what earlier runs taught: the goals' record, and each rule's own part of it
(``ReplayState``, ``PoolState``, ``ThingsState`` here; ``TakenState``, ``SpreadState``, ``ClockState``,
``Gives``, ``Typed``, ``Conditions``, ``Relooks``, ``Heaps``, ``Openings``, ``Asked``, ``Standing``,
``WaysOn``, ``Shut`` in the modules of their rules), all saved as one flat record."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any

from autofrotz.knowledge.described import Asked
from autofrotz.knowledge.known_clock import ClockState
from autofrotz.knowledge.looks import Relooks
from autofrotz.knowledge.many import Heaps
from autofrotz.knowledge.openings import Openings
from autofrotz.knowledge.people import Gives
from autofrotz.knowledge.said import Typed
from autofrotz.knowledge.shut import Shut
from autofrotz.knowledge.side_trip import (
    Trip,
)
from autofrotz.knowledge.spread import SpreadState
from autofrotz.knowledge.stand_down import Standing
from autofrotz.knowledge.state_part import fields_of, loaded
from autofrotz.knowledge.taken import TakenState
from autofrotz.knowledge.waiting import Conditions
from autofrotz.knowledge.ways_on import WaysOn


@dataclass
class ReplayState:
    """The replay of the proven path: rules ``proven path``, ``off the path``, ``rejoin the path``, ``back
    to the path`` and ``a side door on the path``."""

    path_at: int = 0  # steps of the proven path sent
    path_done: bool = False
    path_stop: str = ""  # why the replay stopped (rule ``off the path``), "" while it goes on
    rejoins: int = 0  # times the replay rejoined the path (rule ``rejoin the path``)
    off_at: int = 0  # the step the replay last went off at
    back: int = 0  # turns spent walking back to the path (rule ``back to the path``)
    aside: bool = False  # the last command was sent beside the path (the path goes on where it was)
    trip: Trip = field(default_factory=Trip)  # rule ``a side door on the path`` (knowledge/side_trip.py)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ReplayState:
        known = fields_of(cls, data)
        if isinstance(known.get("trip"), dict):
            known["trip"] = Trip(**{k: v for k, v in known["trip"].items() if k in Trip.__dataclass_fields__})
        return cls(**known)


@dataclass
class PoolState:
    """The wider pool (widen.py, pool_walk.py): what it sent, the verbs it learnt of, where it ran dry."""

    uses: dict[str, int] = field(default_factory=dict)  # room -> untried uses sent (knowledge/widen.py)
    wide_sent: list[str] = field(default_factory=list)  # "room|command" the wider pool sent
    wants_thing: list[str] = field(default_factory=list)  # own verbs the parser asked a thing for
    wants_tool: list[str] = field(default_factory=list)  # own verbs it asked an instrument for
    no_thing: list[str] = field(default_factory=list)  # own verbs the parser read no thing after
    ran_dry: bool = False  # the agent asked for the wider pool once (rule ``a dead end at fewer points``)
    pool_dry: list[str] = field(default_factory=list)  # rooms where the pool had nothing left (this score)
    pool_rooms: list[str] = field(default_factory=list)  # rooms where the pool sent a command (this run)
    pool_to: str = ""  # the room rule ``the pool is not spent elsewhere`` walks to ("" when none)
    pool_steps: int = 0  # steps of that walk
    pool_walked: int = 0  # steps walked for the pool this run
    sweep_room: str = ""  # "room|score" where the pool last ran dry (rule ``the sweep has turns of its own``)
    sweep_from: int = 0  # the room's count of stale turns when it did


@dataclass
class ThingsState:
    """What this run learnt of things the wider pool uses: refused in kind (``what a thing is not``),
    not here, swallowing what was given (``what swallows things gets no more``)."""

    not_kinds: list[str] = field(default_factory=list)  # "family|thing" this run was refused in kind
    unseen_tries: dict[str, list[str]] = field(default_factory=dict)  # "room|thing" -> carried things
    absent: list[str] = field(default_factory=list)  # "room|thing" not here to use, until the score rises
    sinks: list[str] = field(default_factory=list)  # "room|thing" that swallowed a carried thing this run


@dataclass
class GoalState:
    """This run's progress on the known scoring actions (goals by their index in the lore), and each
    rule's own part (``PARTS``)."""

    sent: dict[int, int] = field(default_factory=dict)  # goal -> times its command was sent
    turns: dict[int, int] = field(default_factory=dict)  # goal -> turns spent on it
    prepared: dict[int, int] = field(default_factory=dict)  # goal -> preparation steps sent
    done: list[int] = field(default_factory=list)
    dropped: list[int] = field(default_factory=list)
    steps: dict[str, int] = field(default_factory=dict)  # "room|direction" -> times a plan walked it
    takes: dict[str, int] = field(default_factory=dict)  # thing -> times a plan went to take it
    last_goal: int | None = None
    last_score: int | None = None
    dry: int = 0  # planned turns since the score last rose
    unseen: dict[str, int] = field(default_factory=dict)  # known room -> steps walked towards it
    walking: int | None = None  # the goal a plan walks towards (rule ``one walk at a time``)
    parked: list[int] = field(default_factory=list)  # goals with no way there, until the score rises
    no_way: bool = False  # the last walk a plan asked for found no route
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
        """Plain data (integer keys as pairs).

        >>> s = GoalState(sent={0: 1}, done=[2], clock=ClockState(room="hall", barred=["hall|north"]))
        >>> GoalState.from_dict(s.to_dict()) == s, s.to_dict()["barred"]
        (True, ['hall|north'])
        """
        data = {k: v for k, v in asdict(self).items() if k not in PARTS}
        for name in ("sent", "turns", "prepared"):
            data[name] = [[k, v] for k, v in data[name].items()]
        for name in PARTS:
            data |= asdict(getattr(self, name))
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GoalState:
        """Inverse of to_dict."""
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__ and k not in PARTS}
        for name in ("sent", "turns", "prepared"):
            known[name] = {int(k): int(v) for k, v in known.get(name, [])}
        parts = {name: load(data) for name, load in PARTS.items()}
        return cls(**known, **parts)


# Each rule's part of the state, by its attribute of GoalState: how it is read back from a saved state.
PARTS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "replay": ReplayState.from_dict,
    "pool": partial(loaded, PoolState),
    "spread": partial(loaded, SpreadState),
    "clock": ClockState.from_dict,
    "gives": partial(loaded, Gives),
    "typed": partial(loaded, Typed),
    "conditions": partial(loaded, Conditions),
    "taken": partial(loaded, TakenState),
    "looks": partial(loaded, Relooks),
    "many": partial(loaded, Heaps),
    "things": partial(loaded, ThingsState),
    "openings": partial(loaded, Openings),
    "asked": partial(loaded, Asked),
    "standing": partial(loaded, Standing),
    "ways_on": partial(loaded, WaysOn),
    "shut": partial(loaded, Shut),
}
