"""When the item manager should look at the game's own answer to "inventory".

The manager's side question (`inventory_question`) is answered for free in a saved-and-restored side
copy (autofrotz/side_copies.py); these tables say which replies the rules cannot fully account for.
IF conventions only, no game data.
"""

from __future__ import annotations

import re
from typing import Protocol

from autofrotz.managers import item_parser as ip
from autofrotz.managers.item_commands import is_observing
from autofrotz.managers.side_questions import SideQuestions


class WantsCheck(Protocol):
    """An item manager that may want the game's own inventory listing."""

    wants_inventory_check: bool


def inventory_question(items: WantsCheck) -> SideQuestions:
    """The item manager's side question after it read a reply: "inventory" when its rules could not
    account for the reply (ItemManager.wants_inventory_check), else none."""
    if not items.wants_inventory_check:
        return SideQuestions()
    return SideQuestions(inventory=True, why=("inventory_check",))


CHECK_INTERVAL = 10  # turns after which a quiet inventory check is worth asking for anyway
SHORT_REFUSAL_WORDS = 12  # a one-line refusal longer than this may narrate more than a refusal
# Words in a reply that suggest objects changed hands in a way the rules may have missed.
POSSESSION_HINTS = re.compile(
    # a first-person narrator's "me" as the player's "you" ("hands me a packet"); rule perfect_taking:
    # the narrator telling in the perfect tense what it has taken for the player ("I've taken the key")
    r"\b(?:hands? (?:it |them )?(?:to )?(?:you|me)|you hand|hands? (?:it|them) over|pick (?:it|them) up|"
    r"gives? (?:you|me)|(?:you|I)(?:'ve| have) (?:taken|picked up|found|got|grabbed|collected|received)|"
    r"(?:you|I) (?:find|found|receive|now have|pick up|take|grab|catch|"
    r"tear|unwrap|pull|lose|drop|hold|carry|collect|gather|fill|empty|pour)|which you pick up|"
    r"takes? (?:the|your|it|them|his|her|their)|off (?:you|me)|snatch\w*|steals?|stole|stolen|is gone|"
    r"are gone|vanish\w*|disappear\w*|"
    r"crumbles?|dissolves?|shatters?|from you|from your|falls? from|slips? (?:from|out of)|in your hands?|"
    r"into your hands?|to find|you(?:'ve| have) lost|your (?:possessions|belongings|things|stuff)|"
    r"empty[- ]handed|confiscat\w*|taken away|strips? you|vibrat\w*|you have died|you are dead|"
    r"turns? into|becomes? a|replaced by|lets? you have|you get|you now|wastes? away|into dust|to dust|"
    r"cracks? (?:and|open)|breaks? (?:off|apart)|burns? up|melts?|around your (?:neck|waist|wrist|finger)|"
    r"(?:in|into) your arms|on your head|retriev\w*|pocket\w*|worn out|wears? off|used up|runs? out|"
    r"you (?:wake|awake|awaken)\w*|"
    # a thing spoilt or carried off by water or wind on the way ("Your map is ruined. It drifts away.")
    r"(?:is|are) ruined|(?:float|drift|wash|blow)(?:s|es|ed)? away|swept away)\b",
    re.IGNORECASE,
)

# One-line replies that refuse outright and so change nothing (narrower than the parser's failure words,
# which include "not" and "only" and so match replies that did something: "You're not a chef, but ok.").
PLAIN_REFUSAL = re.compile(
    r"\b(?:can't|cannot|can not|couldn't|don't|doesn't|isn't|aren't|won't|no such|"
    r"not (?:something|possible|open|here|a verb|able)|nothing (?:happens|to)|what do you want|"
    r"which do you mean|you see no|there is no|there's no|i don't|understand|beyond your reach|"
    r"you'll have to|already|no reply|no response)\b",
    re.IGNORECASE,
)
# "(Taken)", "(first taking the book)": a command that acted on an object before doing what was asked.
IMPLICIT_ACTION = re.compile(
    r"^\s*\((?:taken|first taking|first removing|putting)\b", re.IGNORECASE | re.MULTILINE
)


def may_have_changed(text: str, command_used: str | None, names_carried: bool) -> bool:
    """True unless the turn only moved, looked or waited, or was a one-line refusal.

    Replies to acting on objects often carry side effects the rules do not read (an exchange, a
    transformation, a new name), so those turns are worth a free side look at "inventory";
    names_carried says the command named something we hold (examining it can reveal its real name).

    >>> may_have_changed("Cellar", "down", False), may_have_changed("A thief steals your bag!", "down", False)
    (False, True)
    >>> may_have_changed("You can't see any such thing.", "open box", False)
    False
    >>> may_have_changed("You're not a chef, but it will do.", "make sushi", False)
    True
    >>> may_have_changed("Hmm, a poker. I've taken it along.", "examine skeleton", False)
    True
    >>> may_have_changed("The tinker hands me a spoon.", "wait", False)
    True
    >>> may_have_changed("The guard takes his pass back off you. Hall", "east", False)
    True
    >>> may_have_changed("Your candle is ruined. It floats away. Pool", "north", False)
    True
    """
    if POSSESSION_HINTS.search(text) or IMPLICIT_ACTION.search(text):
        return True
    if is_observing(command_used):
        return names_carried
    lines = ip.reply_lines(text)
    short = len(lines) <= 1 and len(" ".join(lines).split()) <= SHORT_REFUSAL_WORDS
    return not (short and PLAIN_REFUSAL.search(" ".join(lines)))
