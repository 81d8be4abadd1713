"""Rule ``move on from a spent room``: a later run does not spend its spare turns where earlier runs did.

A run that replayed the proven path has hundreds of turns left. The agent's own last resorts (the
wider pool, the sweep of uncommon verbs, waiting) are tried in the room it happens to stand in, and
once it has idled its tries are forgotten and swept again there: a run can spend four hundred turns
on one ledge whose only way out it never takes again. A player who is stuck walks somewhere else and
tries things there. So once this run has spent ``STALE_TURNS`` turns in one room without a new room
or a point, it walks the known map (earlier runs' exits and this run's) to the room of this run's map
where the fewest turns were spent (this run's turns there plus the earlier runs' mean), the nearest
of those first; ``WALK_STEPS`` steps a walk at most, never by a move that failed or killed.

Two rows of a later run's policy holding one part of the run's state (``SpreadState``): ``StayCount``
counts the turns when every row observes, ``MoveOn`` plans the walk.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.knowledge.clock import this_run_exits
from autofrotz.knowledge.rules import MOVE_ON, on
from autofrotz.knowledge.told import Route, notes_nothing
from autofrotz.policy.protocol import Proposal

STALE_TURNS = 40  # turns in one room without a new room or a point before the run moves on
WALK_STEPS = 12  # steps walked towards one room before the walk is left
EARLIER_RUNS = 5
RULE = "move on from a spent room"
STAY_ROW = "turns spent in each room"
# Moves over earlier runs' exits and this run's (``exits``) from one room to another ([] when none).
KnownRoute = Callable[[str | None, str, dict[str, dict[str, str]]], list[str]]


def room_turns(conn: Any, runs: dict[int, int]) -> dict[str, float]:
    """Room id -> the mean number of turns the earlier runs (the newest ``EARLIER_RUNS``) spent there."""
    games = sorted(runs)[-EARLIER_RUNS:]
    if not games:
        return {}
    marks = ",".join("?" for _ in games)
    rows = conn.execute(
        f"SELECT room_id, COUNT(*) FROM turns WHERE game_id IN ({marks}) AND room_id IS NOT NULL"
        " GROUP BY room_id",
        games,
    ).fetchall()
    return {str(room): count / len(games) for room, count in rows}


def least_spent(
    here: str, rooms: set[str], now: dict[str, int], before: dict[str, float], far: dict[str, int]
) -> str | None:
    """The room to move on to: fewest turns spent there (this run's plus the earlier runs' mean), then
    the nearest (``far``: steps to each reachable room); None when no other room is reachable.

    >>> least_spent("ledge", {"ledge", "lake", "trail"}, {"ledge": 90, "lake": 3}, {"trail": 8.0},
    ...             {"lake": 1, "trail": 2})
    'lake'
    """
    options = [r for r in rooms if r != here and r in far]
    if not options:
        return None
    return min(options, key=lambda r: (now.get(r, 0) + before.get(r, 0.0), far[r], r))


@dataclass
class SpreadState:
    """Rule ``move on from a spent room``: turns per room, and the walk away."""

    spent: dict[str, int] = field(default_factory=dict)  # room -> turns this run spent there
    stale_room: str = ""  # the room of rule ``move on from a spent room``'s count
    stale_since: int = 0  # turns in it without a new room or a point
    stale_score: int = 0
    move_to: str = ""  # the room it walks to ("" when none)
    move_steps: int = 0


@dataclass
class StayCount:
    """Counts this run's turns per room, and those in this room since a new room or a point."""

    spread: SpreadState
    name = STAY_ROW
    plans = False

    def observe(self, turn: AgentTurn) -> None:
        ctx, s = turn.given, self.spread
        room, score = ctx.room_id or "", ctx.score or 0
        s.spent[room] = s.spent.get(room, 0) + 1
        if room != s.stale_room or score > s.stale_score or ctx.death_note:
            s.stale_room, s.stale_since = room, 0
        else:
            s.stale_since += 1
        s.stale_score = max(s.stale_score, score)

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        return None


@dataclass
class MoveOn:
    """``STALE_TURNS`` turns here without a new room or a point: a step towards the room of this run's
    map where the fewest turns were spent."""

    spread: SpreadState
    known_route: KnownRoute  # over the known map, no move ruled out
    route_to: Route  # over the known map, first step allowed
    before: dict[str, float]  # room -> the earlier runs' mean turns there
    rooms: Mapping[str, str]  # room -> its name
    runs: int  # earlier runs
    name = MOVE_ON
    observe = notes_nothing

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        s, here = self.spread, ctx.room_id
        if not on(MOVE_ON) or here is None:
            return None
        if s.move_to and (here == s.move_to or s.move_steps >= WALK_STEPS):
            s.move_to = ""  # arrived, or the walk is too long: the agent plays here
        if not s.move_to and s.stale_since < STALE_TURNS:
            return None
        if not s.move_to:
            exits = this_run_exits(ctx.map)
            rooms = set(exits) | {to for d in exits.values() for to in d.values()}
            far = {
                r: len(steps)
                for r in rooms
                if r != here
                for steps in [self.known_route(here, r, exits)]
                if steps
            }
            target = least_spent(here, rooms, s.spent, self.before, far)
            s.stale_since = 0  # the next count starts now, whether or not there is a walk
            if target is None:
                return None
            s.move_to, s.move_steps = target, 0
        steps = self.route_to(ctx, s.move_to)
        if not steps:
            s.move_to = ""
            return None
        s.move_steps += 1
        where = self.rooms.get(s.move_to, s.move_to)
        return steps[0], f"{RULE} (after {self.runs} earlier runs): to {where}"
