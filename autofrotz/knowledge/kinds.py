"""Rule ``what a thing is not``: the parser's refusals that say what kind of thing a thing is not.

The common libraries answer a use of a thing that its kind does not allow with a stock sentence that
names the kind, not the instrument: "That doesn't seem to be something you can unlock.", "That can't
contain things.", "Putting things on the sign would achieve nothing.", "You can only do that to something
animate." Whatever was carried, the answer is the same, so one such refusal rules out every use of that
family on that thing, in this run and, since the kind of a thing does not change, in the next ones (the
learner keeps it with the refusal; ``Lore.not_kinds``). The wider pool (widen.py) then spends its turns
on uses the game has not already refused in kind.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from autofrotz.knowledge.rules import KINDS, on
from autofrotz.reading import Reading
from autofrotz.reading.told_things import SWALLOWED

RULE = "what a thing is not"

# reads a command: family -> the command's shape, naming the thing as ``t``; the refusal that says the
# thing is not of the family is read with the reply (patterns.KIND_REFUSALS: Reading.refused_kinds)
FAMILIES: dict[str, re.Pattern[str]] = {
    "unlock": re.compile(r"^unlock (?P<t>.+?) with .+$"),
    "open": re.compile(r"^open (?P<t>.+?) with .+$"),
    "in": re.compile(r"^(?:put|insert|place|drop) .+? (?:in|into|inside) (?P<t>.+)$"),
    "on": re.compile(r"^(?:put|place) .+? (?:on|onto) (?P<t>.+)$"),
    "living": re.compile(r"^(?:give|show|offer) .+? to (?P<t>.+)$"),
}


def thing_is_not(command: str, reply: Reading) -> tuple[str, str] | None:
    """(family, thing) when the reply refuses the command's use for the thing's kind, else None.

    >>> from autofrotz.reading import read_reply as r
    >>> thing_is_not("put key in sign", r("", "That can't contain things."))
    ('in', 'sign')
    >>> thing_is_not("unlock desk with key", r("", "That doesn't seem to be something you can unlock."))
    ('unlock', 'desk')
    >>> thing_is_not("give lamp to table", r("", "You can only do that to something animate."))
    ('living', 'table')
    >>> thing_is_not("put key in box", r("", "You put the key into the box."))
    >>> thing_is_not("take box", r("", "No."))
    """
    if not on(KINDS):
        return None
    sent = " ".join(command.lower().split())
    for family, shape in FAMILIES.items():
        m = shape.match(sent)
        if m and family in reply.refused_kinds:
            return family, m.group("t")
    return None


def ruled_out(command: str, kinds: AbstractSet[str]) -> bool:
    """Whether a use falls in a family its thing was refused in (``kinds``: "family|thing").

    >>> ruled_out("put lamp in sign", {"in|sign"}), ruled_out("put lamp on sign", {"in|sign"})
    (True, False)
    """
    if not on(KINDS) or not kinds:
        return False
    said = " ".join(command.lower().split())
    for family, shape in FAMILIES.items():
        m = shape.match(said)
        if m and f"{family}|{m.group('t')}" in kinds:
            return True
    return False


# Rule ``a thing not here is not used here``: the parser's "You can't see any such thing." after a use of
# a carried thing on a thing the room's text names (a prisoner in a painting, a guard seen through a
# window) says the second is not here to be used. Said for two different carried things, every use of it
# in this room is left out of the pool until the score rises (a point may bring it). Kept for this run
# only: what is in a room is a moment of the story, not a kind.
UNSEEN_AFTER = 2  # different carried things the parser could not see it with
# reads a command: a use of a carried thing (h) on a room thing (t)
USE_TARGET = (
    re.compile(r"^(?:put|insert|place|drop) (?P<h>.+?) (?:in|into|inside|on|onto) (?P<t>.+)$"),
    re.compile(r"^(?:give|show|offer) (?P<h>.+?) to (?P<t>.+)$"),
    re.compile(r"^(?:unlock|open|cut|hit|burn|dig) (?P<t>.+?) with (?P<h>.+)$"),
    re.compile(r"^(?:throw) (?P<h>.+?) at (?P<t>.+)$"),
    re.compile(r"^(?:tie) (?P<h>.+?) to (?P<t>.+)$"),
)


def use_parts(command: str) -> tuple[str, str] | None:
    """(carried thing, room thing) of a two-thing use, else None.

    >>> use_parts("cut prisoner with file"), use_parts("throw file at prisoner"), use_parts("take file")
    (('file', 'prisoner'), ('file', 'prisoner'), None)
    """
    said = " ".join(command.lower().split())
    for shape in USE_TARGET:
        m = shape.match(said)
        if m:
            return m.group("h"), m.group("t")
    return None


def unseen_here(tries: dict[str, list[str]], room: str, command: str, unseen: bool) -> bool:
    """Count a use the parser could not see a thing for (``unseen``: the reply said so; ``tries``:
    "room|thing" -> carried things tried); True once the thing is not here for ``UNSEEN_AFTER`` different
    carried things."""
    parts = use_parts(command)
    if not on(KINDS) or parts is None or not unseen:
        return False
    held, thing = parts
    key = f"{room}|{thing}"
    seen = tries.setdefault(key, [])
    seen += [] if held in seen else [held]
    return len(seen) >= UNSEEN_AFTER


def swallows(command: str, reply: str, scored: bool) -> str | None:
    """Rule ``what swallows things gets no more``: the room thing a use put a carried thing into, when the
    reply says the thing disappeared (water, a chasm, a fire) and no point came of it: no other carried
    thing goes the same way, so a later run does not put its hat, jacket, scarf and key one by one into a
    lake whose water each "disappears into" and keep nothing to use anywhere else.

    >>> swallows("put hat in deep pool", "The hat disappears into the depths of the pool.", False)
    'deep pool'
    >>> swallows("put gem in case", "The gem disappears into the case.", True) is None
    True
    >>> swallows("put hat on peg", "Done.", False) is None
    True
    """
    parts = use_parts(command)
    if not on(KINDS) or scored or parts is None or not SWALLOWED.search(" ".join(reply.split())[:200]):
        return None
    if not command.lower().startswith(("put ", "throw ", "drop ", "insert ")):
        return None
    return parts[1]


def not_here(command: str, room: str, absent: AbstractSet[str]) -> bool:
    """Whether a use names a room thing ruled out here (``absent``: "room|thing").

    >>> gone = {"cell|prisoner"}
    >>> not_here("hit prisoner with file", "cell", gone), not_here("hit guard with file", "cell", gone)
    (True, False)
    """
    parts = use_parts(command)
    return on(KINDS) and parts is not None and f"{room}|{parts[1]}" in absent
