"""Rule `fill-what-is-empty`: a thing the game calls empty is a container waiting for something.

The convention: parsers report a container's contents, and an empty one by that very word ("You can
see a hopper (which is empty) here.", "The basin is empty."). Games mention an empty container because
something belongs in it (grain in a hopper, a gem in a socket, water in a trough): each thing carried is
put in it once (lights kept back: the dark is worse than a missed point). A put that scores nothing is
taken back by the agent's rule `take-back-what-a-put-did-not-score`. No noun of any game is listed: the
container is whatever the text calls empty.
"""

from __future__ import annotations

import re

from autofrotz.agents import builtin_words as w

EMPTY = re.compile(
    r"\b(?:the|a|an|some)\s+([a-z][a-z -]{1,30}?)\s+(?:\(which is empty\)|is (?:now )?empty\b|are empty\b)",
    re.IGNORECASE,
)
FILLS = 4  # carried things tried in one empty container
NOT_A_NAME = frozenset(["it", "this", "that", "room", "place", "area"])


def empty_things(text: str) -> list[str]:
    """Names a reply calls empty.

    >>> empty_things("You can see a hopper (which is empty) here. The stone basin is empty.")
    ['hopper', 'stone basin']
    >>> empty_things("The room is empty.")
    []
    """
    names = [m.strip().lower() for m in EMPTY.findall(text)]
    return [n for n in dict.fromkeys(names) if w.head(n) not in NOT_A_NAME]


def fill_actions(vessels: list[str], held: list[str]) -> list[str]:
    """Each carried thing (by its command name; lights kept back) put in each empty container here.

    >>> fill_actions(["hopper"], ["sack", "brass lamp", "hopper key", "hopper"])
    ['put sack in hopper', 'put hopper key in hopper']
    """
    goods = [h for h in held if not w.has_class(h, w.LIGHTS)][:FILLS]
    return [f"put {g} in {vessel}" for vessel in vessels for g in goods if g != vessel]
