"""The built-in offline game agent: plays from the world model and genre priors, with no LLM.

Each turn it learns from the last reply (refusals, unknown words, deaths, score, new nouns), then
picks the first allowed command from: follow-ups, urgent actions (light, fight), puzzle hints, object
actions in this room, exits the text mentioned, work waiting in other rooms (by shortest path), and
blind compass tries. It is deterministic: a resume re-decides recorded turns from its saved state.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from autofrotz.agents import builtin_follow as stated
from autofrotz.agents.base import Decision, TurnContext
from autofrotz.agents.builtin_base import (
    RULED_OUT_TRIES,
    _by_description,
)
from autofrotz.agents.builtin_choosing import Choosing
from autofrotz.agents.builtin_counsel import Advice, AgentTurn, decision_of
from autofrotz.agents.builtin_explore import is_move
from autofrotz.agents.builtin_judging import Judging
from autofrotz.agents.builtin_memory import Memory, spot
from autofrotz.agents.builtin_noting import Noting
from autofrotz.agents.builtin_objectives import Objectives
from autofrotz.agents.builtin_readings import (
    sentence_name,
    signature,
)
from autofrotz.agents.builtin_replies import RULES as REPLY_RULES
from autofrotz.agents.builtin_replies import ReplyTactics
from autofrotz.agents.builtin_rules import rule_of
from autofrotz.agents.builtin_tactics import (
    Scene,
    allowed,
)
from autofrotz.agents.scripted import ScriptedAgent
from autofrotz.policy.protocol import Decided, Policy, Proposal, Row
from autofrotz.words.directions import parse_direction
from autofrotz.words.vocabulary import Vocabulary

__all__ = ["BuiltinAgent", "ScriptedAgent"]

REPLY_RULE_NAMES = tuple(rule.name for rule in REPLY_RULES)
# The stages of the agent's turn, rows of its policy (and of a later run's, knowledge/advisor.py).
TAKE_IN = "take the reply in"
OBJECTIVE = "a stated objective"
REPLY_RULE = "a reply rule's plan"
OWN_CHOICE = "the agent's own choice"

WATCH_PACE_S = 0.3  # it plays hundreds of turns a second: a watched game is slowed to this

log = logging.getLogger(__name__)


class BuiltinAgent(Judging, Noting, Choosing):
    """Explores by shortest paths and tries the conventional actions on everything it meets."""

    deterministic = True  # a resume re-decides recorded turns to rebuild this agent's state
    watch_pace_s = WATCH_PACE_S

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.mem = Memory()
        self.replies = ReplyTactics()  # rules on what the last reply said (builtin_replies.py)
        self.objectives = Objectives()  # steps the text told us to take, in order (builtin_objectives.py)
        self.map: Any = None
        self.inventory: list[str] = []
        self.vocabulary = Vocabulary()
        self.sig = ""
        self.advice: Advice | None = None  # a later run's vetoes and seams (knowledge/advisor.py)
        self.policy: Policy[AgentTurn] = Policy(self.stages())

    def decide(self, context: TurnContext) -> Decision:
        """Choose the next command from the world model and what earlier replies taught: the first of
        its stages (``stages``) with a command."""
        turn = AgentTurn(context)
        decided = self.policy.decide(turn)
        if decided is None:  # the agent's own choice always has a command
            raise RuntimeError("no stage of the built-in agent proposed a command")
        return self.settle(turn, decided)

    def stages(self) -> list[Row[AgentTurn]]:
        """The agent's turn as rows of a policy, in order: take the reply in, then a question's answer or
        a stated objective, what a reply rule planned, and its own choice."""
        return [
            Row(TAKE_IN, self._taken_in),
            Row(OBJECTIVE, self._objective),
            Row(REPLY_RULE, self._reply_planned),
            Row(OWN_CHOICE, self._own_choice),
        ]

    def settle(self, turn: AgentTurn, decided: Decided) -> Decision:
        """Send the command a stage chose: counted as tried where it chose it, named by the policy."""
        context = turn.context or turn.given
        command = decided.proposal.command
        self._commit(context.room_id, turn.where, command)
        self.replies.commit(context.room_id, command)
        self.objectives.sending(command, context.room_id)
        return decision_of(decided, risky=self._risky(context, command))

    def _chosen(self, turn: AgentTurn, command: str, reason: str, where: str | None) -> Proposal:
        """A stage's choice, named by the rule its reasoning names (a row of the agent's tables)."""
        return turn.chosen(command, reason, where, rule_of(reason, REPLY_RULE_NAMES))

    def _taken_in(self, turn: AgentTurn, _plan: Proposal | None) -> None:
        """Stage ``take the reply in``: learn from the last reply, see the room (proposes nothing)."""
        turn.context = self._take_in(turn.given)
        turn.scene = self._scene(turn.context)

    def _objective(self, turn: AgentTurn, _plan: Proposal | None) -> Proposal | None:
        """A step the text told us to take, unless a question asked is answered first."""
        ctx = turn.context or turn.given
        if self.replies.answering(ctx.room_id):
            return None
        planned = stated.choose(self.objectives, ctx, self.mem, self._pending_rooms)
        return self._chosen(turn, *planned) if planned else None

    def _reply_planned(self, turn: AgentTurn, _plan: Proposal | None) -> Proposal | None:
        """What a reply rule planned (its name is the reasoning)."""
        ctx = turn.context or turn.given
        room = ctx.room_id
        planned = self.replies.pick(ctx, lambda c: allowed(c, room, self.mem))
        return self._chosen(turn, planned[0], planned[1], room) if planned else None

    def _own_choice(self, turn: AgentTurn, _plan: Proposal | None) -> Proposal:
        """The agent's own choice (builtin_choosing.py)."""
        ctx = turn.context or turn.given
        scene = turn.scene if turn.scene is not None else self._scene(ctx)
        return self._chosen(turn, *self._choice(ctx, scene))

    def brief(self, briefing: str) -> None:
        """Nothing: it reads no text; what earlier runs taught reaches it as a later run's policy
        (knowledge/advisor.py)."""

    def follow(self, context: TurnContext, command: str, reason: str) -> Decision:
        """Send a command chosen elsewhere (a proven path), learning from the last reply as decide does."""
        context = self._take_in(context)
        self._commit(context.room_id, context.room_id, command)
        self.replies.commit(context.room_id, command)
        self.objectives.sending(command, context.room_id)
        rule = rule_of(reason, REPLY_RULE_NAMES)
        return Decision(command, reason, risky=self._risky(context, command), source="builtin", rule=rule)

    def _take_in(self, context: TurnContext) -> TurnContext:
        """Learn from the last reply (refusals, unknown words, deaths, score, new nouns)."""
        walked = context.last_command is not None and parse_direction(context.last_command) is not None
        if (
            sentence_name(context.room_name)
            and self.mem.now.last_room
            and not (walked and _by_description(context.map))
        ):
            # The map took a reply for a room header: we have not moved, so stay where we were.
            context = dataclasses.replace(context, room_id=self.mem.now.last_room, room_description="")
        self.map = context.map
        self.sig = signature(context)
        self.inventory = list(context.inventory)
        self.vocabulary = context.vocabulary
        score_before = self.mem.now.score
        try:
            self._observe(context)
        except Exception:  # a reply the learning rules did not foresee must not cost the turn
            log.exception("built-in agent: learning from the last reply failed")
        try:
            self.replies.observe(context, self._carried_names())
        except Exception:
            log.exception("built-in agent: the reply rules failed on the last reply")
        try:
            stated.observe(self.objectives, context, score_before)
        except Exception:
            log.exception("built-in agent: reading stated objectives failed on the last reply")
        return context

    def _risky(self, ctx: TurnContext, command: str) -> bool:
        """Fights, and moves out of rooms where we died, earn a save first."""
        room = ctx.room_id or "?"
        return command.startswith("attack") or (is_move(command) and bool(self.mem.attempts.deaths.get(room)))

    def to_dict(self) -> dict[str, Any]:
        """State to keep across a resume."""
        return {
            "seed": self.seed,
            "memory": self.mem.to_dict(),
            "replies": self.replies.to_dict(),
            "objectives": self.objectives.to_dict(),
        }

    def load_dict(self, state: dict[str, Any]) -> None:
        """Restore the state written by to_dict."""
        self.seed = int(state.get("seed", 0))
        self.mem = Memory.from_dict(state.get("memory", {}))
        self.mem.counsel = self.advice
        self.replies.load_dict(state.get("replies", {}))
        self.objectives = Objectives.from_dict(state.get("objectives", {}))

    # ----- what a later run's knowledge may ask (builtin_counsel.Advised) -----
    def advise(self, advice: Advice) -> None:
        """Take a later run's advice: vetoes the memory asks, seams the rules ask."""
        self.advice = advice
        self.mem.counsel = advice

    def plan_first(self, room: str | None, command: str, rule: str) -> None:
        """Put a plan at the front of the queue under its rule's name; tried before is no bar to it."""
        self.mem.attempts.tries.pop(spot(room, command), None)
        self.mem.plans.add([command], rule, front=True)

    def drop_plans(self, prefixes: tuple[str, ...]) -> None:
        """Drop the queued plans whose rule starts with one of these."""
        self.mem.plans.queue = [q for q in self.mem.plans.queue if not q.rule.startswith(prefixes)]

    def scene(self, context: TurnContext) -> Scene:
        """This room as the agent sees it this turn."""
        return self._scene(context)

    def remote_scene(self, room: str) -> Scene:
        """Another room as the agent will see it there."""
        return self._remote_scene(room)

    def map_dark(self, room: str) -> bool:
        """Whether the map holds a room as dark."""
        return self._map_dark(room)

    def _choice(self, ctx: TurnContext, scene: Scene) -> tuple[str, str, str | None]:
        """Our own choice, passing over commands the replies ruled out (unknown words, names not here,
        ways a person blocks)."""
        room = ctx.room_id
        choice = self._choose(ctx, scene)
        carried = tuple(self._carried_names())
        for _ in range(RULED_OUT_TRIES):
            if self.replies.keeps(choice[0], room, ctx.turn_number, carried):
                break
            self._commit(room, choice[2], choice[0])  # counted as tried, so the next choice differs
            mended = self.replies.mend(choice[0])  # the same thing by the words the game knows
            if (
                mended
                and allowed(mended, choice[2], self.mem)
                and self.replies.keeps(mended, room, ctx.turn_number)
            ):
                return mended, choice[1], choice[2]
            again = self._choose(ctx, scene)
            if again[0] == choice[0]:
                break
            choice = again
        return choice
