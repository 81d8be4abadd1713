"""Rule ``a word alone that killed`` (lore.py, advisor.py): a one-word command, not a move, that killed
once is not said again in any room, whether an earlier run or this one saw the death."""

from __future__ import annotations

from autofrotz.agents.builtin_memory import spot
from autofrotz.knowledge.informed import informed
from autofrotz.knowledge.lore import Lore
from autofrotz.policy.protocol import Veto


def test_a_word_that_killed_in_one_room_is_deadly_in_every_room() -> None:
    lore = Lore(runs=1, deaths={("hall", "xyzzy"): {"run": 1, "seen": 1, "text": ""}})
    mem, advice = informed(lore)
    assert mem.deadly("yard", "xyzzy")
    assert Veto("yard", "xyzzy", "a word alone that killed (run 1)") in advice.vetoes.entries
    assert not mem.deadly("yard", "jump")  # another word
    # A move or a command with a thing kills by the place: only where it killed.
    lore.deaths[("hall", "open box")] = {"run": 1, "seen": 1, "text": ""}
    assert not mem.deadly("yard", "open box")
    # This run's own death counts as well.
    mem.attempts.killers.append(spot("cellar", "plugh"))
    assert mem.deadly("attic", "plugh")
    assert Veto("attic", "plugh", "a word alone that killed (this run)") in advice.vetoes.entries
    advice.off = True  # knowledge stood down: only this room's own death
    assert not mem.deadly("attic", "plugh") and mem.deadly("cellar", "plugh")
