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

and four vetoes the agent's own ``allowed`` check consults through its memory's counsel (``KnownVetoes``,
informed.py): ``known
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

The order above is one table, ``LATER_RUN`` at the end of this module, run as a ``Policy`` of
policy/protocol.py: every row but the last is a rule object (``policy.protocol.Rule``) made for the run,
holding its part of the run's state (``GoalState``): the notes (rows that observe), the rows that send
their command at once (the built-in agent taking the reply in through ``follow``: rows that act in
their place, and ``told.Told`` holding a rule on what replies told), the plans (``told.Planned`` holding
a rule that plans; the first goes to the front of the agent's queue, ``stand_down.QueuePlan``), and
last the built-in agent's own stages, the same rows its fresh turn runs (take the reply in, a stated
objective, a reply rule's plan, its own choice). ``KnowingAgent`` holds
the built-in agent and talks to it through ``Advised`` (agents/builtin_counsel.py) only: it hands it
``KnownVetoes`` once and updates them each turn from its own state (``run_parts.AdviceUpdate``). It holds
the parts the rows share, made for the run on its state, and hands each row the parts and public methods
it needs (no row reaches into this class): ``routes.Routes`` (walking the known map),
``wider_pool.WiderPool`` (the wider seam the agent asks once its own exploring is spent),
``goals.KnownGoals`` (the known scoring actions, three rows), ``known_clock.ClockWatch`` (three rows),
``run_parts.Recall`` (the agent's memory as it is now) and ``run_parts.Sender`` (a command sent at once).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from autofrotz.agents.base import Decision, TurnContext
from autofrotz.agents.builtin_counsel import Advised, AgentTurn, decision_of
from autofrotz.knowledge.described import AskHere, AskWalk
from autofrotz.knowledge.goal_state import GoalState
from autofrotz.knowledge.goals import GOALS_ROW, SCORED_ROW, KnownGoals, PointsScored
from autofrotz.knowledge.informed import KnownVetoes
from autofrotz.knowledge.known_clock import ClockWatch, LeaveByClock, PointBeforeClock
from autofrotz.knowledge.looks import RelookRule
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.many import ManyRule
from autofrotz.knowledge.openings import OpeningHere, ThroughOpening
from autofrotz.knowledge.path import ProvenPath
from autofrotz.knowledge.people import PeopleRule
from autofrotz.knowledge.pool_walk import WideFirst
from autofrotz.knowledge.replay import PATH_ROW, BackToPath, PathReplay, path_goals
from autofrotz.knowledge.reply_notes import NOTES_ROW, ReplyNotes
from autofrotz.knowledge.routes import Routes
from autofrotz.knowledge.rules import (
    BACK,
    CLOCK_POINT,
    CLOCKS,
    DESCRIBED,
    MANY,
    MOVE_ON,
    OPENINGS,
    RELOOK,
    SAID,
    SHUT,
    STAND_DOWN,
    TAKEN,
    TOLD,
    WAITING,
    WAYS_ON,
    WIDE_FIRST,
    rule_of,
)
from autofrotz.knowledge.run_parts import AdviceUpdate, Recall, Sender
from autofrotz.knowledge.said import SaidRule
from autofrotz.knowledge.shut import OpenShut
from autofrotz.knowledge.spread import STAY_ROW, MoveOn, StayCount
from autofrotz.knowledge.stand_down import QUEUE_ROW, QueuePlan, StandDown
from autofrotz.knowledge.taken import TakenRule
from autofrotz.knowledge.told import Planned, Told
from autofrotz.knowledge.waiting import WaitingRule
from autofrotz.knowledge.ways_on import KnownWayOn
from autofrotz.knowledge.wider_pool import WiderPool
from autofrotz.policy.protocol import Decided, Policy, Rule

log = logging.getLogger(__name__)

__all__ = ["QUEUE_ROW", "GoalState", "KnowingAgent", "KnownVetoes"]

AGENT_ROW = "the built-in agent's stages"


class KnowingAgent:
    """A later run's policy: the knowledge rules and the built-in agent as rows of one table."""

    def __init__(self, inner: Advised, lore: Lore, path: ProvenPath | None = None) -> None:
        self.inner = inner
        self.lore = lore
        self.path = path
        self.deterministic = inner.deterministic
        self.watch_pace_s = inner.watch_pace_s
        self.state = GoalState()
        if self.path is not None:  # what the path scores is not a goal of its own
            self.state.goals.done = path_goals(self.lore, self.path)
        self.advice = KnownVetoes(lore)
        self._parts()
        self.policy = self._policy()
        self.agent_stages = frozenset(row.name for row in inner.stages())
        inner.advise(self.advice)
        self.informing.update()

    def _parts(self) -> None:
        """This run's parts the rows share, on its state: the agent's memory, sending, the routes over the
        known map, the wider pool (the agent's ``wider`` seam), the known goals, the clock's watch and the
        update of the agent's advice."""
        state, lore = self.state, self.lore
        self.recall = Recall(self.inner)
        self.sender = Sender(self.inner, state.standing)
        self.routes = Routes(self.recall.memory, lore, state.walked)
        taken = TakenRule(state.taken, lore.taken, self.recall.memory, self.routes.walk_to_nearest, lore.runs)
        self.wider = WiderPool(
            state.pool,
            state.things,
            state.spread,
            state.walks,
            taken,
            lore,
            self.inner,
            self.advice,
            self.routes,
        )
        renewed = (state.things, state.pool)  # what a point renews
        self.goals = KnownGoals(state.goals, renewed, state.replay, lore, self.path, self.routes.to)
        self.clock_watch = ClockWatch(state.clock, lore.stays.seen, state.typed.to_send, self.recall.hinted)
        self.informing = AdviceUpdate(self.advice, state.standing, state.clock, state.pool, self.wider.ask)

    def _policy(self) -> Policy[AgentTurn]:
        """``LATER_RUN`` bound to this run: its rule objects hold their parts of this run's state."""
        return Policy([row for stage in LATER_RUN for row in stage.bound(self)])

    def brief(self, briefing: str) -> None:
        """Nothing: what earlier runs taught reaches this policy as its rows, not as text."""

    def follow(self, context: TurnContext, command: str, reason: str) -> Decision:
        """A command chosen elsewhere (typed on the page): the built-in agent takes the turn in."""
        self.informing.update()
        return self.inner.follow(context, command, reason)

    def decide(self, context: TurnContext) -> Decision:
        """The first row of ``LATER_RUN`` with a command decides (the agent's own choice always has one)."""
        self.informing.update()
        turn = AgentTurn(context)
        decided = self.policy.decide(turn)
        if decided is None:  # the agent's own choice always proposes
            raise RuntimeError("no row of the later run's policy proposed a command")
        if decided.decided_by in self.agent_stages:
            return self._settled(turn, decided)
        return decision_of(decided)

    def to_dict(self) -> dict[str, Any]:
        """The agent's state plus this run's goal progress."""
        return dict(self.inner.to_dict()) | {"knowledge": self.state.to_dict()}

    def load_dict(self, state: dict[str, Any]) -> None:
        """Inverse of to_dict (the advice starts afresh, as the agent's memory does)."""
        self.inner.load_dict(state)
        self.state = GoalState.from_dict(state.get("knowledge", {}))
        self.advice = KnownVetoes(self.lore)
        self._parts()  # the parts and the rule objects take their parts of the state as loaded
        self.policy = self._policy()
        self.inner.advise(self.advice)
        self.informing.update()

    def _settled(self, turn: AgentTurn, decided: Decided) -> Decision:
        """The command one of the agent's stages chose, sent, named by the knowledge rule its reasoning
        names when the agent's tables name none; the vetoes that passed over commands here are named."""
        ctx, proposal = turn.given, decided.proposal
        reason = proposal.reason
        hits = [(v.command, v.rule) for v in self.advice.vetoes.in_room(ctx.room_id)]
        here = sorted({f"{rule}: {command!r}" for command, rule in hits})
        if here:
            reason = f"{reason} [skipped {'; '.join(here[:3])}]"
        vetoes = tuple(sorted({rule_of(rule) or rule.split(" (")[0].split(":")[0] for _, rule in hits}))
        lifted = self.advice.lifted.get(f"{ctx.room_id}|{proposal.command}")
        if lifted is not None:  # a known dead end tried again (rule ``a dead end at fewer points``)
            reason = f"{reason} [tried again: {lifted}]"
        rule = proposal.rule or rule_of(reason)
        named = replace(proposal, reason=reason, rule=rule, vetoes=vetoes)
        return self.inner.settle(turn, replace(decided, proposal=named))


@dataclass(frozen=True)
class Stage:
    """A row of a later run's policy: ``rule`` is a rule object (``policy.protocol.Rule``) its body
    makes for the run, holding its part of the run's state; ``agent`` stands for the built-in agent's
    own stages (``Advised.stages``), in their order."""

    name: str
    kind: str
    body: Callable[[KnowingAgent], Rule[AgentTurn]] | None

    def bound(self, agent: KnowingAgent) -> list[Rule[AgentTurn]]:
        """This row (the agent's stages for ``agent``), acting for one later run."""
        if self.kind == "agent" or self.body is None:
            return list(agent.inner.stages())
        return [self.body(agent)]


# A later run's policy, in order (rows of knowledge/rules.py, and the built-in agent's turn).
LATER_RUN: tuple[Stage, ...] = (
    Stage(
        NOTES_ROW,
        "rule",
        lambda agent: ReplyNotes(
            agent.state.pool, agent.state.things, agent.lore.verbs, lambda: agent.state.goals.last_score
        ),
    ),
    Stage(STAY_ROW, "rule", lambda agent: StayCount(agent.state.spread)),
    Stage(CLOCKS, "rule", lambda agent: agent.clock_watch),
    Stage(
        PATH_ROW,
        "rule",
        lambda agent: PathReplay(
            agent.state.replay,
            agent.state.goals,
            agent.path,
            agent.lore,
            agent.recall.memory,
            agent.routes.to,
            OpenShut(agent.state.shut, agent.lore.shut).next_command,
            agent.sender.send,
        ),
    ),
    Stage(
        CLOCK_POINT,
        "rule",
        lambda agent: PointBeforeClock(agent.clock_watch, agent.goals.point_before_clock, agent.sender.send),
    ),
    Stage(CLOCKS, "rule", lambda agent: LeaveByClock(agent.clock_watch, agent.sender.send)),
    Stage(
        OPENINGS,
        "rule",
        lambda agent: Told(
            ThroughOpening(agent.state.openings, agent.recall.deadly_this_run), agent.sender.tell
        ),
    ),
    Stage(
        TOLD,
        "rule",
        lambda agent: Told(
            PeopleRule(
                agent.state.gives, agent.recall.memory, agent.routes.rooms_naming, agent.routes.to_any
            ),
            agent.sender.tell,
        ),
    ),
    Stage(
        WAITING,
        "rule",
        lambda agent: Told(WaitingRule(agent.state.conditions, agent.routes.to), agent.sender.tell),
    ),
    Stage(SAID, "rule", lambda agent: Told(SaidRule(agent.state.typed), agent.sender.tell)),
    Stage(MANY, "rule", lambda agent: Told(ManyRule(agent.state.many), agent.sender.tell)),
    Stage(
        STAND_DOWN,
        "rule",
        lambda agent: StandDown(
            agent.state.standing, agent.lore.first_rises, agent.inner, agent.informing.update
        ),
    ),
    Stage(SCORED_ROW, "rule", lambda agent: PointsScored(agent.goals)),
    Stage(
        BACK,
        "rule",
        lambda agent: Planned(BackToPath(agent.state.replay, agent.path, agent.lore, agent.routes.to)),
    ),
    Stage(GOALS_ROW, "rule", lambda agent: Planned(agent.goals)),  # fetch, routes, preparation, the action
    Stage(
        WAYS_ON,
        "rule",
        lambda agent: Planned(
            KnownWayOn(
                agent.state.ways_on,
                agent.lore.ways_on,
                agent.lore.rooms,
                agent.recall.deadly,
            )
        ),
    ),
    Stage(TAKEN, "rule", lambda agent: Planned(agent.wider.taken)),
    Stage(OPENINGS, "rule", lambda agent: Planned(OpeningHere(agent.state.openings, agent.lore.openings))),
    Stage(SHUT, "rule", lambda agent: Planned(OpenShut(agent.state.shut, agent.lore.shut))),
    Stage(
        DESCRIBED,
        "rule",
        lambda agent: Planned(AskHere(agent.state.asked, agent.lore.described, agent.recall.nouns)),
    ),
    Stage(RELOOK, "rule", lambda agent: Planned(RelookRule(agent.state.looks, agent.state.replay.over))),
    Stage(
        DESCRIBED,
        "rule",
        lambda agent: Planned(
            AskWalk(agent.state.asked, agent.lore.described, agent.state.replay.over, agent.routes.to_any)
        ),
    ),
    Stage(
        MOVE_ON,
        "rule",
        lambda agent: Planned(
            MoveOn(
                agent.state.spread,
                agent.lore.route,
                agent.routes.to,
                agent.lore.room_turns,
                agent.lore.rooms,
                agent.lore.runs,
            )
        ),
    ),
    Stage(
        WIDE_FIRST,
        "rule",
        lambda agent: Planned(
            WideFirst(
                lambda ctx: agent.wider.next_use(ctx, agent.inner.scene(ctx)),
                agent.recall.idled,
            )
        ),
    ),
    Stage(QUEUE_ROW, "rule", lambda agent: QueuePlan(agent.inner, lambda: agent.advice.vetoes)),
    Stage(AGENT_ROW, "agent", None),  # take the reply in, a stated objective, a reply rule, its own choice
)
