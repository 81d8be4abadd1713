"""The world as a turn's record and events show it: the snapshot stored with each turn, the game's
record row, room names and descriptions, what is carried and known, the open puzzles as lines.

Plain readers of the map, the items and the puzzle agent; the orchestrator calls them while it
records and notifies a turn.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from autofrotz.config import Config, public_dict
from autofrotz.storage.models import Game, Room, WorldSnapshot

if TYPE_CHECKING:
    from autofrotz.agents.puzzle_agent import PuzzleAgent
    from autofrotz.agents.world_view import ItemReader, MapReader
    from autofrotz.knowledge.session import Learning
    from autofrotz.managers.item_manager import ItemManager
    from autofrotz.managers.item_registry import ItemUpdate

OPEN_PUZZLES_SHOWN = 8  # the newest open puzzles the game agent is told of
KNOWN_ITEMS_NOTED = 40  # item names the notebook may recognise in a reply


def game_row(
    config: Config, game_file: str, max_score: int | None, story_sha256: str | None, learning: Learning | None
) -> Game:
    """The record's row for a new game: its config, seed, back end and what it started knowing."""
    config_json = json.dumps(public_dict(config), default=str)
    now = datetime.now(UTC).isoformat(timespec="seconds")
    return Game(
        None,
        game_file,
        now,
        seed=config.seed,
        backend=config.backend,
        config_json=config_json,
        max_score=max_score,
        story_sha256=story_sha256,
        knew=learning.knew() if learning is not None else None,
    )


def snapshot(
    maps: MapReader, items: ItemReader, puzzles: PuzzleAgent, rooms: list[Room] | None = None
) -> WorldSnapshot:
    """The whole world model as stored with a turn (``rooms``: the map's rooms, when read already)."""
    return WorldSnapshot(
        current_room=maps.current_room,
        rooms=rooms if rooms is not None else maps.rooms(),
        connections=maps.connections(),
        items=items.get_all_items(),
        puzzles=[type(p)(**asdict(p)) for p in puzzles.puzzles],
        maze_groups=maps.maze_groups(),
        inventory=inventory(items),
    )


def puzzle_lines(puzzles: PuzzleAgent, maps: MapReader) -> list[str]:
    """The newest open puzzles, one line each with where they are."""
    open_puzzles = puzzles.open_puzzles()[-OPEN_PUZZLES_SHOWN:]
    where = {
        p.puzzle_id: f"at {room_name(maps, p.location)}" if p.location else "location unknown"
        for p in open_puzzles
    }
    helps = {
        p.puzzle_id: f"; may help: {', '.join(p.related_items)}" if p.related_items else ""
        for p in open_puzzles
    }
    return [
        f"#{p.puzzle_id} {p.description} ({where[p.puzzle_id]}{helps[p.puzzle_id]})" for p in open_puzzles
    ]


def inventory(items: ItemReader) -> list[str]:
    """Names of what is carried."""
    return [i.name for i in items.get_inventory()]


def known_items(items: ItemReader) -> list[str]:
    """Names of the things known so far (the first KNOWN_ITEMS_NOTED)."""
    return [i.name for i in items.get_all_items()][:KNOWN_ITEMS_NOTED]


def room_ids(maps: MapReader) -> set[str]:
    """Ids of every room on the map."""
    return {r.room_id for r in maps.rooms()}


def room_name(maps: MapReader, room_id: str | None) -> str | None:
    """A room's name (its id when the map has no such room)."""
    return next((r.name for r in maps.rooms() if r.room_id == room_id), room_id)


def room_description(maps: MapReader, room_id: str) -> str:
    """A room's description ("" when the map has no such room)."""
    return next((r.description for r in maps.rooms() if r.room_id == room_id), "")


def first_seen(items: ItemManager, update: ItemUpdate, n: int) -> bool:
    """Whether an item an update names was first seen on turn n."""
    item = items.get_item(update.item_id)
    return item is not None and item.first_seen_turn == n
