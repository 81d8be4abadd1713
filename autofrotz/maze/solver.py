"""The item-dropping maze solver: maps a maze by marking rooms, then collects the markers and leaves.

It is driven one command at a time, so every command is a recorded turn and no model is asked:

    solver = MazeSolver(markers=["leaflet", "garlic"], options=SolverOptions(entry_name="Archway"))
    while (command := solver.next_command()) is not None:
        result = game.send(command)
        solver.observe(read_reply(command, result.text, result.outcome))  # as the turn loop reads it

Exploration is a depth-first search over untried exits (nearest first), with `look` after every
move; the way back is found by trying, never assumed from compass opposites.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from autofrotz.managers import item_parser
from autofrotz.maze.core import (
    AMBIGUOUS,
    Gen,
    MazeListener,
    SolverOptions,
    _GameEnded,
    _InTheDark,
    _OutOfTurns,
    safest_first,
    shows_room,
)
from autofrotz.maze.explore import Explorer
from autofrotz.maze.state import Knowledge, MazeRoom
from autofrotz.maze.text import RoomView, is_light_source, similarity
from autofrotz.reading import reading_with_outcome
from autofrotz.storage.models import Connection, MazeGroup, Room

__all__ = ["MazeListener", "MazeSolver", "SolverOptions", "drive", "safest_first", "shows_room"]


class MazeSolver(Explorer):
    """Step-wise maze solver: call next_command(), send it, give the reply's reading to observe()."""

    @property
    def solved(self) -> bool:
        """True when the solver ended outside the maze by an exit other than the entry."""
        if self.exit_room is None or self.exit_room not in self.know.rooms:
            return False
        return self.know.rooms[self.exit_room].name.lower() != (self.options.entry_name or "").lower()

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
        return {
            "knowledge": self.know.to_dict(),
            "current": self.current,
            "turns": self.turns,
            "lights": self.lights,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], **kwargs: Any) -> MazeSolver:
        """A solver that resumes from to_dict output (it starts by finding where it is)."""
        solver = cls(**kwargs)
        solver.know = Knowledge.from_dict(data["knowledge"])
        solver.turns = data.get("turns", 0)
        solver.lights = list(data.get("lights", []))
        return solver

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

    def _prepare(self) -> Gen:
        listing = item_parser.parse_inventory((yield from self._cmd("inventory")).text) or []
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
        self.current = self.know.start = room.room_id
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

    def _retrieve(self) -> Gen:
        group_id = self.know.active
        for _ in range(4 * len(self.know.rooms) + 10):
            if self.light_low:
                return
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
        if not self.options.probe_nested or not self.know.carried or not self.solved:
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
            if reply.move_refused:
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
    """Run a solver to the end against a send(command) -> text function, each reply read as the turn
    loop reads it."""
    while (command := solver.next_command()) is not None:
        text = send(command)
        solver.observe(reading_with_outcome(None, command, text))
    return solver
