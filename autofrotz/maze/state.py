"""What the maze solver knows: rooms, the links it tried, markers and maze groups (serialisable)."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from autofrotz.storage.models import Connection, MazeGroup, Room

AMBIGUOUS = "?"  # destination of a link whose arrival room could not be told apart


@dataclass
class MazeRoom:
    """One room as the solver sees it; boundary rooms lie outside the maze being mapped."""

    room_id: str
    name: str
    core: str
    key: str
    group_id: str | None  # None for boundary rooms
    marker: str | None = None
    edges: dict[str, str] = field(default_factory=dict)  # direction -> last destination seen
    observed: dict[str, list[str]] = field(default_factory=dict)  # direction -> every destination
    blocked: list[str] = field(default_factory=list)
    sure: list[str] = field(default_factory=list)  # directions whose destination is known for certain
    first_try: str | None = None  # direction to try first (the opposite of the way in)
    created: int = 0  # solver turn of first sight
    marker_seen: int = 0  # solver turn the marker was last seen in place

    @property
    def boundary(self) -> bool:
        """True for rooms outside every maze group."""
        return self.group_id is None

    def tried(self, direction: str) -> bool:
        """True once the direction has been walked or refused."""
        return direction in self.edges or direction in self.blocked

    def is_random(self, direction: str) -> bool:
        """True when the direction has led to more than one room."""
        return len(set(self.observed.get(direction, []))) > 1

    def record(self, direction: str, dest: str) -> bool:
        """Store a link; returns True when it contradicts an earlier observation."""
        seen = self.observed.setdefault(direction, [])
        surprise = bool(seen) and dest not in seen
        if dest not in seen:
            seen.append(dest)
        self.edges[direction] = dest
        return surprise


def slug(name: str) -> str:
    """A room id from a name.

    >>> slug("Troll Room")
    'troll_room'
    """
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "room"


@dataclass
class Knowledge:
    """The solver's map: rooms by id, maze groups and where each marker lies."""

    rooms: dict[str, MazeRoom] = field(default_factory=dict)
    groups: list[MazeGroup] = field(default_factory=list)
    signatures: dict[str, list[str]] = field(default_factory=dict)  # group_id -> room keys
    placed: dict[str, str] = field(default_factory=dict)  # marker -> room_id
    carried: list[str] = field(default_factory=list)  # markers in hand, in order of use
    lost: list[str] = field(default_factory=list)  # markers taken by someone else
    thief_rooms: list[str] = field(default_factory=list)
    active: str | None = None  # the group being mapped
    appearance: dict[str, str] = field(default_factory=dict)
    start: str | None = None  # the room the solver began in  # marker -> how a look lists it

    def group(self, group_id: str) -> MazeGroup:
        """The maze group with that id."""
        return next(g for g in self.groups if g.group_id == group_id)

    def new_maze_room(self, group_id: str, name: str, core: str, key: str, turn: int = 0) -> MazeRoom:
        """Create the next `maze_<group>_<seq>` room of a group."""
        group = self.group(group_id)
        room = MazeRoom(self.next_id(group_id), name, core, key, group_id, created=turn)
        self.rooms[room.room_id] = room
        group.room_ids.append(room.room_id)
        return room

    def next_id(self, group_id: str) -> str:
        """The first free `maze_<group>_<seq>` id."""
        seq = len(self.group(group_id).room_ids) + 1
        while f"maze_{group_id}_{seq}" in self.rooms:
            seq += 1
        return f"maze_{group_id}_{seq}"

    def boundary_room(self, name: str, core: str, key: str) -> MazeRoom:
        """The boundary room with this text, created on first sight."""
        for room in self.rooms.values():
            if room.boundary and room.key == key:
                return room
        base, n = slug(name), 1
        room_id = base
        while room_id in self.rooms:
            n += 1
            room_id = f"{base}_{n}"
        room = MazeRoom(room_id, name, core, key, None)
        self.rooms[room_id] = room
        return room

    def path(self, start: str, goal: str) -> list[tuple[str, str]] | None:
        """Shortest known route as (direction, expected room) steps; random links only if needed."""
        found = self.nearest(start, lambda r: r == goal)
        return found[0] if found else None

    def nearest(self, start: str, want: Callable[[str], bool]) -> tuple[list[tuple[str, str]], str] | None:
        """Route to the closest room satisfying want(room_id), and that room."""
        return self._bfs(start, want, False) or self._bfs(start, want, True)

    def steady_search(
        self, start: str, want: Callable[[str], bool]
    ) -> tuple[list[tuple[str, str]], str] | None:
        """Breadth-first search over links that have always led to the same room."""
        return self._bfs(start, want, False)

    def route_avoiding(self, start: str, goal: str, avoid: tuple[str, str]) -> list[tuple[str, str]] | None:
        """A steady route that does not take the link `avoid` (room, direction)."""
        found = self._bfs(start, lambda r: r == goal, False, avoid)
        return found[0] if found else None

    def _bfs(
        self,
        start: str,
        want: Callable[[str], bool],
        allow_random: bool,
        avoid: tuple[str, str] | None = None,
    ) -> tuple[list[tuple[str, str]], str] | None:
        prev: dict[str, tuple[str, str, str] | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if want(here):
                return self._unwind(prev, here), here
            room = self.rooms[here]
            if here != start and room.group_id != self.active:
                continue  # routes only pass through rooms of the maze being solved
            for direction, dest in self._links(room, allow_random):
                if (here, direction) != avoid and dest in self.rooms and dest not in prev:
                    prev[dest] = (here, direction, dest)
                    queue.append(dest)
        return None

    @staticmethod
    def _links(room: MazeRoom, allow_random: bool) -> list[tuple[str, str]]:
        links = []
        for direction, dest in room.edges.items():
            if not room.is_random(direction):
                links.append((direction, dest))
            elif allow_random:
                links += [(direction, d) for d in room.observed[direction]]
        return links

    @staticmethod
    def _unwind(prev: dict[str, tuple[str, str, str] | None], here: str) -> list[tuple[str, str]]:
        steps: list[tuple[str, str]] = []
        while (link := prev[here]) is not None:
            here, direction, dest = link
            steps.append((direction, dest))
        return steps[::-1]

    def rename(self, old: str, new: str) -> None:
        """Give a room a new id everywhere it is mentioned."""
        room = self.rooms.pop(old)
        room.room_id = new
        self.rooms[new] = room
        for group in self.groups:
            group.room_ids = [new if r == old else r for r in group.room_ids]
            group.markers = {new if r == old else r: m for r, m in group.markers.items()}
        for other in self.rooms.values():
            other.edges = {d: new if t == old else t for d, t in other.edges.items()}
            other.observed = {d: [new if t == old else t for t in ts] for d, ts in other.observed.items()}
        self.placed = {m: new if r == old else r for m, r in self.placed.items()}
        self.start = new if self.start == old else self.start
        for group in self.groups:
            group.exit_room_ids = [new if r == old else r for r in group.exit_room_ids]
            if group.entry_room_id == old:
                group.entry_room_id = new

    def merge(self, keep: str, gone: str) -> None:
        """Fold room `gone` into `keep` (they proved to be one room); keep's links win."""
        old, new = self.rooms[gone], self.rooms[keep]
        for direction, dest in old.edges.items():
            new.edges.setdefault(direction, dest)
            for seen in old.observed.get(direction, []):
                if seen not in new.observed.setdefault(direction, []):
                    new.observed[direction].append(seen)
        new.blocked = sorted(set(new.blocked) | (set(old.blocked) - set(new.edges)))
        for group in self.groups:
            if gone in group.room_ids:
                group.room_ids.remove(gone)
            group.markers.pop(gone, None)
        self.rooms.pop(gone)
        self.rooms[gone] = new  # let rename() redirect every reference to `gone`
        self.rename(gone, keep)

    def connections(self) -> list[Connection]:
        """Every link tried, as shared Connection values."""
        out = []
        for room in self.rooms.values():
            for direction, dest in room.edges.items():
                if dest == AMBIGUOUS:
                    continue
                seen = room.observed.get(direction, [dest])
                back = any(r.edges.get(d) == room.room_id for r in [self.rooms[dest]] for d in r.edges)
                out.append(Connection(room.room_id, dest, direction, back, random=len(set(seen)) > 1))
                out[-1].observed_destinations = list(seen)
        return out

    def model_rooms(self) -> list[Room]:
        """Every room, as shared Room values."""
        return [
            Room(
                r.room_id,
                r.name,
                r.core,
                exits=sorted(r.edges),
                maze_group=r.group_id,
                maze_marker_item=r.marker,
            )
            for r in self.rooms.values()
        ]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready copy."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Knowledge:
        """Rebuild from to_dict output."""
        know = cls(**{k: v for k, v in data.items() if k not in ("rooms", "groups")})
        know.rooms = {k: MazeRoom(**v) for k, v in data["rooms"].items()}
        know.groups = [MazeGroup(**g) for g in data["groups"]]
        return know
