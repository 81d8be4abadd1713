"""The exploration driver: commands for corpus games that have no walkthrough.

An evaluation tool, not an agent: it may read the truth (the true room number) to explore
systematically and the names of the objects in the room, and it never looks at the built-in agent,
so agent changes cannot move perception figures. Given the same replies and truths it chooses the
same commands (no clock, no randomness): "take all" and "open" the first objects on the first visit
of a room, try each compass direction once per room, walk back through known exits to the nearest
room with an untried one, "inventory" now and then, "no" to a yes/no question, and a few general
unsticking commands ("stand up", "open door", ...) when no new room has turned up for a while. Like a
player it switches on a carried lamp in the dark and drops a carried thing in each look-alike room of a
maze (explore_habits.py), deciding both from the game's text alone.
"""

from __future__ import annotations

import re
from collections import deque

from autofrotz.evals.explore_habits import MazeHabits, typeable
from autofrotz.reading.outcomes_prompts import KEY_WAIT, awaiting_key
from autofrotz.words.directions import DIRECTION_WORDS

DIRECTIONS = tuple(d for d in DIRECTION_WORDS if d not in ("in", "out"))  # the compass, up and down
MORE_DIRECTIONS = ("in", "out")
INVENTORY_EVERY = 25
OPEN_PER_ROOM = 2  # "open NAME" for the first objects seen in a room (doors, boxes), on the first visit
STUCK_AFTER = 30  # turns without a new room before the unsticking commands are tried
# Conventions shared by many games for getting out of an opening position (a bed, a chair, a dream).
UNSTICK = ("stand up", "get up", "wake up", "exit", "open door")
# A question the story waits on (a menu's "Do you want an introduction? (Y or N)").
YES_NO = re.compile(r"\((?:y(?:es)?\s*(?:/|or)\s*n(?:o)?)\)|\by(?:es)?\s+or\s+no?\b|\(y/n\)", re.IGNORECASE)
UNKNOWN_ROOM = -1
# The answer to a key-press wait: a game that waits for SPACE itself reads the keys one by one, so
# the answer carries a space; "look" shows where the key press led.
KEY_ANSWER = "look around"


class Explorer:
    """Chooses the next command from the last reply and the true room."""

    def __init__(self) -> None:
        self._tried: dict[int, list[str]] = {}
        self._exits: dict[int, dict[str, int]] = {}
        self._looted: set[int] = set()
        self._queue: list[str] = []
        self._unstuck: set[tuple[int, str]] = set()
        self._last_new_room = 0
        self._last_room: int | None = None
        self._last_move: str | None = None
        self._turn = 0
        self.habits = MazeHabits()
        self.commands: list[str] = []

    def next_command(self, reply: str, room: int | None, around: tuple[str, ...] = ()) -> str:
        """The command to send after a reply, knowing the player's true room (None: unknown) and the
        names of the objects in it."""
        here = UNKNOWN_ROOM if room is None else room
        self._learn(here)
        self._turn += 1
        command = self._choose(reply, here, around)
        self._last_room, self._last_move = here, command if _is_move(command) else None
        self.commands.append(command)
        return command

    def _learn(self, here: int) -> None:
        last = self._last_room
        if self._last_move and last not in (None, UNKNOWN_ROOM, here) and here != UNKNOWN_ROOM:
            self._exits.setdefault(last, {})[self._last_move] = here

    def _choose(self, reply: str, here: int, around: tuple[str, ...]) -> str:
        if YES_NO.search(reply[-300:]):
            return "no"
        if awaiting_key(reply) or (not self.commands and KEY_WAIT.search(reply)) or not reply.strip():
            # a key wait: asked for at the end of a reply, anywhere in the opening (an epigraph may
            # follow "press SPACE to begin"), or a command that printed nothing at all
            return KEY_ANSWER
        last = self.commands[-1] if self.commands else None
        self.habits.observe(reply, last, bool(last and _is_move(last)))
        if here != UNKNOWN_ROOM and here not in self._looted:
            self._looted.add(here)
            self._last_new_room = self._turn
            self._queue = [f"open {name}" for name in around[:OPEN_PER_ROOM] if typeable(name)]
            return "take all"
        habit = self.habits.next_command()
        if habit:
            return habit
        if self._queue:
            return self._queue.pop(0)
        if self._turn % INVENTORY_EVERY == 0:
            return "inventory"
        if self._turn - self._last_new_room >= STUCK_AFTER:
            for command in UNSTICK:
                if (here, command) not in self._unstuck:
                    self._unstuck.add((here, command))
                    return command
        return self._move(here)

    def _move(self, here: int) -> str:
        untried = self._untried(here)
        if untried:
            self._tried.setdefault(here, []).append(untried[0])
            return untried[0]
        step = self._toward_untried(here)
        if step:
            return step
        known = sorted(self._exits.get(here, {}))
        pool = known or list(DIRECTIONS)
        return pool[self._turn % len(pool)]  # everything tried: wander the known exits in turn

    def _untried(self, here: int) -> list[str]:
        tried = self._tried.get(here, [])
        return [d for d in (*DIRECTIONS, *MORE_DIRECTIONS) if d not in tried]

    def _toward_untried(self, here: int) -> str | None:
        """First move on the shortest known path to a room with an untried direction."""
        queue: deque[tuple[int, str | None]] = deque([(here, None)])
        seen = {here}
        while queue:
            room, first = queue.popleft()
            if first is not None and self._untried(room):
                return first
            for direction, target in sorted(self._exits.get(room, {}).items()):
                if target not in seen:
                    seen.add(target)
                    queue.append((target, first or direction))
        return None


def _is_move(command: str) -> bool:
    return command in DIRECTIONS or command in MORE_DIRECTIONS
