"""Notes taken from each reply for the wider pool (widen.py), the first row of a later run's policy: an
own verb sent alone that the parser asked a thing for is not sent alone again; one it asked an
instrument for is sent with a carried thing; one it read no thing after is not sent with things again;
rules ``what a thing is not`` (kinds.py), ``a thing not here is not used here`` and ``what swallows
things gets no more``. A rule object that observes and proposes nothing, holding the parts of the run's
state it notes in (``PoolState``, ``ThingsState``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.knowledge.kinds import swallows, thing_is_not, unseen_here, use_parts
from autofrotz.knowledge.pool_state import PoolState, ThingsState
from autofrotz.knowledge.rules import SINKS, on
from autofrotz.policy.protocol import Proposal

NOTES_ROW = "notes from the last reply"


@dataclass
class ReplyNotes:
    """Notes the last reply in the wider pool's parts of the run's state."""

    pool: PoolState
    things: ThingsState
    verbs: Sequence[str]  # the story's own verbs (earlier runs read them)
    last_score: Callable[[], int | None]  # the score the goals' record last saw
    name = NOTES_ROW
    plans = False

    def observe(self, turn: AgentTurn) -> None:
        ctx = turn.given
        pool, things, last = self.pool, self.things, (ctx.last_command or "").strip()
        asked = ctx.reading.asks_for_thing
        if last in self.verbs and last not in pool.wants_thing and asked:
            pool.wants_thing.append(last)
        verb = last.split()[0] if last else ""
        tool = ctx.reading.asks_for_tool
        if verb in self.verbs and " " in last and verb not in pool.wants_tool and tool:
            pool.wants_tool.append(verb)
        refused = thing_is_not(last, ctx.reading)  # rule ``what a thing is not``
        if refused is not None and "|".join(refused) not in things.not_kinds:
            things.not_kinds.append("|".join(refused))
        room = ctx.room_id or "?"
        if unseen_here(things.unseen_tries, room, last, ctx.reading.such_thing_flat_head):
            thing = f"{room}|{(use_parts(last) or ('', ''))[1]}"  # rule ``a thing not here is not used here``
            things.absent += [] if thing in things.absent else [thing]
        score, last_score = ctx.score, self.last_score()
        scored = score is not None and last_score is not None and score > last_score
        sink = swallows(last, ctx.last_output or "", scored) if on(SINKS) else None
        if sink is not None and f"{room}|{sink}" not in things.sinks:  # ``what swallows things gets no more``
            things.sinks.append(f"{room}|{sink}")
        alone = ctx.reading.understood_verb is not None  # "I only understood you as far as wanting to cpr."
        if verb in self.verbs and " " in last and verb not in pool.no_thing and alone:
            pool.no_thing.append(verb)

    def propose(self, turn: AgentTurn, plan: Proposal | None) -> Proposal | None:
        return None  # it only notes
