"""The map as a NetworkX DiGraph: rooms, labelled exits, pathfinding, change log, serialisation.

MapManager (map_manager.py) holds one as its store, beside the maze groups (map_maze.py) that share it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import networkx as nx

from autofrotz.managers.exit_states import exit_states
from autofrotz.reading.told_text import WORDS
from autofrotz.reading.ways_words import SHUT_WORDS
from autofrotz.storage.models import Connection, Room
from autofrotz.words.directions import opposite

# Exit states kept on a room node: seen in text, refuted by a refusal, or blocked by an obstacle.
MENTIONED, REFUTED, BLOCKED = "mentioned", "refuted", "blocked"

# Untravelled reverse exits cost more so proven routes win ties.
INFERRED_WEIGHT = 1.5


@dataclass
class Link:
    """One labelled exit of a room ("north", "enter boat") and where it leads."""

    to_room: str
    bidirectional: bool = True
    blocked: bool = False
    blocked_reason: str | None = None
    teleport: bool = False
    random: bool = False
    observed: list[str] = field(default_factory=list)
    inferred: bool = False  # assumed from the reverse move, never travelled
    turn: int = 0


def no_room(room_id: str) -> bool:
    """The store's default answer to "is this a room no way back is assumed from": none is.

    >>> no_room("cellar")
    False
    """
    return False


# Makes a room id from a room name (no reading of what the name says): what an id may not hold.
_NOT_ID = re.compile(r"[^a-z0-9]+")


def slugify(name: str) -> str:
    """Room id stem from a room name.

    >>> slugify("West of House")
    'west_of_house'
    >>> slugify("Aunt Jemima's Lair")
    'aunt_jemimas_lair'
    """
    slug = _NOT_ID.sub("_", name.lower().replace("'", "")).strip("_")
    return slug or "room"


class MapGraph:
    """Rooms as nodes, labelled exits as links, mirrored into DiGraph edges for pathfinding."""

    def __init__(self) -> None:
        self.graph: nx.DiGraph = nx.DiGraph()
        self.links: dict[str, dict[str, Link]] = {}
        self.changes: list[dict[str, Any]] = []
        self.current_room: str | None = None
        self.start_room: str | None = None
        # rooms whose exits are all known, so no way back into them is assumed (the maze groups' say)
        self.no_way_back_from: Callable[[str], bool] = no_room

    # ----- rooms -----
    def new_room_id(self, name: str) -> str:
        """A fresh id from the name: "forest", then "forest_2", "forest_3"..."""
        stem, n = slugify(name), 1
        room_id = stem
        while room_id in self.graph:
            n += 1
            room_id = f"{stem}_{n}"
        return room_id

    def add_room(
        self,
        name: str,
        description: str = "",
        room_id: str | None = None,
        turn: int = 0,
        is_dark: bool = False,
    ) -> str:
        """Add a room (id derived from the name unless given) and return its id."""
        room_id = room_id or self.new_room_id(name)
        self.graph.add_node(
            room_id, name=name, description=description, visit_count=0, first_visited_turn=None,
            last_visited_turn=None, exits={}, maze_group=None, maze_marker_item=None, is_dark=is_dark,
            items_here=[], visited=False,
        )  # fmt: skip
        self.links.setdefault(room_id, {})
        self.log(turn, "add_room", room=room_id, name=name)
        return room_id

    def room(self, room_id: str) -> dict[str, Any]:
        """Node attributes of one room (KeyError when unknown)."""
        return self.graph.nodes[room_id]

    def rooms_named(self, name: str) -> list[str]:
        """Ids of rooms whose name equals this one, ignoring case."""
        key = name.lower()
        return [r for r, d in self.graph.nodes(data=True) if d["name"].lower() == key]

    def known_names(self) -> frozenset[str]:
        """Every room name on the map, lower-cased (what a header reader may take as a title)."""
        return frozenset(str(d["name"]).lower() for _, d in self.graph.nodes(data=True))

    def current_name(self) -> str | None:
        """The name of the room the map has us in (read only), or None before the first room."""
        return self.room(self.current_room)["name"] if self.current_room else None

    def visit(self, room_id: str, turn: int) -> None:
        """Count a visit and make the room current."""
        node = self.room(room_id)
        node["visit_count"] += 1
        node["visited"] = True
        if node["first_visited_turn"] is None:
            node["first_visited_turn"] = turn
        node["last_visited_turn"] = turn
        self.current_room = room_id
        if self.start_room is None:
            self.start_room = room_id

    def rename_room(self, room_id: str, name: str, turn: int = 0) -> None:
        """Give a room a new display name; its id stays."""
        old = self.room(room_id)["name"]
        self.room(room_id)["name"] = name
        self.log(turn, "rename", room=room_id, old=old, new=name)

    def merge_rooms(self, keep: str, drop: str, turn: int = 0) -> None:
        """Fold room `drop` into `keep`: its exits and visits move over, then it is removed."""
        for label, link in self.links.pop(drop, {}).items():
            target = keep if link.to_room == drop else link.to_room
            self.links[keep].setdefault(label, Link(**{**asdict(link), "to_room": target}))
        for links in self.links.values():
            for link in links.values():
                link.to_room = keep if link.to_room == drop else link.to_room
        gone, node = self.room(drop), self.room(keep)
        node["visit_count"] += gone["visit_count"]
        node["exits"] = {**gone["exits"], **node["exits"]}
        self.graph.remove_node(drop)
        self.rebuild_edges()
        self.current_room = keep if self.current_room == drop else self.current_room
        self.log(turn, "merge", room=keep, merged=drop)

    # ----- exits -----
    def set_exit_state(self, room_id: str, label: str, state: str) -> None:
        """Record what the text says about an exit, never downgrading a refutation to a mention."""
        exits = self.room(room_id)["exits"]
        if state == MENTIONED and label in exits:
            return
        exits[label] = state

    def add_connection(
        self, from_room: str, to_room: str, direction: str, bidirectional: bool = True,
        teleport: bool = False, turn: int = 0,
    ) -> None:  # fmt: skip
        """Record a travelled exit; a compass move also adds the reverse exit until contradicted."""
        link = Link(to_room, bidirectional=bidirectional and not teleport, teleport=teleport, turn=turn)
        old = self.links[from_room].get(direction)
        if old and old.to_room != to_room and not old.inferred:
            link.random = True
            link.observed = list(dict.fromkeys([*old.observed, old.to_room, to_room]))
            self.log(turn, "random_exit", room=from_room, direction=direction, to=to_room)
        if old and old.inferred and old.to_room != to_room:
            self._mark_one_way(old.to_room, direction, from_room)
        self.links[from_room][direction] = link
        self.room(from_room)["exits"].pop(direction, None)
        self._sync_edge(from_room, to_room)
        if old and old.to_room != to_room:
            self._sync_edge(from_room, old.to_room)
        reverse = opposite(direction)
        if link.bidirectional and reverse:
            self._add_inferred(to_room, reverse, from_room, turn)
            back = self.links[to_room].get(reverse)
            link.bidirectional = back is not None and back.to_room == from_room
        self.log(turn, "connect", room=from_room, direction=direction, to=to_room)

    def _mark_one_way(self, room_id: str, reverse_of: str, to_room: str) -> None:
        """The way back from to_room did not lead to room_id: its exit there is one-way."""
        forward = self.links.get(room_id, {}).get(opposite(reverse_of) or "")
        if forward and forward.to_room == to_room:
            forward.bidirectional = False
            self._sync_edge(room_id, to_room)

    def _add_inferred(self, room_id: str, direction: str, to_room: str, turn: int) -> None:
        if self.no_way_back_from(room_id):
            return
        existing = self.links[room_id].get(direction)
        if existing or self.room(room_id)["exits"].get(direction) == REFUTED:
            return
        self.links[room_id][direction] = Link(to_room, inferred=True, turn=turn)
        self._sync_edge(room_id, to_room)

    def remove_connection(self, from_room: str, direction: str, turn: int = 0) -> None:
        """Forget an exit (e.g. a passage that collapsed)."""
        link = self.links[from_room].pop(direction, None)
        if link:
            self._sync_edge(from_room, link.to_room)
            self.log(turn, "disconnect", room=from_room, direction=direction, to=link.to_room)

    def note_exit_words(
        self, room_id: str, direction: str, words: str | None, kind: str = "exit_reasons"
    ) -> None:
        """Keep the game's own words about an exit (why it refused or barred it, or that it is one-way)."""
        if words:
            self.room(room_id).setdefault(kind, {})[direction] = " ".join(words.split())[:160]

    def refute_exit(self, room_id: str, direction: str, turn: int = 0, reason: str | None = None) -> None:
        """The game said there is no exit this way: drop any assumed link and remember the refusal."""
        self.note_exit_words(room_id, direction, reason)
        link = self.links[room_id].get(direction)
        if link and not link.inferred:
            return  # travelled once: a refusal now means it closed, which mark_blocked expresses
        if link:
            self.remove_connection(room_id, direction, turn)
            self._mark_one_way(link.to_room, direction, room_id)
        self.set_exit_state(room_id, direction, REFUTED)

    def reopen_shut_refusals(self, room_id: str, opened: str = "") -> None:
        """Something here was opened: a way refused or barred in words of a shut thing ("It seems to be
        locked.") or of the very thing opened ("You can't climb the oak door.") is a way to try again."""
        node = self.room(room_id)
        for label, state in list(node["exits"].items()):
            words = node.get("exit_reasons", {}).get(label, "")
            named = bool(opened) and opened in WORDS.findall(words.lower())
            if state in (BLOCKED, REFUTED) and (SHUT_WORDS.search(words) or named):
                node["exits"][label] = MENTIONED
                node.setdefault("exit_notes", {})[label] = "barred before; something here was opened since"
        for label, link in list(self.links.get(room_id, {}).items()):
            if link.blocked:
                self.unblock(room_id, label)

    def mark_blocked(self, from_room: str, direction: str, reason: str | None = None, turn: int = 0) -> None:
        """Mark an exit blocked (locked door, troll) so pathfinding avoids it."""
        self.note_exit_words(from_room, direction, reason)
        link = self.links.get(from_room, {}).get(direction)
        if link:
            link.blocked, link.blocked_reason = True, reason
            self._sync_edge(from_room, link.to_room)
        else:
            self.set_exit_state(from_room, direction, BLOCKED)
        self.log(turn, "blocked", room=from_room, direction=direction, reason=reason)

    def unblock(self, from_room: str, direction: str, turn: int = 0) -> None:
        """Clear a block set by mark_blocked."""
        link = self.links.get(from_room, {}).get(direction)
        if link:
            link.blocked, link.blocked_reason = False, None
            self._sync_edge(from_room, link.to_room)
        elif self.room(from_room)["exits"].get(direction) == BLOCKED:
            self.room(from_room)["exits"][direction] = MENTIONED
        self.log(turn, "unblocked", room=from_room, direction=direction)

    # ----- edges and paths -----
    def _sync_edge(self, u: str, v: str) -> None:
        labels = {k: asdict(link) for k, link in self.links.get(u, {}).items() if link.to_room == v}
        if not labels:
            if self.graph.has_edge(u, v):
                self.graph.remove_edge(u, v)
            return
        self.graph.add_edge(u, v, labels=labels)

    def rebuild_edges(self) -> None:
        self.graph.remove_edges_from(list(self.graph.edges))
        for u, links in self.links.items():
            for link in links.values():
                self._sync_edge(u, link.to_room)

    def usable_label(self, u: str, v: str, teleports: bool = False) -> tuple[str, float] | None:
        """Best exit label from u to v and its cost, skipping blocked (and teleport) exits."""
        best: tuple[str, float] | None = None
        for label, link in self.links.get(u, {}).items():
            if link.to_room != v or link.blocked or (link.teleport and not teleports):
                continue
            cost = INFERRED_WEIGHT if link.inferred else 1.0
            if best is None or cost < best[1]:
                best = (label, cost)
        return best

    def get_path(self, from_room: str, to_room: str, teleports: bool = False) -> list[str]:
        """Exit labels leading from one room to another (Dijkstra); [] when equal or unreachable."""
        if from_room == to_room or from_room not in self.graph or to_room not in self.graph:
            return []

        def weight(u: str, v: str, _: dict[str, Any]) -> float | None:
            best = self.usable_label(u, v, teleports)
            return best[1] if best else None

        try:
            nodes = nx.dijkstra_path(self.graph, from_room, to_room, weight=weight)
        except nx.NetworkXNoPath:
            return []
        return [self.usable_label(u, v, teleports)[0] for u, v in zip(nodes, nodes[1:], strict=False)]  # type: ignore[index]

    def get_next_step(self, from_room: str, to_room: str) -> str | None:
        """First exit label on the path, or None."""
        path = self.get_path(from_room, to_room)
        return path[0] if path else None

    def get_unexplored_exits(self, room_id: str | None = None) -> list[tuple[str, str]]:
        """(room, direction) pairs the text mentioned that were never travelled nor refuted, and that no
        warning in the game's words speaks against."""
        rooms = [room_id] if room_id else list(self.graph.nodes)
        return [
            (r, label)
            for r in rooms
            for label, state in self.room(r)["exits"].items()
            if state == MENTIONED and label not in self.links.get(r, {})
            and label not in self.room(r).get("warnings", {})
        ]  # fmt: skip

    def get_nearest_unexplored(self, from_room: str) -> tuple[str, list[str]] | None:
        """The closest room with an unexplored exit and the path there; of equally close rooms, the one
        found first (the graph keeps rooms in the order they were added, so the answer is the same in
        every process, whatever its string hashing)."""
        pending = list(dict.fromkeys(r for r, _ in self.get_unexplored_exits()))
        if from_room in pending:
            return from_room, []
        best: tuple[int, str, list[str]] | None = None
        for room_id in pending:
            path = self.get_path(from_room, room_id)
            if path and (best is None or len(path) < best[0]):
                best = (len(path), room_id, path)
        return (best[1], best[2]) if best else None

    # ----- models and serialisation -----
    def exit_states(self, room_id: str) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
        """The room's true exits with their states, and the directions the game refused (exit_states.py)."""
        return exit_states(self.room(room_id), self.links.get(room_id, {}), room_id)

    def rooms(self) -> list[Room]:
        """Every room as a models.Room: `exits` are its true exits only."""
        return [self._room_model(r, d) for r, d in self.graph.nodes(data=True)]

    def _room_model(self, r: str, d: dict[str, Any]) -> Room:
        states, refused = self.exit_states(r)
        return Room(
                room_id=r,
                name=d["name"],
                description=d["description"],
                visit_count=d["visit_count"],
                first_visited_turn=d["first_visited_turn"],
                last_visited_turn=d["last_visited_turn"],
                exits=sorted(d for d, state in states.items() if state["state"] != "blocked"),  # open now
                maze_group=d["maze_group"],
                maze_marker_item=d["maze_marker_item"],
                is_dark=d["is_dark"],
                exit_states=states,
                refused=refused,
                full_text=d.get("full_text", ""),
            )  # fmt: skip

    def connections(self) -> list[Connection]:
        """Every exit with a known destination as a models.Connection."""
        return [
            Connection(
                from_room_id=u,
                to_room_id=link.to_room,
                direction=label,
                bidirectional=link.bidirectional,
                blocked=link.blocked,
                blocked_reason=link.blocked_reason,
                teleport=link.teleport,
                random=link.random,
                observed_destinations=list(link.observed),
                inferred=link.inferred,
            )  # fmt: skip
            for u, links in self.links.items()
            for label, link in links.items()
        ]

    def graph_dict(self) -> dict[str, Any]:
        """Rooms, links and log as plain JSON-able data."""
        return {
            "current_room": self.current_room,
            "start_room": self.start_room,
            "rooms": {r: dict(d) for r, d in self.graph.nodes(data=True)},
            "links": {r: {k: asdict(v) for k, v in links.items()} for r, links in self.links.items()},
            "changes": list(self.changes),
        }

    def load_graph_dict(self, data: dict[str, Any]) -> None:
        """Inverse of graph_dict."""
        self.current_room, self.start_room = data.get("current_room"), data.get("start_room")
        for room_id, attrs in data["rooms"].items():
            self.graph.add_node(room_id, **attrs)
        self.links = {r: {k: Link(**v) for k, v in ls.items()} for r, ls in data["links"].items()}
        self.changes = list(data.get("changes", []))
        self.rebuild_edges()

    def correct_current_room(self, room_id: str, turn: int = 0) -> None:
        """Tell the map where we really are (e.g. from a maze marker); a room just created for the
        current position is folded into it."""
        current = self.current_room
        if current is None or current == room_id:
            self.current_room = room_id
            return
        if self.room(current)["visit_count"] <= 1:
            self.merge_rooms(room_id, current, turn)
        self.current_room = room_id

    def leads_back(self, label: str) -> bool:
        """True when the current room's exit `label` is known to lead back into it."""
        link = self.links.get(self.current_room or "", {}).get(label)
        return bool(link and link.to_room == self.current_room)

    def forget_room(self, room_id: str) -> None:
        """Remove a room and every link into it."""
        for links in self.links.values():
            for label in [k for k, link in links.items() if link.to_room == room_id]:
                del links[label]
        self.links.pop(room_id, None)
        self.graph.remove_node(room_id)
        if self.current_room == room_id:
            self.current_room = None

    def log(self, turn: int, kind: str, **detail: Any) -> None:
        """Append a dated entry to the change log."""
        self.changes.append({"turn": turn, "kind": kind, **detail})
