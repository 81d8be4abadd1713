"""Running from a pursuer for the built-in agent: when something hostile chases us, keep moving on by
known exits, never straight back the way we came (a chained animal, a slow monster, a loop around a
building all reward a pursuit that goes on rather than back and forth).

Also: a command whose instrument the parser did not take ("attack dog with limb" understood only as
far as "attack the dog") is retried without the instrument.
"""

from __future__ import annotations

from typing import Any

from autofrotz.reading.agent_events import CHASE, STRIKES
from autofrotz.reading.patterns import READ_AS


def chased(reply: str) -> bool:
    """Whether a reply says something hostile is after us.

    >>> chased("Stung by your blow, the goat charges at you!"), chased("The goat chases madly after you!")
    (True, True)
    >>> chased("Bleating softly, the goat follows you to the orchard.")
    False
    """
    return bool(CHASE.search(reply))


def flight_step(
    links: dict[str, Any], untravelled: list[str], back: str | None, trail: list[str], unsafe: set[str]
) -> str | None:
    """The exit to run by: an untravelled one, then one to a room not yet run through, then any but
    straight back, and back itself only when nothing else is open.

    >>> class L:
    ...     def __init__(self, to): self.to_room, self.blocked = to, False
    >>> flight_step({"west": L("yard"), "se": L("lawn")}, ["northeast"], "lawn", ["lawn"], set())
    'northeast'
    >>> flight_step({"west": L("yard"), "se": L("lawn")}, [], "lawn", ["lawn", "yard"], set())
    'west'
    >>> flight_step({"west": L("yard")}, [], "yard", ["yard"], set())
    'west'
    >>> flight_step({"west": L("yard")}, ["down"], "yard", ["yard"], {"down", "west"}) is None
    True
    """
    ranked: list[tuple[int, str]] = [(0, d) for d in untravelled if d not in links and d not in unsafe]
    for label, link in links.items():
        if not link.blocked and label not in unsafe:
            ranked.append((3 if link.to_room == back else 2 if link.to_room in trail else 1, str(label)))
    return min(ranked)[1] if ranked else None


def still_hunted(reply: str) -> bool:
    """Whether a reply shows a pursuer still at us (chasing, or striking).

    >>> still_hunted("The dog leaps at you, raking your chest with its claws."), still_hunted("Time passes.")
    (True, False)
    """
    return chased(reply) or bool(STRIKES.search(reply))


def without_instrument(command: str, reply: str) -> str | None:
    """The command without its "with ..." part when the parser stopped before it.

    >>> stopped = "I only understood you as far as wanting to attack the dog."
    >>> without_instrument("attack dog with stick", stopped), without_instrument("attack dog", stopped)
    ('attack dog', None)
    """
    if " with " not in command or not READ_AS.search(reply[:200]):
        return None
    return command.split(" with ", 1)[0]
