"""Phase 2 of a turn: the world model reads the game's reply.

The map reads the reply (or, while a maze is being mapped, the maze solver syncs it), the items read
it, and where a side copy costs no turn the game is asked in one (a side "look", exit trials, an
inventory: inventory_probe.py). What changed comes back as `Changes` for the puzzles, the stuck
detector and the record; a parser's failure is recorded, never fatal.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from autofrotz.inventory_probe import InventoryProbe
from autofrotz.turn_world import first_seen, inventory, room_ids

if TYPE_CHECKING:
    from autofrotz.game_interface import RunningGame
    from autofrotz.managers.item_manager import ItemManager
    from autofrotz.managers.map_manager import MapManager, RoomUpdate
    from autofrotz.mind import Mind
    from autofrotz.reading import Reading

log = logging.getLogger(__name__)


@dataclass
class Changes:
    """What one output changed in the world model."""

    new_room: bool = False
    moved: bool = False
    new_items: int = 0
    inventory_changed: bool = False
    score_changed: bool = False
    errors: list[str] = field(default_factory=list)

    @property
    def progressed(self) -> bool:
        return self.new_room or self.new_items > 0 or self.inventory_changed or self.score_changed


@dataclass(frozen=True)
class Reply:
    """One reply to read: its text, the command it answered (None for the intro), the turn, the score
    the interpreter reported, whether the maze solver sent the command, and the turn's reading of it."""

    text: str
    command: str | None
    turn: int
    score: int | None = None
    maze: bool = False
    reading: Reading | None = None


def update_world(
    game: RunningGame, maps: MapManager, items: ItemManager, mind: Mind, reply: Reply
) -> Changes:
    """Update the map and the items from a reply; the updates wait in ``mind`` for the notifications."""
    text, command, n = reply.text, reply.command, reply.turn
    changes = Changes(score_changed=reply.score is not None and reply.score != mind.score)
    before_inventory = inventory(items)
    before_rooms = room_ids(maps)
    try:
        if reply.maze and hasattr(mind.maze, "sync"):
            update = mind.maze.sync(n)
        else:
            update = read_move(game, maps, text, command, n, reply.reading)
        changes.moved = bool(update.moved)
        changes.new_room = bool(update.room_id) and update.room_id not in before_rooms
        item_updates = items.update_from_game_output(text, maps.current_room, command, n)
        check_inventory(game, maps, items, text, n)
    except AssertionError:  # a fake model's unexpected call is a test failure, never a default
        raise
    except Exception as exc:  # a parser bug must not end the game; the turn records the error
        log.exception("world model update failed")
        changes.errors.append(f"world model: {type(exc).__name__}: {exc}")
        return changes
    mind.pending_items = list(item_updates)
    mind.pending_room = update
    changes.new_items = sum(1 for u in item_updates if u.change == "seen" and first_seen(items, u, n))
    changes.inventory_changed = inventory(items) != before_inventory
    return changes


def side_copies_free(game: RunningGame) -> bool:
    """Only jericho saves and restores in memory, so only there does a side question cost no turn."""
    return game.backend == "jericho"


def read_move(
    game: RunningGame,
    maps: MapManager,
    text: str,
    command: str | None,
    n: int,
    reading: Reading | None = None,
) -> RoomUpdate:
    """The map reads the reply. Where a side copy costs no turn, a move that printed no room header
    gets a side "look" first (a refusal in the game's own words, map_side_look), a move into a
    look-alike room gets known exits tried (map_side_exit), and a look after corrects where the map
    settled (settle_room): InventoryProbe.read_move, as the perception eval reads it."""
    if not side_copies_free(game):
        return maps.update_from_game_output(text, command, n, reading=reading)
    return InventoryProbe(game).read_move(maps, text, command, n, reading)


def check_inventory(game: RunningGame, maps: MapManager, items: ItemManager, text: str, n: int) -> None:
    """When the item rules could not account for a reply, ask the game in a side copy (no turn spent)."""
    if not side_copies_free(game):
        return
    InventoryProbe(game).answer(items, maps.current_room, n, text)
