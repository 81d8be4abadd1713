"""The world as an agent reads it: read-only Protocols of the map and the items that the turn context
carries (the map and item managers keep them). An agent reads the world through these and never
changes it; only the orchestrator's managers do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import networkx as nx

from autofrotz.managers.map_graph import Link
from autofrotz.storage.models import Connection, Item, MazeGroup, Room


class MapReader(Protocol):
    """What the agents and the learning layer read of the map."""

    @property
    def graph(self) -> nx.DiGraph: ...

    @property
    def links(self) -> Mapping[str, Mapping[str, Link]]: ...

    @property
    def current_room(self) -> str | None: ...

    @property
    def start_room(self) -> str | None: ...

    def room(self, room_id: str) -> dict[str, Any]: ...

    def rooms(self) -> list[Room]: ...

    def connections(self) -> list[Connection]: ...

    def maze_groups(self) -> list[MazeGroup]: ...

    def get_unexplored_exits(self, room_id: str | None = None) -> list[tuple[str, str]]: ...

    def get_nearest_unexplored(self, from_room: str) -> tuple[str, list[str]] | None: ...

    def get_path(self, from_room: str, to_room: str, teleports: bool = False) -> list[str]: ...

    def usable_label(self, u: str, v: str, teleports: bool = False) -> tuple[str, float] | None: ...

    def reads_rooms_by_description(self) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...


class ItemReader(Protocol):
    """What the agents and the briefing read of the items."""

    @property
    def items(self) -> Mapping[str, Item]: ...

    def get_inventory(self) -> list[Item]: ...

    def get_items_in_room(self, room_id: str) -> list[Item]: ...

    def get_all_items(self) -> list[Item]: ...
