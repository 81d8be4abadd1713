"""Ways out a room's text names: an "Exits:" list, compass words in context, stairs leading up or down."""

from __future__ import annotations

import re

from autofrotz.managers.directions import canonical_direction

_EXIT_LIST = re.compile(r"\b(?:obvious )?exits?(?: are)?\s*[:\-]?\s*(?P<list>[a-z ,\-]+)", re.IGNORECASE)
_EXIT_CONTEXT = re.compile(
    r"\b(?P<dir>north|south|east|west|northeast|northwest|southeast|southwest|north-east|north-west|"
    r"south-east|south-west)(?:ward|wards|ern)?\b(?!\s+(?:side|wall|end|bank|shore|corner|edge|face|"
    r"half|part|tip|slope|of the house|window))",
    re.IGNORECASE,
)
_UPDOWN = re.compile(
    r"\b(?:lead|leads|leading|go|goes|going|climb|climbs|head|heads|run|runs|continue|continues|"
    r"stair\w*|ladder|steps|way|passage|chimney|hole|shaft)\s+(?:\w+\s+)?(?P<dir>up|down)(?:ward|wards)?\b",
    re.IGNORECASE,
)


def parse_exits(text: str) -> list[str]:
    """Canonical directions the text names as ways out.

    >>> parse_exits("Obvious exits: North, South, Up.")
    ['north', 'south', 'up']
    >>> parse_exits("A passage leads west and a staircase leads down. The north wall is bare.")
    ['west', 'down']
    """
    found: list[str] = []
    for m in _EXIT_LIST.finditer(text):
        found += [d for w in re.split(r"[\s,]+", m.group("list")) if (d := canonical_direction(w))]
    for m in _EXIT_CONTEXT.finditer(text):
        found.append(canonical_direction(m.group("dir")) or "")
    for m in _UPDOWN.finditer(text):
        found.append(canonical_direction(m.group("dir")) or "")
    return list(dict.fromkeys(d for d in found if d))
