"""The built-in agent's use of earlier runs: a wrapper that consults the lore each turn.

Three named rules, checked in this order, each recorded in the turn's reasoning when it decides:

| rule | what it does |
|---|---|
| ``known scoring action (run N)`` | where an action scored in run N, holding what it needs: do it |
| ``fetch for a known scoring action (run N)`` | a needed thing was found in a known room: go there, take it |
| ``known route for a known scoring action (run N)`` | walk the known map towards the action's room |

and two vetoes the agent's own ``allowed`` check consults through ``InformedMemory``:
``known refusal`` (the game did not take the command) and ``known death`` (it killed us here).
The agent's own rules still run every turn (it keeps learning); a plan goes to the front of its
follow-up queue under the rule's name, so its safety rules (get away, light, fight) still come first.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, fields
from typing import Any

from autofrotz.agents.base import Decision, TurnContext
from autofrotz.agents.builtin_memory import Memory, spot
from autofrotz.knowledge.lore import Lore, Scoring

log = logging.getLogger(__name__)

GOAL_TRIES = 2  # a known scoring action sent this often without points is left to the agent
GOAL_TURNS = 40  # turns spent going for one goal before it is left (a door shut, a route changed)
KNOWN = "known "  # prefix of every rule name here (how the queue entries are found again)


class InformedMemory(Memory):
    """The agent's memory, with earlier runs' refusals and deaths as extra vetoes (``hits`` records them)."""

    lore: Lore
    hits: list[tuple[str, str, str]]

    @classmethod
    def around(cls, mem: Memory, lore: Lore) -> InformedMemory:
        informed = cls(**{f.name: getattr(mem, f.name) for f in fields(Memory)})
        informed.lore, informed.hits = lore, []
        return informed

    def failed(self, room: str | None, command: str) -> bool:
        if super().failed(room, command):
            return True
        return self._veto(room, command, self.lore.refusal_rule(room, command))

    def deadly(self, room: str | None, command: str) -> bool:
        if super().deadly(room, command):
            return True
        return self._veto(room, command, self.lore.death_rule(room, command))

    def _veto(self, room: str | None, command: str, rule: str | None) -> bool:
        if rule is not None:
            self.hits.append((room or "?", command, rule))
        return rule is not None


@dataclass
class GoalState:
    """This run's progress on the known scoring actions: sent, done, given up, turns spent."""

    sent: dict[int, int] = field(default_factory=dict)
    turns: dict[int, int] = field(default_factory=dict)
    done: list[int] = field(default_factory=list)
    dropped: list[int] = field(default_factory=list)
    last_goal: int | None = None
    last_score: int | None = None


class KnowingAgent:
    """Wraps the built-in agent: plans from the lore, vetoes what earlier runs ruled out."""

    def __init__(self, inner: Any, lore: Lore) -> None:
        self.inner = inner
        self.lore = lore
        self.deterministic = bool(getattr(inner, "deterministic", False))
        self.state = GoalState()
        self._inform()

    def decide(self, context: TurnContext) -> Decision:
        """The agent's decision, with a known plan at the front of its queue."""
        self._inform()
        mem: InformedMemory = self.inner.mem
        self._score_progress(context)
        plan = self._plan(context)
        mem.plans.queue = [q for q in mem.plans.queue if not q.rule.startswith(KNOWN)]
        if plan is not None:
            command, rule = plan
            mem.attempts.tries.pop(spot(context.room_id, command), None)  # tried before is no bar now
            mem.plans.add([command], rule, front=True)
        mem.hits = []
        decision: Decision = self.inner.decide(context)
        skipped = sorted(
            {f"{rule}: {command!r}" for room, command, rule in mem.hits if room == context.room_id}
        )
        if skipped:
            decision = _with_note(decision, "skipped " + "; ".join(skipped[:3]))
        return decision

    # ----- the plan -----
    def _score_progress(self, ctx: TurnContext) -> None:
        s = self.state
        goal = s.last_goal
        scored = ctx.score is not None and s.last_score is not None and ctx.score > s.last_score
        if goal is not None and scored and ctx.last_command == self.lore.scoring[goal].command:
            s.done.append(goal)
        s.last_score, s.last_goal = ctx.score, None

    def _plan(self, ctx: TurnContext) -> tuple[str, str] | None:
        s = self.state
        for i, goal in enumerate(self.lore.scoring):
            if i in s.done or i in s.dropped:
                continue
            if s.sent.get(i, 0) >= GOAL_TRIES or s.turns.get(i, 0) >= GOAL_TURNS:
                s.dropped.append(i)
                continue
            plan = self._step(ctx, goal)
            if plan is None:
                continue
            s.turns[i] = s.turns.get(i, 0) + 1
            if plan[0] == goal.command:
                s.sent[i] = s.sent.get(i, 0) + 1
                s.last_goal = i
            return plan
        return None

    def _step(self, ctx: TurnContext, goal: Scoring) -> tuple[str, str] | None:
        """The next command towards one goal, or None when there is no known way to it."""
        carried = {c.lower() for c in ctx.inventory}
        missing = [n for n in goal.needs if n.lower() not in carried]
        if not missing:
            if ctx.room_id == goal.room:
                return goal.command, f"known scoring action (run {goal.run})"
            return self._walk(ctx, goal.room, f"known route for a known scoring action (run {goal.run})")
        where = self.lore.items.get(missing[0])
        if where is None:
            return None
        rule = f"fetch for a known scoring action (run {goal.run})"
        if ctx.room_id == where:
            return f"take {missing[0]}", rule
        return self._walk(ctx, where, rule)

    def _walk(self, ctx: TurnContext, room: str, rule: str) -> tuple[str, str] | None:
        mem = self.inner.mem
        here = _this_run_exits(ctx.map)
        steps = self.lore.route(ctx.room_id, room, here)
        if not steps or Memory.failed(mem, ctx.room_id, steps[0]) or mem.deadly(ctx.room_id, steps[0]):
            return None
        return steps[0], f"{rule}: {self.lore.rooms.get(room, room)}"

    # ----- the agent's seam -----
    def _inform(self) -> None:
        if not isinstance(self.inner.mem, InformedMemory):
            self.inner.mem = InformedMemory.around(self.inner.mem, self.lore)

    def to_dict(self) -> dict[str, Any]:
        """The agent's state plus this run's goal progress."""
        state = dict(self.inner.to_dict())
        s = self.state
        state["knowledge"] = {
            "sent": list(s.sent.items()),
            "turns": list(s.turns.items()),
            "done": s.done,
            "dropped": s.dropped,
            "last_goal": s.last_goal,
            "last_score": s.last_score,
        }
        return state

    def load_dict(self, state: dict[str, Any]) -> None:
        """Inverse of to_dict."""
        self.inner.load_dict(state)
        k = state.get("knowledge", {})
        self.state = GoalState(
            dict(k.get("sent", [])),
            dict(k.get("turns", [])),
            list(k.get("done", [])),
            list(k.get("dropped", [])),
            k.get("last_goal"),
            k.get("last_score"),
        )
        self._inform()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


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


def _with_note(decision: Decision, note: str) -> Decision:
    from dataclasses import replace

    return replace(decision, reasoning=f"{decision.reasoning} [{note}]")
