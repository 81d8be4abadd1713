"""The built-in agent's use of earlier runs: a wrapper that consults the lore each turn.

First, while the game goes the way it went before, it replays the proven path (knowledge/path.py):
the shortened, rehearsed commands that took an earlier run to its best score.

| rule | what it does |
|---|---|
| ``proven path (run N)`` | the path's next command; the built-in agent still reads every reply |
| ``off the path`` | stop replaying when the last reply is not what the path expects (see below) |
| ``rejoin the path (run N)`` | off the path, back at a later step's room and score: replay on from it |
| ``back to the path (run N)`` | off it at the score the path shows before a step: walk the known map there |
| ``a refused step is passed over`` | a step the parser did not understand, that scored nothing: go on |

``back to the path`` is the known-scoring route taking precedence over new experiments until it has been
replayed: off the path (a random event moved the player, a death undid some steps), while this run's score
equals the score the path shows before one of the steps not replayed yet, the agent walks the known map
(earlier runs' exits and this run's) to that step's room, where ``rejoin the path`` takes it up again;
``BACK_TURNS`` walking turns a run at most, never by a move that failed or killed.

``rejoin the path`` looks at the steps from the one the replay left onwards, the earliest first (a
step does not say what was carried: redoing one is safer than skipping one), ``REJOINS`` times a run
at most: the room and score the path shows before the step must be this turn's.

| ``behind the first run`` | 50 turns past a turn by which the blank first run had more points: play fresh |

``off the path`` (the reason is kept in the state): a death, another command was sent (the maze
solver, a person), another room, or a lower score than the path showed there. The path is then
no constraint: the agent plays as it would fresh from there, the scoring actions of the steps not
replayed become goals again, and the path stays something to retry (``rejoin the path``).

After the path (or without one), rules that plan, tried for each known scoring action in the order
earlier runs found them; the first that has a command decides, and its name (with the run that
taught it) is the turn's reasoning:

| rule | what it does |
|---|---|
| ``fetch for a known scoring action (run N)`` | go where a thing it needed was found, and take it |
| ``known route for a known scoring action (run N)`` | walk the known map towards the action's room |
| ``known route after the path (run N)`` | the same, once this run holds the proven path's score |
| ``known preparation for a known scoring action (run N)`` | what worked in that room just before |
| ``known scoring action (run N)`` | in the action's room, holding what it names: do it |
| ``known way on (run N)`` | here, a command (not a move) that took an earlier run to a room not seen yet |
| ``what an earlier run took (run N)`` | here, a command (not a move) that gave an earlier run a thing |

Once the agent's own exploring is spent (the seam it asks before its last-resort sweep), rule ``known
room not seen this run`` walks the known map to the nearest room an earlier run saw and this run has
not (the proven path goes straight to the points and skips the rooms the first run explored on the
way: what lies there may be what the next point needs); ``UNSEEN_STEPS`` steps a room, ``UNSEEN_TURNS``
a run. Then the wider pool.

Rule ``move on from a spent room`` (knowledge/spread.py): this run ``STALE_TURNS`` turns in one room without
a new room or a point, it walks the known map to the room of this run's map where this run and the earlier
runs spent the fewest turns (the agent's last resorts are tried where it stands: without the rule a run
can spend hundreds of turns on one room whose way out its memory ruled out).

Once the agent has run dry (it idled once), the wider pool of knowledge/widen.py goes to the front
of its queue as well (``on(WIDE_FIRST)``): its usual rounds then repeat what they already did.

and four vetoes the agent's own ``allowed`` check consults through ``InformedMemory``: ``known
refusal`` (words the parser did not understand), ``known death`` (the command killed us here; not
when the killing reply holds a sentence the story's own clock said after other commands too, rule ``timed
death`` in lore.py),
``known dead end`` (sent here in an earlier run, it changed nothing: no move, no score, nothing
taken or dropped; so this run spends its turns on what was not tried) and ``known wall`` (a compass
move earlier runs were told has no exit here, with the library's own words, and that never led
anywhere from here; lifted once this run's score passes theirs).
The agent's own rules still run every turn (it keeps learning); a plan goes to the front of its
follow-up queue under the rule's name, so its safety rules (get away, light, fight) still come first.
Once its usual actions are spent, the wider pool of knowledge/widen.py (the story's own verbs,
untried uses of what it carries) comes before its last-resort sweep.
"""

from __future__ import annotations

import logging
import re
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from autofrotz.agents.base import Decision, TurnContext
from autofrotz.agents.builtin_idle import HELD_ROOM, next_late_action
from autofrotz.agents.builtin_memory import Memory, spot
from autofrotz.agents.builtin_tactics import allowed, objects
from autofrotz.agents.builtin_ways import ways_the_reply_opens
from autofrotz.agents.builtin_words import VERB_ONLY
from autofrotz.agents.reply_reading import SUCH_THING
from autofrotz.knowledge.blind import RULE as BLIND_RULE
from autofrotz.knowledge.blind import names_exits
from autofrotz.knowledge.clock import (
    CLOCK_VISITS,
    OTHER_WAY_RULE,
    Deaths,
    Stay,
    leave_by,
    other_way_out,
    unwalked_ways,
)
from autofrotz.knowledge.described import RULE as DESCRIBED_RULE
from autofrotz.knowledge.described import ask_next
from autofrotz.knowledge.kinds import swallows, thing_is_not, unseen_here, use_parts
from autofrotz.knowledge.learner import refusal_class
from autofrotz.knowledge.looks import RULE as RELOOK_RULE
from autofrotz.knowledge.looks import second_looks
from autofrotz.knowledge.lore import WORD_DEATH, Lore, Scoring, alone
from autofrotz.knowledge.many import RULE as MANY_RULE
from autofrotz.knowledge.many import looks_through
from autofrotz.knowledge.path import ProvenPath, same_place
from autofrotz.knowledge.people import note_people, told_next
from autofrotz.knowledge.pool_walk import RULE as POOL_RULE
from autofrotz.knowledge.pool_walk import RUN_STEPS as POOL_RUN_STEPS
from autofrotz.knowledge.pool_walk import SWEEP_TURNS as POOL_SWEEP_TURNS
from autofrotz.knowledge.pool_walk import WALK_STEPS as POOL_WALK_STEPS
from autofrotz.knowledge.pool_walk import pool_target
from autofrotz.knowledge.rules import (
    ACTORS,
    BACK,
    BLIND,
    BY_TEXT,
    CARRIED_ANYWHERE,
    CLOCK_POINT,
    CLOCKS,
    DEAD_ENDS,
    DESCRIBED,
    DETOUR,
    EVERY_WORD_LATER,
    KEEP_WALK,
    LIFT,
    MANY,
    MOVE_ON,
    NOT_YET,
    ONE_GOAL,
    OPENINGS,
    OTHER_WAYS,
    OWN_SWEEP,
    PEOPLE,
    POOL_WALK,
    PREPARE,
    RELOOK,
    REPLY_OPENS_LATER,
    ROUTES,
    ROUTES_AFTER_PATH,
    SAID,
    SHUT,
    SIDE_TRIPS,
    SINKS,
    STAND_DOWN,
    TAKEN,
    TOLD,
    UNSEEN,
    WAITING,
    WALLS,
    WAYS_ON,
    WIDE_FIRST,
    WIDEN,
    WORDS,
    on,
)
from autofrotz.knowledge.said import note_said, said_next
from autofrotz.knowledge.shut import open_first
from autofrotz.knowledge.side_trip import OUT_REASON as SIDE_OUT
from autofrotz.knowledge.side_trip import RULE as SIDE_RULE
from autofrotz.knowledge.side_trip import (
    Trip,
    has_twin,
    named_ways,
    namesakes,
    start,
    text_key,
    under_way,
    untaken_way,
)
from autofrotz.knowledge.spread import RULE as MOVE_ON_RULE
from autofrotz.knowledge.spread import STALE_TURNS, WALK_STEPS, least_spent
from autofrotz.knowledge.waiting import due_next, note_waiting
from autofrotz.knowledge.widen import (
    ASKS_FOR_THING,
    ASKS_FOR_TOOL,
    ROOM_BUDGET,
    Asked,
    pool_commands,
    untried_use,
)
from autofrotz.managers.directions import parse_direction

log = logging.getLogger(__name__)

GOAL_TRIES = 2  # a known scoring action sent this often without points is left to the agent
GOAL_TURNS = 25  # turns spent going for one goal before it is left (a door shut, a route changed)
PATIENCE = 60  # planned turns without a point before planning stops until the score rises again
STEP_REPEATS = 3  # a step plans walked this often leads nowhere this run (a guard, the dark): avoid it
# Prefixes of the rule names here (to find their queue entries).
KNOWN = ("known ", "fetch for a known", "untried use", "the story's own verb", "back to the path")
PATH_RULE = "proven path"
# Rule ``what an earlier run took``: here, a command that first gave an earlier run things this run never
# held is sent (once a run); once the agent's own exploring is spent, the known map leads to the nearest
# room with such a command (``TAKE_STEPS`` steps a room, ``TAKE_TURNS`` a run). A later run's path skips
# what the first run picked up on the way and never used; a point may need it with what the path brings.
TAKE_STEPS = 12
TAKE_TURNS = 80
TAKEN_RULE = "what an earlier run took"
BEHIND_GRACE = 50  # turns past the first run's turn for a score before knowledge stands down
DEAD_END_TRIES = 99
REJOINS = 4  # times a run may rejoin the proven path after going off it
REJOIN_RULE = "rejoin the path"
PASS_RULE = "a refused step is passed over"
BACK_TURNS = 40  # turns a run may spend walking back to the path
BACK_RULE = "back to the path"
CLOCK_POINT_RULE = "a known point before the clock"
UNSEEN_STEPS = 12  # steps walked towards one such room before it is left
UNSEEN_TURNS = 120  # steps a run walks towards them in all
UNSEEN_RULE = "known room not seen this run"
DETOURS = 4  # first steps that killed left out before a route is given up
NOT_YET_RULE = "not there yet"
OPENED_RULE = "a way an earlier run opened"
ASK_STEPS = 20  # steps walked towards a person an earlier run examined (rule DESCRIBED)


class InformedMemory(Memory):
    """The agent's memory, with earlier runs' refusals and deaths as extra vetoes (``hits`` records them)."""

    lore: Lore
    hits: list[tuple[str, str, str]]
    off: bool  # knowledge stood down (rule ``behind the first run``): the vetoes no longer apply
    barred: list[str]  # "room|direction" moves into a room whose clock kills (rule ``known clock``)
    lifted: dict[str, str]  # "room|command" -> the rule that let a known dead end be tried again
    ran_dry: bool  # the agent's usual actions were spent once this run (it asked for the wider pool)

    @classmethod
    def around(cls, mem: Memory, lore: Lore) -> InformedMemory:
        """The same memory (shared structures), now consulting the lore."""
        informed = cls(**{f.name: getattr(mem, f.name) for f in fields(Memory)})
        informed.lore, informed.hits, informed.off, informed.barred = lore, [], False, []
        informed.lifted, informed.ran_dry = {}, False
        return informed

    def failed(self, room: str | None, command: str) -> bool:
        if super().failed(room, command):
            return True
        if self.barred and f"{room}|{parse_direction(command)}" in self.barred:
            return self._veto(room, command, "known clock: left that room by its clock too often")
        if self.off:
            return False
        # A known death counts as refused too: the explorer checks exits through this question.
        rule = self.lore.refusal_rule(room, command) or self.lore.death_rule(room, command)
        if rule is None and on(WALLS):
            rule = self.lore.wall_rule(room, command, self.now.score)
        return self._veto(room, command, rule)

    def blind_worth(self, room: str | None) -> bool:
        """Rule ``the story names its exits`` (knowledge/blind.py): no blind tries when earlier runs'
        never found a room."""
        if not on(BLIND) or self.off or not names_exits(*self.lore.blind):
            return True
        tries, _ = self.lore.blind
        return not self._veto(
            room, "directions not mentioned", f"{BLIND_RULE}: {tries} earlier tries found none"
        )

    def deadly(self, room: str | None, command: str) -> bool:
        if super().deadly(room, command):
            return True
        if self.off:
            return False
        rule = self.lore.death_rule(room, command) or (
            self.lore.word_death_rule(command) if on(WORDS) else None
        )
        if (
            rule is None
            and on(WORDS)
            and alone(command)
            and any(k.what == command for k in self.attempts.killers)
        ):
            rule = f"{WORD_DEATH} (this run)"
        return self._veto(room, command, rule)

    def tried(self, room: str | None, command: str) -> int:
        n = super().tried(room, command)
        if n or not on(DEAD_ENDS) or self.off:
            return n
        # Only once the agent's usual actions are spent this run (it asked for the wider pool): before, what
        # no run tried comes first (measured on two dev stories: lifted from the start, a later run spent
        # its turns redoing the first run's).
        score = self.now.score if on(LIFT) and (self.ran_dry or self.now.idle > 0) else None
        rule = self.lore.dead_end_rule(room, command, score)
        if rule is None and room == HELD_ROOM and on(CARRIED_ANYWHERE):
            rule = self.lore.carried_dead_end_rule(command)
        if self._veto(room, command, rule):
            return DEAD_END_TRIES  # counts as tried up to any verb's limit: other things come first
        lifted = self.lore.lifted(room, command, score)
        if lifted is not None:
            self.lifted[f"{room}|{command}"] = lifted
        return n

    def _veto(self, room: str | None, command: str, rule: str | None) -> bool:
        if rule is not None:
            self.hits.append((room or "?", command, rule))
        return rule is not None


@dataclass
class GoalState:
    """This run's progress on the known scoring actions (goals by their index in the lore)."""

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
    path_at: int = 0  # steps of the proven path sent
    path_done: bool = False
    path_stop: str = ""  # why the replay stopped (rule ``off the path``), "" while it goes on
    rejoins: int = 0  # times the replay rejoined the path (rule ``rejoin the path``)
    off_at: int = 0  # the step the replay last went off at
    back: int = 0  # turns spent walking back to the path (rule ``back to the path``)
    uses: dict[str, int] = field(default_factory=dict)  # room -> untried uses sent (knowledge/widen.py)
    ways: list[str] = field(default_factory=list)  # "room|command" of the known ways on sent
    wide_sent: list[str] = field(default_factory=list)  # "room|command" the wider pool sent
    wants_thing: list[str] = field(default_factory=list)  # own verbs the parser asked a thing for
    wants_tool: list[str] = field(default_factory=list)  # own verbs it asked an instrument for
    no_thing: list[str] = field(default_factory=list)  # own verbs the parser read no thing after
    stood_down: str = ""  # why knowledge stood down (rule ``behind the first run``), "" while it helps
    stay: Stay = field(default_factory=Stay)  # where this run last walked in (rule ``known clock``)
    room: str = ""  # the room of the last turn
    own_deaths: list[list[Any]] = field(default_factory=list)  # [room, since, command]: this run's
    leaves: dict[str, int] = field(default_factory=dict)  # room -> times left by its clock
    barred: list[str] = field(default_factory=list)  # "room|direction" moves not walked again
    unseen: dict[str, int] = field(default_factory=dict)  # known room -> steps walked towards it
    took: list[str] = field(default_factory=list)  # "room|command" sent by rule ``what an earlier run took``
    take_walks: dict[str, int] = field(default_factory=dict)  # its room -> steps walked towards it
    held: list[str] = field(default_factory=list)  # every thing this run has carried (lower case)
    spent: dict[str, int] = field(default_factory=dict)  # room -> turns this run spent there
    stale_room: str = ""  # the room of rule ``move on from a spent room``'s count
    stale_since: int = 0  # turns in it without a new room or a point
    stale_score: int = 0
    move_to: str = ""  # the room it walks to ("" when none)
    ran_dry: bool = False  # the agent asked for the wider pool once (rule ``a dead end at fewer points``)
    move_steps: int = 0
    pool_dry: list[str] = field(default_factory=list)  # rooms where the pool had nothing left (this score)
    pool_rooms: list[str] = field(default_factory=list)  # rooms where the pool sent a command (this run)
    pool_to: str = ""  # the room rule ``the pool is not spent elsewhere`` walks to ("" when none)
    pool_steps: int = 0  # steps of that walk
    pool_walked: int = 0  # steps walked for the pool this run
    walking: int | None = None  # the goal a plan walks towards (rule ``one walk at a time``)
    parked: list[int] = field(default_factory=list)  # goals with no way there, until the score rises
    no_way: bool = False  # the last walk a plan asked for found no route
    not_kinds: list[str] = field(default_factory=list)  # "family|thing" this run was refused in kind
    unseen_tries: dict[str, list[str]] = field(default_factory=dict)  # "room|thing" -> carried things
    absent: list[str] = field(default_factory=list)  # "room|thing" not here to use, until the score rises
    sinks: list[str] = field(default_factory=list)  # "room|thing" that swallowed a carried thing this run
    sweep_room: str = ""  # "room|score" where the pool last ran dry (rule ``the sweep has turns of its own``)
    sweep_from: int = 0  # the room's count of stale turns when it did
    told: list[str] = field(default_factory=list)  # gives a reply asked for, not yet sent
    told_sent: list[str] = field(default_factory=list)
    told_steps: int = 0
    last_give: str = ""  # the last give or show sent (a question's answer may finish it)
    opened: list[str] = field(default_factory=list)  # "room|command" of rule ``a way an earlier run opened``
    opened_way: str = ""  # the way to go next (the command was just sent)
    shut_opened: list[str] = field(default_factory=list)  # "room|thing" opened (shut.py)
    aside: bool = False  # the last command was sent beside the path (the path goes on where it was)
    took_absent: list[str] = field(default_factory=list)  # "room|command" takings answered "can't see"
    relook: list[str] = field(default_factory=list)  # examines queued by rule RELOOK_RULE
    relooked: list[str] = field(default_factory=list)  # things whose look queued second looks
    heaps: list[str] = field(default_factory=list)  # looks queued by rule ``too many to carry ...``
    heaps_sent: list[str] = field(default_factory=list)  # "room|command" sent by that rule
    ask_steps: int = 0  # steps walked towards a person an earlier run examined
    asked_about: list[str] = field(default_factory=list)  # "room|person|topic" asked (described.py)
    said: list[str] = field(default_factory=list)  # commands a reply spelled out, not yet sent
    said_sent: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)  # "room|command" refused until a condition is met
    due: list[str] = field(default_factory=list)  # waiting commands to send again (the score rose)
    due_steps: int = 0
    wait_score: int = 0
    trip: Trip = field(default_factory=Trip)  # rule ``a side door on the path`` (knowledge/side_trip.py)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (integer keys as pairs).

        >>> s = GoalState(sent={0: 1}, done=[2]); GoalState.from_dict(s.to_dict()) == s
        True
        """
        data = asdict(self)
        for name in ("sent", "turns", "prepared"):
            data[name] = [[k, v] for k, v in data[name].items()]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GoalState:
        """Inverse of to_dict."""
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        for name in ("sent", "turns", "prepared"):
            known[name] = {int(k): int(v) for k, v in known.get(name, [])}
        if isinstance(known.get("stay"), dict):
            known["stay"] = Stay(**known["stay"])
        if isinstance(known.get("trip"), dict):
            known["trip"] = Trip(**{k: v for k, v in known["trip"].items() if k in Trip.__dataclass_fields__})
        return cls(**known)


class KnowingAgent:
    """Wraps the built-in agent: plans from the lore, vetoes what earlier runs ruled out."""

    def __init__(self, inner: Any, lore: Lore, path: ProvenPath | None = None) -> None:
        self.inner = inner
        self.lore = lore
        self.path = path if hasattr(inner, "follow") else None
        self.deterministic = bool(getattr(inner, "deterministic", False))
        self.state = GoalState()
        if self.path is not None:  # what the path scores is not a goal of its own
            self.state.done = self._path_goals(self.path)
        self._inform()

    def _way_on(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``known way on``: here, a command other than a move that led on in an earlier run to
        a room this run has not seen (sent once a run)."""
        if not on(WAYS_ON) or ctx.room_id is None:
            return None
        names = set(ctx.known_rooms)  # the context lists this run's rooms by name, not by id
        for (room, command), (run, to) in self.lore.ways_on.items():
            key = f"{room}|{command}"
            if key in self.state.ways or not same_place(ctx.room_id, room):
                continue
            if self.lore.rooms.get(to, to) in names:  # it leads where this run has been
                continue
            if self.inner.mem.deadly(ctx.room_id, command):
                continue
            self.state.ways.append(key)
            return command, f"known way on (run {run}): it led on from here"
        return None

    def _note_stay(self, ctx: TurnContext) -> None:
        """Count this run's turns per room, and those in this room since a new room or a point."""
        s, room, score = self.state, ctx.room_id or "", ctx.score or 0
        s.spent[room] = s.spent.get(room, 0) + 1
        if room != s.stale_room or score > s.stale_score or ctx.death_note:
            s.stale_room, s.stale_since = room, 0
        else:
            s.stale_since += 1
        s.stale_score = max(s.stale_score, score)

    def _move_on(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``move on from a spent room`` (knowledge/spread.py): ``STALE_TURNS`` turns here without a
        new room or a point, walk to the room of this run's map where the fewest turns were spent."""
        s, here = self.state, ctx.room_id
        if not on(MOVE_ON) or here is None:
            return None
        if s.move_to and (here == s.move_to or s.move_steps >= WALK_STEPS):
            s.move_to = ""  # arrived, or the walk is too long: the agent plays here
        if not s.move_to and s.stale_since < STALE_TURNS:
            return None
        if not s.move_to:
            exits = _this_run_exits(ctx.map)
            rooms = set(exits) | {to for d in exits.values() for to in d.values()}
            far = {
                r: len(steps)
                for r in rooms
                if r != here
                for steps in [self.lore.route(here, r, exits)]
                if steps
            }
            target = least_spent(here, rooms, s.spent, self.lore.room_turns, far)
            s.stale_since = 0  # the next count starts now, whether or not there is a walk
            if target is None:
                return None
            s.move_to, s.move_steps = target, 0
        steps = self._route_to(ctx, s.move_to)
        if not steps:
            s.move_to = ""
            return None
        s.move_steps += 1
        where = self.lore.rooms.get(s.move_to, s.move_to)
        return steps[0], f"{MOVE_ON_RULE} (after {self.lore.runs} earlier runs): to {where}"

    def _wider(self, ctx: TurnContext, scene: Any) -> tuple[str, str] | None:
        """The agent's ``wider`` seam: a known room not seen this run, else an untried use."""
        self.state.ran_dry = self.inner.mem.ran_dry = True  # rule ``a dead end at fewer points`` may lift
        return self._take_walk(ctx) or self._unseen_room(ctx) or self._pool(ctx, scene)

    def _pool(self, ctx: TurnContext, scene: Any) -> tuple[str, str] | None:
        """The wider pool here; when it has nothing left here, a step towards a room where it has."""
        s, here = self.state, ctx.room_id or "?"
        if s.pool_to and here != s.pool_to and s.pool_steps < POOL_WALK_STEPS:
            walk = self._pool_step(ctx)
            if walk is not None:
                return walk
        s.pool_to = ""
        plan = self._untried(ctx, scene)
        if plan is not None:
            s.pool_rooms += [] if here in s.pool_rooms else [here]
            return plan
        s.pool_dry += [] if here in s.pool_dry else [here]
        if not on(POOL_WALK) or s.pool_walked >= POOL_RUN_STEPS or ctx.room_id is None:
            return None
        if s.sweep_room != f"{here}|{s.stale_score}" or s.stale_since < s.sweep_from:
            s.sweep_room, s.sweep_from = f"{here}|{s.stale_score}", s.stale_since if on(OWN_SWEEP) else 0
        own = s.stale_since - s.sweep_from  # the sweep's turns here so far
        if own < POOL_SWEEP_TURNS and next_late_action(scene, self.inner.mem) is not None:
            return None  # the agent's sweep of other verbs has its turns here first
        exits = _this_run_exits(ctx.map)
        rooms = set(exits) | {to for d in exits.values() for to in d.values()}
        far = {
            r: len(steps)
            for r in rooms
            if r != here and r not in s.pool_dry and self._pool_left(ctx, r)
            for steps in [self.lore.route(here, r, exits)]
            if steps
        }
        things = set(s.pool_rooms) | {
            r for r in rooms if any(same_place(r, k) for k in self.lore.items.values())
        }
        target = pool_target(here, rooms, set(s.pool_dry), things, far)
        if target is None:
            return None
        s.pool_to, s.pool_steps = target, 0
        return self._pool_step(ctx)

    def _pool_left(self, ctx: TurnContext, room: str) -> bool:
        """Whether the wider pool has a command left in another room of this run's map (seen as the
        agent remembers it: its things, what is carried now)."""
        s, mem = self.state, self.inner.mem
        if s.uses.get(room, 0) >= ROOM_BUDGET or not hasattr(self.inner, "_remote_scene"):
            return False
        if not mem.now.lit and self.inner._map_dark(room):
            return False
        scene = self.inner._remote_scene(room)
        verbs = self.lore.verbs
        on = [v for v in verbs if v not in s.no_thing]
        kinds, ruled_out = self._not_kinds(), self._ruled_out()
        asked = Asked(verbs, s.wide_sent, s.wants_thing, s.wants_tool, on, kinds, ruled_out)
        pool = pool_commands(ctx.vocabulary.knows, room, scene, mem, asked)
        return any(allowed(c, room, mem) for c, _ in pool)

    def _pool_step(self, ctx: TurnContext) -> tuple[str, str] | None:
        """A step of rule ``the pool is not spent elsewhere`` (None, and the walk left, when none)."""
        s = self.state
        steps = self._route_to(ctx, s.pool_to)
        if not steps:
            s.pool_dry.append(s.pool_to)  # no way there this time: not walked to again at this score
            s.pool_to = ""
            return None
        s.pool_steps += 1
        s.pool_walked += 1
        where = self.lore.rooms.get(s.pool_to, s.pool_to)
        return steps[0], f"{POOL_RULE} (after {self.lore.runs} earlier runs): to {where}"

    def _takes_left(self, ctx: TurnContext, text: str = "") -> list[tuple[str, str, int, tuple[str, ...]]]:
        """(room, command, run, things) of rule ``what an earlier run took`` not sent this run (or sent
        before the thing was there, and ``text`` names it now), whose things this run never held, that
        never killed there."""
        if not on(TAKEN) or ctx.room_id is None:
            return []
        held, mem, s = self.state.held, self.inner.mem, self.state
        words = set(re.findall(r"[a-z]+", text))
        return [
            (room, command, run, things)
            for (room, command), (run, things) in self.lore.taken.items()
            if (
                f"{room}|{command}" not in s.took
                or f"{room}|{command}" in s.took_absent
                and any(words & {h, f"{h}s", f"{h}es"} for h in (t.lower().split()[-1] for t in things))
            )
            and not any(t.lower() in held for t in things)
            and not mem.deadly(room, command)
        ]

    def _note_held(self, ctx: TurnContext) -> None:
        """What this run carries now joins ``held`` (rule ``what an earlier run took``: not fetched again)."""
        if on(TAKEN) and ctx.room_id is not None:
            held = self.state.held
            held += [c.lower() for c in ctx.inventory if c.lower() not in held]

    def _opening_here(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``a way an earlier run opened``: in the room where a command's reply told an earlier run of a
        way opening, the command (once a run), then that way (once)."""
        s = self.state
        for (room, command), (run, way) in self.lore.openings.items() if on(OPENINGS) else ():
            key = f"{room}|{command}"
            if same_place(ctx.room_id, room) and key not in s.opened:
                s.opened.append(key)
                s.opened_way = way
                return command, f"{OPENED_RULE} (run {run}): it opened a way {way}"
        return None

    def _open_shut(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``open what an earlier run found shut`` (shut.py), in this room."""
        return open_first(self.lore.shut, ctx.room_id, self.state.shut_opened) if on(SHUT) else None

    def _ask_described(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``ask about what an earlier run read of them`` (described.py): the person an earlier run
        examined in this room, here again, is asked about what the description named (once a run)."""
        if not on(DESCRIBED):
            return None
        said = f"{ctx.room_description or ''} {ctx.last_output or ''}".lower()
        nouns = self.inner.mem.seen.nouns.get(ctx.room_id or "?", [])
        here = set(re.findall(r"[a-z]+", said)) | {n.split()[-1] for n in nouns if n}
        return ask_next(self.lore.described, ctx.room_id, here, self.state.asked_about)

    def _ask_walk(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``ask about what an earlier run read of them``, elsewhere: once the path is over, a step
        towards the nearest room where an earlier run examined a person this run has topics left for
        (``ASK_STEPS`` steps a run: a story's clock may close before the person is met by chance)."""
        s = self.state
        if not on(DESCRIBED) or not s.path_done or s.ask_steps >= ASK_STEPS:
            return None
        asked = set(s.asked_about)
        rooms = [
            room
            for (room, person), topics in self.lore.described.items()
            if room != ctx.room_id and any(f"{room}|{person}|{t}" not in asked for t in topics)
        ]
        steps = self._route_to_any(ctx, rooms) if rooms else []
        if not steps:
            return None
        s.ask_steps += 1
        return steps[0], f"{DESCRIBED_RULE}: walk to them"

    def _note_relook(self, ctx: TurnContext) -> None:
        """Rule ``a thing that names names makes the others worth a look`` (looks.py), once the path is
        over."""
        s = self.state
        if on(RELOOK) and s.path_done:
            queued = second_looks(
                ctx.last_command or "", ctx.last_output or "", list(ctx.inventory), s.relooked
            )
            s.relook += [c for c in queued if c not in s.relook]

    def _note_heap(self, ctx: TurnContext) -> None:
        """Rule ``too many to carry are looked through`` (many.py): the looks a refused taking asks for."""
        s, room = self.state, ctx.room_id or "?"
        fresh = [c for c in looks_through(ctx.last_output or "") if f"{room}|{c}" not in s.heaps_sent]
        s.heaps = fresh if on(MANY) and fresh else s.heaps

    def _heap(self, ctx: TurnContext) -> tuple[str, str] | None:
        """The next look queued by rule ``too many to carry are looked through``, once a room."""
        s = self.state
        if not s.heaps:
            return None
        command = s.heaps.pop(0)
        s.heaps_sent.append(f"{ctx.room_id or '?'}|{command}")
        return command, f"{MANY_RULE}: the reply called them too many"

    def _relook(self, ctx: TurnContext) -> tuple[str, str] | None:
        """The next second look queued by rule ``a thing that names names makes the others worth a look``."""
        return (self.state.relook.pop(0), RELOOK_RULE) if self.state.relook else None

    def _through_opening(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``a way an earlier run opened``, the way itself: sent the turn after the command, past the
        earlier runs' vetoes (the way was a wall before it opened), when the reply told of an opening."""
        way, self.state.opened_way = self.state.opened_way, ""
        if not way or not ways_the_reply_opens(ctx.last_command or "", ctx.last_output or ""):
            return None
        if Memory.deadly(self.inner.mem, ctx.room_id, way):
            return None
        return way, f"{OPENED_RULE}: go that way"

    def _take_here(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``what an earlier run took``, here: its command (once a run). Rule ``not there yet``: a
        taking answered "You can't see any such thing" (the thing comes later: an event puts it there)
        is sent once more when a text of the room names the thing."""
        self._note_held(ctx)
        s, last = self.state, (ctx.last_command or "").strip().lower()
        if (
            on(NOT_YET)
            and s.took
            and s.took[-1].endswith(f"|{last}")
            and SUCH_THING.search(ctx.last_output or "")
        ):
            s.took_absent += [] if s.took[-1] in s.took_absent else [s.took[-1]]
        text = f"{ctx.room_description or ''} {ctx.last_output or ''}".lower()
        for room, command, run, things in self._takes_left(ctx, text):
            if same_place(ctx.room_id, room):
                key = f"{room}|{command}"
                again = key in s.took
                s.took += [] if again else [key]
                s.took_absent = [k for k in s.took_absent if k != key]
                if again:  # this run's own memory of the refusal is no bar now: the thing is named here
                    mem = self.inner.mem
                    mem.attempts.unmark(ctx.room_id, command)
                    named = set(objects(command))
                    mem.seen.absent = [
                        a for a in mem.seen.absent if a.room != ctx.room_id or a.what not in named
                    ]
                rule = f"{NOT_YET_RULE} (run {run})" if again else f"{TAKEN_RULE} (run {run})"
                return command, f"{rule}: {', '.join(things)}"
        return None

    def _take_walk(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``what an earlier run took``, elsewhere: a step towards the nearest room with one."""
        if ctx.room_id is None or sum(self.state.take_walks.values()) >= TAKE_TURNS:
            return None
        self._note_held(ctx)
        rooms = [room for room, _command, _run, _things in self._takes_left(ctx)]
        rooms = [r for r in rooms if not same_place(ctx.room_id, r)]
        step = self._walk_to_nearest(ctx, rooms, self.state.take_walks, TAKE_STEPS)
        if step is None:
            return None
        return step[0], f"{TAKEN_RULE} (after {self.lore.runs} earlier runs): to {step[1]}"

    def _unseen_room(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``known room not seen this run``: a step towards the nearest room earlier runs saw and this
        run has not, over the known map (earlier runs' exits and this run's)."""
        if not on(UNSEEN) or ctx.room_id is None or sum(self.state.unseen.values()) >= UNSEEN_TURNS:
            return None
        exits = _this_run_exits(ctx.map)
        seen = {ctx.room_id, *exits, *(to for d in exits.values() for to in d.values())}
        names = set(ctx.known_rooms)  # the context lists rooms by name (two rooms may share one)
        rooms = [
            room
            for room, name in self.lore.rooms.items()
            if name not in names and not any(same_place(room, r) for r in seen)
        ]
        step = self._walk_to_nearest(ctx, rooms, self.state.unseen, UNSEEN_STEPS, exits)
        if step is None:
            return None
        return step[0], f"{UNSEEN_RULE} (after {self.lore.runs} earlier runs): {step[1]}"

    def _walk_to_nearest(
        self,
        ctx: TurnContext,
        rooms: list[str],
        walked: dict[str, int],
        limit: int,
        exits: dict[str, dict[str, str]] | None = None,
    ) -> tuple[str, str] | None:
        """(first step, the room's name) towards the nearest of ``rooms`` over the known map, each walked
        towards at most ``limit`` steps (counted in ``walked``); a room whose first step failed or killed
        here is left. ``exits``: this run's, when the caller has read them already."""
        exits = _this_run_exits(ctx.map) if exits is None else exits
        best: tuple[str, list[str]] | None = None
        for room in rooms:
            if walked.get(room, 0) >= limit:
                continue
            steps = self.lore.route(ctx.room_id, room, exits)
            if steps and (best is None or len(steps) < len(best[1])):
                best = (room, steps)
        if best is None:
            return None
        room, steps = best
        mem = self.inner.mem
        if Memory.failed(mem, ctx.room_id, steps[0]) or mem.deadly(ctx.room_id, steps[0]):
            walked[room] = limit  # the way there is shut or kills: leave that room
            return None
        walked[room] = walked.get(room, 0) + 1
        return steps[0], self.lore.rooms.get(room, room)

    def _untried(self, ctx: TurnContext, scene: Any) -> tuple[str, str] | None:
        """An untried use (knowledge/widen.py)."""
        s = self.state
        mem, verbs = self.inner.mem, self.lore.verbs
        runs = self.lore.runs
        on = [v for v in verbs if v not in s.no_thing]
        kinds = self._not_kinds()
        absent = self._ruled_out()
        return untried_use(
            ctx, scene, mem, s.uses, runs, verbs, s.wide_sent, s.wants_thing, s.wants_tool, on, kinds, absent
        )

    def _ruled_out(self) -> frozenset[str]:
        """The things ("room|thing") the wider pool uses nothing on: not here (until the score rises), or
        one that swallowed a carried thing this run (rules ``a thing not here is not used here``, ``what
        swallows things gets no more``)."""
        return frozenset(self.state.absent + self.state.sinks)

    def _not_kinds(self) -> frozenset[str]:
        """Uses refused in kind by earlier runs and this one (rule ``what a thing is not``, kinds.py)."""
        return frozenset(self.lore.not_kinds) | frozenset(self.state.not_kinds)

    def _behind(self, ctx: TurnContext) -> bool:
        """Rule ``behind the first run``: the replay over, this run is ``BEHIND_GRACE`` turns past a
        turn by which the first run (played blank) had a higher score: knowledge is not helping this
        time (another seed, a veto in the way), so the agent plays on as it would fresh (its own
        rules only: no vetoes, plans or wider pool of earlier runs; the turn's reasoning says so)."""
        if not on(STAND_DOWN) or ctx.score is None:
            return False
        for turn, score in self.lore.first_rises:
            if ctx.turn_number >= turn + BEHIND_GRACE and ctx.score < score:
                now = f"{ctx.score} points at turn {ctx.turn_number}"
                why = f"behind the first run: {now}, it had {score} at {turn}"
                self.state.stood_down = why
                self._inform()
                log.info("knowledge: %s", why)
                return True
        return False

    def _note_wants(self, ctx: TurnContext) -> None:
        """An own verb sent alone that the parser asked a thing for is not sent alone again; one it
        asked an instrument for is sent with a carried thing; one it read no thing after is not sent
        with things again."""
        s, last = self.state, (ctx.last_command or "").strip()
        asked = ASKS_FOR_THING.search(ctx.last_output or "")
        if last in self.lore.verbs and last not in s.wants_thing and asked:
            s.wants_thing.append(last)
        verb = last.split()[0] if last else ""
        tool = ASKS_FOR_TOOL.search(ctx.last_output or "")
        if verb in self.lore.verbs and " " in last and verb not in s.wants_tool and tool:
            s.wants_tool.append(verb)
        refused = thing_is_not(last, ctx.last_output or "")  # rule ``what a thing is not``
        if refused is not None and "|".join(refused) not in s.not_kinds:
            s.not_kinds.append("|".join(refused))
        room = ctx.room_id or "?"
        if unseen_here(s.unseen_tries, room, last, ctx.last_output or "", SUCH_THING):
            thing = f"{room}|{(use_parts(last) or ('', ''))[1]}"  # rule ``a thing not here is not used here``
            s.absent += [] if thing in s.absent else [thing]
        scored = ctx.score is not None and s.last_score is not None and ctx.score > s.last_score
        sink = swallows(last, ctx.last_output or "", scored) if on(SINKS) else None
        if sink is not None and f"{room}|{sink}" not in s.sinks:  # rule ``what swallows things gets no more``
            s.sinks.append(f"{room}|{sink}")
        self._note_people(last, ctx.last_output or "", ctx.room_id)
        self._note_said(last, ctx.last_output or "")
        self._note_waiting(ctx)
        self._note_relook(ctx)
        self._note_heap(ctx)
        alone = VERB_ONLY.search(ctx.last_output or "")  # "I only understood you as far as wanting to cpr."
        if verb in self.lore.verbs and " " in last and verb not in s.no_thing and alone:
            s.no_thing.append(verb)

    def _note_people(self, last: str, reply: str, room: str | None) -> None:
        """Rules ``what the story calls him or her is a person``, ``the one who speaks or acts is a
        person`` and ``a reply says whom to give it to`` (knowledge/people.py)."""
        note_people(self.state, self.inner.mem, last, reply, room, (on(PEOPLE), on(ACTORS), on(TOLD)))

    def _note_said(self, last: str, reply: str) -> None:
        """Rule ``a reply that says what to type`` (knowledge/said.py)."""
        note_said(self.state, last, reply, on(SAID))

    def _told(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``a reply says whom to give it to`` (knowledge/people.py): give it where they are, else
        walk to the nearest room this run saw them in."""
        return told_next(
            self.state,
            ctx.room_id,
            ctx.room_description or "",
            lambda head: self._rooms_naming(ctx, head),
            lambda rooms: self._route_to_any(ctx, rooms),
        )

    def _note_waiting(self, ctx: TurnContext) -> None:
        """Rule ``a refusal that names a condition waits for it`` (knowledge/waiting.py)."""
        last = (ctx.last_command or "").strip().lower()
        note_waiting(self.state, ctx.room_id, last, ctx.last_output or "", ctx.score or 0, on(WAITING))

    def _said(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``a reply that says what to type`` (knowledge/said.py): sent once, where it was read."""
        return said_next(self.state)

    def _due(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``a refusal that names a condition waits for it``: a waiting command whose condition may be
        met now (knowledge/waiting.py)."""
        return due_next(self.state, ctx.room_id, list(ctx.inventory), lambda room: self._route_to(ctx, room))

    def _rooms_naming(self, ctx: TurnContext, word: str) -> list[str]:
        """Rooms where this run saw a thing of that name, whose text names it, or where an earlier run
        sent a command naming it."""
        mem, rooms = self.inner.mem, []
        rooms += [r for r, names in mem.seen.nouns.items() if any(word in n.split() for n in names)]
        texts = _room_texts(ctx.map)
        rooms += [r for r, text in texts.items() if word in re.findall(r"[a-z]+", text.lower())]
        sent = [*self.lore.dead_ends, *self.lore.taken, *((g.room, g.command) for g in self.lore.scoring)]
        rooms += [room for room, command in sent if word in command.split()]
        return list(dict.fromkeys(rooms))

    def _route_to_any(self, ctx: TurnContext, rooms: list[str]) -> list[str]:
        """The shortest known route to one of the rooms."""
        routes = [r for r in (self._route_to(ctx, room) for room in rooms if room != ctx.room_id) if r]
        return min(routes, key=len) if routes else []

    def follow(self, context: TurnContext, command: str, reason: str) -> Decision:
        """A command chosen elsewhere (typed on the page): the built-in agent takes the turn in."""
        self._inform()
        follow = getattr(self.inner, "follow", None)
        return follow(context, command, reason) if callable(follow) else Decision(command, reason)

    def decide(self, context: TurnContext) -> Decision:
        """The path's next command while the game follows it; else the agent's decision, with a known
        plan at the front of its queue."""
        self._inform()
        self._note_wants(context)
        self._note_stay(context)
        leave = self._clock(context)
        replay = self._replay(context)
        if replay is not None:
            followed: Decision = self.inner.follow(context, *replay)
            if replay[1].startswith(SIDE_RULE) and replay[1].endswith(SIDE_OUT):
                followed = replace(followed, risky=True)  # a door no run opened: save first
            return followed
        point = self._point_before_clock(context) if leave is not None and on(CLOCK_POINT) else None
        if point is not None:  # the clock still says leave next turn
            self.state.stay.left = False
            room = context.room_id or ""
            self.state.leaves[room] = self.state.leaves.get(room, 1) - 1
            self.state.barred = [
                b
                for b in self.state.barred
                if b != f"{self.state.stay.came_from}|{self.state.stay.direction}"
            ]
            leave = point
        if leave is not None and hasattr(self.inner, "follow"):  # a death to avoid comes first
            left: Decision = self.inner.follow(context, *leave)
            return left
        told = (
            None
            if self.state.stood_down
            else (
                self._through_opening(context)
                or self._told(context)
                or self._due(context)
                or self._said(context)
                or self._heap(context)
            )
        )
        if told is not None:
            given: Decision = self.inner.follow(context, *told)
            return given
        mem: InformedMemory = self.inner.mem
        was_down = bool(self.state.stood_down)
        if was_down or self._behind(context):
            mem.plans.queue = [q for q in mem.plans.queue if not q.rule.startswith(KNOWN)]
            fresh: Decision = self.inner.decide(context)
            if not was_down:  # the turn it stood down names the rule
                fresh = replace(
                    fresh, reasoning=f"{fresh.reasoning} [knowledge stood down: {self.state.stood_down}]"
                )
            return fresh
        self._score_progress(context)
        plan = leave or self._back_to_path(context) or self._plan(context) or self._way_on(context)
        plan = plan or self._take_here(context) or self._opening_here(context) or self._open_shut(context)
        plan = plan or self._ask_described(context) or self._relook(context) or self._ask_walk(context)
        plan = plan or self._move_on(context)
        if plan is None and on(WIDEN) and on(WIDE_FIRST) and mem.now.idle > 0:
            plan = self._pool(context, self.inner._scene(context))
        mem.plans.queue = [q for q in mem.plans.queue if not q.rule.startswith(KNOWN)]
        if plan is not None:
            command, rule = plan
            mem.attempts.tries.pop(spot(context.room_id, command), None)  # tried before is no bar now
            mem.plans.add([command], rule, front=True)
        mem.hits = []
        decision: Decision = self.inner.decide(context)
        here = sorted({f"{rule}: {command!r}" for room, command, rule in mem.hits if room == context.room_id})
        if here:
            decision = replace(decision, reasoning=f"{decision.reasoning} [skipped {'; '.join(here[:3])}]")
        lifted = mem.lifted.get(f"{context.room_id}|{decision.command}")
        if (
            lifted is not None
        ):  # the command is a known dead end tried again (rule ``a dead end at fewer points``)
            decision = replace(decision, reasoning=f"{decision.reasoning} [tried again: {lifted}]")
        return decision

    def _point_before_clock(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``a known point before the clock``: in a room whose clock says leave, a known scoring
        action of this room whose things are carried is done first (the clock leaves half its turns: one
        command fits); otherwise a later run leaves the room each time it walks in and never scores there."""
        self._score_progress(ctx)  # the turn ends here either way: a point just made marks its goal done
        s, carried = self.state, {c.lower() for c in ctx.inventory}
        replayed = self._replayed_here(ctx)  # what the path sent in this room is not sent again
        for i, goal in enumerate(self.lore.scoring):
            if i in s.done or s.sent.get(i, 0) >= GOAL_TRIES or not same_place(ctx.room_id, goal.room):
                continue
            if goal.command not in replayed and all(n.lower() in carried for n in goal.needs):
                s.sent[i] = s.sent.get(i, 0) + 1
                s.last_goal = i
                return goal.command, f"{CLOCK_POINT_RULE} (run {goal.run})"
        return None

    def _replayed_here(self, ctx: TurnContext) -> set[str]:
        """The commands the path has sent in this room (its steps so far that started here)."""
        p = self.path
        if p is None:
            return set()
        replayed = p.sent_from()[: self.state.path_at]
        return {step.command for room, step in replayed if same_place(room, ctx.room_id)}

    # ----- known clocks (knowledge/clock.py) -----
    def _clock(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``known clock``: follow where this run walked in (this run's deaths count as they come);
        back in a room whose clock killed, half its turns spent, leave the way it came."""
        s = self.state
        room = ctx.room_id or ""
        died = s.stay.step(s.room, ctx.last_command or "", room, bool(ctx.death_note))
        s.room = room
        if died is not None:
            s.own_deaths.append([died[0], died[1], ctx.last_command or ""])
        if (
            on(CLOCKS) and on(OTHER_WAYS) and s.stay.left and not s.said
        ):  # a reply that spelled a way out first
            last, reply = (ctx.last_command or "").strip().lower(), ctx.last_output or ""
            way = other_way_out(s.stay, last, room, self._ways_of(ctx), reply)
            if way is not None:
                log.info("knowledge: %s: %s", OTHER_WAY_RULE, way)
                return way, f"{OTHER_WAY_RULE}: the way back was refused"
        if not on(CLOCKS) or not s.stay.room or s.stay.left or s.stay.room != room:
            return None
        deaths = Deaths({r: list(d) for r, d in self.lore.stays.seen.items()})
        for r, since, command in s.own_deaths:
            deaths.add(r, since, command, 0)
        clock = next((c for r, c in deaths.clocks().items() if same_place(r, room) and r and room), None)
        if clock is None or s.stay.since < clock.leave_after:
            return None
        command = leave_by(s.stay, _this_run_exits(ctx.map))
        if command is None:
            return None
        s.stay.left = True
        s.leaves[room] = s.leaves.get(room, 0) + 1
        back = parse_direction(command)
        if s.leaves[room] >= CLOCK_VISITS and s.stay.came_from and back is not None:
            s.barred.append(f"{s.stay.came_from}|{s.stay.direction}")
        why = f"{clock.rule()}: it killed {clock.turns} turns after walking in here; {s.stay.since} spent"
        log.info("knowledge: %s", why)
        return command, why

    def _ways_of(self, ctx: TurnContext) -> list[str]:
        """The ways this room's text names that this run has not walked (clock.unwalked_ways)."""
        room = ctx.room_id or "?"
        walked = set(_this_run_exits(ctx.map).get(room, {}))
        return unwalked_ways(ctx.map, room, self.inner.mem.seen.hinted.get(room, []), walked)

    # ----- the proven path -----
    def _replay(self, ctx: TurnContext) -> tuple[str, str] | None:
        """(command, rule) of the path's next step, or None once the replay is over."""
        p, s = self.path, self.state
        if p is None:
            return None
        if s.path_done:
            return self._rejoin(ctx, p)
        k = s.path_at
        trip = (
            under_way(s.trip, ctx, lambda room: self._route_to(ctx, room), p.run) if on(SIDE_TRIPS) else None
        )
        if isinstance(trip, tuple):
            return trip
        aside, s.aside = s.aside, False
        if trip is not None:  # back from a side trip ("") or lost on it (the reason)
            why = trip or self._off_score(ctx, p.steps[k - 1] if k else None)
        elif aside:  # an opener sent beside the path: the path goes on unless it died or lost points
            why = "a death" if ctx.death_note else self._off_score(ctx, p.steps[k - 1] if k else None)
        else:
            why = self._off_path(ctx, p.steps[k - 1]) if k else self._off_start(ctx, p)
        passed = ""
        if why is not None and k and trip is None and self._refused_step(ctx, p, k - 1):
            why, passed = None, f" [{PASS_RULE}: step {k}]"
            log.info("knowledge: %s: step %d", PASS_RULE, k)
        done = why is None and k >= len(p.steps)
        shut = self._open_shut(ctx) if why is None and not done else None
        if shut is not None:
            s.aside = True
            return shut
        if why is None and not done and on(SIDE_TRIPS):
            side = self._side_door(ctx, p)
            if side is not None:
                return side
        if done:
            why = "the path is done"
        if why is not None:
            s.path_done, s.path_stop = True, f"off the path at step {k}/{len(p.steps)}: {why}"
            s.off_at = k
            if done:  # replayed to its end (after a rejoin too), the path's points are this run's
                s.done = sorted(set(s.done) | set(self._path_goals(p)))
            self._reopen(p, k)  # what the last step scored may be scored again elsewhere
            log.info("knowledge: %s", s.path_stop)
            return None
        s.path_at = k + 1
        rule = f"{PATH_RULE} (run {p.run}): step {k + 1}/{len(p.steps)}, to score {p.score}{passed}"
        return p.steps[k].command, rule

    @staticmethod
    def _refused_step(ctx: TurnContext, p: ProvenPath, k: int) -> bool:
        """Rule ``a refused step is passed over``: the step's own words were sent and the parser did not
        understand them (an answer to a question this run was not asked), where the path shows no point
        for it and no death came: nothing changed, so the path goes on from the same place."""
        step = p.steps[k]
        before = p.steps[k - 1].score if k else 0
        sent = " ".join((ctx.last_command or "").lower().split())
        return (
            not ctx.death_note
            and sent == " ".join(step.command.lower().split())
            and refusal_class(ctx.last_output or "") == "parser"
            and (step.score or 0) == (before or 0)
            and parse_direction(step.command) is None
        )

    def _path_goals(self, p: ProvenPath) -> list[int]:
        """The known scoring actions the path makes: its command sent from its room (the same words
        elsewhere, dropping a treasure in another room, are another action)."""
        sent = p.sent_from()
        return [
            i
            for i, g in enumerate(self.lore.scoring)
            if any(step.command == g.command and same_place(r, g.room) for r, step in sent)
        ]

    def _reopen(self, p: ProvenPath, k: int) -> None:
        """Off the path before its end: the scoring actions of the steps not replayed are goals again."""
        replayed = {step.command for step in p.steps[: max(0, k - 1)]}
        rest = {step.command for step in p.steps[max(0, k - 1) :]} - replayed
        self.state.done = [i for i in self.state.done if self.lore.scoring[i].command not in rest]

    def _rejoin(self, ctx: TurnContext, p: ProvenPath) -> tuple[str, str] | None:
        """Rule ``rejoin the path``: back where the path was before a step at or after the one the
        replay left, at the score it showed there: replay on from that step."""
        s = self.state
        if s.rejoins >= REJOINS or s.path_stop.endswith("the path is done") or ctx.death_note:
            return None
        if ctx.room_id is None or ctx.score is None:
            return None
        for j in range(max(0, s.off_at - 1), len(p.steps)):  # the earliest: what it carried is unknown
            room, score = (p.start_room, 0) if j == 0 else (p.steps[j - 1].room, p.steps[j - 1].score)
            if room is None or not same_place(ctx.room_id, room) or (score or 0) != ctx.score:
                continue
            if self.inner.mem.deadly(ctx.room_id, p.steps[j].command):
                return None
            s.path_done, s.path_stop, s.path_at, s.rejoins = False, "", j + 1, s.rejoins + 1
            rule = f"{REJOIN_RULE} (run {p.run}): step {j + 1}/{len(p.steps)}, to score {p.score}"
            log.info("knowledge: %s", rule)
            return p.steps[j].command, rule
        return None

    def _back_to_path(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``back to the path``: off the path, at the score the path shows before a step not yet
        replayed, walk the known map to that step's room (``rejoin the path`` replays on from there)."""
        p, s = self.path, self.state
        if not on(BACK) or p is None or not s.path_done or s.path_stop.endswith("the path is done"):
            return None
        if s.rejoins >= REJOINS or s.back >= BACK_TURNS or ctx.death_note or ctx.score is None:
            return None
        for j in range(max(0, s.off_at - 1), len(p.steps)):
            room, score = (p.start_room, 0) if j == 0 else (p.steps[j - 1].room, p.steps[j - 1].score)
            if room is None or (score or 0) != ctx.score or same_place(ctx.room_id, room):
                continue
            steps = self._route_to(ctx, room)
            if not steps:
                continue
            s.back += 1
            where = self.lore.rooms.get(room, room)
            return steps[0], f"{BACK_RULE} (run {p.run}): to step {j + 1}/{len(p.steps)} in {where}"
        return None

    def _path_replayed(self, ctx: TurnContext) -> bool:
        """Whether this run holds the proven path's score (rule ``known route after the path``)."""
        p = self.path
        return p is not None and ctx.score is not None and ctx.score >= p.score

    def _route_to(self, ctx: TurnContext, room: str) -> list[str]:
        """Moves over the known map (earlier runs' exits and this run's) to a room, first step allowed."""
        mem, s = self.inner.mem, self.state
        avoid = frozenset(
            (k.split("|", 1)[0], k.split("|", 1)[1]) for k, n in s.steps.items() if n >= STEP_REPEATS
        )
        exits = _this_run_exits(ctx.map)
        if on(DETOUR):  # rule ``a shut step is walked around``: moves refused this run, wherever they were
            avoid = avoid | {(k.room, k.what) for k in mem.attempts.fails if parse_direction(k.what)}
        steps = self.lore.route(ctx.room_id, room, exits, avoid)
        for _ in range(DETOURS if on(DETOUR) else 0):  # a first step that killed here: another way
            if not steps or not mem.deadly(ctx.room_id, steps[0]):
                break
            avoid = avoid | {(ctx.room_id or "", steps[0])}
            steps = self.lore.route(ctx.room_id, room, exits, avoid)
        if not steps or Memory.failed(mem, ctx.room_id, steps[0]) or mem.deadly(ctx.room_id, steps[0]):
            return []
        key = f"{ctx.room_id}|{steps[0]}"
        s.steps[key] = s.steps.get(key, 0) + 1
        return steps

    def _side_door(self, ctx: TurnContext, p: ProvenPath) -> tuple[str, str] | None:
        """Rule ``a side door on the path`` (knowledge/side_trip.py): a named exit of this path room that
        no run has taken is looked through before the next step."""
        room, mem = ctx.room_id, self.inner.mem
        way = untaken_way(
            room,
            named_ways(ctx.map, room),
            self.lore.tried_ways,
            self.lore.walls,
            lambda d: mem.deadly(room, d) or Memory.failed(mem, room, d) or self._killed_once(room, d),
            self.state.trip,
            lambda r: has_twin(r, self.lore.rooms, lambda: _room_texts(ctx.map)),
            lambda: self._taken_by_text(ctx, room) if on(BY_TEXT) else None,
        )
        return None if way is None or room is None else start(self.state.trip, room, way, p.run)

    def _taken_by_text(self, ctx: TurnContext, room: str | None) -> set[str] | None:
        """Rule ``a namesake is told by its text``: for a room that shares its name with others (told
        apart by their texts, or the side trip would not be asked), the ways earlier runs took from the
        room with this very text; None for a room whose name is its own."""
        if room is None or namesakes(room, self.lore.rooms) <= 1:
            return None
        text = text_key(_room_text(ctx.map, room))
        return {d for t, d in self.lore.tried_texts if t == text} if text else None

    def _killed_once(self, room: str | None, way: str) -> bool:
        """Whether a move killed an earlier run once here (a side trip is no reason to risk it again)."""
        return any(same_place(r, room) and c == way for r, c in self.lore.deaths)

    @staticmethod
    def _off_score(ctx: TurnContext, step: Any) -> str | None:
        """Why the score is off the path after ``step``: lower than it shows (a higher one, points a side
        trip found, is no departure)."""
        if step is not None and step.score is not None and ctx.score is not None and ctx.score < step.score:
            return f"a lower score ({ctx.score}, the path expects {step.score})"
        return None

    @staticmethod
    def _off_start(ctx: TurnContext, p: ProvenPath) -> str | None:
        return None if same_place(ctx.room_id, p.start_room) else "another start room"

    @staticmethod
    def _off_path(ctx: TurnContext, step: Any) -> str | None:
        """Why the last reply is not what the path expects after ``step`` (None when it is)."""
        if ctx.death_note:
            return "a death"
        sent = " ".join((ctx.last_command or "").lower().split())
        if sent != " ".join(step.command.lower().split()):
            return f"another command was sent ({sent!r})"
        if not same_place(ctx.room_id, step.room):
            return f"another room ({ctx.room_id}, the path expects {step.room})"
        return KnowingAgent._off_score(ctx, step)

    # ----- the plan -----
    def _score_progress(self, ctx: TurnContext) -> None:
        s = self.state
        goal = s.last_goal
        scored = ctx.score is not None and s.last_score is not None and ctx.score > s.last_score
        if goal is not None and scored and ctx.last_command == self.lore.scoring[goal].command:
            s.done.append(goal)
        if scored:
            s.dry = 0
            s.parked.clear()  # a point may have opened the way to a parked goal
            s.absent.clear()  # or brought what was not here
            s.unseen_tries.clear()
            s.uses.clear()  # a rise in score may have changed what each room's things do
            s.wide_sent.clear()
            s.pool_dry.clear()
        s.last_score, s.last_goal = ctx.score, None

    def _plan(self, ctx: TurnContext) -> tuple[str, str] | None:
        s = self.state
        if s.dry >= PATIENCE:  # the plans stopped paying: the agent's own rules play until a point
            return None
        self._same_goals()
        order = list(range(len(self.lore.scoring)))
        if on(KEEP_WALK) and s.walking is not None and s.walking in order:  # rule ``one walk at a time``
            order.remove(s.walking)
            order.insert(0, s.walking)
        for i in order:
            goal = self.lore.scoring[i]
            if i in s.done or i in s.dropped or (on(KEEP_WALK) and i in s.parked):
                continue
            if s.sent.get(i, 0) >= GOAL_TRIES or s.turns.get(i, 0) >= GOAL_TURNS:
                s.dropped.append(i)
                continue
            s.no_way = False
            plan = self._next_for(ctx, i, goal)
            if plan is None:
                if on(KEEP_WALK) and (s.no_way or s.walking == i):  # no way there now: parked until a point
                    s.parked.append(i)
                if s.walking == i:
                    s.walking = None
                continue
            s.walking = i if plan[0] != goal.command else None
            s.turns[i] = s.turns.get(i, 0) + 1
            s.dry += 1
            if plan[0] == goal.command:
                s.sent[i] = s.sent.get(i, 0) + 1
                s.last_goal = i
            return plan
        return None

    def _same_goals(self) -> None:
        """Rule ``one goal per place and command``: the same command in the same place (room ids told
        apart only by their visit number) is one goal, however many runs found it: done or dropped with
        the first (so no copy is sent again)."""
        if not on(ONE_GOAL):
            return
        s, goals = self.state, self.lore.scoring
        for marked in (s.done, s.dropped):
            for i in list(marked):
                for j, other in enumerate(goals):
                    same = other.command == goals[i].command and same_place(other.room, goals[i].room)
                    if same and j not in marked:
                        marked.append(j)

    def _next_for(self, ctx: TurnContext, i: int, goal: Scoring) -> tuple[str, str] | None:
        """The next command towards one goal, or None when there is no known way to it."""
        carried = {c.lower() for c in ctx.inventory}
        missing = [n for n in goal.needs if n.lower() not in carried]
        if missing and self.lore.items.get(missing[0]) is None:
            return None  # a needed thing was never seen lying in a room: the agent must find it
        wanted = list(missing)
        if on(
            ROUTES
        ):  # after the path only what the command names is fetched (what was carried may be spent)
            wanted += [n for n in goal.carried if n.lower() not in carried and n not in missing]
        for thing in wanted:
            plan = self._fetch(ctx, thing, goal.run)
            if plan is not None:
                return plan
        if any(n.lower() not in carried for n in goal.needs):
            return None
        if ctx.room_id != goal.room:
            name = "known route for a known scoring action" if on(ROUTES) else "known route after the path"
            return self._walk(ctx, goal.room, f"{name} (run {goal.run})")
        done = self.state.prepared.get(i, 0)
        if on(PREPARE) and done < len(goal.prep):
            self.state.prepared[i] = done + 1
            return goal.prep[done], f"known preparation for a known scoring action (run {goal.run})"
        return goal.command, f"known scoring action (run {goal.run})"

    def _fetch(self, ctx: TurnContext, thing: str, run: int) -> tuple[str, str] | None:
        """Go to where a thing was found and take it (twice at most: it may be elsewhere this time)."""
        where = self.lore.items.get(thing)
        if where is None or self.state.takes.get(thing, 0) >= GOAL_TRIES:
            return None
        rule = f"fetch for a known scoring action (run {run})"
        if ctx.room_id == where:
            self.state.takes[thing] = self.state.takes.get(thing, 0) + 1
            return f"take {thing}", rule
        return self._walk(ctx, where, rule)

    def _walk(self, ctx: TurnContext, room: str, rule: str) -> tuple[str, str] | None:
        if not (on(ROUTES) or (on(ROUTES_AFTER_PATH) and self._path_replayed(ctx))):
            return None
        steps = self._route_to(ctx, room)
        self.state.no_way = not steps
        return (steps[0], f"{rule}: {self.lore.rooms.get(room, room)}") if steps else None

    # ----- the agent's seam -----
    def _inform(self) -> None:
        if not isinstance(self.inner.mem, InformedMemory):
            self.inner.mem = InformedMemory.around(self.inner.mem, self.lore)
        down = bool(self.state.stood_down)
        self.inner.mem.off = down
        self.inner.mem.barred = self.state.barred
        self.inner.mem.ran_dry = self.state.ran_dry
        if hasattr(self.inner, "wider"):
            self.inner.wider = self._wider if on(WIDEN) and not down else None
        if hasattr(self.inner, "every_word"):  # rule ``every word, a later run``
            self.inner.every_word = on(EVERY_WORD_LATER) and not down
        if hasattr(self.inner, "reply_opens"):  # rule ``a way a reply opened, a later run``
            self.inner.reply_opens = on(REPLY_OPENS_LATER) and not down

    def to_dict(self) -> dict[str, Any]:
        """The agent's state plus this run's goal progress."""
        return dict(self.inner.to_dict()) | {"knowledge": self.state.to_dict()}

    def load_dict(self, state: dict[str, Any]) -> None:
        """Inverse of to_dict."""
        self.inner.load_dict(state)
        self.state = GoalState.from_dict(state.get("knowledge", {}))
        self._inform()

    def __getattr__(self, name: str) -> Any:
        if name == "inner":  # not set yet (while copying): no recursion
            raise AttributeError(name)
        return getattr(self.inner, name)


def _room_texts(world_map: Any) -> dict[str, str]:
    """This run's room descriptions by room id."""
    try:
        return {str(r): _room_text(world_map, r) for r in world_map.graph}
    except Exception:  # no map (a test's bare context)
        return {}


def _room_text(world_map: Any, room: str) -> str:
    """This run's description of one room ("" when the map does not hold it)."""
    try:
        return str(world_map.room(room).get("description") or "")
    except Exception:  # no map (a test's bare context) or a room it does not hold
        return ""


def _this_run_exits(world_map: Any) -> dict[str, dict[str, str]]:
    """This run's open exits, room -> direction -> room."""
    exits: dict[str, dict[str, str]] = {}
    try:
        for c in world_map.connections():
            if c.to_room_id and not c.blocked and not c.random:
                exits.setdefault(c.from_room_id, {})[c.direction] = c.to_room_id
    except Exception:  # no map (a test's bare context)
        log.debug("no map to route on", exc_info=True)
    return exits
