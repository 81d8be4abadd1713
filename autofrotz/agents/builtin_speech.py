"""Words to say for the built-in agent: a quoted proper name on a sign, a plaque or a page ('Harbour
Station', "Abracad") is often a destination, a password or a magic word. They are said where they
were read and inside whatever the agent climbs into (booths, lifts, vehicles), where games listen.
"""

from __future__ import annotations

import re

from autofrotz.agents import builtin_words as w
from autofrotz.agents.builtin_memory import Memory, Seen  # noqa: F401 (doctests)
from autofrotz.reading.told_people import QUOTED_NAME
from autofrotz.reading.told_ways import INSIDE_HEADER

SAYABLE_LIMIT = 6  # words remembered; older ones give way
# reads a command: a move into something (a booth, a car)
BOARDING = re.compile(r"^(?:in|inside|enter .+|board .+|get in .+|get into .+|climb in .+|climb into .+)$")


def sayables(text: str) -> list[str]:
    """The first word of each quoted proper name in a text, lower case.

    >>> sayables("A sign over the booth bears the simple legend 'Harbour Station' over it.")
    ['harbour']
    >>> sayables('The plaque reads "Abracad". Type "help" for hints. Don\\'t say \\'Nothing\\'.')
    ['abracad']
    """
    found = []
    for name in QUOTED_NAME.findall(text):
        word = name.split()[0].lower()
        if word not in w.META_WORDS and word not in w.COMMAND_VERBS and word not in w.STOPWORDS:
            found.append(word)
    return list(dict.fromkeys(found))


def learn(text: str, room: str | None, mem: Memory) -> None:
    """Remember the words a reply gives to say, and where they were read."""
    for word in sayables(text):
        if word not in mem.seen.sayables:
            mem.seen.sayables = [*mem.seen.sayables, word][-SAYABLE_LIMIT:]
        if room and room not in mem.seen.speaking_rooms:
            mem.seen.speaking_rooms.append(room)


def boarded(command: str, room_name: str | None) -> bool:
    """Whether a move took us into something (a booth, a car), where said words may be heard.

    >>> boarded("enter booth", "Depot"), boarded("north", "Depot (in the cable car)")
    (True, True)
    >>> boarded("north", "Depot")
    False
    """
    return bool(BOARDING.match(command.strip().lower()) or INSIDE_HEADER.search(room_name or ""))


def speech_actions(room: str | None, mem: Memory) -> list[str]:
    """The remembered words, in a room where saying them may do something.

    >>> m = Memory(seen=Seen(sayables=["city"], speaking_rooms=["booth"]))
    >>> speech_actions("booth", m), speech_actions("hall", m)
    (['city', 'say city'], [])
    """
    if room not in mem.seen.speaking_rooms:
        return []
    return [c for word in mem.seen.sayables for c in (word, f"say {word}")]
