"""Rules of the known scoring actions, as a rule object of a later run's policy (``KnownGoals``, a plan)
holding the goals' record (``GoalRecord``, its part of the run's state): for each known scoring action, in
the order earlier runs found them, fetch what it needs, walk there, prepare, do it; a point just made marks
its goal done and renews what other parts keep until a point (the row ``points scored``, ``PointsScored``);
and the room's known point before its clock strikes (rule ``a known point before the clock``, which
known_clock.PointBeforeClock sends)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.knowledge.lore import Lore, Scoring
from autofrotz.knowledge.path import ProvenPath, same_place
from autofrotz.knowledge.rules import (
    KEEP_WALK,
    ONE_GOAL,
    PREPARE,
    ROUTES,
    ROUTES_AFTER_PATH,
    on,
)
from autofrotz.knowledge.state_part import fields_of
from autofrotz.knowledge.told import Route, notes_nothing
from autofrotz.policy.protocol import Proposal

log = logging.getLogger(__name__)

GOAL_TRIES = 2  # a known scoring action sent this often without points is left to the agent
GOAL_TURNS = 25  # turns spent going for one goal before it is left (a door shut, a route changed)
PATIENCE = 60  # planned turns without a point before planning stops until the score rises again
CLOCK_POINT_RULE = "a known point before the clock"
GOALS_ROW = "known scoring action"
SCORED_ROW = "points scored"
COUNTS = ("sent", "turns", "prepared")  # the record's counts by goal, saved as pairs (JSON keys are text)


@dataclass
class GoalRecord:
    """This run's progress on the known scoring actions (goals by their index in the lore): written by
    ``KnownGoals``, and by the proven path's replay, which marks the goals it scores ``done``."""

    sent: dict[int, int] = field(default_factory=dict)  # goal -> times its command was sent
    turns: dict[int, int] = field(default_factory=dict)  # goal -> turns spent on it
    prepared: dict[int, int] = field(default_factory=dict)  # goal -> preparation steps sent
    done: list[int] = field(default_factory=list)
    dropped: list[int] = field(default_factory=list)
    takes: dict[str, int] = field(default_factory=dict)  # thing -> times a plan went to take it
    last_goal: int | None = None
    last_score: int | None = None
    dry: int = 0  # planned turns since the score last rose
    walking: int | None = None  # the goal a plan walks towards (rule ``one walk at a time``)
    parked: list[int] = field(default_factory=list)  # goals with no way there, until the score rises
    no_way: bool = False  # the last walk a plan asked for found no route

    def to_dict(self) -> dict[str, Any]:
        """Plain data (the counts by goal as pairs).

        >>> GoalRecord(sent={0: 1}, done=[2]).to_dict()["sent"]
        [[0, 1]]
        """
        data = asdict(self)
        return data | {name: [[k, v] for k, v in data[name].items()] for name in COUNTS}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GoalRecord:
        """Inverse of to_dict, from a saved state that holds the other parts' fields too.

        >>> record = GoalRecord.from_dict({"sent": [[0, 1]], "done": [2], "path_at": 3})
        >>> record.sent, record.done, record.turns
        ({0: 1}, [2], {})
        """
        known = fields_of(cls, data)
        counts = {name: {int(k): int(v) for k, v in known.get(name, [])} for name in COUNTS}
        return cls(**(known | counts))


class Renewed(Protocol):
    """A part of the run's state that keeps something only until the score rises."""

    def after_point(self) -> None: ...


class PathSent(Protocol):
    """How far the proven path's replay has gone (read only)."""

    @property
    def path_at(self) -> int: ...


@dataclass
class KnownGoals:
    """The next command towards the first known scoring action not done, dropped or parked."""

    goals: GoalRecord  # its part of the run's state
    renewed: Sequence[Renewed]  # what a point renews in other parts (the wider pool's, what it noted)
    replay: PathSent
    lore: Lore
    path: ProvenPath | None
    route_to: Route
    name = GOALS_ROW
    observe = notes_nothing

    def path_replayed(self, ctx: TurnContext) -> bool:
        """Whether this run holds the proven path's score (rule ``known route after the path``)."""
        p = self.path
        return p is not None and ctx.score is not None and ctx.score >= p.score

    def score_progress(self, ctx: TurnContext) -> None:
        """A point just made marks its goal done and renews the plans' patience."""
        s = self.goals
        goal = s.last_goal
        scored = ctx.score is not None and s.last_score is not None and ctx.score > s.last_score
        if goal is not None and scored and ctx.last_command == self.lore.scoring[goal].command:
            s.done.append(goal)
        if scored:
            s.dry = 0
            s.parked.clear()  # a point may have opened the way to a parked goal
            for part in self.renewed:
                part.after_point()
        s.last_score, s.last_goal = ctx.score, None

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        """For each known scoring action in turn: fetch, walk, prepare, do it (the first with a command)."""
        s = self.goals
        if s.dry >= PATIENCE:  # the plans stopped paying: the agent's own rules play until a point
            return None
        self.same_goals()
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

    def same_goals(self) -> None:
        """Rule ``one goal per place and command``: the same command in the same place (room ids told
        apart only by their visit number) is one goal, however many runs found it: done or dropped with
        the first (so no copy is sent again)."""
        if not on(ONE_GOAL):
            return
        s, goals = self.goals, self.lore.scoring
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
        done = self.goals.prepared.get(i, 0)
        if on(PREPARE) and done < len(goal.prep):
            self.goals.prepared[i] = done + 1
            return goal.prep[done], f"known preparation for a known scoring action (run {goal.run})"
        return goal.command, f"known scoring action (run {goal.run})"

    def _fetch(self, ctx: TurnContext, thing: str, run: int) -> tuple[str, str] | None:
        """Go to where a thing was found and take it (twice at most: it may be elsewhere this time)."""
        where = self.lore.items.get(thing)
        if where is None or self.goals.takes.get(thing, 0) >= GOAL_TRIES:
            return None
        rule = f"fetch for a known scoring action (run {run})"
        if ctx.room_id == where:
            self.goals.takes[thing] = self.goals.takes.get(thing, 0) + 1
            return f"take {thing}", rule
        return self._walk(ctx, where, rule)

    def _walk(self, ctx: TurnContext, room: str, rule: str) -> tuple[str, str] | None:
        if not (on(ROUTES) or (on(ROUTES_AFTER_PATH) and self.path_replayed(ctx))):
            return None
        steps = self.route_to(ctx, room)
        self.goals.no_way = not steps
        return (steps[0], f"{rule}: {self.lore.rooms.get(room, room)}") if steps else None

    def point_before_clock(self, ctx: TurnContext) -> tuple[str, str] | None:
        """Rule ``a known point before the clock``: in a room whose clock says leave, a known scoring
        action of this room whose things are carried is done first (the clock leaves half its turns: one
        command fits); otherwise a later run leaves the room each time it walks in and never scores there."""
        self.score_progress(ctx)  # the turn ends here either way: a point just made marks its goal done
        s, carried = self.goals, {c.lower() for c in ctx.inventory}
        replayed = self.replayed_here(ctx)  # what the path sent in this room is not sent again
        for i, goal in enumerate(self.lore.scoring):
            if i in s.done or s.sent.get(i, 0) >= GOAL_TRIES or not same_place(ctx.room_id, goal.room):
                continue
            if goal.command not in replayed and all(n.lower() in carried for n in goal.needs):
                s.sent[i] = s.sent.get(i, 0) + 1
                s.last_goal = i
                return goal.command, f"{CLOCK_POINT_RULE} (run {goal.run})"
        return None

    def replayed_here(self, ctx: TurnContext) -> set[str]:
        """The commands the path has sent in this room (its steps so far that started here)."""
        p = self.path
        if p is None:
            return set()
        replayed = p.sent_from()[: self.replay.path_at]
        return {step.command for room, step in replayed if same_place(room, ctx.room_id)}


@dataclass
class PointsScored:
    """In its place in the order (after standing down, before the plans): a point just made marks its
    goal done and renews the plans' patience."""

    known: KnownGoals
    name = SCORED_ROW
    plans = False
    observe = notes_nothing

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        self.known.score_progress(turn.given)
        return None
