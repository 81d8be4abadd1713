"""What the map keeps beside its graph, and the shape of the map its helper modules read and change.

The map manager (map_manager) holds a room graph (map_graph), its maze groups (map_maze) and a
SceneState; the helpers (map_view, map_retro, map_side_look, way_trials) take it as a MapState, the
protocol below, so they never import the manager that imports them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import networkx as nx

from autofrotz.managers.map_graph import Link, MapGraph
from autofrotz.managers.map_maze import MazeMap
from autofrotz.reading import Reading

DARK_ROOM_NAME = "Darkness"
ELSEWHERE_NAME = "Somewhere else"  # where a relocation without a room header leaves us
# Opening turns remembered while the check is open: a game that never trips it stops adding here.
EARLY_TURNS = 200
RECENT_REPLIES = 6  # how far back a control's label may have been printed

Route = tuple[str, ...]  # compass moves made one after another in one side copy
# What a side copy answered: per route tried, (its moves, each move's reply, the reply to "look" after it).
ExitAnswers = tuple[tuple[Route, tuple[str, ...], str], ...]
# What a survey saw from a room: per route, the name of the room each move showed ("" for none).
Facts = Mapping[Route, tuple[str, ...]]


@dataclass
class EarlyTurns:
    """The turns read while the check was open: (turn, the openings its reply may show a room by;
    empty when it moved no one), and the room each anchor turn was found to be in."""

    turns: list[tuple[int, frozenset[str]]] = field(default_factory=list)
    found: dict[int, str] = field(default_factory=dict)  # anchor turn -> room id

    def note(self, turn: int, openings: frozenset[str]) -> None:
        if len(self.turns) < EARLY_TURNS:
            self.turns.append((turn, openings))

    def place(self, opening: str, room_id: str | None) -> None:
        """A reply read after the check tripped opened with this paragraph in room_id: the early
        turns that opened with it were there."""
        if not opening or room_id is None:
            return
        for turn, openings in self.turns:
            if turn not in self.found and opening in openings:
                self.found[turn] = room_id

    def unplaced_moves(self) -> list[str]:
        """The distinct openings of moves (not the story's first output) no room has shown yet, in
        the order they were seen."""
        found: list[str] = []
        for turn, openings in self.turns:
            if turn and len(openings) == 1 and turn not in self.found:
                found.extend(o for o in openings if o not in found)
        return found

    @property
    def open(self) -> bool:
        """True while some anchor turn is not placed yet."""
        return any(openings and turn not in self.found for turn, openings in self.turns)

    def relabelled(self) -> dict[int, str]:
        """Every early turn whose latest anchor (itself, or the last turn before it that showed a
        room) has been placed, with that room."""
        result: dict[int, str] = {}
        anchor: int | None = None
        for turn, openings in self.turns:
            if openings:
                anchor = turn
            if anchor is not None and anchor in self.found:
                result[turn] = self.found[anchor]
        return result


@dataclass
class SceneState:
    """What the map keeps about the scene the player is in, beside the graph."""

    dreaming: bool = False  # asleep in the current room while a dream prints its own headers
    in_vision: bool = False  # the dream is a vision, which may show places already on the map
    riding: bool = False  # a ride without a header brought us here and we have not got off yet
    replies: deque[str] = field(default_factory=lambda: deque(maxlen=RECENT_REPLIES))  # earlier replies
    # the unread_headers check: the opening paragraph of each accepted compass move that left the map
    # in its one room, with the directions that drew it; and the story's first output
    unread_moves: dict[str, set[str]] = field(default_factory=dict)
    intro: str = ""
    # opening paragraphs that also answered a command that was neither a move nor a look: stock
    # answers ("Nothing happens."), which no room's description is; kept only while the check can
    # still trip (one room on the map), at most STOCK_OPENINGS of them
    stock_openings: set[str] = field(default_factory=set)
    # the check's answer once it is final: True from the reply that trips it, False once the map has
    # a second room without it; later stock answers never turn a game's reading mode round
    unread_decided: bool | None = None
    early: EarlyTurns = field(default_factory=EarlyTurns)  # the turns read while the check was open
    still_here: bool = False  # this reply's side look showed the room we were in (map_side_look)
    side_look: str = ""  # the side "look" asked with this reply, if one was (map_side_look)
    # the exits tried in side copies with this reply, their replies and the looks after them (map_side_exit)
    side_exit: ExitAnswers | None = None
    # what a survey of the room this reply shows saw, asked when the tried routes told nothing (map_side_exit)
    side_survey: Facts | None = None


class MapState(Protocol):
    """The map as its helper modules see it: its parts (the room graph ``store``, the maze groups
    ``mazes``, whose changes to exits the helpers make there), the scene and the game's habits."""

    store: MapGraph
    mazes: MazeMap
    current_room: str | None
    scene: SceneState
    style: dict[str, int]
    reply: str
    reading: Reading
    surveys: dict[str, Facts]
    last_move: tuple[str, str, str] | None
    switched_off: frozenset[str]

    @property
    def graph(self) -> nx.DiGraph: ...

    @property
    def links(self) -> dict[str, dict[str, Link]]: ...

    def room(self, room_id: str) -> dict[str, Any]: ...

    def known_names(self) -> frozenset[str]: ...
