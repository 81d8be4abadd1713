"""Spells the built-in agent learns from the text: their names and what they act on."""

from __future__ import annotations

import re

from autofrotz.agents.builtin_words import ANIMALS, CREATURES, OPENABLE, PEOPLE

SPELL = re.compile(r"\b([a-z]{3,})\s+spell\b(?!\s+(?:cast|on)\b)", re.IGNORECASE)

SPELL_NOTE = re.compile(r"\b([a-z]{3,})\s+spell:\s*([^.\n\"]{3,80})", re.IGNORECASE)
# What a spell's description says it acts on -> the class of things to cast it on.
SPELL_KINDS = (
    (re.compile(r"\b(animal|creature|beast|living)", re.I), ANIMALS | CREATURES | PEOPLE),
    (re.compile(r"\b(open|unlock|lock)", re.I), OPENABLE),
    (re.compile(r"\b(person|people|someone|man|woman)\b", re.I), PEOPLE),
)


def spell_notes(text: str) -> dict[str, str]:
    """Spell name -> what the text says it does ("bozbar spell: cause an animal to sprout wings").

    >>> spell_notes('bozbar spell: cause an animal to sprout wings. rezrov spell: open even locked things.')
    {'bozbar': 'cause an animal to sprout wings', 'rezrov': 'open even locked things'}
    """
    return {m.group(1).lower(): m.group(2).strip().lower() for m in SPELL_NOTE.finditer(text)}


def spell_kind(note: str) -> frozenset[str] | None:
    """The class of things a spell's description says it works on, if it names one.

    >>> sorted(spell_kind("open even locked things"))[:2]
    ['bag', 'basket']
    >>> spell_kind("cause an object to glow") is None
    True
    """
    return next((kind for pattern, kind in SPELL_KINDS if pattern.search(note)), None)


def spells_in(text: str) -> list[str]:
    """Spell names a text mentions ("the bozbar spell").

    >>> spells_in('The scroll reads "bozbar spell: cause an animal to sprout wings".')
    ['bozbar']
    >>> spells_in("You must have had a moronicity spell cast on you.")
    []
    """
    stop = {"the", "this", "that", "a", "your", "my", "magic", "first", "new", "one"}
    return [m.lower() for m in SPELL.findall(text) if m.lower() not in stop]
