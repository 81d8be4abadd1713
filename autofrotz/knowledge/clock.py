"""Rooms whose clock kills: deaths that came a number of turns after walking in, whatever was typed.

Some deaths are not caused by a command. A ceremony, a flood or a guard starts when the player walks
into a room and kills a few turns later, whatever the player typed meanwhile (a timed event, a
convention of many games). The ``known death`` veto (a command that killed here) cannot see these:
each death comes after another command. So each death is also kept with the room the player last
walked into by a compass move and the commands sent since then (the ``Stay``). Two deaths after
walking into the same room, after different commands, make a clock:

| rule | what it does |
|---|---|
| ``known clock (run N)`` | walked into such a room, half the clock's turns spent: leave the way it came |
| ``known clock`` (a veto) | the move into it, once this run left it ``CLOCK_VISITS`` times |
| ``another way out when the way back is barred`` | the leave was refused: each other way of the room once |

``known clock (this run)`` is the same rule when this run's own deaths made the clock.

"Half the clock" is ``(turns - 1) // 2`` commands in the room, so the command that leaves is sent
well before the one that killed (a guard that grabs the player moves them first). Earlier runs'
clocks come from their recorded turns (``clocks``); this run's own deaths count as they happen.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from autofrotz.reading.told_steps import BARS_EVERY_WAY
from autofrotz.words.directions import opposite, parse_direction

log = logging.getLogger(__name__)

CLOCK_DEATHS = 2  # deaths after walking into a room, after different commands, before it is a clock
CLOCK_VISITS = 4  # times a run leaves a room by the clock before it stops walking in
EARLIER_RUNS = 5
OTHER_WAY_RULE = "another way out when the way back is barred"
TIMED_PREFIX = (
    30  # characters of a timed sentence (lore.py, rule ``timed death``) that mark a reply cut in it
)


@dataclass
class Stay:
    """Where the player last walked in by a compass move, from where, and the commands since."""

    room: str = ""  # "" when unknown (the start, after a restore)
    came_from: str = ""
    direction: str = ""
    since: int = 0
    left: bool = False  # the clock's leave was sent this visit
    tried: list[str] = field(default_factory=list)  # the ways out sent this visit

    def step(self, before: str | None, command: str, room: str | None, death: bool) -> tuple[str, int] | None:
        """Follow one turn; on a death, (the room walked into, commands since, the killing one too).

        >>> s = Stay(); s.step("road", "south", "temple", False); s.step("temple", "wait", "temple", False)
        >>> s.step("temple", "sing", "stage", False); s.step("stage", "jump", "road", True)
        ('temple', 3)
        >>> s.room
        ''
        """
        if death:
            found = (self.room, self.since + 1) if self.room else None
            self.room, self.came_from, self.direction, self.since, self.left = "", "", "", 0, False
            self.tried = []
            return found
        direction = parse_direction(command)
        if direction is not None and room and before and room != before:
            self.room, self.came_from, self.direction, self.since, self.left = (
                room,
                before,
                direction,
                0,
                False,
            )
            self.tried = []
        elif self.room:
            self.since += 1
        return None


@dataclass(frozen=True)
class Clock:
    """A room whose clock killed: the fewest commands after walking in that a death came."""

    room: str
    turns: int
    run: int  # the run that first saw it (0: this run)

    @property
    def leave_after(self) -> int:
        """Commands spent in the room before leaving (half the clock, the killing one counted).

        >>> Clock("hall", 7, 1).leave_after, Clock("hall", 2, 1).leave_after
        (3, 0)
        """
        return max(0, (self.turns - 1) // 2)

    def rule(self) -> str:
        return f"known clock ({'this run' if self.run == 0 else f'run {self.run}'})"


@dataclass
class Deaths:
    """Deaths after walking into a room: room -> [(commands since, killing command, run)]."""

    seen: dict[str, list[tuple[int, str, int]]] = field(default_factory=dict)

    def add(self, room: str, since: int, command: str, run: int) -> None:
        self.seen.setdefault(room, []).append((since, command, run))

    def clocks(self) -> dict[str, Clock]:
        """The rooms with ``CLOCK_DEATHS`` deaths after different commands, a turn or more in.

        >>> d = Deaths(); d.add("hall", 7, "sing", 1); d.add("hall", 6, "jump", 2); d.add("cave", 3, "x", 1)
        >>> d.clocks()
        {'hall': Clock(room='hall', turns=6, run=1)}
        """
        found = {}
        for room, deaths in self.seen.items():
            if len({c for _n, c, _r in deaths}) >= CLOCK_DEATHS and min(n for n, _c, _r in deaths) >= 2:
                found[room] = Clock(room, min(n for n, _c, _r in deaths), min(r for _n, _c, r in deaths))
        return found


def clocks(conn: Any, runs: dict[int, int], timed: frozenset[str] = frozenset()) -> Deaths:
    """The deaths after walking into a room of the earlier runs' recorded turns (every turn played,
    the ones a restore undid too: they show what the game does). A death whose reply holds one of the
    ``timed`` sentences (lore.py, rule ``timed death``: the whole story's clock, not a room's) is left out."""
    deaths = Deaths()
    said = "game_output" if timed else "NULL"  # the reply is read only to find the story's clock
    for game_id in sorted(runs)[-EARLIER_RUNS:]:
        rows = conn.execute(
            f"SELECT command_sent, room_id, event, {said} FROM turns WHERE game_id = ? ORDER BY turn_number",
            (game_id,),
        ).fetchall()
        stay, before = Stay(), None
        for command, room, event, text in rows:
            found = stay.step(before, command or "", room, event == "death")
            if found is not None and not said_by_clock(text or "", timed):
                deaths.add(found[0], found[1], command or "", runs[game_id])
            before = room
    return deaths


def leave_by(stay: Stay, exits: dict[str, dict[str, str]]) -> str | None:
    """The move back to where the player came from: this run's known exit, else the opposite way.

    >>> leave_by(Stay("temple", "road", "south"), {})
    'north'
    >>> leave_by(Stay("hall", "yard", "in"), {"hall": {"west": "yard"}})
    'west'
    """
    for direction, to in exits.get(stay.room, {}).items():
        if to == stay.came_from:
            return direction
    return opposite(stay.direction)


# A refusal that bars every way, not one exit (BARS_EVERY_WAY): another way out meets the same hands. One
# that names an exit ("blocking the door") bars that exit only. The library's "You can't go that way." says
# there is no exit there at all: the way in was one-way, and the room's other ways lead on, not out.
def other_way_out(stay: Stay, last: str, room: str, ways: list[str], reply: str = "") -> str | None:
    """Rule ``another way out when the way back is barred``: the leave was sent and the player is still
    in the room (a guard at the door, a door that locked behind): the next of the room's other ways,
    each once. A room whose clock kills often has a second way out that the story points at (a window,
    a hatch), a convention of timed escapes.

    >>> s = Stay("office", "hall", "west", 5, True, ["west"])
    >>> other_way_out(s, "west", "office", ["west", "east", "up"])
    'east'
    >>> other_way_out(s, "east", "office", ["west", "east", "up"])
    'up'
    >>> other_way_out(s, "up", "office", ["west", "east", "up"]) is None
    True
    >>> other_way_out(Stay("office", "hall", "west", 5, True), "west", "hall", ["east"]) is None
    True
    >>> other_way_out(Stay("shop", "hall", "west", 2, True), "west", "shop", ["up"], "He stops you.") is None
    True
    """
    if not stay.left or stay.room != room or parse_direction(last) is None or BARS_EVERY_WAY.search(reply):
        return None
    stay.tried += [] if last in stay.tried else [last]
    way = next((w for w in ways if w not in stay.tried and parse_direction(w) is not None), None)
    if way is not None:
        stay.tried.append(way)
    return way


def this_run_exits(world_map: Any) -> dict[str, dict[str, str]]:
    """This run's open exits, room -> direction -> room ({} with no map)."""
    exits: dict[str, dict[str, str]] = {}
    try:
        for c in world_map.connections():
            if c.to_room_id and not c.blocked and not c.random:
                exits.setdefault(c.from_room_id, {})[c.direction] = c.to_room_id
    except Exception:  # no map (a test's bare context)
        log.debug("no map to route on", exc_info=True)
    return exits


def unwalked_ways(world_map: Any, room: str, hinted: list[str], walked: set[str]) -> list[str]:
    """The ways a room's text names that this run has not ``walked`` (a window, a hatch: the escape a
    story offers when the way in is held; the walked ways are as held as the way back), on the map's
    unexplored exits and in the directions replies pointed at (``hinted``).

    >>> unwalked_ways(None, "office", ["east", "west"], {"west"})
    ['east']
    """
    ways: list[str] = []
    try:
        ways += [str(label) for _, label in world_map.get_unexplored_exits(room)]
    except Exception:  # no map (a test's bare context) or a room it does not hold
        log.debug("no unexplored exits for %s", room, exc_info=True)
    ways += hinted
    return [w for w in dict.fromkeys(ways) if w not in walked]


def said_by_clock(text: str, timed: set[str] | frozenset[str]) -> bool:
    """Whether a reply holds one of the ``timed`` sentences (the start of one, where the kept reply
    was cut in it: ``TIMED_PREFIX`` characters).

    >>> clock = {"the bell rings and the guards throw you out."}
    >>> said_by_clock("You dig. The bell rings and the guards thr", clock), said_by_clock("You dig.", clock)
    (True, False)
    """
    said = " ".join(text.split()).lower()
    return any(sentence[:TIMED_PREFIX] in said for sentence in timed)
