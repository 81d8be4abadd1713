"""Maze groups on top of the map graph: detection by description similarity, markers, completion.

The maze solver drives exploration; this class only records what it learns and answers questions.
"""

from __future__ import annotations

from dataclasses import asdict
from difflib import SequenceMatcher
from typing import Any

from autofrotz.managers.map_graph import Link, MapGraph
from autofrotz.managers.map_markers import dropped_and_taken
from autofrotz.reading.told_text import plain_words
from autofrotz.storage.models import Connection, MazeGroup, Room
from autofrotz.words.directions import opposite

# Rooms entered within this many turns of each other count towards one maze.
MAZE_WINDOW_TURNS = 10
MAZE_MIN_ROOMS = 3
# Consecutive moves whose way back did not return to the previous room ("all different" mazes).
MAZE_BACKTRACK_FAILURES = 4
# Arrivals remembered (for counting look-alikes and finding the room before them).
RECENT_KEEP = 40


def normalize_description(text: str) -> str:
    """Lower-case words only, for comparing descriptions.

    >>> normalize_description("You are in a warren of narrow tunnels, all alike.")
    'you are in a warren of narrow tunnels all alike'
    """
    return plain_words(text)


def similarity(a: str, b: str) -> float:
    """Similarity of two normalised descriptions from 0 to 1.

    >>> similarity("a maze of passages", "a maze of passages")
    1.0
    >>> similarity("a forest", "a dark cellar") < 0.5
    True
    """
    if a == b:
        return 1.0
    if not a or not b:
        return 0.0
    return SequenceMatcher(None, a, b, autojunk=False).ratio()


class MazeMap:
    """Maze groups and the maze_active flag, kept on the map graph they share with the map manager."""

    def __init__(self, store: MapGraph, similarity_threshold: float = 0.95) -> None:
        self.store = store
        store.no_way_back_from = self.mapped_maze_room
        self.similarity_threshold = similarity_threshold
        self.groups: dict[str, MazeGroup] = {}
        self.active_maze: str | None = None
        self.recent: list[tuple[int, str, str]] = []  # (turn, room_id, normalised description)
        self.backtrack_failures = 0
        self.last_label: str | None = None  # exit taken by the last arrival checked
        self.varied: set[str] = set()  # groups found by the "all different" trigger

    def check_maze_condition(
        self, room_id: str, description: str, turn: int = 0, label: str | None = None
    ) -> bool:
        """Record an arrival by movement; True when it completes or extends a maze condition.

        Identical rooms cannot be told apart before markers, so arrivals are counted, not ids: three
        or more arrivals at near-identical rooms, each within MAZE_WINDOW_TURNS of the one before (a
        step straight back the way we came does not count), open a maze group; rooms of an active
        group's description join it.
        """
        norm = normalize_description(description)
        back = bool(label and self.last_label and opposite(self.last_label) == label)
        self.last_label = label
        if not norm:
            return False
        if self.active_maze and self.matches_maze(description, self.active_maze):
            self._join(self.active_maze, room_id)
            return True
        if not back:
            self.recent = [*self.recent, (turn, room_id, norm)][-RECENT_KEEP:]
        alike = self._alike_chain(norm, turn)
        ids = list(dict.fromkeys(r for _, r, _ in alike if r in self.store.graph))
        # one room revisited round a loop is no maze: the look-alikes must be at least two rooms
        if (
            len(alike) < MAZE_MIN_ROOMS
            or len(ids) < 2
            or any(self.store.room(r).get("maze_group") for r in ids)
        ):
            return False
        self._open_group(ids, turn, alike[0][0])
        return True

    def _alike_chain(self, norm: str, turn: int) -> list[tuple[int, str, str]]:
        """Recent arrivals at rooms described like `norm`, each close in time to the next one."""
        chain: list[tuple[int, str, str]] = []
        last = turn
        for entry in reversed(self.recent):
            if similarity(entry[2], norm) < self.similarity_threshold:
                continue
            if last - entry[0] > MAZE_WINDOW_TURNS:
                break
            chain.append(entry)
            last = entry[0]
        return chain[::-1]

    def note_backtrack(self, returned_to_previous: bool, turn: int = 0) -> bool:
        """Count moves where going back did not return; enough in a row flag an "all different" maze."""
        self.backtrack_failures = 0 if returned_to_previous else self.backtrack_failures + 1
        if (
            self.backtrack_failures < MAZE_BACKTRACK_FAILURES
            or self.active_maze
            or not self.store.current_room
        ):
            return False
        tail = [e for e in self.recent[-MAZE_BACKTRACK_FAILURES:] if e[1] in self.store.graph]
        ids = list(dict.fromkeys([r for _, r, _ in tail] or [self.store.current_room]))
        first = tail[0][0] if tail else turn
        self._open_group(ids, turn, first)
        self.varied.add(self.active_maze or "")
        return True

    def matches_maze(self, description: str, group_id: str) -> bool:
        """True when a description is near-identical to one of the group's rooms."""
        norm = normalize_description(description)
        return any(
            similarity(norm, normalize_description(self.store.room(r)["description"]))
            >= self.similarity_threshold
            for r in self.groups[group_id].room_ids
            if r in self.store.graph
        )

    def _open_group(self, room_ids: list[str], turn: int, first: int) -> None:
        """A new active group; its entry is the last room of another description visited before."""
        group_id = self.next_group_id()
        alike = {d for _, r, d in self.recent if r in room_ids}
        names = {self.store.room(r)["name"] for r in room_ids}
        # namesakes described otherwise on the way: the maze's rooms differ in wording ("all different")
        if any(d not in alike and self._name(r) in names for t, r, d in self.recent if t >= first):
            self.varied.add(group_id)
        skip = names if group_id in self.varied else set()
        # the way in is before the first look-alike we remember, not just before this run of them
        first = min((t for t, r, d in self.recent if d in alike or r in room_ids), default=first)
        before = [
            r
            for t, r, d in self.recent
            if t < first and r not in room_ids and d not in alike and self._name(r) not in skip
        ]
        entry = before[-1] if before else self._entry_from_links(room_ids, skip)
        self.groups[group_id] = MazeGroup(group_id, entry, created_turn=turn)
        for room_id in room_ids:
            self._join(group_id, room_id)
        self.active_maze = group_id
        self.store.log(turn, "maze_detected", group=group_id, rooms=room_ids, entry=entry)

    def _name(self, room_id: str) -> str | None:
        return str(self.store.room(room_id)["name"]) if room_id in self.store.graph else None

    def next_group_id(self) -> str:
        """The first unused numeric maze group id."""
        n = len(self.groups) + 1
        while str(n) in self.groups:
            n += 1
        return str(n)

    def _entry_from_links(self, room_ids: list[str], skip_names: set[str]) -> str | None:
        """A room leading into the group, walking back through rooms that look like part of it."""
        inside, frontier = set(room_ids), list(room_ids)
        while frontier:
            into, frontier = set(frontier), []
            for u, links in self.store.links.items():
                if u in inside or not any(link.to_room in into for link in links.values()):
                    continue
                if self._name(u) not in skip_names:
                    return u
                inside.add(u)
                frontier.append(u)
        return None

    def _join(self, group_id: str, room_id: str) -> None:
        group = self.groups[group_id]
        if room_id not in group.room_ids:
            group.room_ids.append(room_id)
        self.store.room(room_id)["maze_group"] = group_id

    def maze_room_id(self, group_id: str) -> str:
        """Next free id of the form maze_<group>_<seq>."""
        seq = len(self.groups[group_id].room_ids) + 1
        while f"maze_{group_id}_{seq}" in self.store.graph:
            seq += 1
        return f"maze_{group_id}_{seq}"

    def note_maze_exit(self, from_room: str, to_room: str) -> None:
        """Remember a non-maze room reached from a maze room."""
        group_id = self.store.room(from_room).get("maze_group")
        if group_id and not self.store.room(to_room).get("maze_group"):
            exits = self.groups[group_id].exit_room_ids
            if to_room not in exits:
                exits.append(to_room)

    def mapped_maze_room(self, room_id: str) -> bool:
        """True for a room of a fully mapped maze group: the solver tried every exit, so no way back
        out of it is assumed."""
        group = self.groups.get(self.store.room(room_id).get("maze_group") or "")
        return group is not None and group.fully_mapped

    def forget_lookalikes(self, descriptions: list[str]) -> None:
        """Drop rooms outside every maze group described like a maze room: guesses made before the
        markers told the identical rooms apart."""
        norms = list(dict.fromkeys(normalize_description(d) for d in descriptions if d))
        for room_id, data in list(self.store.graph.nodes(data=True)):
            if data.get("maze_group"):
                continue
            text = normalize_description(data["description"])
            if text and any(similarity(text, n) >= self.similarity_threshold for n in norms):
                self._forget_room(str(room_id))

    def boundary_room_id(self, name: str, description: str, turn: int = 0) -> str:
        """The known room outside a maze with this name (the one whose text matches best), or a new one."""
        norm = normalize_description(description)
        named = [r for r in self.store.rooms_named(name) if not self.store.room(r).get("maze_group")]
        if named:
            return max(
                named,
                key=lambda r: similarity(norm, normalize_description(self.store.room(r)["description"])),
            )
        return self.store.add_room(name, description, turn=turn)

    def adopt_maze(
        self,
        rooms: list[Room],
        connections: list[Connection],
        groups: list[MazeGroup],
        current: str | None,
        turn: int = 0,
    ) -> None:
        """Take over what the maze solver learnt (ids already translated to this map's ids).

        The groups' rooms replace the ones guessed before markers told them apart; maze rooms keep
        exactly the solver's links, rooms outside gain the links it walked."""
        keep = {r.room_id for r in rooms}
        for group in groups:
            old = self.groups.get(group.group_id)
            for room_id in old.room_ids if old else []:
                if room_id not in keep and room_id in self.store.graph:
                    self._forget_room(room_id)
            if old is not None:  # detection time, entry, and markers since picked up, as the map saw them
                group.created_turn = old.created_turn
                group.entry_room_id = group.entry_room_id or old.entry_room_id
                group.markers = {**{r: m for r, m in old.markers.items() if r in keep}, **group.markers}
            self.groups[group.group_id] = group
        for r in rooms:
            self._adopt_room(r, turn)
        for r in rooms:
            if r.maze_group:
                self.store.links[r.room_id] = {}
        for c in connections:
            self.store.links[c.from_room_id][c.direction] = Link(
                c.to_room_id, bidirectional=c.bidirectional, random=c.random,
                observed=list(c.observed_destinations) if c.random else [], turn=turn,
            )  # fmt: skip
            self.store.room(c.from_room_id)["exits"].pop(c.direction, None)
        self.store.rebuild_edges()
        if current and current in self.store.graph and current != self.store.current_room:
            self.store.visit(current, turn)

    def _adopt_room(self, r: Room, turn: int) -> None:
        if r.room_id not in self.store.graph:
            self.store.add_room(r.name, r.description, room_id=r.room_id, turn=turn)
        node = self.store.room(r.room_id)
        if r.maze_group:  # the marker that told the room apart stays its label once picked up
            node.update(maze_group=r.maze_group, visited=True)
            node["maze_marker_item"] = r.maze_marker_item or node.get("maze_marker_item")
            node["description"] = node["description"] or r.description

    def _forget_room(self, room_id: str) -> None:
        """Remove a room, every link into it and its recent arrivals."""
        self.store.forget_room(room_id)
        self.recent = [e for e in self.recent if e[1] != room_id]

    def is_maze_active(self) -> bool:
        """Whether a maze group is being solved."""
        return self.active_maze is not None

    def get_active_maze(self) -> MazeGroup | None:
        """The maze group being solved, if any."""
        return self.groups.get(self.active_maze) if self.active_maze else None

    def assign_maze_marker(self, room_id: str, item_id: str) -> None:
        """Record that a marker item was dropped in a maze room."""
        self.store.room(room_id)["maze_marker_item"] = item_id
        group_id = self.store.room(room_id).get("maze_group")
        if group_id:
            self.groups[group_id].markers[room_id] = item_id

    def identify_maze_room_by_marker(self, item_id: str) -> str | None:
        """The room a marker item was assigned to, or None."""
        for room_id, data in self.store.graph.nodes(data=True):
            if data.get("maze_marker_item") == item_id:
                return str(room_id)
        return None

    def note_left(self, command: str | None, reply: str) -> None:
        """Remember what a command dropped in the current room and forget what it took (map_markers)."""
        dropped, taken = dropped_and_taken(command, reply)
        moved = {*dropped, *taken}
        if not moved:
            return
        for _, data in self.store.graph.nodes(data=True):
            if data.get("left"):
                data["left"] = [n for n in data["left"] if n not in moved]
        if self.store.current_room and dropped:
            node = self.store.room(self.store.current_room)
            node["left"] = [*node.get("left", []), *dropped]

    def left_in(self, room_id: str) -> list[str]:
        """Things dropped in a room and not taken since, as the commands named them."""
        return list(self.store.room(room_id).get("left", []))

    def get_maze_rooms(self, group_id: str) -> list[str]:
        """All room ids of a maze group."""
        return list(self.groups[group_id].room_ids) if group_id in self.groups else []

    def complete_maze(self, group_id: str, turn: int = 0) -> None:
        """Mark a group fully mapped and leave maze mode."""
        group = self.groups[group_id]
        group.fully_mapped, group.completed_turn = True, turn
        if self.active_maze == group_id:
            self.active_maze = None
        self.store.log(turn, "maze_completed", group=group_id)

    def maze_groups(self) -> list[MazeGroup]:
        """Every maze group as a models.MazeGroup."""
        return list(self.groups.values())

    def maze_dict(self) -> dict[str, Any]:
        """Maze state as plain data."""
        return {
            "groups": {k: asdict(g) for k, g in self.groups.items()},
            "active_maze": self.active_maze,
            "recent": [list(e) for e in self.recent],
            "backtrack_failures": self.backtrack_failures,
            "last_label": self.last_label,
            "varied": sorted(self.varied),
            "similarity_threshold": self.similarity_threshold,
        }

    def load_maze_dict(self, data: dict[str, Any]) -> None:
        """Inverse of maze_dict."""
        self.groups = {k: MazeGroup(**g) for k, g in data.get("groups", {}).items()}
        self.active_maze = data.get("active_maze")
        self.recent = [(int(t), str(r), str(d)) for t, r, d in data.get("recent", [])]
        self.backtrack_failures = int(data.get("backtrack_failures", 0))
        self.last_label = data.get("last_label")
        self.varied = set(data.get("varied", []))
        self.similarity_threshold = float(data.get("similarity_threshold", self.similarity_threshold))
