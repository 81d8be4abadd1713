"""The reading of a side copy's answer to "examine NAME" when the parser read only part of the name:
what it says it read ("...as far as wanting to examine the little window"), read once for both of its
uses (things_in_sight.py): the thing asked as a name of its own, and, when it is the name's first words,
the name the thing is asked and briefed by.

One match and one miss of the table:

>>> UNDERSTOOD.search("I only understood you as far as wanting to examine the cup.").group(1)
'cup'
>>> UNDERSTOOD.search("You can't see any such thing.") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

UNDERSTOOD = re.compile(  # the parser read the name's first words as a thing, and no further
    r"understood (?:you )?(?:only )?as far as wanting to \w+ (?:the |an? |some )?([\w' -]{2,40}?)\s*[.!]",
    re.IGNORECASE,
)
ANSWER_HEAD = 240  # characters of an answer where the parser says how far it read


@dataclass(frozen=True)
class ReadAs:
    """What the parser read of a name it did not read whole: `part`, the thing as a name of its own,
    and `first_words`, the thing when it is the name's first words, two or more (each of its words
    begins the name's word in its place), else None."""

    part: str
    first_words: str | None


def read_as(answer: str, name: str) -> ReadAs | None:
    """What an answer to "examine NAME" says the parser read of the name before the words it could not
    place, or None when it says no such thing. The first words: "little window" read of "little
    window-vent high"; not "massive pedestal" read of "massive pillar" ("massive" being the pedestal's),
    nor "sink" of "sink tap" (one word).

    >>> said = "I only understood you as far as wanting to examine the "
    >>> read_as(said + "little window.", "little window-vent high")
    ReadAs(part='little window', first_words='little window')
    >>> read_as(said + "massive pedestal.", "massive pillar"), read_as(said + "sink.", "sink tap")
    (ReadAs(part='massive pedestal', first_words=None), ReadAs(part='sink', first_words=None))
    >>> read_as(said + "timber.", "timber header")
    ReadAs(part='timber', first_words=None)
    >>> read_as("You can't see any such thing.", "pillar") is None
    True
    """
    match = UNDERSTOOD.search(answer[:ANSWER_HEAD])
    if not match:
        return None
    read, words = match.group(1).lower().split(), name.lower().split()
    first = 1 < len(read) <= len(words) and all(
        w.startswith(r) for r, w in zip(read, words[: len(read)], strict=True)
    )
    return ReadAs(match.group(1).strip(), match.group(1) if first else None)
