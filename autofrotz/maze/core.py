"""Core of the maze solver: the step API, reading rooms, markers and walking known routes."""

from __future__ import annotations

import re
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from autofrotz.managers import item_parser
from autofrotz.managers.item_manager import WEAPON_WORDS
from autofrotz.maze.state import AMBIGUOUS, Knowledge, MazeRoom
from autofrotz.maze.text import (
    DIRECTIONS,
    DROP_OK,
    LOW_LIGHT_PATTERNS,
    TAKE_OK,
    RoomView,
    is_light_source,
    matches_any,
    normalise,
    parse_view,
    similarity,
    visible_names,
    word_overlap,
)
from autofrotz.reading import EMPTY, Reading
from autofrotz.storage.models import MazeGroup

Gen = Generator[str, Reading, Any]
LIGHT_FAILED = r"can't|cannot|don't|no such|not (?:something|a)|what do you"


class MazeListener:
    """Callbacks from the solver; the orchestrator subclasses it to reach the managers and hooks."""

    def room_marked(self, group: MazeGroup, room_id: str, marker: str) -> None:
        """A marker was dropped in a maze room."""

    def thief_suspected(self, group: MazeGroup, room_id: str, marker: str) -> None:
        """A marker vanished from the room it was left in."""

    def group_completed(self, group: MazeGroup) -> None:
        """A maze group is mapped and the solver has moved on."""

    def warning(self, message: str) -> None:
        """Something the player should know (few markers, a light running low)."""


@dataclass
class SolverOptions:
    """Settings of one maze run."""

    similarity_threshold: float = 0.95
    all_different: bool = False  # rooms vary in wording: membership by shared words
    directions: list[str] = field(default_factory=lambda: list(DIRECTIONS))
    max_turns: int = 1000
    entry_name: str | None = None  # the room the maze was entered from; left by another exit
    preferred_exit: str | None = None  # leave by the exit whose name contains this
    min_markers: int = 8
    light_turns_left: int | None = None
    probe_nested: bool = True
    look_after_move: bool = True  # False: trust a move's own room text when it shows the whole room
    verify_drops: bool = True  # look after each drop to learn how the game lists the marker
    group_id: str = "1"
    created_turn: int = 0


class _OutOfTurns(Exception):
    pass


class _GameEnded(Exception):
    pass


class _InTheDark(Exception):
    pass


def shows_room(view: RoomView) -> bool:
    """True when a reply already shows a whole room (a short title line, then its description).

    >>> from autofrotz.reading import read_reply
    >>> shows_room(parse_view(read_reply("look", "Maze\\nA maze of passages.")))
    True
    >>> shows_room(parse_view(read_reply("look", "You won't be able to get back.\\n\\nMaze\\nA maze.")))
    False
    """
    name = view.name
    return bool(view.core) and not view.dark and 0 < len(name) <= 60 and name[-1] not in ".!?:"


def safest_first(names: list[str]) -> list[str]:
    """Order carried things for use as markers: weapons last (a thief may come), lights never.

    >>> safest_first(["sword", "brass lamp", "leaflet", "garlic"])
    ['leaflet', 'garlic', 'sword']
    """
    keep = [n for n in names if not is_light_source(n)]
    return sorted(keep, key=lambda n: bool(set(normalise(n).split()) & WEAPON_WORDS))


class SolverCore:
    """State, the step API, seeing rooms, markers and walking known routes."""

    def __init__(
        self,
        markers: list[str] | None = None,
        options: SolverOptions | None = None,
        listener: MazeListener | None = None,
    ) -> None:
        self.options = options or SolverOptions()
        self.listener = listener or MazeListener()
        self.know = Knowledge()
        self.given_markers = markers
        self.lights: list[str] = []
        self.current: str | None = None
        self.turns = 0
        self.done = False
        self.short = False
        self.exit_room: str | None = None
        self.outcome: str | None = None  # "death" or "victory" when the game ended meanwhile
        self.light_low = False
        self.transcript: list[tuple[str, str]] = []
        self._fails: dict[str, int] = {}  # failed walks towards a room to explore
        self._last_view = RoomView("", "", "", False)
        self._exploring = False
        self._blind = 0  # new rooms in a row that could not be marked
        self._by_marker = False  # whether the last room was told by a marker
        self._bad_donors: dict[str, int] = {}
        self._gen = self._run()
        self._pending: Reading | None = None
        self._started = False

    def next_command(self) -> str | None:
        """The next command to send, or None when the solver has finished."""
        if self.done:
            return None
        try:
            if not self._started:
                self._started = True
                return next(self._gen)
            return self._gen.send(self._pending if self._pending is not None else EMPTY)
        except StopIteration:
            self.done = True
            return None

    def observe(self, reply: Reading) -> None:
        """The game's answer to the last command, as the turn loop read it."""
        self._pending = reply

    def _cmd(self, command: str) -> Gen:
        if self.turns >= self.options.max_turns:
            raise _OutOfTurns
        reply = yield command
        self.turns += 1
        self.transcript.append((command, reply.text))
        if not self.light_low and matches_any(LOW_LIGHT_PATTERNS, reply.text):
            self.light_low = True
            self.listener.warning("the light is running low: leaving the maze as soon as an exit is known")
        self.outcome = reply.outcome
        if self.outcome is not None:
            raise _GameEnded
        return reply

    def _look(self) -> Gen:
        view = parse_view((yield from self._cmd("look")))
        if view.dark and (yield from self._light()):
            view = parse_view((yield from self._cmd("look")))
        if view.dark:
            raise _InTheDark  # moving blind risks death and teaches nothing
        self._last_view = view
        return view

    def _light(self) -> Gen:
        for name in self.lights:
            for verb in ("turn on", "light"):
                reply = yield from self._cmd(f"{verb} {name}")
                if not re.search(LIGHT_FAILED, reply.text, re.IGNORECASE):
                    return True
        self.listener.warning("the maze is dark and no light source would light")
        self.lights = []
        return False

    def _visible_markers(self, view: RoomView) -> list[str]:
        placed = list(self.know.placed)
        listed = {normalise(i.name) for i in item_parser.room_items(view.rest)}
        lines = {normalise(line) for line in view.rest.splitlines()}
        found = [m for m in placed if normalise(m) in listed or self.know.appearance.get(m) in lines]
        return found or visible_names(view.rest, placed)

    def _learn_appearance(self, room: MazeRoom, marker: str, before: RoomView) -> Gen:
        """Look once after a drop: games may list a thing under another name ("A sandwich is here")."""
        after = yield from self._look()
        if marker in self._visible_markers(after):
            return
        old = set(before.rest.splitlines())
        new = [line for line in after.rest.splitlines() if line not in old]
        if new:
            self.know.appearance[marker] = normalise(new[0])
        else:  # gone at once: someone unseen took it
            yield from self._marker_stolen(room)

    def _group_of(self, view: RoomView) -> str | None:
        """The maze group whose rooms look like this view, the active one first."""
        order = sorted(self.know.signatures, key=lambda g: g != self.know.active)
        for group_id in order:
            for key in self.know.signatures[group_id]:
                if similarity(view.key, key) >= self.options.similarity_threshold or view.key.startswith(key):
                    return group_id
                if self.options.all_different and word_overlap(view.key, key) >= 0.6:
                    return group_id
        return None

    def _identify(self, view: RoomView, expected: str | None) -> Gen:
        """The id of the room in view: by marker, by expectation, by text, or AMBIGUOUS."""
        seen = self._visible_markers(view)
        self._by_marker = bool(seen)
        if seen:
            room = self.know.rooms[self.know.placed[seen[0]]]
            room.marker_seen = self.turns
            return room.room_id
        stolen_or_elsewhere = False
        if expected is not None and self.know.rooms[expected].key == view.key:
            room = self.know.rooms[expected]
            # A marked room showing no marker: stolen, or a random link to another room. Mapped as
            # new for now; _walk walks round to the expected room to tell which.
            stolen_or_elsewhere = room.marker is not None and room.group_id == self.know.active
        if expected is not None and self.know.rooms[expected].key == view.key and not stolen_or_elsewhere:
            room = self.know.rooms[expected]
            if (
                room.marker is None
                and room.marker_seen == 0
                and room.group_id == self.know.active
                and self._exploring
            ):
                yield from self._mark(room)
            return expected
        group_id = self._group_of(view)
        if group_id is None or group_id != self.know.active:
            key = view.key if group_id is None else f"maze group {group_id}"
            return self.know.boundary_room(view.name, view.core, key).room_id
        return (yield from self._unmarked_maze_room(view, group_id))

    def _unmarked_maze_room(self, view: RoomView, group_id: str) -> Gen:
        rooms = [self.know.rooms[r] for r in self.know.group(group_id).room_ids]
        same = [r for r in rooms if r.key == view.key]
        candidates = [r for r in same if r.marker is None]
        if not candidates:
            return (yield from self._new_here(view))
        if len(same) == 1:
            return candidates[0].room_id  # a unique description tells the room on its own
        return AMBIGUOUS

    def _mark(self, room: MazeRoom) -> Gen:
        while self.know.carried:
            marker = self.know.carried.pop(0)
            reply = yield from self._cmd(f"drop {marker}")
            if matches_any(DROP_OK, reply.text) or item_parser.is_drop_success(reply.text):
                self._place(room, marker)
                if self.options.verify_drops and marker not in self.know.appearance:
                    yield from self._learn_appearance(room, marker, self._last_view)
                return True
            self.know.lost.append(marker)  # not in hand any more
        if not self.short:
            self.short = True
            self.listener.warning("out of markers: unmarked maze rooms are told apart by description only")
        return False

    def _place(self, room: MazeRoom, marker: str) -> None:
        room.marker = marker
        room.marker_seen = self.turns
        self.know.placed[marker] = room.room_id
        if room.group_id is not None:
            group = self.know.group(room.group_id)
            group.markers[room.room_id] = marker
            self.listener.room_marked(group, room.room_id, marker)

    def _unplace(self, room: MazeRoom) -> str | None:
        marker, room.marker = room.marker, None
        if marker is not None:
            self.know.placed.pop(marker, None)
            if room.group_id is not None:
                self.know.group(room.group_id).markers.pop(room.room_id, None)
        return marker

    def _marker_stolen(self, room: MazeRoom) -> Gen:
        marker = self._unplace(room)
        if marker is None or room.group_id is None:
            return
        self.know.lost.append(marker)
        self._flag_thief(room, marker)
        yield from self._mark(room)

    def _flag_thief(self, room: MazeRoom, marker: str) -> None:
        if room.group_id is None:
            return
        self.know.thief_rooms.append(room.room_id)
        group = self.know.group(room.group_id)
        group.thief_suspected = True
        self.listener.thief_suspected(group, room.room_id, marker)

    def _move(self, direction: str, expected: str | None = None) -> Gen:
        """Go one way and look: the room reached, None when refused, or AMBIGUOUS."""
        reply = yield from self._cmd(direction)
        if reply.move_refused:
            return None
        view = parse_view(reply)
        if self.options.look_after_move or not shows_room(view):
            view = yield from self._look()
        self._last_view = view
        return (yield from self._identify(view, expected))

    def _walk(self, route: list[tuple[str, str]]) -> Gen:
        """Follow a route, checking every room; False when somewhere else was reached."""
        for direction, expected in route:
            assert self.current is not None
            here = self.know.rooms[self.current]
            dest = yield from self._move(direction, expected)
            if dest is None:
                here.edges.pop(direction, None)
                here.blocked.append(direction)
                return False
            self.current = None if dest == AMBIGUOUS else dest
            if dest == AMBIGUOUS:
                return False
            if dest != expected and self._stolen_twin(expected, dest):
                verdict = yield from self._confirm_twin(here.room_id, direction, expected, dest)
                thief = self.know.group(self.know.active or "").thief_suspected
                if verdict or (verdict is None and thief):  # a thief's work: one room
                    self._merge_twin(expected, dest)
                    self.current = expected if self.current == dest else self.current
                    dest = expected
                if verdict is not None:
                    here.record(direction, dest)
                    return False
            if dest != expected and direction not in here.sure:
                here.edges[direction], here.observed[direction] = dest, [dest]  # the old link was a guess
            here.record(direction, dest)
            if self._by_marker and direction not in here.sure:
                here.sure.append(direction)
            if dest != expected:
                return False
        return True

    def _confirm_twin(self, origin: str, direction: str, expected: str, dest: str) -> Gen:
        """Walk to `expected` another way: its marker there means two rooms (True: one room, None: unknown).

        Returns False when the link from `origin` is random rather than a thief's doing.
        """
        route = self.know.route_avoiding(dest, expected, (origin, direction))
        if route is None:
            return None
        for step, (way, want) in enumerate(route):
            seen = yield from self._peek(way)
            last = step == len(route) - 1
            if last and seen in (expected, dest):
                self.current = seen
                return seen == dest
            wanted = self.know.rooms[want]
            if seen != want and not (seen == "" and wanted.marker is None):
                self.current = None
                return None
            self.current = want
        return None

    def _peek(self, direction: str) -> Gen:
        """Move and look without touching the map: the room a marker shows, "" for none, None if refused."""
        reply = yield from self._cmd(direction)
        if reply.move_refused:
            return None
        view = yield from self._look()
        seen = self._visible_markers(view)
        return self.know.placed[seen[0]] if seen else ""

    def _stolen_twin(self, expected: str, dest: str) -> bool:
        """True when `dest` is likely `expected` itself, re-marked after a thief took its marker."""
        if not self._twin_capable(expected, dest):
            return False
        old, new = self.know.rooms[expected], self.know.rooms[dest]
        for direction in set(old.edges) & set(new.edges):
            a, b = old.edges[direction], new.edges[direction]
            if a != b and AMBIGUOUS not in (a, b) and not self._twin_capable(a, b):
                return False
        return not (set(old.blocked) & set(new.edges)) and not (set(new.blocked) & set(old.edges))

    def _twin_capable(self, a: str, b: str) -> bool:
        """True when rooms a and b could be one room whose first marker was stolen."""
        if a == b:
            return True
        ra, rb = self.know.rooms.get(a), self.know.rooms.get(b)
        if ra is None or rb is None or ra.boundary or ra.group_id != rb.group_id or ra.key != rb.key:
            return False
        older, newer = (ra, rb) if ra.created <= rb.created else (rb, ra)
        return newer.created > older.marker_seen

    def _merge_twin(self, keep: str, gone: str) -> None:
        room = self.know.rooms[keep]
        stolen = self._unplace(room)
        marker = self.know.rooms[gone].marker
        self.know.merge(keep, gone)
        if marker is not None:
            self._place(room, marker)
        if stolen is not None:
            self.know.lost.append(stolen)
            self._flag_thief(room, stolen)

    def _new_here(self, view: RoomView) -> Gen:
        """Map the room in view as a new maze room and mark it; AMBIGUOUS after too many blind ones."""
        if self._blind > 2 and not self.know.carried:
            return AMBIGUOUS  # unmarked rooms in a row: wander to a marker instead of multiplying rooms
        group_id = self.know.active or ""
        if view.key not in self.know.signatures[group_id]:
            self.know.signatures[group_id].append(view.key)
        room = self.know.new_maze_room(group_id, view.name, view.core, view.key, self.turns)
        self.current = room.room_id
        marked = yield from self._mark(room)
        self._blind = 0 if marked else self._blind + 1
        return room.room_id

    def _pick_up(self, room: MazeRoom) -> Gen:
        marker = self._unplace(room)
        if marker is None:
            return
        for _ in range(4):  # some games fumble takes at random when the hands are full
            reply = yield from self._cmd(f"take {marker}")
            if matches_any(TAKE_OK, reply.text) or item_parser.is_take_success(reply.text):
                self.know.carried.append(marker)
                return
        self.know.lost.append(marker)

    def _exits(self, group_id: str) -> list[str]:
        out: list[str] = []
        for room_id in self.know.group(group_id).room_ids:
            for dest in self.know.rooms[room_id].edges.values():
                if dest in self.know.rooms and self.know.rooms[dest].boundary and dest not in out:
                    out.append(dest)
        return [e for e in out if not self.know.rooms[e].key.startswith("maze group")]

    def _choose_exit(self, exits: list[str]) -> str | None:
        names = {e: self.know.rooms[e].name.lower() for e in exits}
        want = (self.options.preferred_exit or "").lower()
        entry = (self.options.entry_name or "").lower()
        ranked = sorted(
            exits, key=lambda e: (not want or want not in names[e], bool(entry) and names[e] == entry)
        )
        return ranked[0] if ranked else None

    def _run(self) -> Gen:
        """The whole plan; MazeSolver provides it."""
        raise NotImplementedError
        yield ""  # a generator function, like the real plan
