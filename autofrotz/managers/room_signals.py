"""What a reply says happened, read from stock phrases: darkness, a refused or blocked move, being
carried off, open terrain, a dead end. Each is a table of patterns and a small predicate."""

from __future__ import annotations

from autofrotz.reading.patterns import DARK_AGAIN_PATTERNS, first_match

# Replies meaning "you were carried somewhere" that describe no room (time machines, spells).
RELOCATION_PATTERNS: tuple[str, ...] = (
    r"\byour (?:surroundings|environment) (?:appear|seem|look|have|has)\b"
    r"[^.]*\b(?:changed|altered|different)\b",
)

# Replies meaning "an exit is there but something stops you": they block an exit.
BLOCK_PATTERNS: tuple[str, ...] = (
    r"\bthe [\w' -]+ (?:is|are) (?:closed|locked|shut)\b",
    r"\b(?:the [\w' -]+|it|that|this) (?:seems|appears) to be (?:closed|locked|shut)\b",
    r"\byou'?ll have to open\b",
    r"\b(?:blocks?|bars?) (?:your|the) (?:way|path|passage)\b",
    r"\bwon'?t let you\b",
    r"\byou can'?t fit\b",
    r"\b(?:the [\w' -]+ )?is in the way\b",
)

# Phrases of open terrain (desert, plain, sea) that some games draw as one room with a hidden grid.
OPEN_TERRAIN_PATTERNS: tuple[str, ...] = (
    r"\b(?:see|seen|visible|view|stretch(?:es|ing)?|extend(?:s|ing)?|spread(?:s|ing)?)\b(?: [\w,']+){0,3} "
    r"in (?:any|every|all) directions?\b",
    r"\bas far as (?:the|your) eyes? can see\b",
    r"\bas far as you can see\b",
)

# A room's text saying it has a single way out (the one the player came in by).
DEAD_END_PATTERNS: tuple[str, ...] = (
    r"\bno other (?:exits?|way out)\b",
    r"\bthe only (?:exit|way out) is (?:back|the way you came)\b",
    r"\bdead end\b",
)


def is_dark_again_text(text: str) -> bool:
    """True when the output says the darkness has come back.

    >>> is_dark_again_text("Suddenly everything goes black again."), is_dark_again_text("It is dark.")
    (True, False)
    """
    return first_match(DARK_AGAIN_PATTERNS, text) is not None


# A move that loops round to where it began ("...you walk in a circle and find that you are back where
# you started"): the way exists, but it leads back here.
BACK_WHERE_STARTED_PATTERNS: tuple[str, ...] = (
    r"\b(?:are|end up|wind up|find yourself|arrive) back (?:where|at the (?:place|spot) where) you "
    r"(?:started|began|set (?:off|out))\b",
)


def is_back_where_started(text: str) -> bool:
    """True when a reply says a move led round to where it started.

    >>> is_back_where_started("You walk in a circle and find that you are back where you started.")
    True
    >>> is_back_where_started("You are back in the hall."), is_back_where_started("Start where you are.")
    (False, False)
    """
    return first_match(BACK_WHERE_STARTED_PATTERNS, " ".join(text.split())) is not None


def is_relocation_text(text: str) -> bool:
    """True when the output says the player is now somewhere else without describing where.

    >>> is_relocation_text("When the flash fades, your surroundings appear somewhat altered.")
    True
    >>> is_relocation_text("The surroundings are quiet.")
    False
    """
    return first_match(RELOCATION_PATTERNS, text) is not None


def blocked_reason(text: str) -> str | None:
    """The phrase that blocks a move ("The door is closed"), or None.

    >>> blocked_reason("The wooden door is locked.")
    'The wooden door is locked'
    """
    return first_match(BLOCK_PATTERNS, text)


def reads_like_open_terrain(text: str) -> bool:
    """True when a room's description speaks of open terrain stretching every way.

    >>> reads_like_open_terrain("Wherever you look, you see in every direction sand and sunlight.")
    True
    >>> reads_like_open_terrain("A hall with crooked pillars and doorways in all directions.")
    False
    """
    return first_match(OPEN_TERRAIN_PATTERNS, text) is not None


def reads_like_dead_end(text: str) -> bool:
    """True when a room's text says there is no way out but the one the player came in by.

    >>> reads_like_dead_end("A grisly cavern with a black hole in the floor. There is no other exit.")
    True
    >>> reads_like_dead_end("The only way out is through a gate to the north.")
    False
    """
    return first_match(DEAD_END_PATTERNS, text) is not None
