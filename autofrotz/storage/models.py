"""Dataclasses shared by the database, the managers, the agents and the web server.

These are the common currency of the project: the managers produce Room, Connection, Item and
MazeGroup values, the orchestrator bundles one turn's worth into a TurnBundle, and the
database stores and rebuilds them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

INVENTORY = "inventory"
UNKNOWN = "unknown"


@dataclass
class Game:
    game_id: int | None
    game_file: str
    start_time: str
    end_time: str | None = None
    status: str = "playing"  # playing | won | lost | abandoned | budget
    total_turns: int = 0
    seed: int | None = None
    backend: str = "jericho"
    config_json: str = "{}"
    final_score: int | None = None
    max_score: int | None = None
    # sha256 of the story file at the start: a resume must find the same; the key of what runs taught
    story_sha256: str | None = None
    knew: dict[str, Any] | None = None  # what this run started knowing from earlier runs (counts, run)


@dataclass
class Turn:
    game_id: int
    turn_number: int
    command_sent: str
    game_output: str
    room_id: str | None
    inventory_snapshot: list[str] = field(default_factory=list)
    agent_reasoning: str = ""
    timestamp: str = ""
    score: int | None = None
    moves: int | None = None
    event: str | None = None  # e.g. "death", "victory", "restored", "error"
    agent: str = ""  # who chose the command: the decision's source ("human" for one typed on the page)
    restored_from: int | None = None  # after a death: the turn whose save was restored
    restored_score: int | None = None  # and the score play goes on with
    decided_by: str = ""  # the map rule that placed the player this turn (map_rules.RULES)
    agent_rule: str = ""  # the agent's rule that chose the command (`python main.py rules`), "" for a model
    agent_vetoes: list[str] = field(default_factory=list)  # rules that ruled commands out this turn


@dataclass
class Room:
    room_id: str
    name: str
    description: str = ""
    visit_count: int = 0
    first_visited_turn: int | None = None
    last_visited_turn: int | None = None
    exits: list[str] = field(default_factory=list)
    maze_group: str | None = None
    maze_marker_item: str | None = None
    is_dark: bool = False
    # every true exit's state: {"state": leads|untried|blocked|one_way, "to": room id or None,
    # "reason": the game's words for a block or a one-way passage, or None}
    exit_states: dict[str, dict[str, Any]] = field(default_factory=dict)
    # directions the game refused here, with its words: never exits, kept so nobody tries them again
    refused: dict[str, str] = field(default_factory=dict)
    full_text: str = ""  # the room's whole text at its first visit (ways out, things): for the briefing


@dataclass
class Connection:
    from_room_id: str
    to_room_id: str
    direction: str
    bidirectional: bool = True
    blocked: bool = False
    blocked_reason: str | None = None
    teleport: bool = False
    random: bool = False
    observed_destinations: list[str] = field(default_factory=list)
    inferred: bool = False  # assumed from the reverse move, never travelled (not stored in its table)


@dataclass
class Item:
    item_id: str
    name: str
    description: str = ""
    location: str = UNKNOWN  # a room_id, INVENTORY, an item_id (inside a container) or UNKNOWN
    portable: bool | None = None
    properties: dict[str, Any] = field(default_factory=dict)
    first_seen_turn: int = 0
    last_seen_turn: int = 0


@dataclass
class Puzzle:
    puzzle_id: int
    description: str
    status: str = "open"  # open | in_progress | solved | abandoned
    location: str | None = None
    related_items: list[str] = field(default_factory=list)
    attempts: list[str] = field(default_factory=list)
    created_turn: int = 0
    solved_turn: int | None = None
    kind: str = "general"  # general | blocked | clue | maze | ...
    obstacle: str = ""  # the thing in the way ("iron door"): puzzles are keyed and located by it
    raised_by: str = ""  # the action the game refused with it: the same action succeeding solves it
    bars: list[str] = field(default_factory=list)  # ways of its room it barred: one walked since solves it


@dataclass
class MazeGroup:
    group_id: str
    entry_room_id: str | None
    room_ids: list[str] = field(default_factory=list)
    exit_room_ids: list[str] = field(default_factory=list)
    markers: dict[str, str] = field(default_factory=dict)  # room_id -> item_id
    fully_mapped: bool = False
    created_turn: int = 0
    completed_turn: int | None = None
    thief_suspected: bool = False


@dataclass
class Metric:
    game_id: int
    turn_number: int
    agent_name: str
    provider: str
    model: str
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    cost_estimate: float = 0.0
    latency_ms: float = 0.0


@dataclass
class LLMCall:
    """One request to a model, exactly as sent and received (for turn-level debugging)."""

    agent: str
    provider: str
    model: str
    system_prompt: str
    messages: list[dict[str, Any]]
    raw_response: str = ""
    parsed_result: Any = None
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    cost_estimate: float = 0.0
    latency_ms: float = 0.0
    error: str | None = None
    attempt: int = 1
    game_id: int | None = None
    turn_number: int | None = None
    # kept in the row's extra column: how the reply parsed (text, native, json, fenced, embedded, with
    # +comma when a trailing comma went), what followed a failure (retry, repair, give_up), whether
    # the server cut the reply at max_tokens, and the response_format a local server was sent
    parsed_how: str | None = None
    next_step: str | None = None
    truncated: bool = False
    structured_output: str | None = None
    cache_mode: str | None = (
        None  # gemini: "explicit" (a cache it made) or "implicit" (prefix below its minimum)
    )


@dataclass
class WorldSnapshot:
    """The world model as known at the end of one turn."""

    current_room: str | None = None
    rooms: list[Room] = field(default_factory=list)
    connections: list[Connection] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    puzzles: list[Puzzle] = field(default_factory=list)
    maze_groups: list[MazeGroup] = field(default_factory=list)
    inventory: list[str] = field(default_factory=list)


@dataclass
class TurnBundle:
    """Everything one turn writes, committed by the database in a single transaction."""

    turn: Turn
    world: WorldSnapshot
    metrics: list[Metric] = field(default_factory=list)
    llm_calls: list[LLMCall] = field(default_factory=list)
    interpreter_state: bytes | None = None  # a save state to keep, when the orchestrator saved
    saved_before: tuple[bytes, str] | None = None  # (state, slot) saved before the command, at turn n - 1
    knowledge: Any = None  # (story sha256, facts) learned this turn, kept in the same transaction
