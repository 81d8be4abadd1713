"""Rule `fill-what-is-empty`: a thing the game calls empty is a container waiting for something.

The convention: parsers report a container's contents, and an empty one by that very word ("You can
see a hopper (which is empty) here.", "The basin is empty."). Games mention an empty container because
something belongs in it (grain in a hopper, a gem in a socket, water in a trough): each thing carried is
put in it once (lights kept back: the dark is worse than a missed point). A put that scores nothing is
taken back by the agent's rule `take-back-what-a-put-did-not-score`. No noun of any game is listed: the
container is whatever the text calls empty.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from autofrotz.agents import builtin_words as w
from autofrotz.reading.told_things import CALLED_EMPTY, TAKEN_OFF, WORN

FILLS = 4  # carried things tried in one empty container
NOT_A_NAME = frozenset(["it", "this", "that", "room", "place", "area"])


def empty_things(text: str) -> list[str]:
    """Names a reply calls empty.

    >>> empty_things("You can see a hopper (which is empty) here. The stone basin is empty.")
    ['hopper', 'stone basin']
    >>> empty_things("The room is empty.")
    []
    """
    names = [m.strip().lower() for m in CALLED_EMPTY.findall(text)]
    return [n for n in dict.fromkeys(names) if w.head(n) not in NOT_A_NAME]


def worn_now(command: str, text: str) -> str:
    """The thing a "wear" command says we wear now (or wore already).

    >>> worn_now("wear wool mittens", "You put on the wool mittens.")
    'wool mittens'
    >>> worn_now("wear key", "You can't wear that!")
    ''
    """
    return command[5:] if command.startswith("wear ") and WORN.search(text[:200]) else ""


# reads a command: a put, drop, insert or give, and the thing it moves (group 1)
PUT_AWAY = re.compile(r"^(?:put|drop|insert|give) (.+?)(?: (?:in|on|into|to) .+)?$")


def taken_off(command: str, text: str) -> str:
    """Rule wear-again-what-was-taken-off: the thing a put or a drop made the parser take off.

    >>> taken_off("put wool mittens in drawer", "(first taking them off) You put the mittens in the drawer.")
    'wool mittens'
    >>> taken_off("put pebble in drawer", "You put the pebble into the drawer.")
    ''
    """
    found = PUT_AWAY.match(command)
    return found.group(1) if found and TAKEN_OFF.search(text[:200]) else ""


def fill_actions(vessels: list[str], held: list[str], worn: Sequence[str] = ()) -> list[str]:
    """Each carried thing (by its command name; lights and worn things kept back) put in each empty
    container here.

    Things are named by their head noun: a name the parser made us shorten ("toy car" -> "car") must not
    make the same put new again.

    >>> fill_actions(["hopper"], ["sack", "brass lamp", "hopper key", "gloves"], ["gloves"])
    ['put sack in hopper', 'put key in hopper']

    A container we carry now (an empty bottle picked up after it was seen) waits for nothing of ours:

    >>> fill_actions(["clear bottle", "hopper"], ["sack", "bottle"])
    ['put sack in hopper', 'put bottle in hopper']
    """
    carried = {w.head(h) for h in held}
    vessels = [v for v in vessels if w.head(v) not in carried]
    goods = [h for h in held if not w.has_class(h, w.LIGHTS) and h not in worn][:FILLS]
    heads = dict.fromkeys(w.head(g) for g in goods)
    return [f"put {g} in {vessel}" for vessel in vessels for g in heads if g != w.head(vessel)]
