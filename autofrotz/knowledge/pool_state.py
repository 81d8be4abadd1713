"""The wider pool's parts of a later run's state (knowledge/wider_pool.py, widen.py, pool_walk.py): what
it sent and learnt of verbs (``PoolState``), of things (``ThingsState``, which the reply notes write too)
and the walks to known rooms not seen this run (``UnseenWalks``)."""

from __future__ import annotations

from dataclasses import dataclass, field


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

    def after_point(self) -> None:
        """A rise in score may have changed what each room's things do: the uses are untried again.

        >>> pool = PoolState(uses={"hall": 2}, wide_sent=["hall|rub lamp"], pool_dry=["hall"], ran_dry=True)
        >>> pool.after_point(); pool.uses, pool.wide_sent, pool.pool_dry, pool.ran_dry
        ({}, [], [], True)
        """
        self.uses.clear()
        self.wide_sent.clear()
        self.pool_dry.clear()


@dataclass
class ThingsState:
    """What this run learnt of things the wider pool uses: refused in kind (``what a thing is not``),
    not here, swallowing what was given (``what swallows things gets no more``)."""

    not_kinds: list[str] = field(default_factory=list)  # "family|thing" this run was refused in kind
    unseen_tries: dict[str, list[str]] = field(default_factory=dict)  # "room|thing" -> carried things
    absent: list[str] = field(default_factory=list)  # "room|thing" not here to use, until the score rises
    sinks: list[str] = field(default_factory=list)  # "room|thing" that swallowed a carried thing this run

    def after_point(self) -> None:
        """A point may have brought what was not here: it is looked for again.

        >>> things = ThingsState(absent=["hall|lamp"], unseen_tries={"hall|lamp": []}, sinks=["hall|pit"])
        >>> things.after_point(); things.absent, things.unseen_tries, things.sinks
        ([], {}, ['hall|pit'])
        """
        self.absent.clear()
        self.unseen_tries.clear()


@dataclass
class UnseenWalks:
    """Rule ``known room not seen this run`` (wider_pool.py): the steps walked towards each such room."""

    unseen: dict[str, int] = field(default_factory=dict)  # known room -> steps walked towards it
