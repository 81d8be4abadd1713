"""What one walkthrough recorded while it played for `eval perception` (and its rule ablations)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from autofrotz.evals.inventory_diagnosis import InventoryDiagnosis

if TYPE_CHECKING:
    from autofrotz.managers.map_state import ExitAnswers


@dataclass
class GameRun:
    """Everything recorded while one walkthrough plays."""

    game: str
    pairs: list[tuple[str | None, int]] = field(default_factory=list)
    unknown_steps: int = 0
    empty_replies: int = 0  # commands the story answered with no text at all
    unnamed_inventory_steps: int = 0  # inventory not scored: a carried object without a name
    unread_inventories: int = 0  # answers to "inventory" no reader took for a listing
    relabelled_steps: int = 0  # opening turns the map placed elsewhere on reading them again
    inventory_hits: int = 0
    inventory_steps: int = 0
    map_llm_calls: int = 0
    item_llm_calls: int = 0
    side_queries: int = 0
    turns: int = 0
    failures: list[str] = field(default_factory=list)
    commands: list[str | None] = field(default_factory=list)
    driver_commands: list[str] = field(default_factory=list)  # what the exploration driver chose
    turn_numbers: list[int] = field(default_factory=list)  # the turn of each scored step
    decided_by: list[str] = field(default_factory=list)  # the map rule that placed us at each scored step
    fired: dict[str, int] = field(default_factory=dict)  # decisions per map rule over the game
    diagnosis: InventoryDiagnosis = field(default_factory=InventoryDiagnosis)  # where inventory is lost
    # every reply fed to the map, with its command and the true room (None: unknown), for replays
    seen: list[tuple[str, str | None, int | None]] = field(default_factory=list)
    side_looks: dict[int, str] = field(default_factory=dict)  # index in seen -> the side look read with it
    side_exits: dict[int, ExitAnswers] = field(default_factory=dict)  # and the exit tried (map_side_exit)
