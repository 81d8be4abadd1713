"""A read-only view of the map for the identity rules: they read the graph through it and never
change it; only MapManager applies the verdict a rule returns."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from autofrotz.managers.map_graph import Link
from autofrotz.managers.map_state import ExitAnswers, Facts, MapState

# Accepted compass moves with different replies that must leave the map in one room before the game's
# rooms are read from the reply's opening paragraph (the unread_headers mode).
UNREAD_MOVES = 2
# Stock answers remembered while the unread_headers check is open (a game's opening turns).
STOCK_OPENINGS = 64


class MapView:
    """What a rule may read: rooms, links, the current room, the game's habits and recent replies."""

    def __init__(self, maps: MapState, position: str | None = None) -> None:
        self._maps = maps
        self.position = position  # the position suffix after this reply ("in the boat")

    @property
    def current_room(self) -> str | None:
        return self._maps.current_room

    @property
    def links(self) -> Mapping[str, Mapping[str, Link]]:
        return self._maps.links

    @property
    def style(self) -> Mapping[str, int]:
        return self._maps.style

    @property
    def reply(self) -> str:
        """The output being read."""
        return self._maps.reply

    @property
    def side_look(self) -> str:
        """The game's answer to "look" in a side copy after this reply ("" when none was asked)."""
        return self._maps.scene.side_look

    @property
    def side_exit(self) -> ExitAnswers | None:
        """The routes tried in side copies after this reply: (moves, their replies, a look after) each."""
        return self._maps.scene.side_exit

    @property
    def surveys(self) -> Mapping[str, Facts]:
        """What side copies saw from look-alike rooms, per room (map_side_exit)."""
        return self._maps.surveys

    @property
    def side_survey(self) -> Facts | None:
        """What a survey of the room this reply shows saw, when one was taken (map_survey)."""
        return self._maps.scene.side_survey

    @property
    def still_here(self) -> bool:
        """The side look of this reply showed the room we were in (map_side_look.look_disowns)."""
        return self._maps.scene.still_here

    @property
    def replies(self) -> list[str]:
        """The outputs read before this one, newest last."""
        return list(self._maps.scene.replies)

    @property
    def prior_reply(self) -> str:
        """The output read before the one being read."""
        replies = self._maps.scene.replies
        return replies[-1] if replies else ""

    @property
    def last_move(self) -> tuple[str, str, str] | None:
        """(from room, exit label, to room) of the last recorded move."""
        return self._maps.last_move

    @property
    def similarity_threshold(self) -> float:
        return self._maps.mazes.similarity_threshold

    @property
    def active_maze(self) -> str | None:
        return self._maps.mazes.active_maze

    @property
    def dreaming(self) -> bool:
        """Asleep in the current room while a dream prints its own headers."""
        return self._maps.scene.dreaming

    def room(self, room_id: str) -> Mapping[str, Any]:
        """Node attributes of one room."""
        return self._maps.room(room_id)

    def rooms_named(self, name: str) -> list[str]:
        return self._maps.store.rooms_named(name)

    def known_names(self) -> frozenset[str]:
        return self._maps.known_names()

    def current_name(self) -> str | None:
        return self._maps.store.current_name()

    def nodes(self) -> Iterable[tuple[str, Mapping[str, Any]]]:
        """(room id, attributes) for every room."""
        return self._maps.graph.nodes(data=True)

    def maze_group(self, room_id: str | None) -> str | None:
        return self._maps.room(room_id).get("maze_group") if room_id else None

    def left_in(self, room_id: str) -> list[str]:
        """Things dropped in the room and not taken since (markers)."""
        return self._maps.mazes.left_in(room_id)

    def matches_maze(self, description: str, group_id: str) -> bool:
        return self._maps.mazes.matches_maze(description, group_id)

    def headerless_game(self) -> bool:
        """True when this game shows rooms by their description more often than by a header, or
        when its rooms are evidently shown in a shape our header reader does not take."""
        return self.style["headerless"] > self.style["header"] or self.headers_unread()

    def headers_unread(self) -> bool:
        """True once accepted compass moves have drawn UNREAD_MOVES different replies while the map
        never left its one room, and one of them came back (drawn by two directions, or already
        printed by the opening): the moves lead somewhere and back, yet whatever this game prints
        for a room, our header reading misses it. Scenery answers ("You look along the coast") differ
        by direction but never come back by another one. A reply that also answered a command that
        was neither a move nor a look ("Nothing happens.") is a stock answer and counts for nothing."""
        scene = self._maps.scene
        if scene.unread_decided is not None:
            return scene.unread_decided
        moves = {
            opening: labels
            for opening, labels in scene.unread_moves.items()
            if opening not in scene.stock_openings
        }
        back = any(len(labels) > 1 or opening in scene.intro for opening, labels in moves.items())
        return len(moves) >= UNREAD_MOVES and back
