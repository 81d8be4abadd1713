"""Earlier runs' refusals, deaths, walls and dead ends as vetoes the built-in agent's memory asks, and
the seams its rules ask in a later run: the `Advice` (agents/builtin_counsel.py) a `KnowingAgent` hands
the agent and keeps up to date each turn."""

from __future__ import annotations

from dataclasses import dataclass, field

from autofrotz.agents.builtin_counsel import Wider
from autofrotz.agents.builtin_idle import HELD_ROOM
from autofrotz.agents.builtin_memory import Memory
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
from autofrotz.policy.protocol import Vetoes
from autofrotz.words.directions import parse_direction

DEAD_END_TRIES = 99  # what a known dead end counts as tried: up to any verb's limit


@dataclass
class KnownVetoes:
    """A later run's advice to the built-in agent: earlier runs' refusals and deaths as extra vetoes
    (``vetoes`` records them), and the seams set by the knowledge's state each turn."""

    lore: Lore
    vetoes: Vetoes = field(default_factory=Vetoes)
    off: bool = False  # knowledge stood down (rule ``behind the first run``): the vetoes no longer apply
    barred: list[str] = field(default_factory=list)  # "room|direction" into a room whose clock kills
    lifted: dict[str, str] = field(default_factory=dict)  # "room|command" -> the rule that lifted a dead end
    ran_dry: bool = False  # the agent's usual actions were spent once this run (it asked for the wider pool)
    wider: Wider | None = None  # the wider pool (knowledge/widen.py), None where it does not apply
    every_word: bool = False  # rule ``every word, a later run``
    reply_opens: bool = False  # rule ``a way a reply opened, a later run``

    def failed(self, mem: Memory, room: str | None, command: str) -> bool:
        """A known clock's barred way, a known refusal or death, or a known wall."""
        if self.barred and f"{room}|{parse_direction(command)}" in self.barred:
            return self.vetoes.record(room, command, "known clock: left that room by its clock too often")
        if self.off:
            return False
        # A known death counts as refused too: the explorer checks exits through this question.
        rule = self.lore.refusal_rule(room, command) or self.lore.death_rule(room, command)
        if rule is None and on(WALLS):
            rule = self.lore.wall_rule(room, command, mem.now.score)
        return self.vetoes.record(room, command, rule)

    def blind_worth(self, mem: Memory, room: str | None) -> bool:
        """Rule ``the story names its exits`` (knowledge/blind.py): no blind tries when earlier runs'
        never found a room."""
        if not on(BLIND) or self.off or not names_exits(*self.lore.blind):
            return True
        tries, _ = self.lore.blind
        return not self.vetoes.record(
            room, "directions not mentioned", f"{BLIND_RULE}: {tries} earlier tries found none"
        )

    def deadly(self, mem: Memory, room: str | None, command: str) -> bool:
        """A known death here, or (rule ``a word alone that killed``) a word alone that killed anywhere."""
        if self.off:
            return False
        rule = self.lore.death_rule(room, command) or (
            self.lore.word_death_rule(command) if on(WORDS) else None
        )
        if (
            rule is None
            and on(WORDS)
            and alone(command)
            and any(k.what == command for k in mem.attempts.killers)
        ):
            rule = f"{WORD_DEATH} (this run)"
        return self.vetoes.record(room, command, rule)

    def tried(self, mem: Memory, room: str | None, command: str, times: int) -> int:
        """A known dead end counts as tried up to any verb's limit, so other things come first."""
        if times or not on(DEAD_ENDS) or self.off:
            return times
        # Only once the agent's usual actions are spent this run (it asked for the wider pool): before, what
        # no run tried comes first (measured on two dev stories: lifted from the start, a later run spent
        # its turns redoing the first run's).
        score = mem.now.score if on(LIFT) and (self.ran_dry or mem.now.idle > 0) else None
        rule = self.lore.dead_end_rule(room, command, score)
        if rule is None and room == HELD_ROOM and on(CARRIED_ANYWHERE):
            rule = self.lore.carried_dead_end_rule(command)
        if self.vetoes.record(room, command, rule):
            return DEAD_END_TRIES
        lifted = self.lore.lifted(room, command, score)
        if lifted is not None:
            self.lifted[f"{room}|{command}"] = lifted
        return times


def informed(lore: Lore, mem: Memory | None = None) -> tuple[Memory, KnownVetoes]:
    """A memory (a new one unless given) that asks earlier runs' vetoes, and those vetoes.

    >>> mem, vetoes = informed(Lore(runs=1, dead_ends={("hall", "chant"): 1}))
    >>> mem.tried("hall", "chant") > 1, [v.rule for v in vetoes.vetoes.entries]
    (True, ['known dead end (run 1)'])
    """
    memory = Memory() if mem is None else mem
    advice = KnownVetoes(lore)
    memory.counsel = advice
    return memory, advice
