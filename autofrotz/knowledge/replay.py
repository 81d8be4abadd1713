"""Rules of the proven path as rule objects of a later run's policy: replaying it, going off it,
rejoining it, passing over a refused step, side doors on it (``PathReplay``, the row that sends the
path's next command), and walking back to it (``BackToPath``, a plan). Both hold the replay's part of
the run's state (``ReplayState``); ``PathReplay`` also marks the path's scoring actions done in the
goals' record (its ``done`` only) (GAME.md, "Learning across runs")."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.agents.builtin_memory import Memory
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.path import ProvenPath, same_place
from autofrotz.knowledge.routes import room_text, room_texts
from autofrotz.knowledge.rules import (
    BACK,
    BY_TEXT,
    SIDE_TRIPS,
    on,
)
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
from autofrotz.knowledge.state_part import fields_of
from autofrotz.knowledge.told import Route, Send, notes_nothing
from autofrotz.policy.protocol import Proposal
from autofrotz.words.directions import parse_direction

log = logging.getLogger(__name__)

PATH_ROW = "proven path"
PATH_RULE = "proven path"
REJOINS = 4  # times a run may rejoin the proven path after going off it
REJOIN_RULE = "rejoin the path"
PASS_RULE = "a refused step is passed over"
BACK_TURNS = 40  # turns a run may spend walking back to the path
BACK_RULE = "back to the path"


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

    def over(self) -> bool:
        """Whether the replay of the proven path is over (for now: ``rejoin the path`` may take it up)."""
        return self.path_done

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ReplayState:
        known = fields_of(cls, data)
        if isinstance(known.get("trip"), dict):
            known["trip"] = Trip(**{k: v for k, v in known["trip"].items() if k in Trip.__dataclass_fields__})
        return cls(**known)


class DoneGoals(Protocol):
    """The goals' record as the replay writes it: the known scoring actions this run has made."""

    done: list[int]


def path_goals(lore: Lore, p: ProvenPath) -> list[int]:
    """The known scoring actions the path makes: its command sent from its room (the same words
    elsewhere, dropping a treasure in another room, are another action)."""
    sent = p.sent_from()
    return [
        i
        for i, g in enumerate(lore.scoring)
        if any(step.command == g.command and same_place(r, g.room) for r, step in sent)
    ]


@dataclass
class PathReplay:
    """The proven path's next command, sent at once (a door no run opened earns a save first)."""

    replay: ReplayState  # its part of the run's state
    goals: DoneGoals  # the goals the path marks done
    path: ProvenPath | None
    lore: Lore
    memory: Callable[[], Memory]  # the built-in agent's memory, as it is now
    route_to: Route
    open_shut: Callable[[TurnContext], tuple[str, str] | None]  # opens what an earlier run found shut
    send: Send
    name = PATH_ROW
    plans = False
    observe = notes_nothing

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        ctx = turn.given
        replay = self.next_step(ctx)
        sent = self.send(ctx, replay)
        side_out = replay is not None and replay[1].startswith(SIDE_RULE) and replay[1].endswith(SIDE_OUT)
        return replace(sent, risky=True) if sent is not None and side_out else sent

    def next_step(self, ctx: TurnContext) -> tuple[str, str] | None:
        """(command, rule) of the path's next step, or None once the replay is over."""
        p, s = self.path, self.replay
        if p is None:
            return None
        if s.path_done:
            return self._rejoin(ctx, p)
        k = s.path_at
        trip = (
            under_way(s.trip, ctx, lambda room: self.route_to(ctx, room), p.run) if on(SIDE_TRIPS) else None
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
        shut = self.open_shut(ctx) if why is None and not done else None
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
                self.goals.done = sorted(set(self.goals.done) | set(path_goals(self.lore, p)))
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
            and ctx.reading.refusal_class == "parser"
            and (step.score or 0) == (before or 0)
            and parse_direction(step.command) is None
        )

    def _reopen(self, p: ProvenPath, k: int) -> None:
        """Off the path before its end: the scoring actions of the steps not replayed are goals again."""
        replayed = {step.command for step in p.steps[: max(0, k - 1)]}
        rest = {step.command for step in p.steps[max(0, k - 1) :]} - replayed
        self.goals.done = [i for i in self.goals.done if self.lore.scoring[i].command not in rest]

    def _rejoin(self, ctx: TurnContext, p: ProvenPath) -> tuple[str, str] | None:
        """Rule ``rejoin the path``: back where the path was before a step at or after the one the
        replay left, at the score it showed there: replay on from that step."""
        s = self.replay
        if s.rejoins >= REJOINS or s.path_stop.endswith("the path is done") or ctx.death_note:
            return None
        if ctx.room_id is None or ctx.score is None:
            return None
        for j in range(max(0, s.off_at - 1), len(p.steps)):  # the earliest: what it carried is unknown
            room, score = (p.start_room, 0) if j == 0 else (p.steps[j - 1].room, p.steps[j - 1].score)
            if room is None or not same_place(ctx.room_id, room) or (score or 0) != ctx.score:
                continue
            if self.memory().deadly(ctx.room_id, p.steps[j].command):
                return None
            s.path_done, s.path_stop, s.path_at, s.rejoins = (
                False,
                "",
                j + 1,
                s.rejoins + 1,
            )
            rule = f"{REJOIN_RULE} (run {p.run}): step {j + 1}/{len(p.steps)}, to score {p.score}"
            log.info("knowledge: %s", rule)
            return p.steps[j].command, rule
        return None

    def _side_door(self, ctx: TurnContext, p: ProvenPath) -> tuple[str, str] | None:
        """Rule ``a side door on the path`` (knowledge/side_trip.py): a named exit of this path room that
        no run has taken is looked through before the next step."""
        room, mem = ctx.room_id, self.memory()
        way = untaken_way(
            room,
            named_ways(ctx.map, room),
            self.lore.tried_ways,
            self.lore.walls,
            lambda d: mem.deadly(room, d) or mem.failed_this_run(room, d) or self._killed_once(room, d),
            self.replay.trip,
            lambda r: has_twin(r, self.lore.rooms, lambda: room_texts(ctx.map)),
            lambda: self._taken_by_text(ctx, room) if on(BY_TEXT) else None,
        )
        return None if way is None or room is None else start(self.replay.trip, room, way, p.run)

    def _taken_by_text(self, ctx: TurnContext, room: str | None) -> set[str] | None:
        """Rule ``a namesake is told by its text``: for a room that shares its name with others (told
        apart by their texts, or the side trip would not be asked), the ways earlier runs took from the
        room with this very text; None for a room whose name is its own."""
        if room is None or namesakes(room, self.lore.rooms) <= 1:
            return None
        text = text_key(room_text(ctx.map, room))
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

    @classmethod
    def _off_path(cls, ctx: TurnContext, step: Any) -> str | None:
        """Why the last reply is not what the path expects after ``step`` (None when it is)."""
        if ctx.death_note:
            return "a death"
        sent = " ".join((ctx.last_command or "").lower().split())
        if sent != " ".join(step.command.lower().split()):
            return f"another command was sent ({sent!r})"
        if not same_place(ctx.room_id, step.room):
            return f"another room ({ctx.room_id}, the path expects {step.room})"
        return cls._off_score(ctx, step)


@dataclass
class BackToPath:
    """Rule ``back to the path``: off the path, at the score the path shows before a step not yet
    replayed, walk the known map to that step's room (``rejoin the path`` replays on from there)."""

    replay: ReplayState  # the replay's part of the run's state
    path: ProvenPath | None
    lore: Lore
    route_to: Route
    name = BACK
    observe = notes_nothing

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        """A step towards the room of the earliest step not replayed whose score is this run's."""
        p, s = self.path, self.replay
        if not on(BACK) or p is None or not s.path_done or s.path_stop.endswith("the path is done"):
            return None
        if s.rejoins >= REJOINS or s.back >= BACK_TURNS or ctx.death_note or ctx.score is None:
            return None
        for j in range(max(0, s.off_at - 1), len(p.steps)):
            room, score = (p.start_room, 0) if j == 0 else (p.steps[j - 1].room, p.steps[j - 1].score)
            if room is None or (score or 0) != ctx.score or same_place(ctx.room_id, room):
                continue
            steps = self.route_to(ctx, room)
            if not steps:
                continue
            s.back += 1
            where = self.lore.rooms.get(room, room)
            return steps[0], f"{BACK_RULE} (run {p.run}): to step {j + 1}/{len(p.steps)} in {where}"
        return None
