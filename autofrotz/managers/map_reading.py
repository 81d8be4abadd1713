"""Replies that only show something being read or looked at: a title in them is a document's, not a room's."""

from __future__ import annotations

from autofrotz.managers.directions import is_stationary_command, normalize_command

# "look at the list", "look in the box": looking at a thing, unlike a bare "look" at the room.
LOOK_AT_PARTICLES = frozenset({"at", "in", "inside", "into", "under", "behind", "through", "on"})


def is_inspection(command: str | None) -> bool:
    """True for commands that only read or look at something, which never move the player.

    >>> is_inspection("look at list"), is_inspection("read sign"), is_inspection("look")
    (True, True, False)
    """
    words = normalize_command(command or "").split()
    looks_at = len(words) > 1 and words[0] in ("look", "l") and words[1] in LOOK_AT_PARTICLES
    return looks_at or is_stationary_command(command)


def quoted_title(text: str, header: str) -> bool:
    """True when a line ending in a colon ("It reads:") comes before the title: the title is quoted.

    >>> quoted_title("A list. It reads:\\n\\nDONE: Ed\\nRoom 8\\n\\nDONE: Andrea\\nNot ours.", "DONE: Andrea")
    True
    >>> quoted_title("The wall slides away.\\n\\nHall\\nA grand hall.", "Hall")
    False
    """
    before = text.replace("\r", "").split("\n")
    at = next((i for i in range(len(before) - 1, -1, -1) if before[i].strip().startswith(header)), 0)
    return any(line.rstrip().endswith(":") for line in before[:at])
