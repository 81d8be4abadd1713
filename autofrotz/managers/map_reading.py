"""What a reply's wording says about the place: a title in something read is a document's, not a room's;
a place that "seems familiar, yet different" is another version of a known one (another era)."""

from __future__ import annotations

import re

from autofrotz.words.directions import is_stationary_command, normalize_command

# "look at the list", "look in the box": looking at a thing, unlike a bare "look" at the room.
LOOK_AT_PARTICLES = frozenset({"at", "in", "inside", "into", "under", "behind", "through", "on"})

# Replies saying a familiar place is not the one we knew (time travel, a dream, a copy).
OTHER_VERSION = re.compile(
    r"\bfamiliar,? (?:yet|but) (?:somehow )?different\b|\bsomething (?:seems|is|looks) (?:\w+ )?different\b",
    re.IGNORECASE,
)


def is_other_version(text: str) -> bool:
    """True when a reply says the place looks familiar but is not the same.

    >>> is_other_version("This place seems familiar, yet somehow different.")
    True
    >>> is_other_version("The door is different from the others.")
    False
    """
    return OTHER_VERSION.search(text) is not None


def is_inspection(command: str | None) -> bool:
    """True for commands that only read or look at something, which never move the player.

    >>> is_inspection("look at list"), is_inspection("read sign"), is_inspection("look")
    (True, True, False)
    """
    words = normalize_command(command or "").split()
    looks_at = len(words) > 1 and words[0] in ("look", "l") and words[1] in LOOK_AT_PARTICLES
    return looks_at or is_stationary_command(command)


def quoted_title(text: str, header: str) -> bool:
    """True when the title line, or one before it, ends in a colon ("It reads:"): the title is quoted.

    >>> quoted_title("A list. It reads:\\n\\nDONE: Ed\\nRoom 8\\n\\nDONE: Andrea\\nNot ours.", "DONE: Andrea")
    True
    >>> quoted_title('The note, in a scrawl, reads:\\n"Please stop by the chapel soon."', "The note")
    True
    >>> quoted_title("The wall slides away.\\n\\nHall\\nA grand hall.", "Hall")
    False
    """
    before = text.replace("\r", "").split("\n")
    at = next((i for i in range(len(before) - 1, -1, -1) if before[i].strip().startswith(header)), 0)
    return any(line.rstrip().endswith(":") for line in before[: at + 1])
