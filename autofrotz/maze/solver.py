"""The item-dropping maze solver: maps a maze by marking rooms, then collects the markers and leaves.

It is driven one command at a time, so every command is a recorded turn and no model is asked:

    solver = MazeSolver(markers=["leaflet", "garlic"], options=SolverOptions(entry_name="Archway"))
    while (command := solver.next_command()) is not None:
        solver.observe(game.send(command).text)

Exploration is a depth-first search over untried exits (nearest first), with `look` after every
move; the way back is found by trying, never assumed from compass opposites.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from autofrotz.if_patterns import detect_outcome
from autofrotz.managers import item_parser
from autofrotz.managers.item_manager import WEAPON_WORDS
from autofrotz.maze.state import AMBIGUOUS, Knowledge, MazeRoom
from autofrotz.maze.text import (
    DIRECTIONS,
    DROP_OK,
    NO_EXIT_PATTERNS,
    OPPOSITE,
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
from autofrotz.storage.models import Connection, MazeGroup, Room

Gen = Generator[str, str, Any]
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
    verify_drops: bool = False  # look after each drop to learn how the game lists the marker
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

    >>> shows_room(parse_view("Maze\\nA maze of passages."))
    True
    >>> shows_room(parse_view("You won't be able to get back.\\n\\nMaze\\nA maze."))
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


class MazeSolver:
    """Step-wise maze solver: call next_command(), send it, give the output to observe()."""

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
        self.transcript: list[tuple[str, str]] = []
        self._fails: dict[str, int] = {}  # failed walks towards a room to explore
        self._last_view = RoomView("", "", "", False)
        self._exploring = False
        self._blind = 0  # new rooms in a row that could not be marked
        self._by_marker = False  # whether the last room was told by a marker
        self._bad_donors: dict[str, int] = {}
        self._gen = self._run()
        self._pending: str | None = None
        self._started = False

    # ----- step API -------------------------------------------------------------------------
    def next_command(self) -> str | None:
        """The next command to send, or None when the solver has finished."""
        if self.done:
            return None
        try:
            if not self._started:
                self._started = True
                return next(self._gen)
            return self._gen.send(self._pending or "")
        except StopIteration:
            self.done = True
            return None

    def observe(self, output: str) -> None:
        """The game's answer to the last command."""
        self._pending = output

    # ----- results --------------------------------------------------------------------------
    @property
    def solved(self) -> bool:
        """True when the solver ended outside the maze by an exit other than the entry."""
        return self.exit_room is not None

    def groups(self) -> list[MazeGroup]:
        """Every maze group found, first to last."""
        return self.know.groups

    def rooms(self) -> list[Room]:
        """Maze and boundary rooms as shared Room values."""
        return self.know.model_rooms()

    def connections(self) -> list[Connection]:
        """Every link tried, as shared Connection values."""
        return self.know.connections()

    def figures(self) -> dict[str, Any]:
        """Bench figures (FIGURES.md keys for `bench maze`)."""
        maze_rooms = [r for r in self.know.rooms.values() if not r.boundary]
        exits = {e for g in self.know.groups for e in g.exit_room_ids}
        return {
            "solved": self.solved,
            "turns": self.turns,
            "llm_calls": 0,
            "rooms": len(maze_rooms),
            "exits": len(exits),
            "groups": len(self.know.groups),
            "markers_lost": len(self.know.lost),
            "thief_suspected": any(g.thief_suspected for g in self.know.groups),
            "fully_mapped": all(g.fully_mapped for g in self.know.groups),
            "exit_room": self.exit_room,
        }

    def to_dict(self) -> dict[str, Any]:
        """The solver's knowledge and position, JSON-ready."""
        return {"knowledge": self.know.to_dict(), "current": self.current, "turns": self.turns}

    @classmethod
    def from_dict(cls, data: dict[str, Any], **kwargs: Any) -> MazeSolver:
        """A solver that resumes from to_dict output (it starts by finding where it is)."""
        solver = cls(**kwargs)
        solver.know = Knowledge.from_dict(data["knowledge"])
        solver.turns = data.get("turns", 0)
        return solver

    # ----- the plan -------------------------------------------------------------------------
    def _run(self) -> Gen:
        try:
            if not self.know.groups:
                yield from self._prepare()
            while True:
                yield from self._explore()
                yield from self._retrieve()
                nested = yield from self._leave()
                if not nested:
                    return
        except _OutOfTurns:
            self.listener.warning(f"maze solver stopped after {self.turns} turns")
        except _InTheDark:
            self.listener.warning("stopped: the maze is dark and nothing would light it")
        except _GameEnded:
            self.exit_room = None
            self.listener.warning(f"the game ended ({self.outcome}) during maze mode")

    def _cmd(self, command: str) -> Gen:
        if self.turns >= self.options.max_turns:
            raise _OutOfTurns
        output = yield command
        self.turns += 1
        self.transcript.append((command, output))
        self.outcome = detect_outcome(output)
        if self.outcome is not None:
            raise _GameEnded
        return output

    def _prepare(self) -> Gen:
        listing = item_parser.parse_inventory((yield from self._cmd("inventory"))) or []
        carried = [i.name for i in listing if i.depth == 0]
        self.lights = [n for n in carried if is_light_source(n)]
        given = self.given_markers
        self.know.carried = [m for m in given if not is_light_source(m)] if given else safest_first(carried)
        if len(self.know.carried) < self.options.min_markers:
            self.listener.warning(
                f"only {len(self.know.carried)} markers for the maze; rooms may be confused"
            )
        view = yield from self._look()
        self._start_group(self.options.group_id, view, None)
        room = self.know.new_maze_room(self.options.group_id, view.name, view.core, view.key)
        self.current = room.room_id
        self._check_light_budget()
        yield from self._mark(room)

    def _start_group(self, group_id: str, view: RoomView, entry: str | None) -> None:
        group = MazeGroup(group_id, entry, created_turn=self.options.created_turn + self.turns)
        self.know.groups.append(group)
        self.know.signatures[group_id] = [view.key]
        self.know.active = group_id

    def _check_light_budget(self) -> None:
        left = self.options.light_turns_left
        needed = 4 * len(self.options.directions) * self.options.min_markers
        if left is not None and left < needed:
            self.listener.warning(f"light has about {left} turns left; mapping may need {needed}")

    # ----- seeing ---------------------------------------------------------------------------
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
                if not re.search(LIGHT_FAILED, reply, re.IGNORECASE):
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
        if expected is not None and self.know.rooms[expected].key == view.key:
            room = self.know.rooms[expected]
            if room.marker is not None and room.group_id == self.know.active:
                yield from self._marker_stolen(room)
            elif (
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

    # ----- markers --------------------------------------------------------------------------
    def _mark(self, room: MazeRoom) -> Gen:
        while self.know.carried:
            marker = self.know.carried.pop(0)
            reply = yield from self._cmd(f"drop {marker}")
            if matches_any(DROP_OK, reply) or item_parser.is_drop_success(reply):
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

    # ----- moving ---------------------------------------------------------------------------
    def _move(self, direction: str, expected: str | None = None) -> Gen:
        """Go one way and look: the room reached, None when refused, or AMBIGUOUS."""
        reply = yield from self._cmd(direction)
        if matches_any(NO_EXIT_PATTERNS, reply):
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
                self._merge_twin(expected, dest)
                dest = self.current = expected
            if dest != expected and direction not in here.sure:
                here.edges[direction], here.observed[direction] = dest, [dest]  # the old link was a guess
            here.record(direction, dest)
            if self._by_marker and direction not in here.sure:
                here.sure.append(direction)
            if dest != expected:
                return False
        return True

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

    def _test(self, room_id: str, direction: str) -> Gen:
        room = self.know.rooms[room_id]
        dest = yield from self._move(direction)
        if dest is None:
            room.blocked.append(direction)
            return
        if dest == AMBIGUOUS:
            dest = yield from self._probe_identity(room_id, direction, self._last_view)
        else:
            self.current = dest
        room.edges[direction] = dest
        if dest == AMBIGUOUS:
            self.current = None
            return
        room.record(direction, dest)
        if self.current == dest and (self._by_marker or self.know.rooms[dest].boundary):
            room.sure.append(direction)
        if self.current == dest and self.know.rooms[dest].boundary:
            yield from self._return_from(dest, direction, room_id)

    def _probe_identity(self, origin: str, came: str, view: RoomView) -> Gen:
        """Tell an unmarked look-alike apart by where one of its exits leads.

        A unique match on a recognisable room names it; otherwise it is mapped as a new room (a
        wrong guess is merged later, when a marker shows it to be another). Leaves self.current
        wherever the probe ended.
        """
        group = self.know.group(self.know.active or "")
        cands = [self.know.rooms[r] for r in group.room_ids]
        cands = [r for r in cands if r.key == view.key and r.marker is None]
        self.current = None
        direction = self._telling_direction(cands)
        if direction is None:
            return (yield from self._new_here(view))
        dest = yield from self._move(direction)
        if dest is None:
            room_id = yield from self._new_here(view)
            if room_id != AMBIGUOUS:
                self.know.rooms[room_id].blocked.append(direction)
            return room_id
        if dest == AMBIGUOUS:
            return AMBIGUOUS
        self.current = dest
        matching = [c for c in cands if c.edges.get(direction) == dest]
        if len(matching) == 1:
            return matching[0].room_id
        return (yield from self._come_back_new(origin, came, view, direction, dest))

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

    def _telling_direction(self, cands: list[MazeRoom]) -> str | None:
        """A direction whose known destinations, rooms we can recognise, split the candidates best."""
        best, score = None, 0
        for direction in self.options.directions:
            outcomes = {c.edges.get(direction, "") for c in cands}
            known = {o for o in outcomes if self._recognisable(o)}
            if AMBIGUOUS not in outcomes and len(known) > score:
                best, score = direction, len(known)
        return best

    def _recognisable(self, room_id: str) -> bool:
        room = self.know.rooms.get(room_id)
        return room is not None and (room.boundary or room.marker is not None)

    def _come_back_new(self, origin: str, came: str, view: RoomView, went: str, dest: str) -> Gen:
        """The probed room is none of the candidates: return to it and map it as a new room."""
        if not (yield from self._walk_to(origin)):
            return AMBIGUOUS
        back = yield from self._move(came)
        if back != AMBIGUOUS:
            self.current = back
            return back
        room_id = yield from self._new_here(view)
        if room_id != AMBIGUOUS:
            self.know.rooms[room_id].record(went, dest)
        return room_id

    def _walk_to(self, goal: str) -> Gen:
        """Walk a known route to a room; False when it could not be done."""
        for _ in range(3):
            if self.current == goal:
                return True
            if self.current is None:
                return False
            route = self.know.path(self.current, goal)
            if route is None:
                return False
            if (yield from self._walk(route)):
                return self.current == goal
        return False

    def _return_from(self, boundary_id: str, came: str | None, came_from: str | None = None) -> Gen:
        """Step back into the maze from a room outside it, trying ways until one works."""
        room = self.know.rooms[boundary_id]
        into = {
            d: t for d, t in room.edges.items() if t in self.know.rooms and not self.know.rooms[t].boundary
        }
        first = [OPPOSITE[came]] if came in OPPOSITE else []
        for direction in dict.fromkeys([*into, *first, *self.options.directions]):
            if direction in room.blocked or (direction in room.edges and direction not in into):
                continue
            dest = yield from self._move(direction, into.get(direction))
            if direction in into and dest != into[direction] and came_from is not None and came is not None:
                yield from self._split_twin(room, came_from, came, direction, dest)
                return
            if dest is None:
                room.blocked.append(direction)
                continue
            if dest == AMBIGUOUS:
                room.edges[direction] = AMBIGUOUS
                self.current = None
                return
            room.record(direction, dest)
            self.current = dest
            if not self.know.rooms[dest].boundary:
                return
            if not (yield from self._step_back(dest, direction, boundary_id)):
                return

    def _split_twin(self, seen: MazeRoom, came_from: str, came: str, direction: str, dest: str | None) -> Gen:
        """A known way out of a look-alike room failed: both rooms belong to the maze, so map them."""
        group_id = self.know.active
        assert group_id is not None
        group = self.know.group(group_id)
        self.know.signatures[group_id].append(seen.key)
        old_id = seen.room_id
        promoted = self.know.next_id(group_id)
        self.know.rename(old_id, promoted)
        seen.group_id = group_id
        group.room_ids.append(promoted)
        twin = self.know.new_maze_room(group_id, seen.name, seen.core, seen.key, self.turns)
        origin = self.know.rooms[came_from]
        origin.edges[came] = twin.room_id
        origin.observed[came] = [twin.room_id if t == promoted else t for t in origin.observed.get(came, [])]
        if dest is None:
            twin.blocked.append(direction)
            self.current = twin.room_id
            yield from self._mark(twin)
            return
        twin.edges[direction] = dest
        twin.observed[direction] = [dest]
        self.current = None if dest == AMBIGUOUS else dest
        self.listener.warning(f"{seen.name!r} has look-alikes: mapped as part of the maze")

    def _step_back(self, far_id: str, went: str, home_id: str) -> Gen:
        """After wandering one room further out, try to return to where we were."""
        back = OPPOSITE.get(went, went)
        dest = yield from self._move(back)
        if dest is not None and dest != AMBIGUOUS:
            self.know.rooms[far_id].record(back, dest)
        self.current = dest if dest not in (None, AMBIGUOUS) else None
        return dest == home_id

    def _relocate(self) -> Gen:
        """Find out where we are: look, then wander until a marker or a known room shows."""
        view = yield from self._look()
        place = yield from self._identify(view, None)
        rng = random.Random(self.turns)  # a fixed pattern can circle forever among unmarked rooms
        for _ in range(6 * len(self.options.directions)):
            if place not in (None, AMBIGUOUS):
                self.current = place
                return True
            place = yield from self._move(rng.choice(self.options.directions))
        return False

    # ----- phases ---------------------------------------------------------------------------
    def _untried(self, room_id: str) -> list[str]:
        room = self.know.rooms[room_id]
        if room.group_id != self.know.active or self._fails.get(room_id, 0) > 6:
            return []
        return [d for d in self.options.directions if not room.tried(d)]

    def _explore(self) -> Gen:
        self._exploring = True
        try:
            yield from self._explore_loop()
        finally:
            self._exploring = False

    def _explore_loop(self) -> Gen:
        while True:
            if self.current is None and not (yield from self._relocate()):
                return
            assert self.current is not None
            if self.know.rooms[self.current].boundary:
                yield from self._return_from(self.current, None)
                if self.current is None:
                    continue
                if self.know.rooms[self.current].boundary:
                    return
            target = self.know.nearest(self.current, lambda r: bool(self._untried(r)))
            if target is None:
                return
            if len(self.know.carried) < 2 and (yield from self._fetch_marker()):
                continue
            route, room_id = target
            arrived = yield from self._walk(route)
            left = self._untried(self.current) if arrived and self.current is not None else []
            if left:
                yield from self._test(self.current, left[0])
            elif not arrived:
                self._fails[room_id] = self._fails.get(room_id, 0) + 1

    def _fetch_marker(self) -> Gen:
        """Out of markers: take one back from a fully explored room (it is then known by route only)."""
        assert self.current is not None
        found = self.know.nearest(self.current, self._donor)
        if found is None:
            return False
        if (yield from self._walk(found[0])):
            yield from self._pick_up(self.know.rooms[found[1]])
        else:
            self._bad_donors[found[1]] = self._bad_donors.get(found[1], 0) + 1
        return True

    def _donor(self, room_id: str) -> bool:
        room = self.know.rooms[room_id]
        return (
            room.marker is not None
            and self._bad_donors.get(room_id, 0) < 2
            and room.group_id == self.know.active
            and not self._untried(room_id)
            and AMBIGUOUS not in room.edges.values()
        )

    def _retrieve(self) -> Gen:
        group_id = self.know.active
        for _ in range(4 * len(self.know.rooms) + 10):
            if self.current is None and not (yield from self._relocate()):
                return
            assert self.current is not None
            target = self.know.nearest(self.current, lambda r: self._marked_in(r, group_id))
            if target is None:
                return
            if (yield from self._walk(target[0])):
                yield from self._pick_up(self.know.rooms[target[1]])

    def _marked_in(self, room_id: str, group_id: str | None) -> bool:
        room = self.know.rooms[room_id]
        return room.marker is not None and room.group_id == group_id

    def _pick_up(self, room: MazeRoom) -> Gen:
        marker = self._unplace(room)
        if marker is None:
            return
        for _ in range(4):  # some games fumble takes at random when the hands are full
            reply = yield from self._cmd(f"take {marker}")
            if matches_any(TAKE_OK, reply) or item_parser.is_take_success(reply):
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

    def _finish_group(self, group: MazeGroup, exits: list[str]) -> None:
        rooms = [self.know.rooms[r] for r in group.room_ids]
        group.exit_room_ids = exits
        untried = [d for r in rooms for d in self.options.directions if not r.tried(d)]
        group.fully_mapped = not untried and all(AMBIGUOUS not in r.edges.values() for r in rooms)
        group.completed_turn = self.options.created_turn + self.turns
        self.listener.group_completed(group)

    def _leave(self) -> Gen:
        """Walk out by the chosen exit; True when a nested maze lies beyond it."""
        assert self.know.active is not None
        group = self.know.group(self.know.active)
        exits = self._exits(group.group_id)
        self._finish_group(group, exits)
        chosen = self._choose_exit(exits)
        for _ in range(5):
            if chosen is None or self.current == chosen:
                break
            if self.current is None and not (yield from self._relocate()):
                return False
            assert self.current is not None
            route = self.know.path(self.current, chosen)
            if route is None:
                return False
            yield from self._walk(route)
        if chosen is None or self.current != chosen:
            return False
        self.exit_room = chosen
        if not self.options.probe_nested or not self.know.carried:
            return False
        return (yield from self._probe_nested(chosen, group))

    def _probe_nested(self, exit_id: str, group: MazeGroup) -> Gen:
        """Drop a marker at the exit and peek beyond it: identical unmarked rooms mean a second maze."""
        room = self.know.rooms[exit_id]
        marker = self.know.carried[0]
        if not (yield from self._mark(room)):
            return False
        for direction in self.options.directions:
            if room.tried(direction):
                continue
            reply = yield from self._cmd(direction)
            if matches_any(NO_EXIT_PATTERNS, reply):
                room.blocked.append(direction)
                continue
            view = yield from self._look()
            if similarity(view.key, room.key) >= self.options.similarity_threshold and marker not in (
                self._visible_markers(view)
            ):
                yield from self._enter_nested(room, direction, view, group)
                return True
            far = self.know.boundary_room(view.name, view.core, view.key)
            room.record(direction, far.room_id)
            self.current = far.room_id
            if not (yield from self._step_back(far.room_id, direction, exit_id)):
                return False
        yield from self._pick_up(room)
        return False

    def _enter_nested(self, exit_room: MazeRoom, direction: str, view: RoomView, outer: MazeGroup) -> Gen:
        group_id = str(len(self.know.groups) + 1)
        came_from = next(
            (r for r in outer.room_ids if exit_room.room_id in self.know.rooms[r].edges.values()), None
        )
        self._start_group(group_id, view, came_from)
        group = self.know.group(group_id)
        old_id = exit_room.room_id
        self.know.rename(old_id, self.know.next_id(group_id))
        exit_room.group_id = group_id
        group.room_ids.append(exit_room.room_id)
        if exit_room.marker is not None:
            self._place(exit_room, exit_room.marker)
        outer.exit_room_ids = [exit_room.room_id if e == old_id else e for e in outer.exit_room_ids]
        self.exit_room = None
        new = self.know.new_maze_room(group_id, view.name, view.core, view.key)
        exit_room.record(direction, new.room_id)
        self.current = new.room_id
        yield from self._mark(new)


def drive(solver: MazeSolver, send: Callable[[str], str]) -> MazeSolver:
    """Run a solver to the end against a send(command) -> text function."""
    while (command := solver.next_command()) is not None:
        solver.observe(send(command))
    return solver
