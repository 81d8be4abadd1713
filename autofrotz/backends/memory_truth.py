"""Ground truth read from Z-machine memory, for story files jericho has no bindings for.

Jericho knows the player object and the score only for the games it ships bindings for. For any
other story (our own Inform games, TextWorld's Inform 7 games, Infocom and custom-library games) we
find them ourselves, by what every Z-machine game does rather than by one compiler's layout:

- the player is the object whose parent changes to a different object for each compass move that
  succeeds (asked in side copies of the state, which are then thrown away); floating objects that
  follow the player (Inform's found_in backdrops, TextWorld's doors) are told apart by the globals
  that point at it (the library's `player` variable) and by what it holds;
- the room level is learned from the same moves: the common ancestor of where the player was and
  where it went holds the rooms (0 for Inform, where rooms are roots; a ROOMS object for Infocom);
- a score read from a global is reported only after the game's own reply to "score" (asked in a side
  copy) states the same number;
- the globals that held the player when it was learned (Inform's `player` and `actor` variables) are
  read again each time: when all of them have moved on together to another object in the tree, the
  game handed the player role to that object (Inform's ChangePlayer: a flashback, a second
  character), and the reader follows it (rule `player_switch`; only for stories jericho has no
  bindings for, since jericho's bindings keep one player object and the reader is checked
  against them on the stories they cover).

Where none of this works (no move ever succeeds, the player sits outside every room) the reader says
so: `TruthUnknownError`, or None for a score. It never guesses a number.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from autofrotz.backends import zmachine
from autofrotz.game_interface import TruthUnknownError
from autofrotz.managers.directions import DIRECTION_WORDS

PROBE_MOVES = tuple(DIRECTION_WORDS)  # the twelve compass and in/out moves
GLOBALS = 240  # the Z-machine's global variables
BASELINE = "wait"  # what changes without the player moving (a thief walking, a watch stolen) is no evidence
INFORM_SELF_NAMES = ("(self object)", "yourself")  # Inform 6 library's selfobj, Inform 7's default player
# The number a reply to "score" gives as the score: "scored 3", "score is 3", "Score: 3", "3 points",
# "3 out of 10", "3 of a possible 10" (not the turn count that often follows it).
SCORE_NUMBER = re.compile(
    r"\bscor(?:ed?|ing)\b\D{0,12}?(-?\d+)|(-?\d+)\s*(?:points?\b|out\s+of\b|of\s+a\s+possible\b|/\s*\d)",
    re.IGNORECASE,
)

SideStep = Callable[[str], tuple[str, bytes]]  # command -> (reply, memory after), state put back


@dataclass(frozen=True)
class Placement:
    """Where the player is, read from one memory image."""

    room: zmachine.ZObject
    inventory: list[str]
    carried: list[int]  # the inventory's object numbers
    around: list[str]  # names of the other objects directly in the room (for the exploration driver)


@dataclass
class Layout:
    """What the reader has learned about one story file."""

    player: int | None = None
    holder: int | None = None  # rooms are children of this object; None: not learned yet
    decided_by: str = ""
    player_globals: tuple[int, ...] = ()  # globals that pointed at the player when it was learned


class MemoryTruth:
    """Player, room, inventory and validated score from memory images of one running story."""

    def __init__(self, known_player: int | None = None, follow_switches: bool = False) -> None:
        self.layout = Layout(player=known_player, decided_by="jericho" if known_player else "")
        # Jericho's bindings keep one player object for the whole game (curses' dream is played in
        # another body, and jericho still answers with the writing room): the reader agrees with
        # them unless told to follow the role, which the back end does for stories without bindings.
        self.follow_switches = follow_switches
        self._validated: dict[tuple[int, int], bool] = {}  # (global index, value) -> game agreed

    # -- the player and the room level -------------------------------------------------------------

    def discover(self, mem: bytes, side_step: SideStep) -> None:
        """Learn the player (unless given) and the room level from compass moves in side copies."""
        if self.layout.player is not None and self.layout.holder is not None:
            return
        before = zmachine.parents(mem)
        baseline = zmachine.parents(side_step(BASELINE)[1])
        after_moves = [zmachine.parents(side_step(command)[1]) for command in PROBE_MOVES]
        moved: dict[int, set[int]] = {}
        counts: dict[int, int] = {}
        for after in after_moves:
            for num in range(1, min(len(before), len(after), len(baseline))):
                if after[num] not in (before[num], baseline[num], 0):
                    moved.setdefault(num, set()).add(after[num])
                    counts[num] = counts.get(num, 0) + 1
        for num, places in list(moved.items()):
            if len(places) == 1 and counts[num] == len(PROBE_MOVES):
                del moved[num]  # the same change whatever the direction: an event, not a walk
        player = self.layout.player
        if player is None:
            player = _likeliest_player(mem, moved, before)
            if player is None:
                player = _inform_self_object(mem)
                if player is not None:
                    self.layout = Layout(player, None, "inform_self_object", _pointing_at(mem, player))
                return
            self.layout = Layout(player, None, "moves", _pointing_at(mem, player))
        for after in after_moves:
            if _changed_room(before, after, player):
                self.layout.holder = _common_ancestor(before, after, player)
                return

    def place(self, mem: bytes, location_hint: int | None = None) -> Placement:
        """The player's room and carried objects; TruthUnknownError when the player is not known."""
        objs = zmachine.objects(mem)
        self._follow_player_switch(mem, objs)
        player = self.layout.player
        if player is None or player not in objs:
            raise TruthUnknownError("the player object is not known (no compass move has succeeded yet)")
        if not objs[player].parent:
            raise TruthUnknownError(f"the player object {player} is outside every room")
        room = self._room(objs, player, location_hint)
        held = zmachine.children(objs, player)
        around = [o.name for o in zmachine.children(objs, room.num) if o.num != player and o.name]
        return Placement(room, [_name(o) for o in held], [o.num for o in held], around)

    def _follow_player_switch(self, mem: bytes, objs: dict[int, zmachine.ZObject]) -> None:
        """Rule `player_switch`: every global that held the player now holds one other object that sits
        in the tree, so the game made that object the player (Inform's ChangePlayer)."""
        if not self.follow_switches:
            return
        held = {zmachine.global_var(mem, index) for index in self.layout.player_globals}
        if len(held) != 1:
            return  # none learned, or they disagree (the actor variable while someone else acts)
        new = held.pop()
        if new != self.layout.player and new in objs and objs[new].parent:
            self.layout.player = new
            self.layout.decided_by = "player_switch"

    def _room(
        self, objs: dict[int, zmachine.ZObject], player: int, location_hint: int | None
    ) -> zmachine.ZObject:
        holder = self.layout.holder
        if holder:
            current = objs[player]
            seen = {player}
            while current.parent and current.parent in objs and current.parent not in seen:
                if current.parent == holder:
                    return current if current.num != player else objs[current.parent]
                current = objs[current.parent]
                seen.add(current.num)
        return zmachine.room_of(objs, player, location_hint)

    # -- the score ---------------------------------------------------------------------------------

    def score(
        self, mem: bytes, index: int | None, ask: Callable[[], str | None], seen: str = ""
    ) -> int | None:
        """The score global's value once the game itself stated that number (in the reply just seen,
        or in its reply to "score" asked in a side copy), else None."""
        if index is None:
            return None
        value = zmachine.global_var(mem, index)
        key = (index, value)
        if key not in self._validated:
            if score_reply_states(seen, value):
                self._validated[key] = True
            else:
                reply = ask()
                stated = stated_scores(reply or "")
                if not stated:
                    return None  # no answer to compare with (a key press or a final question): ask later
                self._validated[key] = value in stated
        return value if self._validated[key] else None


def stated_scores(reply: str) -> set[int]:
    """The numbers a reply gives as the score.

    >>> sorted(stated_scores("You have so far scored 3 out of a possible 10, in 7 turns."))
    [3]
    >>> stated_scores("Please give one of the answers above.")
    set()
    """
    return {int(a or b) for a, b in SCORE_NUMBER.findall(reply)}


def score_reply_states(reply: str, value: int) -> bool:
    """True when a reply to "score" talks about the score and states value as a number.

    >>> score_reply_states("You have so far scored 3 out of a possible 10, in 7 turns.", 3)
    True
    >>> score_reply_states("You have so far scored 0 out of a possible 1, in 6 turns.", 66)
    False
    >>> score_reply_states("You have scored 0 out of a possible 50, in 4 turns.", 4)
    False
    >>> score_reply_states("There is no score in this story.", 0)
    False
    """
    return value in stated_scores(reply)


def _likeliest_player(mem: bytes, moved: dict[int, set[int]], before: list[int]) -> int | None:
    """The object sent to the most different places by the moves.

    Objects that follow the player (found_in backdrops, doors, a counter in two rooms) go to the same
    places; the tie goes to the object with the Inform library's player name, then to one holding
    something, then to the lowest number (libraries define the player before the game's objects)."""
    if not moved:
        return None
    names = zmachine.objects(mem) if zmachine.is_inform(mem) else {}

    def rank(num: int) -> tuple[int, bool, bool, int]:
        named = num in names and names[num].name in INFORM_SELF_NAMES
        holds = any(parent == num for parent in before)
        return (len(moved[num]), named, holds, -num)

    return max(moved, key=rank)


def _pointing_at(mem: bytes, player: int) -> tuple[int, ...]:
    """Indices of the globals holding the player's number (Inform's `player`, `actor`)."""
    count = min(GLOBALS, max(0, (len(mem) - zmachine.word(mem, 0x0C)) // 2))
    return tuple(index for index in range(count) if zmachine.global_var(mem, index) == player)


def _inform_self_object(mem: bytes) -> int | None:
    """The one object carrying the Inform library's name for the player, when no move told us."""
    if not zmachine.is_inform(mem):
        return None
    found = [o.num for o in zmachine.objects(mem).values() if o.name in INFORM_SELF_NAMES and o.parent]
    return found[0] if len(found) == 1 else None


def _changed_room(before: list[int], after: list[int], player: int) -> bool:
    """True when a move took the player somewhere new, not just out of (or into) the bed or chair it
    was in: neither the old nor the new place holds the other."""
    if player >= len(after) or not after[player] or after[player] == before[player]:
        return False
    return after[player] not in _ancestors(before, player) and before[player] not in _ancestors(after, player)


def _common_ancestor(before: list[int], after: list[int], player: int) -> int:
    """The nearest object above the player both before and after a move (0: rooms are roots)."""
    old = set(_ancestors(before, player))
    for num in _ancestors(after, player):
        if num in old:
            return num
    return 0


def _ancestors(parents: list[int], start: int) -> list[int]:
    found: list[int] = []
    current = parents[start] if start < len(parents) else 0
    while current and current < len(parents) and current not in found:
        found.append(current)
        current = parents[current]
    return found


def _name(obj: zmachine.ZObject) -> str:
    """An object's short name, or its number in brackets when the story left it empty."""
    return obj.name or f"({obj.num})"
