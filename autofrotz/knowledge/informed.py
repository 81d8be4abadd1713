"""The agent's memory with earlier runs' refusals, deaths, walls and dead ends as extra vetoes."""

from __future__ import annotations

from dataclasses import fields

from autofrotz.agents.builtin_idle import HELD_ROOM
from autofrotz.agents.builtin_memory import Memory
from autofrotz.knowledge.advisor_base import DEAD_END_TRIES
from autofrotz.knowledge.blind import RULE as BLIND_RULE
from autofrotz.knowledge.blind import names_exits
from autofrotz.knowledge.lore import WORD_DEATH, Lore, alone
from autofrotz.knowledge.rules import (
    BLIND,
    CARRIED_ANYWHERE,
    DEAD_ENDS,
    LIFT,
    WALLS,
    WORDS,
    on,
)
from autofrotz.words.directions import parse_direction


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
