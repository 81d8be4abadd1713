"""Maze mode: connects the step-wise maze solver to the orchestrator's world model.

While the map reports an active maze, the orchestrator takes each command from the solver (no game
agent call) and, instead of parsing the reply into the map, copies the solver's rooms, links and
groups into the map (maze room ids ``maze_<group>_<seq>``). When the solver is done the groups are
completed in the map, which ends maze mode; the hook events follow from the map's maze groups.

A run is saved as the solver's settings plus every (command, reply) pair it was given: feeding the
replies to a fresh solver rebuilds it exactly, so a death restore or a resume carries on the maze.
"""

from __future__ import annotations

import logging
import re
from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Any, Protocol

from autofrotz.maze.solver import MazeListener, MazeSolver, SolverOptions
from autofrotz.maze.text import is_light_source
from autofrotz.reading import Reading, reading_with_outcome
from autofrotz.storage.models import MazeGroup, Room
from autofrotz.words.directions import edge_label, is_travel_command

if TYPE_CHECKING:
    from autofrotz.managers.map_manager import RoomUpdate

log = logging.getLogger(__name__)
MAZE_REASONING = "maze solver"
_MAZE_ID = re.compile(r"maze_(\d+)_(\d+)$")
VERB_PURPOSE = {
    "drop": "drop marker",
    "take": "pick up marker",
    "get": "pick up marker",
    "look": "look",
    "l": "look",
    "inventory": "count markers",
    "i": "count markers",
}


def reasoning(command: str) -> str:
    """What a solver command is for, as the turn's recorded reasoning.

    >>> reasoning("drop red apple")
    'maze solver: drop marker'
    >>> reasoning("north")
    'maze solver: explore north'
    """
    verb = command.split()[0].lower() if command.strip() else ""
    if is_travel_command(command):
        return f"{MAZE_REASONING}: explore {command}"
    return f"{MAZE_REASONING}: {VERB_PURPOSE.get(verb, command)}"


class _Listener(MazeListener):
    """Solver callbacks: a thief is a puzzle of its own; warnings go to the log."""

    def __init__(self, orch: Any) -> None:
        self.orch = orch
        self.told: set[str] = set()

    def thief_suspected(self, group: MazeGroup, room_id: str, marker: str) -> None:
        if group.group_id in self.told:
            return
        self.told.add(group.group_id)
        where = self.orch.p.map.current_room
        self.orch.p.puzzle_agent.add(
            f"Someone takes things left in the maze (the {marker} vanished)", "npc", where, self.orch.turn
        )

    def warning(self, message: str) -> None:
        log.warning("maze: %s", message)


class MazeRun(Protocol):
    """What the turn loop asks of a maze run while the map is mapping a maze (``MazeMode``)."""

    def next_command(self) -> str | None: ...

    def observe(self, reply: Reading) -> None: ...

    def reasoning(self, command: str) -> str: ...

    def sync(self, turn: int) -> RoomUpdate: ...

    def to_dict(self) -> dict[str, Any]: ...


class MazeMode:
    """One maze run: commands from the solver until it is done, then the map leaves maze mode."""

    def __init__(self, orch: Any, group_id: str, markers: list[str] | None, options: SolverOptions) -> None:
        self.orch = orch
        self.group_id = group_id
        self.markers = markers
        self.options = options
        self.solver: MazeSolver | None = None  # built once the markers are known
        self.asked = False  # whether we listed the inventory for the item manager first
        self.log: list[list[str]] = []  # [command, reply] in the order the solver was given them
        self.gids: dict[str, str] = {"1": group_id}  # solver group id -> map group id
        # the solver's command after the last reply: asked at once, so it has digested that reply
        self.upcoming: str | None = None
        self.issued: str | None = None
        self.done = False

    def _build(self) -> MazeSolver:
        self.solver = MazeSolver(markers=self.markers, options=self.options, listener=_Listener(self.orch))
        self.upcoming = self.solver.next_command()
        return self.solver

    # ----- the orchestrator's side -------------------------------------------------------------
    def next_command(self) -> str | None:
        """The solver's next command; None (and the maze completed in the map) when it is done."""
        if self.solver is None:
            if self.markers is None and not self.asked:
                # the item manager ranks markers by how safe they are to leave: let it see the inventory
                self.asked, self.issued = True, None
                return "inventory"
            self.markers = self.markers if self.markers is not None else _markers(self.orch)
            self._build()
        self.issued, self.upcoming = self.upcoming, None
        if self.issued is None:
            self._complete()
        return self.issued

    def observe(self, reply: Reading) -> None:
        """Hand the game's reply, as the turn loop read it, to the solver and let it work out where it is
        now."""
        if self.issued is None or self.solver is None:
            return
        self.log.append([self.issued, reply.text])
        self.solver.observe(reply)
        self.upcoming = self.solver.next_command()

    def reasoning(self, command: str) -> str:
        """Recorded reasoning of a solver turn."""
        return reasoning(command)

    def sync(self, turn: int) -> RoomUpdate:
        """Copy the solver's map into the world map; returns a RoomUpdate for this turn."""
        from autofrotz.managers.map_manager import RoomUpdate

        map_manager = self.orch.p.map
        before, known = map_manager.current_room, {r.room_id for r in map_manager.rooms()}
        if self.solver is None:
            return RoomUpdate(False, before, None, decided_by="maze_solver")
        map_manager.mazes.forget_lookalikes([r.description for r in self._rooms() if r.maze_group])
        ids = self._id_table(turn)
        rooms = [
            replace(r, room_id=ids[r.room_id], maze_group=self._gid(r.maze_group)) for r in self._rooms()
        ]
        links = [
            replace(c, from_room_id=ids[c.from_room_id], to_room_id=ids[c.to_room_id],
                    direction=edge_label(c.direction) or c.direction,
                    observed_destinations=[ids.get(d, d) for d in c.observed_destinations])
            for c in self._solver().connections()
            if c.from_room_id in ids and c.to_room_id in ids
        ]  # fmt: skip
        groups = [self._group(g, ids) for g in self._solver().groups()]
        current = ids.get(self._solver().current or "")
        map_manager.mazes.adopt_maze(rooms, links, groups, current, turn)
        if self.upcoming is None:  # the solver has finished: leave maze mode with this turn
            self._complete(turn)
        here = map_manager.current_room
        name = next((r.name for r in rooms if r.room_id == here), None)
        return RoomUpdate(
            here != before, here, name, bool(here) and here not in known, decided_by="maze_solver"
        )

    # ----- translation from solver ids to map ids ----------------------------------------------
    def _solver(self) -> MazeSolver:
        return self.solver if self.solver is not None else self._build()

    def _rooms(self) -> list[Room]:
        return self.solver.rooms() if self.solver is not None else []

    def _gid(self, solver_gid: str | None) -> str | None:
        if solver_gid is None:
            return None
        if solver_gid not in self.gids:
            self.gids[solver_gid] = self.orch.p.map.mazes.next_group_id()
        return self.gids[solver_gid]

    def _id_table(self, turn: int) -> dict[str, str]:
        table: dict[str, str] = {}
        map_manager = self.orch.p.map
        for room in self._rooms():
            match = _MAZE_ID.match(room.room_id)
            if room.maze_group is not None and match:
                table[room.room_id] = f"maze_{self._gid(match.group(1))}_{match.group(2)}"
            elif room.maze_group is not None:
                table[room.room_id] = f"maze_{self._gid(room.maze_group)}_{room.room_id}"
            else:
                table[room.room_id] = map_manager.mazes.boundary_room_id(room.name, room.description, turn)
        return table

    def _group(self, g: MazeGroup, ids: dict[str, str]) -> MazeGroup:
        data = asdict(g)
        data.update(
            group_id=self._gid(g.group_id),
            entry_room_id=ids.get(g.entry_room_id or "") if g.group_id != "1" else None,
            room_ids=[ids[r] for r in g.room_ids if r in ids],
            exit_room_ids=[ids[r] for r in g.exit_room_ids if r in ids],
            markers={ids[r]: m for r, m in g.markers.items() if r in ids},
            created_turn=g.created_turn,
        )
        return MazeGroup(**data)

    def _complete(self, turn: int | None = None) -> None:
        if self.done:
            return
        self.done = True
        turn = self.orch.turn + 1 if turn is None else turn
        map_manager = self.orch.p.map
        for g in self._solver().groups():
            gid = self._gid(g.group_id) or self.group_id
            if gid in map_manager.mazes.groups:
                map_manager.mazes.complete_maze(gid, map_manager.mazes.groups[gid].completed_turn or turn)
                map_manager.mazes.groups[gid].fully_mapped = g.fully_mapped
        if map_manager.mazes.active_maze == self.group_id:
            map_manager.mazes.complete_maze(self.group_id, turn)
        log.info("maze solver finished: %s", self._solver().figures())

    # ----- saving ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Settings and every exchange so far, JSON-ready."""
        return {
            "group_id": self.group_id,
            "markers": self.markers,
            "options": asdict(self.options),
            "log": [list(pair) for pair in self.log],
            "gids": dict(self.gids),
            "asked": self.asked,
            "built": self.solver is not None,
        }

    @classmethod
    def from_dict(cls, orch: Any, data: dict[str, Any]) -> MazeMode:
        """Rebuild a run by replaying its exchanges into a fresh solver (no game command is sent)."""
        mode = cls(orch, data["group_id"], data.get("markers"), SolverOptions(**data["options"]))
        mode.asked = bool(data.get("asked", False))
        if data.get("built", True):
            mode._build()  # with the markers it was given then, not the ones carried now
        for command, output in data.get("log", []):
            if mode.next_command() != command:
                log.warning("maze state replay: solver said %r, saved %r", mode.issued, command)
            mode.observe(reading_with_outcome(None, command, output))  # read as when it was played
        mode.gids.update(data.get("gids", {}))
        return mode


def make_solver(orch: Any) -> MazeMode:
    """A maze run for the map's active maze (a saved run of it carries on where it was)."""
    map_manager = orch.p.map
    group = map_manager.mazes.get_active_maze()
    group_id = group.group_id if group is not None else "1"
    saved = orch.mind.maze_saved
    orch.mind.maze_saved = None
    if saved and saved.get("group_id") == group_id:
        return MazeMode.from_dict(orch, saved)
    options = SolverOptions(
        similarity_threshold=orch.config.maze.similarity_threshold,
        min_markers=orch.config.maze.min_markers,
        entry_name=_room_name(map_manager, group.entry_room_id if group is not None else None),
        all_different=group_id in map_manager.mazes.varied,
        group_id="1",  # the solver numbers its own groups; MazeMode translates them
        created_turn=orch.turn,
    )
    return MazeMode(orch, group_id, _markers(orch), options)


def _markers(orch: Any) -> list[str] | None:
    """Droppable items (safest first, lights kept) when the item manager knows enough; else None."""
    items = [i.name for i in orch.p.items.get_droppable_items() if not is_light_source(i.name)]
    return items if len(items) >= orch.config.maze.min_markers else None


def _room_name(map_manager: Any, room_id: str | None) -> str | None:
    if room_id is None:
        return None
    return next((r.name for r in map_manager.rooms() if r.room_id == room_id), None)
