"""Rule ``a refusal that names a condition waits for it``: a refusal that says what must happen first
("you cannot leave while the alarm rings", "not until the tide is out", "the lid won't open unless the
catch is free") is no dead end: the command is kept, and once the score rises (a step of the story was
made, perhaps the one named) it is sent again, once, where it was refused or wherever its thing is
carried.
"""

from __future__ import annotations

import re

RULE = "a refusal that names a condition waits for it"
CONDITION = re.compile(
    r"\b(?:can(?:not|'t)|won't|will not|mustn't|must not|(?:is|are)(?:n't| not) able to|refuses? to)\b"
    r"[^.!?]{0,80}?\b(?:while|until|unless|till|without first)\b"
    r"|\bnot (?:yet|until|before)\b|\b(?:you|she|he|they) (?:must|need to|have to|should) first\b",
    re.IGNORECASE,
)
WALK_STEPS = 15  # steps walked back to where a waiting command was refused, each


def names_a_condition(reply: str) -> bool:
    """Whether a refusal says what has to happen first.

    >>> names_a_condition("Pell cannot leave the shop while the kettle is on.")
    True
    >>> names_a_condition("The hatch won't budge until the pressure drops.")
    True
    >>> names_a_condition("You can't go that way."), names_a_condition("Not yet, says the guard.")
    (False, True)
    """
    return bool(CONDITION.search(" ".join(reply.split())[:300]))


def carried_for(command: str, carried: list[str]) -> bool:
    """Whether every thing the command names past its verb is carried (it can be sent anywhere).

    >>> carried_for("sign ledger", ["a ledger", "pen"]), carried_for("open hatch", ["pen"])
    (True, False)
    """
    rest = command.lower().split()[1:]
    held = {w for c in carried for w in c.lower().split()}
    return bool(rest) and all(w in held or w in {"the", "a", "an"} for w in rest)
