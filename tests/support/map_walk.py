"""Feeding scripted game replies to a MapManager, for the map tests."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager


def walk(manager: MapManager, steps: list[tuple[str | None, str]]) -> list[str | None]:
    """Feed (command, output) pairs; return the current room after each."""
    rooms = []
    for turn, (command, text) in enumerate(steps):
        manager.update_from_game_output(text, command, turn)
        rooms.append(manager.current_room)
    return rooms
