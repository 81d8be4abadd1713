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

RULE = "what a thing is not"
ON = True  # switched off, nothing is ruled out in kind (measurements, tests)

# family -> (the command's shape, naming the thing as ``t``; the refusal that says the thing is not of it)
FAMILIES: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "unlock": (
        re.compile(r"^unlock (?P<t>.+?) with .+$"),
        re.compile(
            r"(?:doesn't|does not|don't|do not) (?:seem|appear) to (?:be|have) (?:something|anything|a lock)"
            r"|\bnot something (?:you|i) can (?:unlock|lock)\b|\bhas no lock\b|\bno keyhole\b",
            re.I,
        ),
    ),
    "open": (
        re.compile(r"^open (?P<t>.+?) with .+$"),
        re.compile(r"\bnot something (?:you|i) can open\b|\bcan(?:'t|not) be opened\b", re.I),
    ),
    "in": (
        re.compile(r"^(?:put|insert|place|drop) .+? (?:in|into|inside) (?P<t>.+)$"),
        re.compile(
            r"\bcan(?:'t|not) contain things\b|\bnot (?:a container|something (?:you|i) can put things in)\b"
            r"|\bcan(?:'t|not) put (?:things|anything|something) (?:in|into|inside)\b",
            re.I,
        ),
    ),
    "on": (
        re.compile(r"^(?:put|place) .+? (?:on|onto) (?P<t>.+)$"),
        re.compile(
            r"^putting things on .{1,60} would achieve nothing\b|\bno (?:good |suitable )?surface\b"
            r"|\bcan(?:'t|not) put (?:things|anything|something) on\b",
            re.I,
        ),
    ),
    "living": (
        re.compile(r"^(?:give|show|offer) .+? to (?P<t>.+)$"),
        re.compile(r"\bonly do that to something animate\b", re.I),
    ),
}


def thing_is_not(command: str, reply: str) -> tuple[str, str] | None:
    """(family, thing) when the reply refuses the command's use for the thing's kind, else None.

    >>> thing_is_not("put key in sign", "That can't contain things.")
    ('in', 'sign')
    >>> thing_is_not("unlock desk with key", "That doesn't seem to be something you can unlock.")
    ('unlock', 'desk')
    >>> thing_is_not("give lamp to table", "You can only do that to something animate.")
    ('living', 'table')
    >>> thing_is_not("put key in box", "You put the key into the box."), thing_is_not("take box", "No.")
    (None, None)
    """
    if not ON:
        return None
    said = " ".join(reply.split())[:200]
    for family, (shape, refusal) in FAMILIES.items():
        m = shape.match(" ".join(command.lower().split()))
        if m and refusal.search(said):
            return family, m.group("t")
    return None


def ruled_out(command: str, kinds: set[str]) -> bool:
    """Whether a use falls in a family its thing was refused in (``kinds``: "family|thing").

    >>> ruled_out("put lamp in sign", {"in|sign"}), ruled_out("put lamp on sign", {"in|sign"})
    (True, False)
    """
    if not ON or not kinds:
        return False
    said = " ".join(command.lower().split())
    for family, (shape, _) in FAMILIES.items():
        m = shape.match(said)
        if m and f"{family}|{m.group('t')}" in kinds:
            return True
    return False
