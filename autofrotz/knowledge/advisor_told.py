"""Notes on what replies told that are a method of the later run's policy: what the parser asked for,
what a thing is not, what swallows things. The rules on what replies told are rule objects of their own
(people.py, said.py, waiting.py, many.py, looks.py, openings.py, described.py)."""

from __future__ import annotations

from autofrotz.agents.base import TurnContext
from autofrotz.knowledge.advisor_base import KnowingBase
from autofrotz.knowledge.kinds import swallows, thing_is_not, unseen_here, use_parts
from autofrotz.knowledge.rules import SINKS, on


class ToldRules(KnowingBase):
    """Notes from each reply for the wider pool."""

    def _note_wants(self, ctx: TurnContext) -> None:
        """An own verb sent alone that the parser asked a thing for is not sent alone again; one it
        asked an instrument for is sent with a carried thing; one it read no thing after is not sent
        with things again."""
        s, last = self.state, (ctx.last_command or "").strip()
        asked = ctx.reading.asks_for_thing
        if last in self.lore.verbs and last not in s.pool.wants_thing and asked:
            s.pool.wants_thing.append(last)
        verb = last.split()[0] if last else ""
        tool = ctx.reading.asks_for_tool
        if verb in self.lore.verbs and " " in last and verb not in s.pool.wants_tool and tool:
            s.pool.wants_tool.append(verb)
        refused = thing_is_not(last, ctx.reading)  # rule ``what a thing is not``
        if refused is not None and "|".join(refused) not in s.things.not_kinds:
            s.things.not_kinds.append("|".join(refused))
        room = ctx.room_id or "?"
        if unseen_here(s.things.unseen_tries, room, last, ctx.reading.such_thing_flat_head):
            thing = f"{room}|{(use_parts(last) or ('', ''))[1]}"  # rule ``a thing not here is not used here``
            s.things.absent += [] if thing in s.things.absent else [thing]
        scored = ctx.score is not None and s.last_score is not None and ctx.score > s.last_score
        sink = swallows(last, ctx.last_output or "", scored) if on(SINKS) else None
        if (
            sink is not None and f"{room}|{sink}" not in s.things.sinks
        ):  # rule ``what swallows things gets no more``
            s.things.sinks.append(f"{room}|{sink}")
        alone = ctx.reading.understood_verb is not None  # "I only understood you as far as wanting to cpr."
        if verb in self.lore.verbs and " " in last and verb not in s.pool.no_thing and alone:
            s.pool.no_thing.append(verb)
