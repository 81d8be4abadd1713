"""Side queries: the game's own answer to "inventory" asked in a saved-and-restored copy of the state.

Asking costs no game turn and leaves the run exactly as it was (the interface restores RAM, stack,
program counter and random generator), so it is fair perception for the orchestrator as well as the
evaluation: the ItemManager raises `wants_inventory_check` when the rules cannot account for a reply,
and `InventoryProbe.answer` asks and feeds the listing back.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from autofrotz.game_interface import GameInterfaceError

if TYPE_CHECKING:
    from autofrotz.game_interface import GameInterface
    from autofrotz.managers.item_manager import ItemManager

SLOT = "inventory_probe"
# A game waiting for a key press would take "inventory" as that key; such states are left alone.
KEY_WAIT = re.compile(
    r"\b(?:press|hit|strike|type)\s+(?:any\s+key|a\s+key|(?:the\s+)?<?(?:space|enter|return)\b)"
    r"|\[\s*more\s*\]|\(more\)|press\s+\w+\s+to\s+continue",
    re.IGNORECASE,
)


def awaiting_key(text: str) -> bool:
    """True when the end of a reply asks for a key press rather than a command.

    >>> awaiting_key("Your mind clears...\\n\\n      (Press SPACE to Continue)\\n")
    True
    >>> awaiting_key("[Press any key to begin.]"), awaiting_key("You press the button. Click.")
    (True, False)
    """
    tail = text.strip()[-200:]
    return bool(KEY_WAIT.search(tail))


def side_inventory(game: GameInterface, last_reply: str = "", slot: str = SLOT) -> str | None:
    """The game's reply to "inventory" from a side copy, or None when asking is not safe."""
    if awaiting_key(last_reply):
        return None
    game.save(slot)
    try:
        return game.send("inventory").text
    except GameInterfaceError:
        return None
    finally:
        game.restore(slot)


class InventoryProbe:
    """Asks a running game "inventory" without spending a turn; counts the questions asked."""

    def __init__(self, game: GameInterface, slot: str = SLOT) -> None:
        self.game = game
        self.slot = slot
        self.queries = 0

    def ask(self, last_reply: str = "") -> str | None:
        """The game's reply to "inventory" from a side copy, or None when asking is not safe."""
        reply = side_inventory(self.game, last_reply, self.slot)
        self.queries += reply is not None
        return reply

    def answer(self, items: ItemManager, room: str | None, turn: int, last_reply: str) -> bool:
        """Ask when the manager wants a check and feed the listing back; True when asked."""
        if not items.wants_inventory_check:
            return False
        reply = self.ask(last_reply)
        if reply is None:
            return False
        items.apply_inventory_check(reply, room, turn)
        return True
