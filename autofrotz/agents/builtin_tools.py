"""Carried tools used on what they conventionally work on (an axe on a tree, a knife on a rope), and
rooms that say treasures are to be left there."""

from __future__ import annotations

from autofrotz.agents import builtin_words as w
from autofrotz.reading.agent_tools import NEGATED, STARRED, TREASURE_ROOM, VALUED
from autofrotz.reading.told_text import SENTENCE_BREAK

# (tool words, verb, target words): the genre's stock uses of a carried tool, not any one game's puzzle.
TOOL_USES = (
    (w.word_class("axe hatchet"), "chop", w.word_class("tree log door")),
    (w.word_class("saw"), "cut", w.word_class("tree log")),
    (w.word_class("knife blade"), "cut", w.word_class("rope cord web vine")),
)


def tool_actions(held: list[str], nouns: list[str]) -> list[str]:
    """Each carried tool's conventional verb on the things here it works on.

    >>> tool_actions(["rusty axe", "lamp"], ["tall tree", "mud"])
    ['chop tall tree']
    >>> tool_actions(["lamp"], ["tall tree"])
    []
    """
    out: list[str] = []
    for tools, verb, targets in TOOL_USES:
        if any(w.has_class(h, tools) for h in held):
            out += [f"{verb} {n}" for n in nouns if w.has_class(n, targets) and n not in held]
    return out


def treasure_room(text: str) -> bool:
    """Whether a room's text says treasures are to be left there.

    >>> treasure_room("A sign on the wall says: leave treasures here.")
    True
    >>> treasure_room("A sign reads: no treasure hunting.")
    False
    """
    return bool(TREASURE_ROOM.search(text))


def starred_names(text: str) -> list[str]:
    """Names a game marks as treasure with asterisks.

    >>> starred_names("You can also see: a stool - *SHINING ORB* - an old rope")
    ['shining orb']
    """
    return [m.lower() for m in STARRED.findall(text)]


def valued_names(text: str) -> list[str]:
    """Things a sentence of the game's own text calls valuable: treasure as the game marks it.

    >>> valued_names("A gleaming orb rests here. It looks very valuable!")
    []
    >>> valued_names("There is a precious gleaming orb here.")
    ['gleaming orb']
    >>> valued_names("The rusty can is not valuable.")
    []
    """
    found: list[str] = []
    for sentence in SENTENCE_BREAK.split(text):
        if VALUED.search(sentence) and not NEGATED.search(sentence):
            found += [p for p in w.noun_phrases(VALUED.sub(" ", sentence)) if p not in found]
    return found
