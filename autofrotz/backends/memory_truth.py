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
- the globals that held the player when it was learned (Inform's `player` variable, stable through a
  "wait") are read again each time: when all of them name another object in the tree, the story has
  lent the player that body (Inform's ChangePlayer: a dream, a vision, a flashback). For stories
  jericho has no bindings for the reader follows it (rule `player_switch`), or, told not to follow,
  says it does not know. A player named by jericho's bindings comes without globals and is never
  reported as lent.

Where none of this works (no move ever succeeds, the player sits outside every room) the reader says
so: `TruthUnknownError`, or None for a score. It never guesses a number.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from autofrotz.backends import zmachine
from autofrotz.backends.base import TruthUnknownError
from autofrotz.reading.outcomes_endings import SCORE_NUMBER
from autofrotz.words.directions import DIRECTION_WORDS

PROBE_MOVES = tuple(DIRECTION_WORDS)  # the twelve compass and in/out moves
GLOBALS = 240  # the Z-machine's global variables
BASELINE = "wait"  # what changes without the player moving (a thief walking, a watch stolen) is no evidence
INFORM_SELF_NAMES = ("(self object)", "yourself")  # Inform 6 library's selfobj, Inform 7's default player

SideStep = Callable[[str], tuple[str, bytes]]  # command -> (reply, memory after), state put back


@dataclass(frozen=True)
class Placement:
    """Where the player is, read from one memory image."""

    room: zmachine.ZObject
    inventory: list[str]
    carried: list[int]  # the inventory's object numbers
    around: list[str]  # names of the other objects directly in the room (for the exploration driver)
    within: list[str] = field(default_factory=list)  # in or on those objects, at any depth (evaluations)
    around_nums: list[int] = field(default_factory=list)  # the object numbers of around, in its order
    within_nums: list[int] = field(default_factory=list)  # the object numbers of within, in its order


@dataclass
class Layout:
    """What the reader has learned about one story file."""

    player: int | None = None
    holder: int | None = None  # rooms are children of this object; None: not learned yet
    decided_by: str = ""
    # globals that held the player object when it was learned and kept it through a "wait": the
    # library's `player` variable, which a story lending the player another body (Inform's
    # ChangePlayer: a dream, a vision, a flashback) points elsewhere for a while
    player_globals: tuple[int, ...] = ()


class MemoryTruth:
    """Player, room, inventory and validated score from memory images of one running story."""

    def __init__(self, known_player: int | None = None, follow_switches: bool = False) -> None:
        self.layout = Layout(player=known_player, decided_by="jericho" if known_player else "")
        # The player globals are learned with a player the reader found itself (by moves or as the
        # self object the library's variable holds). A player named by jericho's bindings is taken as
        # the bindings give it, with no globals, so a lent body is never reported for those stories:
        # learning the globals there makes steps unknown (in curses and temple) that jericho's player and
        # the text agree on. Found by moves, the player is whichever body
        # is played at discovery, and the globals name it, so a later switch either way is noticed:
        # the reader then says it does not know, or follows the role (rule player_switch) when told to,
        # as the back end does for stories without bindings.
        self.follow_switches = follow_switches
        self._validated: dict[tuple[int, int], bool] = {}  # (global index, value) -> game agreed

    # -- the player and the room level -------------------------------------------------------------

    def discover(self, mem: bytes, side_step: SideStep) -> None:
        """Learn the player (unless given) and the room level from compass moves in side copies."""
        if self.layout.player is not None and self.layout.holder is not None:
            return
        before = zmachine.parents(mem)
        baseline_mem = side_step(BASELINE)[1]
        baseline = zmachine.parents(baseline_mem)
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
                player = _inform_self_object(mem, baseline_mem)
                if player is not None:
                    globals_ = _player_globals(mem, baseline_mem, player)
                    self.layout = Layout(player, None, "inform_self_object", globals_)
                return
            self.layout = Layout(player, None, "moves", _player_globals(mem, baseline_mem, player))
        for after in after_moves:
            if _changed_room(before, after, player):
                self.layout.holder = _common_ancestor(before, after, player)
                return

    def place(self, mem: bytes, location_hint: int | None = None) -> Placement:
        """The player's room and carried objects; TruthUnknownError when the player is not known."""
        player = self.layout.player
        objs = zmachine.objects(mem)
        if player is None or player not in objs:
            raise TruthUnknownError("the player object is not known (no compass move has succeeded yet)")
        if not objs[player].parent:
            raise TruthUnknownError(f"the player object {player} is outside every room")
        body = self._lent_body(mem, objs)
        if body is not None and self.follow_switches:
            player = body  # rule player_switch: the story made that body the player for now
        elif body is not None:
            raise TruthUnknownError(
                f"the story has lent the player another body (object {body}): whether the truth is "
                "where that body goes or where the player's own waits is a convention, not a fact"
            )
        room = self._room(objs, player, location_hint)
        held = zmachine.children(objs, player)
        others = [o for o in zmachine.children(objs, room.num) if o.num != player]
        around = [o for o in others if o.name]
        within = [o for o in _descendants(objs, others) if o.name]
        return Placement(
            room,
            [_name(o) for o in held],
            [o.num for o in held],
            [o.name for o in around],
            [o.name for o in within],
            [o.num for o in around],
            [o.num for o in within],
        )

    def _lent_body(self, mem: bytes, objs: dict[int, zmachine.ZObject]) -> int | None:
        """The placed object every player global names instead of the learned player, if any: a dream,
        a vision or a flashback played in another body. jericho's fixed player object keeps the
        sleeper's room then (curses, temple), while the text follows the dreamer."""
        values = {zmachine.global_var(mem, index) for index in self.layout.player_globals}
        if len(values) != 1:
            return None
        body = values.pop()
        return body if body != self.layout.player and body in objs and objs[body].parent else None

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


def _descendants(objs: dict[int, zmachine.ZObject], tops: list[zmachine.ZObject]) -> list[zmachine.ZObject]:
    """Everything inside or on the given objects, at any depth (each object once)."""
    found: list[zmachine.ZObject] = []
    seen = {o.num for o in tops}
    stack = list(tops)
    while stack:
        for child in zmachine.children(objs, stack.pop().num):
            if child.num not in seen:
                seen.add(child.num)
                found.append(child)
                stack.append(child)
    return found


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


def _player_globals(mem: bytes, after_wait: bytes, player: int) -> tuple[int, ...]:
    """Indexes of the globals holding the player object before and after a "wait" (a counter that
    happens to equal it moves on)."""
    return tuple(
        index
        for index in range(GLOBALS)
        if zmachine.global_var(mem, index) == player == zmachine.global_var(after_wait, index)
    )


def _inform_self_object(mem: bytes, after_wait: bytes) -> int | None:
    """The object carrying the Inform library's name for the player, when no move told us: the one a
    global (the library's `player` variable) holds, else the only one placed somewhere. A story with
    a second self object for a flashback or a vision keeps it in that scene's room before it begins.
    While the story lends the player another body the reader says it does not know (`_lent_body`)."""
    if not zmachine.is_inform(mem):
        return None
    objs = zmachine.objects(mem)
    named = {o.num for o in objs.values() if o.name in INFORM_SELF_NAMES}
    held = {value for value in named if _player_globals(mem, after_wait, value)}
    if len(held) == 1:
        return held.pop()
    found = [num for num in named if objs[num].parent]
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
