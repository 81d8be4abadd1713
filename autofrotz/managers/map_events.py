"""Events a reply prints before its room text, for rooms a game rewords on every visit.

Some old games draw one room under a new wording each time the player moves inside it (a haunted
house whose "bedroom", "pantry" and "study" are one place) while the same event keeps happening there.
"""

from __future__ import annotations

from autofrotz.managers.map_maze import normalize_description, similarity
from autofrotz.managers.room_prose import opening_line

# Event passages at least this similar are the same thing happening again (a bruise here, a miss there).
EVENT_SIMILARITY = 0.8
# Shorter openings are replies ("OK", "You climb down.") rather than an event of the place.
SHORTEST_EVENT = 40


def event_before_room(text: str) -> str:
    """The lines a reply prints before its room description opens, joined ("" when none).

    >>> event_before_room("A bat swoops at you and misses.\\nYou are in a cave.\\nExits lead north.")
    'A bat swoops at you and misses.'
    >>> event_before_room("You are in a cave.")
    ''
    """
    lines = [line.strip() for line in text.replace("\r", "").split("\n") if line.strip()]
    opener = opening_line(lines)
    return " ".join(lines[:opener]) if opener else ""


def same_event(earlier: str, later: str) -> bool:
    """True when two replies open with the same event of some length before their room text.

    >>> bat = "A huge bat swoops down at you, and misses you by inches this time.\\n"
    >>> same_event(bat + "You are in a cave.", bat.replace("inches", "a foot") + "You are in a pit.")
    True
    >>> same_event("You climb down.\\nYou are in a cave.", "You climb down.\\nYou are in a pit.")
    False
    """
    a, b = normalize_description(event_before_room(earlier)), normalize_description(event_before_room(later))
    if min(len(a), len(b)) < SHORTEST_EVENT:
        return False
    return similarity(a, b) >= EVENT_SIMILARITY
