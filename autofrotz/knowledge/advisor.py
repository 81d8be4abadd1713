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
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from autofrotz.agents.base import Decision, TurnContext
from autofrotz.agents.builtin_memory import spot
from autofrotz.knowledge.advisor_base import (
    KNOWN,
)
from autofrotz.knowledge.advisor_goals import GoalRules
from autofrotz.knowledge.advisor_path import PathRules
from autofrotz.knowledge.advisor_told import ToldRules
from autofrotz.knowledge.advisor_wider import WiderRules
from autofrotz.knowledge.goal_state import GoalState
from autofrotz.knowledge.informed import InformedMemory
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.path import ProvenPath
from autofrotz.knowledge.rules import (
    BACK,
    CLOCK_POINT,
    DESCRIBED,
    EVERY_WORD_LATER,
    MANY,
    MOVE_ON,
    OPENINGS,
    RELOOK,
    REPLY_OPENS_LATER,
    SAID,
    SHUT,
    TAKEN,
    TOLD,
    WAITING,
    WAYS_ON,
    WIDE_FIRST,
    WIDEN,
    on,
    rule_of,
)
from autofrotz.knowledge.side_trip import OUT_REASON as SIDE_OUT
from autofrotz.knowledge.side_trip import RULE as SIDE_RULE

log = logging.getLogger(__name__)

__all__ = ["GoalState", "InformedMemory", "KnowingAgent"]


class KnowingAgent(PathRules, GoalRules, ToldRules, WiderRules):
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
            followed: Decision = named(self.inner.follow(context, *replay))
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
            left: Decision = named(self.inner.follow(context, *leave))
            return left
        told = None if self.state.stood_down else first_plan(TOLD_ROWS, self, context)
        if told is not None:
            given: Decision = named(self.inner.follow(context, *told))
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
        plan = leave or first_plan(PLAN_ROWS, self, context)
        if plan is None and on(WIDEN) and on(WIDE_FIRST) and mem.now.idle > 0:
            plan = self._pool(context, self.inner._scene(context))
        mem.plans.queue = [q for q in mem.plans.queue if not q.rule.startswith(KNOWN)]
        if plan is not None:
            command, rule = plan
            mem.attempts.tries.pop(spot(context.room_id, command), None)  # tried before is no bar now
            mem.plans.add([command], rule, front=True)
        mem.hits = []
        decision: Decision = self.inner.decide(context)
        hits = [(command, rule) for room, command, rule in mem.hits if room == context.room_id]
        here = sorted({f"{rule}: {command!r}" for command, rule in hits})
        if here:
            decision = replace(decision, reasoning=f"{decision.reasoning} [skipped {'; '.join(here[:3])}]")
        vetoes = tuple(sorted({rule_of(rule) or rule.split(" (")[0].split(":")[0] for _, rule in hits}))
        decision = replace(decision, rule=decision.rule or rule_of(decision.reasoning), vetoes=vetoes)
        lifted = mem.lifted.get(f"{context.room_id}|{decision.command}")
        if (
            lifted is not None
        ):  # the command is a known dead end tried again (rule ``a dead end at fewer points``)
            decision = replace(decision, reasoning=f"{decision.reasoning} [tried again: {lifted}]")
        return decision

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


Proposer = Callable[[KnowingAgent, TurnContext], "tuple[str, str] | None"]
# What replies told, in order (rows of knowledge/rules.py): the first with a command sends it at once.
TOLD_ROWS: tuple[tuple[str, Proposer], ...] = (
    (OPENINGS, KnowingAgent._through_opening),
    (TOLD, KnowingAgent._told),
    (WAITING, KnowingAgent._due),
    (SAID, KnowingAgent._said),
    (MANY, KnowingAgent._heap),
)
# A turn's plan, in order: the first with a command goes to the front of the agent's queue.
PLAN_ROWS: tuple[tuple[str, Proposer], ...] = (
    (BACK, KnowingAgent._back_to_path),
    ("known scoring action", KnowingAgent._plan),  # fetch, routes, preparation, the action
    (WAYS_ON, KnowingAgent._way_on),
    (TAKEN, KnowingAgent._take_here),
    (OPENINGS, KnowingAgent._opening_here),
    (SHUT, KnowingAgent._open_shut),
    (DESCRIBED, KnowingAgent._ask_described),
    (RELOOK, KnowingAgent._relook),
    (DESCRIBED, KnowingAgent._ask_walk),
    (MOVE_ON, KnowingAgent._move_on),
)


def first_plan(
    rows: tuple[tuple[str, Proposer], ...], agent: KnowingAgent, ctx: TurnContext
) -> tuple[str, str] | None:
    """The first row's (command, reasoning) that has one; each row keeps its own switch and state."""
    for _rule, propose in rows:
        plan = propose(agent, ctx)
        if plan is not None:
            return plan
    return None


def named(decision: Decision) -> Decision:
    """A decision with the knowledge rule its reasoning names, when the agent's table named none."""
    return decision if decision.rule else replace(decision, rule=rule_of(decision.reasoning))
