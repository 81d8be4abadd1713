"""Exploration: trying exits, finding the way back, telling look-alike rooms apart, reusing markers."""

from __future__ import annotations

import random

from autofrotz.maze.core import AMBIGUOUS, Gen, SolverCore
from autofrotz.maze.state import MazeRoom
from autofrotz.maze.text import OPPOSITE, RoomView


class Explorer(SolverCore):
    """Depth-first exploration of one maze group."""

    def _test(self, room_id: str, direction: str) -> Gen:
        room = self.know.rooms[room_id]
        before = self.turns
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
        reached = self.know.rooms[dest]
        if not reached.edges and not reached.blocked and direction in OPPOSITE:
            reached.first_try = OPPOSITE[direction]  # the likely way back, tried first
        if self.current == dest and (self._by_marker or reached.boundary or reached.created >= before):
            room.sure.append(direction)  # told by a marker, or a room first seen just now
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
        back = OPPOSITE.get(came)
        direction = back if back in self.options.directions else self._telling_direction(cands)
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
            known_out = (
                direction in room.edges and direction not in into and room.edges[direction] != AMBIGUOUS
            )
            if direction in room.blocked or known_out:
                continue
            dest = yield from self._move(direction, into.get(direction))
            if direction in into and dest not in (None, AMBIGUOUS, into[direction]):
                assert dest is not None
                if self._stolen_twin(into[direction], dest):
                    self._merge_twin(into[direction], dest)
                    dest = into[direction]
            twin = dest is None or (dest != AMBIGUOUS and self._by_marker)  # proof, not a thief's doing
            if direction in into and dest != into[direction] and twin and came_from and came:
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
        refused: set[str] = set()  # ways that failed from the unknown room we stand in
        for _ in range(6 * len(self.options.directions)):
            if place not in (None, AMBIGUOUS):
                self.current = place
                return True
            open_ways = [d for d in self.options.directions if d not in refused] or self.options.directions
            way = rng.choice(open_ways)
            place = yield from self._move(way)
            refused = refused | {way} if place is None else set()
        return False

    def _untried(self, room_id: str) -> list[str]:
        room = self.know.rooms[room_id]
        if room.group_id != self.know.active or self._fails.get(room_id, 0) > 6:
            return []
        order = [room.first_try] if room.first_try else []
        return [d for d in dict.fromkeys([*order, *self.options.directions]) if not room.tried(d)]

    def _next_target(self) -> tuple[list[tuple[str, str]], str] | None:
        """The room to try an exit from: nearest (depth first); oldest first when markers are scarce.

        Finishing older rooms first leaves fully explored rooms whose markers can be reused.
        """
        assert self.current is not None
        nearest = self.know.nearest(self.current, lambda r: bool(self._untried(r)))
        if nearest is None or len(self.know.carried) > 1:
            return nearest
        order = self.know.group(self.know.active or "").room_ids
        for room_id in order:
            if self._untried(room_id) and (route := self.know.path(self.current, room_id)) is not None:
                return route, room_id
        return nearest

    def _explore(self) -> Gen:
        self._exploring = True
        try:
            for _ in range(3):
                yield from self._explore_loop()
                if not self._reconcile():
                    break
        finally:
            self._exploring = False

    def _reconcile(self) -> bool:
        """Fold rooms left half-explored (their marker stolen early) into the one room that fits them."""
        merged = False
        changed = True
        while changed:
            changed = False
            stales = self._stale_rooms()
            stale_ids = {r.room_id for r in stales}
            for stale in stales:
                others = [r for r in self._group_rooms() if r.room_id not in stale_ids]
                fits = [r for r in others if self._fits(stale, r, stale_ids)]
                if len(fits) == 1:
                    self._fold(stale, fits[0])
                    merged = changed = True
                    break
        return merged

    def _group_rooms(self) -> list[MazeRoom]:
        return [self.know.rooms[r] for r in self.know.group(self.know.active or "").room_ids]

    def _stale_rooms(self) -> list[MazeRoom]:
        here = self.current
        reachable = set() if here is None else self._reachable(here)
        dirs = self.options.directions
        half = [r for r in self._group_rooms() if any(not r.tried(d) for d in dirs)]
        return [r for r in half if r.room_id not in reachable]

    def _reachable(self, start: str) -> set[str]:
        found: set[str] = set()

        def visit(room_id: str) -> bool:
            found.add(room_id)
            return False  # never stop: the search visits every reachable room

        self.know.steady_search(start, visit)  # random links do not make a room reachable
        return found

    def _fits(self, stale: MazeRoom, other: MazeRoom, stale_ids: set[str]) -> bool:
        """True when every link of `stale` to a settled room agrees with `other`, and at least one does."""
        if other.key != stale.key or not self._twin_capable(stale.room_id, other.room_id):
            return False
        shared = [d for d, t in stale.edges.items() if t != AMBIGUOUS and t not in stale_ids]
        agree = all(other.edges.get(d) == stale.edges[d] for d in shared)
        # a way one of them refused cannot be a way the other has taken
        clash = set(stale.blocked) & set(other.edges) or set(stale.edges) & set(other.blocked)
        return bool(shared) and agree and not clash

    def _fold(self, stale: MazeRoom, keep: MazeRoom) -> None:
        lost = self._unplace(stale)
        self.know.merge(keep.room_id, stale.room_id)
        if self.current == stale.room_id:
            self.current = keep.room_id
        if lost is not None:
            self.know.lost.append(lost)
            self._flag_thief(keep, lost)

    def _explore_loop(self) -> Gen:
        while not (self.light_low and self._way_out_known()):
            if self.current is None and not (yield from self._relocate()):
                return
            assert self.current is not None
            if self.know.rooms[self.current].boundary:
                yield from self._return_from(self.current, None)
                if self.current is None:
                    continue
                if self.know.rooms[self.current].boundary:
                    return
            target = self._next_target()
            if target is None:
                return
            if len(self.know.carried) < 3 and (yield from self._fetch_marker()):
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

    def _way_out_known(self) -> bool:
        exits = self._exits(self.know.active or "")
        chosen = self._choose_exit(exits)
        return (
            chosen is not None
            and self.know.rooms[chosen].name.lower() != (self.options.entry_name or "").lower()
        )
