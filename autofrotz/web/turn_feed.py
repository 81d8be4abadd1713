"""The live "turn" message of the spec's section 8, gathered from one turn's hook events.

The orchestrator emits a turn's item and puzzle events before its turn-end event; the feed keeps
them and, at the turn's end, adds them to the turn message with the room (and its exits), the
inventory and the spend so far, so a client of its own can follow a game from the socket alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

INVENTORY = "inventory"
PUZZLE_STATUS = {"puzzle_found": "open", "puzzle_solved": "solved"}
NOTED = frozenset({"item_found", "item_taken", *PUZZLE_STATUS})  # the events a turn message gathers


@dataclass
class TurnFeed:
    """One game's item and puzzle changes since the last turn's end."""

    new_items: list[dict[str, Any]] = field(default_factory=list)
    puzzles_updated: list[dict[str, Any]] = field(default_factory=list)

    def note(self, name: str, fields: dict[str, Any]) -> None:
        """Keep what one event changed, for this turn's message."""
        if name == "item_found":
            self.new_items.append(
                {"id": fields["item_id"], "name": fields["item_name"], "location": fields["room_id"]}
            )
        elif name == "item_taken":
            found = next((i for i in self.new_items if i["id"] == fields["item_id"]), None)
            if found is None:
                self.new_items.append(
                    {"id": fields["item_id"], "name": fields["item_name"], "location": INVENTORY}
                )
            else:
                found["location"] = INVENTORY
        elif name in PUZZLE_STATUS:
            puzzle = {
                "id": fields["puzzle_id"],
                "description": fields["description"],
                "status": PUZZLE_STATUS[name],
            }
            self.puzzles_updated.append(puzzle)

    def turn(self, message: dict[str, Any]) -> dict[str, Any]:
        """The turn message with this turn's changes; the feed starts over for the next turn."""
        message["new_items"], message["puzzles_updated"] = self.new_items, self.puzzles_updated
        self.new_items, self.puzzles_updated = [], []
        return with_section_8(message)


def with_section_8(message: dict[str, Any]) -> dict[str, Any]:
    """A live turn message with the spec's room, inventory and metrics fields (recorded rows sent on
    connecting keep their own shape: the page reads them from the database's columns).

    >>> m = with_section_8({"room_id": "hall", "room_name": "Hall", "exits": ["north"], "cost_so_far": 0.5})
    >>> m["room"], m["metrics"]["cost_estimate"], m["new_items"]
    ({'id': 'hall', 'name': 'Hall', 'exits': ['north']}, 0.5, [])
    """
    message.setdefault("room", {
        "id": message.get("room_id"),
        "name": message.get("room_name") or message.get("room_id"),
        "exits": list(message.get("exits") or []),
    })  # fmt: skip
    message["inventory"] = list(message.get("inventory") or [])
    message.setdefault("new_items", [])
    message.setdefault("puzzles_updated", [])
    message.setdefault("agent_reasoning", message.get("reasoning", ""))
    message.setdefault("metrics", {
        "total_tokens": int(message.get("total_tokens") or 0),
        "cost_estimate": float(message.get("cost_so_far") or 0.0),
    })  # fmt: skip
    return message
