"""The orchestrator's memory: what a save keeps besides the interpreter state.

``dump`` captures the world model (map, items, puzzles) and the short-term memory (recent turns,
the last output, a death note, the agent's own state) as JSON; ``load`` puts it back, either all
of it (resume) or only the world model (rollback after a death, when memory of the death stays).
"""

from __future__ import annotations

from collections import deque
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from autofrotz.agents.base import HistoryEntry, KeepsState
from autofrotz.agents.stuck import StuckDetector
from autofrotz.hooks import base as ev
from autofrotz.notebook import Notebook

if TYPE_CHECKING:
    from autofrotz.agents.base import GameAgentProtocol
    from autofrotz.agents.puzzle_agent import PuzzleAgent
    from autofrotz.game_interface import RunningGame
    from autofrotz.llm.base import BaseLLM
    from autofrotz.managers.item_manager import ItemManager
    from autofrotz.managers.item_registry import ItemUpdate
    from autofrotz.managers.map_manager import MapManager, RoomUpdate
    from autofrotz.maze_bridge import MazeRun


class MindParts(Protocol):
    """What the memory saves and puts back of the orchestrator's parts (``orchestrator.Parts``)."""

    game: RunningGame
    map: MapManager
    items: ItemManager
    game_agent: GameAgentProtocol
    puzzle_agent: PuzzleAgent
    map_llm: BaseLLM | None
    item_llm: BaseLLM | None


@dataclass
class Mind:
    """Short-term memory and the handles to the world model it saves."""

    parts: MindParts
    history: deque[HistoryEntry] = field(default_factory=deque)
    last_command: str | None = None
    last_output: str = ""
    death_note: str = ""
    score: int | None = None
    moves: int | None = None
    maze_seen: dict[str, dict[str, Any]] = field(default_factory=dict)
    maze: MazeRun | None = None  # the running maze mode, if any
    maze_saved: dict[str, Any] | None = None  # a saved maze run not yet rebuilt
    pending_items: list[ItemUpdate] = field(default_factory=list)
    pending_room: RoomUpdate | None = None
    notebook: Notebook = field(default_factory=Notebook)  # goal, clues, the earlier log: never rolled back

    def agent_state(self) -> dict[str, Any] | None:
        """The game agent's own state, when it has one to keep."""
        agent = self.parts.game_agent
        return agent.to_dict() if isinstance(agent, KeepsState) else None

    def dump(self, stuck: StuckDetector, agent_state: dict[str, Any] | None = None) -> dict[str, Any]:
        """Everything a save keeps, as JSON-able data (``agent_state`` as taken earlier, if given)."""
        p = self.parts
        return {
            "map": p.map.to_dict(),
            "items": p.items.to_dict(),
            "puzzles": p.puzzle_agent.to_dict(),
            "maze_seen": self.maze_seen,
            "maze_solver": self.maze.to_dict() if self.maze is not None else self.maze_saved,
            "stuck": stuck.to_dict(),
            "agent": agent_state if agent_state is not None else self.agent_state(),
            "history": [asdict(h) for h in self.history],
            "last_command": self.last_command,
            "last_output": self.last_output,
            "death_note": self.death_note,
            "score": self.score,
            "moves": self.moves,
            "notebook": self.notebook.to_dict(),
            "traps": sorted(p.game.traps),  # commands that left the game not answering
        }

    def load(self, data: dict[str, Any], world_only: bool = False) -> dict[str, Any]:
        """Put a dump back; returns the stuck-detector state for the caller."""
        from autofrotz.managers.item_manager import ItemManager
        from autofrotz.managers.map_manager import MapManager

        p = self.parts
        # a death's rollback puts the world back, not what the player learnt of its geography: rooms and
        # ways found since the save stay on the map, with the player back where the save stood
        p.map = MapManager.from_dict(
            _known_map(p.map, data["map"]) if world_only else data["map"], llm=p.map_llm
        )
        p.items = ItemManager.from_dict(data["items"], llm=p.item_llm)
        p.puzzle_agent.load_dict(data["puzzles"], keep_newer=world_only)
        self.maze_seen = dict(data.get("maze_seen", {}))
        self.maze, self.maze_saved = None, data.get("maze_solver")
        if world_only:
            return {}
        if data.get("agent") is not None and isinstance(p.game_agent, KeepsState):
            p.game_agent.load_dict(data["agent"])
        self.history = deque((HistoryEntry(**h) for h in data["history"]), maxlen=self.history.maxlen)
        self.last_command, self.last_output = data["last_command"], data["last_output"]
        self.death_note, self.score, self.moves = data["death_note"], data["score"], data["moves"]
        self.notebook = Notebook.from_dict(data.get("notebook"))
        p.game.traps.update(str(t) for t in data.get("traps", []))
        return dict(data.get("stuck", {}))


PLACE_KEYS = ("current_room", "position", "dreaming", "in_vision", "riding", "maze")


def _known_map(current: MapManager | None, saved: dict[str, Any]) -> dict[str, Any]:
    """The map as now known, with where the player stands (and any maze run) as the save has it."""
    if current is None:
        return saved
    known = current.to_dict()
    if saved.get("current_room") not in known.get("rooms", {}):
        return saved  # the save stands in a room the map has since folded away: trust the save
    return {**known, **{key: saved.get(key) for key in PLACE_KEYS if key in saved}}


def maze_events(mind: Mind, map_manager: Any, puzzle_agent: Any, turn: int) -> list[ev.Event]:
    """Maze hook events from the difference between the map's maze groups and what was seen."""
    events: list[ev.Event] = []
    for group in map_manager.maze_groups():
        seen = mind.maze_seen.setdefault(group.group_id, {"markers": {}, "completed": False, "new": True})
        if seen.pop("new", False):
            puzzle_agent.add_maze(group.group_id, group.entry_room_id, turn)
            events.append(ev.MazeDetected(group.group_id, group.entry_room_id, len(group.room_ids)))
        for room_id, item_id in group.markers.items():
            if seen["markers"].get(room_id) != item_id:
                seen["markers"][room_id] = item_id
                events.append(ev.MazeRoomMarked(group.group_id, room_id, item_id))
        if group.completed_turn is not None and not seen["completed"]:
            seen["completed"] = True
            exits = len(group.exit_room_ids)
            events.append(ev.MazeCompleted(group.group_id, len(group.room_ids), exits))
            _solve_maze_puzzle(puzzle_agent, group.group_id, turn)
    return events


def _solve_maze_puzzle(puzzle_agent: Any, group_id: str, turn: int) -> None:
    for puzzle in puzzle_agent.open_puzzles():
        if puzzle.kind == "maze" and puzzle.description.startswith(f"Maze {group_id}:"):
            puzzle_agent.solve(puzzle.puzzle_id, turn)
