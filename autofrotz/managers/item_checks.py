"""When the item manager should look at the game's own answer to "inventory".

The manager's side question (`inventory_question`) is answered for free in a saved-and-restored side
copy (autofrotz/side_copies.py); these tables say which replies the rules cannot fully account for.
IF conventions only, no game data.
"""

from __future__ import annotations

from typing import Protocol

from autofrotz.managers import item_parser as ip
from autofrotz.managers.item_commands import is_observing
from autofrotz.managers.side_questions import SideQuestions
from autofrotz.reading.items_replies import IMPLICIT_ACTION, PLAIN_REFUSAL, POSSESSION_HINTS


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
