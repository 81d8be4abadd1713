"""Spells the built-in agent learns from the text: a game that names "the X spell" has taught a word to
cast. How it is cast differs between games, so the agent tries the plain forms ("cast X", "X", "X thing")."""

from __future__ import annotations

from autofrotz.agents.builtin_words import word_class
from autofrotz.reading.agent_events import SPELL

NOT_NAMES = word_class("the this that a your my magic first new one")  # "the spell", "a magic spell"


def spells_in(text: str) -> list[str]:
    """Spell names a text mentions ("the glow spell").

    >>> spells_in('The page reads "glow spell: make a thing shine".')
    ['glow']
    >>> spells_in("You must have had a sleeping spell cast on you.")
    []
    """
    return [m.lower() for m in SPELL.findall(text) if m.lower() not in NOT_NAMES]
