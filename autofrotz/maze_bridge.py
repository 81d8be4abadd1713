"""Maze mode: connects the step-wise maze solver to the orchestrator's world model.

While the map reports an active maze, the orchestrator takes each command from the solver (no game
agent call). The solver's callbacks mark rooms in the map; when it finishes, the maze is completed
in the map, which ends maze mode (and the hook events follow from the map's maze groups).
"""

from __future__ import annotations

import logging
from typing import Any

from autofrotz.maze.solver import MazeListener, MazeSolver, SolverOptions
from autofrotz.storage.models import MazeGroup

log = logging.getLogger(__name__)
MAZE_REASONING = "maze solver"


class _Listener(MazeListener):
    """Forwards solver callbacks to the map of the running orchestrator."""

    def __init__(self, orch: Any, group_id: str) -> None:
        self.orch = orch
        self.group_id = group_id

    def room_marked(self, group: MazeGroup, room_id: str, marker: str) -> None:
        room = self.orch.p.map.current_room
        if room:
            self.orch.p.map.assign_maze_marker(room, marker)

    def thief_suspected(self, group: MazeGroup, room_id: str, marker: str) -> None:
        active = self.orch.p.map.get_active_maze()
        if active is not None:
            active.thief_suspected = True

    def group_completed(self, group: MazeGroup) -> None:
        log.info("maze solver finished a group (%d rooms)", len(group.room_ids))

    def warning(self, message: str) -> None:
        log.warning("maze: %s", message)


class MazeMode:
    """One maze run: commands from the solver until it is done, then the map leaves maze mode."""

    def __init__(self, orch: Any, solver: MazeSolver, group_id: str) -> None:
        self.orch = orch
        self.solver = solver
        self.group_id = group_id

    def next_command(self) -> str | None:
        """The solver's next command; None (and the maze completed in the map) when it is done."""
        command = self.solver.next_command()
        if command is None:
            self._complete()
        return command

    def observe(self, output: str) -> None:
        """Hand the game's reply to the solver."""
        self.solver.observe(output)

    def _complete(self) -> None:
        map_manager = self.orch.p.map
        group = map_manager.get_active_maze()
        if group is not None and group.group_id == self.group_id:
            map_manager.complete_maze(self.group_id, self.orch.turn + 1)


def make_solver(orch: Any) -> MazeMode:
    """A maze run for the map's active maze, with the droppable items as markers."""
    group = orch.p.map.get_active_maze()
    group_id = group.group_id if group is not None else "1"
    markers = [item.name for item in orch.p.items.get_droppable_items()]
    entry = _room_name(orch.p.map, group.entry_room_id if group is not None else None)
    options = SolverOptions(
        similarity_threshold=orch.config.maze.similarity_threshold,
        min_markers=orch.config.maze.min_markers,
        entry_name=entry,
        group_id=group_id,
        created_turn=orch.turn,
    )
    solver = MazeSolver(markers=markers or None, options=options, listener=_Listener(orch, group_id))
    return MazeMode(orch, solver, group_id)


def _room_name(map_manager: Any, room_id: str | None) -> str | None:
    if room_id is None:
        return None
    return next((r.name for r in map_manager.rooms() if r.room_id == room_id), None)
