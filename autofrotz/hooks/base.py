"""Hook events (frozen dataclasses) and the observer interface.

An observer overrides ``on_event`` or any ``on_<event name>`` method it cares about; the
dispatcher delivers every event in the order the game loop emits it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class Event:
    """Base class of every hook event; ``name`` selects the ``on_<name>`` method."""

    name: ClassVar[str] = "event"


@dataclass(frozen=True)
class GameStart(Event):
    name: ClassVar[str] = "game_start"
    game_id: int
    game_file: str
    resumed: bool = False


@dataclass(frozen=True)
class TurnStart(Event):
    name: ClassVar[str] = "turn_start"
    turn_number: int
    room_id: str | None


@dataclass(frozen=True)
class TurnEnd(Event):
    name: ClassVar[str] = "turn_end"
    turn_number: int
    command: str
    output: str
    room_id: str | None
    room_name: str | None = None
    score: int | None = None
    moves: int | None = None
    event: str | None = None
    reasoning: str = ""
    cost_so_far: float = 0.0
    game_id: int | None = None
    agent: str = ""  # the decision's source; "human" for a command typed on the page
    restored_from: int | None = None  # after a death: the turn whose save was restored
    restored_score: int | None = None
    budget_usd: float | None = None  # the game's limits, when set (cost_so_far counts every session)
    budget_usd_per_hour: float | None = None
    exits: tuple[str, ...] = ()  # of the room the turn ended in
    inventory: tuple[str, ...] = ()
    total_tokens: int = 0  # input and output tokens of every model call so far
    rule: str = ""  # the agent's rule that chose the command (`python main.py rules`)
    vetoes: tuple[str, ...] = ()  # rules that ruled commands out this turn


@dataclass(frozen=True)
class RoomEnter(Event):
    name: ClassVar[str] = "room_enter"
    room_id: str
    room_name: str
    description: str
    is_new: bool


@dataclass(frozen=True)
class ItemFound(Event):
    name: ClassVar[str] = "item_found"
    item_id: str
    item_name: str
    room_id: str | None


@dataclass(frozen=True)
class ItemTaken(Event):
    name: ClassVar[str] = "item_taken"
    item_id: str
    item_name: str


@dataclass(frozen=True)
class PuzzleFound(Event):
    name: ClassVar[str] = "puzzle_found"
    puzzle_id: int
    description: str


@dataclass(frozen=True)
class PuzzleSolved(Event):
    name: ClassVar[str] = "puzzle_solved"
    puzzle_id: int
    description: str


@dataclass(frozen=True)
class MazeDetected(Event):
    name: ClassVar[str] = "maze_detected"
    maze_group_id: str
    entry_room_id: str | None
    suspected_room_count: int


@dataclass(frozen=True)
class MazeRoomMarked(Event):
    name: ClassVar[str] = "maze_room_marked"
    maze_group_id: str
    room_id: str
    marker_item_id: str


@dataclass(frozen=True)
class MazeCompleted(Event):
    name: ClassVar[str] = "maze_completed"
    maze_group_id: str
    total_rooms: int
    total_exits: int


@dataclass(frozen=True)
class GameEnd(Event):
    name: ClassVar[str] = "game_end"
    game_id: int
    status: str
    total_turns: int
    final_score: int | None = None


EVENT_TYPES: tuple[type[Event], ...] = (
    GameStart,
    TurnStart,
    TurnEnd,
    RoomEnter,
    ItemFound,
    ItemTaken,
    PuzzleFound,
    PuzzleSolved,
    MazeDetected,
    MazeRoomMarked,
    MazeCompleted,
    GameEnd,
)


class Observer:
    """Receives hook events; override ``on_event`` or the ``on_<name>`` methods you need."""

    def on_event(self, event: Event) -> None:
        """Route the event to ``on_<name>`` when the subclass defines it."""
        handler = getattr(self, f"on_{event.name}", None)
        if handler is not None:
            handler(event)

    def close(self) -> None:
        """Release resources at the end of the game (optional)."""
