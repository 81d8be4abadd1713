"""Replies that decide where the built-in agent may still go and whom it deals with (exploration rules).

Each reader names the convention it relies on; the agent records the rule's name with what it does:

| rule | reads | does |
|---|---|---|
| `move-not-read` | a move answered about another verb ("...wanting to take the lamp.") | sent again |
| `not-a-person` | "You can only do that to something animate." | no more offers or questions to it |
| `ways-past-an-opened-door` | "You open the oak door." | moves refused here (else untried ones) go first |
| `keep-what-was-given` | "X gives you the key", "hands you a ticket" | the thing is not offered back |
"""

from __future__ import annotations

import re

from autofrotz.managers.directions import DIRECTION_WORDS

MOVE_WORDS = frozenset(word for words in DIRECTION_WORDS.values() for word in words) | {"go", "walk", "run"}

# The Inform and TADS parsers' way of saying which command they read: "I only understood you as far as
# wanting to take the lamp." After a move, a verb other than a move means the move was not what it read.
READ_AS = re.compile(r"(?:only understood you|understood only) as far as wanting to ([a-z]+)", re.IGNORECASE)

# The Inform library's stock refusal of talk or trade aimed at a thing (and its wordings in other libraries).
ANIMATE_ONLY = re.compile(
    r"\bonly (?:do that|talk|speak|give things) to (?:something|someone|somebody) (?:animate|alive)\b"
    r"|\bthat's not something you can talk to\b",
    re.IGNORECASE,
)
# Who a social command addresses: "give X to Y", "show X to Y", "ask Y about X", "tell Y about X",
# "talk to Y", "say hello to Y".
ADDRESSED = (
    re.compile(r"^(?:give|show|offer|hand) .+? to (?:the )?(.+)$"),
    re.compile(r"^(?:ask|tell|question) (?:the )?(.+?) (?:about|for) .+$"),
    re.compile(r"^(?:talk|speak|say hello) to (?:the )?(.+)$"),
    re.compile(r"^(?:greet|hello|wake) (?:the )?(.+)$"),
)

# A character handing something over, in the words games use for it ("The clerk gives you the key",
# "she hands you a ticket", "passes you his card").
GIVEN = re.compile(
    r"\b(?:gives|hands|passes|tosses|throws|slips) you (?:the |a |an |some |his |her |their |its )?"
    r"([a-z][a-z-]*(?: [a-z][a-z-]*){0,3}?)(?=[,.;:!?)]| and\b| in\b| as\b| to\b| from\b| with\b|$)",
    re.IGNORECASE,
)


# What shuts a way in the genre's stock words, and the library's "you open it" success.
WAYS = frozenset(["door", "doors", "trapdoor", "hatch", "gate", "portal"])
OPENED = re.compile(r"\byou open\b|\b(?:is|are) now open\b|\bopens\b", re.IGNORECASE)
NOT_OPENED = re.compile(r"\b(?:can't|cannot|won't|doesn't|isn't|aren't|locked|already)\b", re.IGNORECASE)
WAYS_AGAIN = 4  # refused moves tried again after a door opens (the first ones refused: the sweep's order)


def opened_way(command: str, text: str) -> bool:
    """Rule `ways-past-an-opened-door`: the command opened a door, hatch or gate.

    >>> opened_way("open wooden door", "You open the rare books door.")
    True
    >>> opened_way("open door", "It seems to be locked."), opened_way("open box", "You open the box.")
    (False, False)
    """
    words = command.lower().split()
    if len(words) < 2 or words[0] != "open" or words[-1] not in WAYS:
        return False
    return bool(OPENED.search(text[:200])) and not NOT_OPENED.search(text[:200])


def move_not_read(command: str, text: str) -> bool:
    """Rule `move-not-read`: the parser's reply to a move speaks of another verb.

    >>> move_not_read("south", "I only understood you as far as wanting to take the jeweled amulet.")
    True
    >>> move_not_read("go north", "I only understood you as far as wanting to go north.")
    False
    >>> move_not_read("south", "You can't go that way.")
    False
    """
    found = READ_AS.search(text[:300])
    verb = found.group(1).lower() if found else ""
    return bool(verb) and verb not in MOVE_WORDS and command.split()[0] != verb


def not_animate(command: str, text: str) -> str | None:
    """Rule `not-a-person`: the thing a social command addressed, when the reply says it is not animate.

    >>> not_animate("give yellow paper to desk", "You can only do that to something animate.")
    'desk'
    >>> not_animate("ask shower about bar", "You can only do that to something animate.")
    'shower'
    >>> not_animate("give coin to man", "The man doesn't seem interested.") is None
    True
    """
    if not ANIMATE_ONLY.search(text[:200]):
        return None
    line = " ".join(command.lower().split())
    for pattern in ADDRESSED:
        found = pattern.match(line)
        if found:
            return found.group(1).strip()
    return None


def given_things(text: str) -> list[str]:
    """Rule `keep-what-was-given`: the things a reply says someone gave us (lower case, no article).

    >>> given_things("The circulation attendant gives you the key to the Rare Books Room, and he holds")
    ['key']
    >>> given_things("She hands you a brass ticket.")
    ['brass ticket']
    >>> given_things("Nothing happens.")
    []
    """
    return [m.strip().lower() for m in GIVEN.findall(text)]
