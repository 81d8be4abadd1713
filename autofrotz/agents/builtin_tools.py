"""Carried tools used on what they conventionally work on (an axe on a tree, a knife on a rope), and
rooms that say treasures are to be left there."""

from __future__ import annotations

import re

from autofrotz.agents import builtin_words as w

# (tool words, verb, target words): genre conventions, not any one game's puzzle.
TOOL_USES = (
    (
        w.word_class("axe hatchet"),
        "chop",
        w.word_class("tree trees log logs door wood branch vine vines bush"),
    ),
    (w.word_class("saw"), "cut", w.word_class("tree log branch bars bar plank")),
    (
        w.word_class("knife dagger blade scissors shears sword machete"),
        "cut",
        w.word_class("rope cord string web net vine vines ribbon twine cobweb"),
    ),
)
TREASURE_ROOM = re.compile(
    r"\b(?:leave|drop|deposit|store|put) (?:all )?(?:your |the )?treasures? here\b|"
    r"\btreasures? (?:go|belong|are to be (?:left|kept)) here\b",
    re.IGNORECASE,
)


def tool_actions(held: list[str], nouns: list[str]) -> list[str]:
    """Each carried tool's conventional verb on the things here it works on.

    >>> tool_actions(["rusty axe", "lamp"], ["cypress tree", "mud"])
    ['chop cypress tree']
    >>> tool_actions(["lamp"], ["cypress tree"])
    []
    """
    out: list[str] = []
    for tools, verb, targets in TOOL_USES:
        if any(w.has_class(h, tools) for h in held):
            out += [f"{verb} {n}" for n in nouns if w.has_class(n, targets) and n not in held]
    return out


def treasure_room(text: str) -> bool:
    """Whether a room's text says treasures are to be left there.

    >>> treasure_room("You can also see: sign reads- LEAVE TREASURE HERE - (say 'SCORE')")
    True
    >>> treasure_room("A sign reads: no treasure hunting.")
    False
    """
    return bool(TREASURE_ROOM.search(text))


STARRED = re.compile(r"\*([A-Za-z][A-Za-z' -]{1,40}[A-Za-z])\*")


def starred_names(text: str) -> list[str]:
    """Names a game marks as treasure with asterisks.

    >>> starred_names("You can also see: water - *GOLDEN FISH* - rusty axe")
    ['golden fish']
    """
    return [m.lower() for m in STARRED.findall(text)]
