"""Direction words of interactive fiction as data, with small pure helpers.

Shared by the map manager and the item manager: canonical names, abbreviations, opposites and the
verbs that turn a command into a move.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# Canonical direction -> every word or abbreviation players type for it.
DIRECTION_WORDS: dict[str, tuple[str, ...]] = {
    "north": ("north", "n"),
    "south": ("south", "s"),
    "east": ("east", "e"),
    "west": ("west", "w"),
    "northeast": ("northeast", "ne", "north-east"),
    "northwest": ("northwest", "nw", "north-west"),
    "southeast": ("southeast", "se", "south-east"),
    "southwest": ("southwest", "sw", "south-west"),
    "up": ("up", "u", "upstairs", "upward", "upwards", "ascend"),
    "down": ("down", "d", "downstairs", "downward", "downwards", "descend"),
    "in": ("in", "inside", "enter"),
    "out": ("out", "outside", "exit", "leave"),
}

OPPOSITES: dict[str, str] = {
    "north": "south",
    "south": "north",
    "east": "west",
    "west": "east",
    "northeast": "southwest",
    "southwest": "northeast",
    "northwest": "southeast",
    "southeast": "northwest",
    "up": "down",
    "down": "up",
    "in": "out",
    "out": "in",
}

# Map-grid step of each compass direction (x east, y north, z up), for dead reckoning.
OFFSETS: dict[str, tuple[int, int, int]] = {
    "north": (0, 1, 0),
    "south": (0, -1, 0),
    "east": (1, 0, 0),
    "west": (-1, 0, 0),
    "northeast": (1, 1, 0),
    "northwest": (-1, 1, 0),
    "southeast": (1, -1, 0),
    "southwest": (-1, -1, 0),
    "up": (0, 0, 1),
    "down": (0, 0, -1),
}

# Short command the game accepts for each canonical direction (what get_path returns).
ABBREVIATIONS: dict[str, str] = {
    "north": "n",
    "south": "s",
    "east": "e",
    "west": "w",
    "northeast": "ne",
    "northwest": "nw",
    "southeast": "se",
    "southwest": "sw",
    "up": "u",
    "down": "d",
    "in": "in",
    "out": "out",
}

# Verbs that may precede a direction ("go north", "walk n", "run up").
MOVE_VERBS: frozenset[str] = frozenset({"go", "walk", "run", "head", "travel", "move", "crawl", "proceed"})

# Verbs whose command usually carries the player somewhere even without a direction word.
TRAVEL_VERBS: frozenset[str] = frozenset(
    {
        "enter", "exit", "leave", "climb", "cross", "jump", "swim", "go", "walk", "run", "crawl",
        "follow", "board", "ride", "descend", "ascend", "slide", "dive", "squeeze", "wade", "fly",
        "sail", "row", "drive", "stand", "out", "in", "back", "return", "step",
    }
)  # fmt: skip

# Verbs that move the player along with something when a direction ends the command ("push cart n").
CARRY_VERBS: frozenset[str] = frozenset(
    {"push", "pull", "drag", "roll", "wheel", "ride", "drive", "row", "steer"}
)

# "get out", "sit on": verbs that move the player only with one of these particles ("get lamp" does not).
POSTURE_VERBS: frozenset[str] = frozenset({"get", "sit", "lie", "hop", "jump"})
POSTURE_PARTICLES: frozenset[str] = frozenset(
    {"in", "into", "out", "up", "down", "off", "on", "onto", "over"}
)

# Verbs whose replies never move the player; a title-like line in them is a document or a list.
STATIONARY_VERBS: frozenset[str] = frozenset(
    {"examine", "x", "read", "inventory", "i", "inv", "score", "help", "hint", "hints", "about", "info",
     "credits", "version", "consult", "verbose", "brief", "superbrief", "notify", "spells", "learn",
     "memorize", "think", "diagnose", "time", "status"}
)  # fmt: skip

_WORD_TO_DIRECTION: dict[str, str] = {w: d for d, words in DIRECTION_WORDS.items() for w in words}


def normalize_command(command: str) -> str:
    """Lower-case a command and squeeze its spaces.

    >>> normalize_command("  Go   NORTH ")
    'go north'
    """
    return " ".join(command.lower().split())


def parse_direction(command: str | None) -> str | None:
    """Canonical direction a command moves in, or None when it is not a plain move.

    >>> parse_direction("N")
    'north'
    >>> parse_direction("go south-east")
    'southeast'
    >>> parse_direction("walk to the west")
    'west'
    >>> parse_direction("enter")
    'in'
    >>> parse_direction("enter house") is None
    True
    >>> parse_direction("take lamp") is None
    True
    """
    if not command:
        return None
    words = [w for w in re.split(r"[\s.!,]+", normalize_command(command)) if w]
    if words and words[0] in MOVE_VERBS:
        words = [w for w in words[1:] if w not in ("to", "the")]
    if len(words) != 1:
        return None
    return _WORD_TO_DIRECTION.get(words[0])


def opposite(direction: str) -> str | None:
    """Compass opposite of a canonical direction, None for non-compass moves.

    >>> opposite("northeast")
    'southwest'
    >>> opposite("enter house") is None
    True
    """
    return OPPOSITES.get(direction)


def heading(command: str) -> str | None:
    """Direction a command carries the player: a plain move, or pushing/riding something somewhere.

    >>> heading("n"), heading("push table north"), heading("push button")
    ('north', 'north', None)
    """
    direction = parse_direction(command)
    words = normalize_command(command).split()
    if direction or len(words) < 3 or words[0] not in CARRY_VERBS:
        return direction
    return _WORD_TO_DIRECTION.get(words[-1])


def step(position: tuple[int, int, int] | None, direction: str) -> tuple[int, int, int] | None:
    """Grid position one move away, None when unknown or the move has no compass meaning.

    >>> step((0, 0, 0), "northeast")
    (1, 1, 0)
    >>> step((0, 0, 0), "enter boat") is None
    True
    """
    offset = OFFSETS.get(heading(direction) or "")
    if position is None or offset is None:
        return None
    return (position[0] + offset[0], position[1] + offset[1], position[2] + offset[2])


def abbreviate(direction: str) -> str:
    """Short command for a canonical direction; other commands are returned unchanged.

    >>> abbreviate("north")
    'n'
    >>> abbreviate("climb tree")
    'climb tree'
    """
    return ABBREVIATIONS.get(direction, direction)


def way_in_words(way: str, knows: Callable[[str], bool]) -> str:
    """The command for a way in words the story's parser reads (`knows`: its dictionary): the way
    itself, or its short form where the dictionary holds that and not the way (a parser that matches
    words by their first letters takes "northeast" for "north"); other commands unchanged.

    >>> way_in_words("northeast", {"ne", "north"}.__contains__)
    'ne'
    >>> way_in_words("northeast", lambda word: True), way_in_words("climb tree", lambda word: False)
    ('northeast', 'climb tree')
    """
    short = ABBREVIATIONS.get(way, way)
    return short if short != way and not knows(way) and knows(short) else way


def canonical_direction(word: str) -> str | None:
    """Canonical direction for one word of text ("NE", "north-east", "Up").

    >>> canonical_direction("NE")
    'northeast'
    >>> canonical_direction("table") is None
    True
    """
    return _WORD_TO_DIRECTION.get(word.lower().strip(".,;:!?"))


def is_travel_command(command: str | None) -> bool:
    """True when a command is a move or starts with a verb that usually carries the player.

    >>> is_travel_command("climb tree")
    True
    >>> is_travel_command("s")
    True
    >>> is_travel_command("open door")
    False
    >>> is_travel_command("get lamp"), is_travel_command("get out")
    (False, True)
    """
    if not command:
        return False
    if heading(command):
        return True
    words = normalize_command(command).split()
    if len(words) > 1 and words[0] in POSTURE_VERBS:
        return words[1] in POSTURE_PARTICLES
    return bool(words) and words[0] in TRAVEL_VERBS


def is_stationary_command(command: str | None) -> bool:
    """True for commands that only inspect (read, examine, inventory) and so cannot move the player.

    >>> is_stationary_command("read book"), is_stationary_command("north")
    (True, False)
    """
    words = normalize_command(command or "").split()
    return bool(words) and words[0] in STATIONARY_VERBS


def edge_label(command: str) -> str:
    """Label of a graph edge for a command: the canonical direction, else the normalised command.

    >>> edge_label("GO NORTH")
    'north'
    >>> edge_label("Enter  Boat")
    'enter boat'
    >>> edge_label("push table e")  # pushing something somewhere takes the player along
    'east'
    """
    return heading(command) or normalize_command(command)
