"""What a player does in a maze, for the exploration driver: read from the game's text alone.

Two conventions older than most games that rely on them:
- in the dark, switch on a carried light source ("turn on lamp");
- in a maze of look-alike rooms, drop one carried thing in each room ("drop an item in every room of
  the maze"), so that a room seen again can be told by what lies in it.

A name counts as a maze's once a move led from a room of that name to another room shown under the same
name; from then on every arrival under that name that shows none of the things we left gets one. What
is carried is learnt from the game's own answers to "inventory" (asked when a marker or a light is first
wanted). Nothing here reads the truth or knows a game's nouns.
"""

from __future__ import annotations

import re

from autofrotz.managers.item_inventory import parse_inventory
from autofrotz.managers.room_parser import parse_output
from autofrotz.maze.core import safest_first
from autofrotz.maze.text import DROP_OK, is_light_source, matches_any, visible_names

INVENTORY_COMMANDS = ("inventory", "i")
# Parenthesised notes that make a carried thing a poor marker: worn, lit, or holding other things.
KEEP_NOTES = re.compile(r"\b(?:worn|wearing|providing light|lit|burning|open)\b", re.IGNORECASE)


class MazeHabits:
    """Lights a lamp in the dark and marks look-alike rooms; fed every reply with the command that drew it."""

    def __init__(self) -> None:
        self.carried: list[str] | None = None  # top-level names of the last inventory (None: never asked)
        self.dropped: list[str] = []  # markers left, oldest first
        self.maze_names: set[str] = set()  # room names a move led from and to
        self.switched_on: set[str] = set()  # light sources tried
        self._header: str | None = None  # the room name last shown
        self._want: set[str] = set()  # "mark", "light": what the last arrival called for
        self._asked = False  # an inventory asked for the wants and not answered yet

    def observe(self, reply: str, command: str | None, moved: bool) -> None:
        """Read the reply to a command (moved: the command was a compass or in/out move)."""
        if command in INVENTORY_COMMANDS:
            self._read_inventory(reply)
        elif command and command.startswith("drop ") and matches_any(DROP_OK, reply):
            name = command[len("drop ") :]
            self.carried = [c for c in self.carried or [] if c != name]
        parsed = parse_output(reply)
        if parsed.is_dark and moved:
            self._want.add("light")
        if not parsed.header:
            return
        name = parsed.header.lower()
        if moved and name == self._header:
            self.maze_names.add(name)
        self._header = name
        if moved or command in ("look", "l"):
            self._want.discard("mark")
            if name in self.maze_names and parsed.description and not visible_names(reply, self.dropped):
                self._want.add("mark")

    def next_command(self) -> str | None:
        """ "inventory", a light to switch on or a marker to drop, when the last arrival called for one."""
        if not self._want:
            return None
        if self.carried is None:
            if self._asked:
                self._want.clear()  # the game did not answer "inventory" in a shape we read
                return None
            self._asked = True
            return "inventory"
        if "light" in self._want:
            self._want.discard("light")
            lights = [c for c in self.carried if is_light_source(c) and c not in self.switched_on]
            if lights:
                self.switched_on.add(lights[0])
                return f"turn on {lights[0]}"
        if "mark" in self._want:
            self._want.discard("mark")
            spare = [c for c in safest_first(self.carried) if c not in self.dropped]
            if spare:
                self.dropped.append(spare[0])
                return f"drop {spare[0]}"
        return None

    def _read_inventory(self, reply: str) -> None:
        self._asked = False
        listing = parse_inventory(reply)
        if listing is None:
            self.carried = self.carried if self.carried is not None else []
            return
        self.carried = [
            item.name
            for item in listing
            if item.depth == 0 and typeable(item.name) and not KEEP_NOTES.search(_notes(item.properties))
        ]


def _notes(properties: dict[str, object]) -> str:
    return " ".join(f"{k} {v}" for k, v in properties.items())


def typeable(name: str) -> bool:
    """A name a player could type (letters, spaces, hyphens and apostrophes)."""
    return bool(re.fullmatch(r"[A-Za-z][A-Za-z '\-]{0,40}", name))
