"""Rule ``a side door on the path``: while a later run replays the proven path, a way out of a path room
that the text names and that no run has ever taken is looked through before the path goes on.

The proven path is the shortest known way to an earlier run's best score. It walks past everything that
run never found. When the path crosses a door with no way back (a guard who lets the player out and not
in again) or ends in the story's last scene, the rooms it passed are never seen again, and what lay one
door off the way stays there. The convention this rule stands for: a story names the doors of a room in
its description ("you may go north or west", "a pantry lies east"), and a room one named door off the
way is often where a thing the story wants lies on the floor. So, in a room of the path, before the next
step, each named exit that neither this run nor an earlier one has taken is tried: one step out, one
"take all", and the way back; then the path goes on from where it stood (the score may be higher; the
path's checks ask for at least its own). A death or a lost way back ends the replay as any other
departure from the path does. Rooms whose name the earlier runs met in more than one place (an endless
beach, a row of like corridors: a maze's shape) get no side trips: their ways seldom lead back.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from autofrotz.knowledge.path import same_place
from autofrotz.managers.room_parser import parse_exits
from autofrotz.words.directions import opposite, parse_direction

if TYPE_CHECKING:
    from autofrotz.agents.base import TurnContext

RULE = "a side door on the path"
TEXT_KEY = 120  # characters of a room text compared across runs
TRIPS = 24  # side trips a run makes
BACK_TRIES = 3  # moves sent to get back to the path's room before the trip counts as lost
OUT, LOOK, BACK = "out", "look", "back"
LOOK_COMMAND = "take all"
OUT_REASON = "a way no run has taken"  # the trip's first step (the interpreter is saved before it)


@dataclass
class Trip:
    """The side trip under way, and the ones made."""

    room: str = ""  # the path's room it left ("" when no trip is under way)
    way: str = ""  # the exit taken out of it
    phase: str = ""  # OUT: the exit was sent; LOOK: the look was sent; BACK: walking back
    back_moves: list[str] = field(default_factory=list)  # the moves sent to get back, each once
    made: list[str] = field(default_factory=list)  # "room|way" of this run's trips


def untaken_way(
    room: str | None,
    named: list[str],
    tried_ways: set[tuple[str, str]],
    walls: dict[tuple[str, str], int],
    refused: Callable[[str], bool],
    trip: Trip,
    twin: Callable[[str], bool] = lambda room: False,
    taken_here: Callable[[], set[str] | None] = lambda: None,
) -> str | None:
    """The first exit the room names that no run has taken, refused or died on, and that this run has
    not tried as a side trip. ``taken_here`` gives the ways earlier runs took from a room told apart from
    its namesakes by its text (None: rooms of one name are one place, as room ids are across runs).

    >>> untaken_way("hall", ["north", "west"], {("hall_2", "north")}, {}, lambda d: False, Trip())
    'west'
    >>> untaken_way("hall", ["west"], set(), {("hall", "west"): 1}, lambda d: False, Trip()) is None
    True
    >>> untaken_way("hall", ["west"], {("hall_2", "west")}, {}, lambda d: False, Trip(), taken_here=set)
    'west'
    """
    if room is None or len(trip.made) >= TRIPS or twin(room):
        return None
    exact = taken_here()  # rule ``a namesake is told by its text``: the ways taken from this very room
    taken = exact if exact is not None else {d for r, d in tried_ways if same_place(r, room)}
    shut = {d for (r, d) in walls if same_place(r, room)}
    for label in named:
        way = parse_direction(label)
        if way is None or way in taken or way in shut or f"{room}|{way}" in trip.made or refused(way):
            continue
        return way
    return None


def text_key(text: str) -> str:
    """A room text as compared across runs: spaces folded, case ignored, the first paragraph's start.

    >>> text_key("  A  Long Hall.   Dust.") == text_key("a long hall. dust.")
    True
    """
    return " ".join(text.split()).lower()[:TEXT_KEY]


def tried_by_text(conn: Any, runs: dict[int, int]) -> set[tuple[str, str]]:
    """(room text, direction) of the ways the earlier runs took (travelled, or refused with a reply), for
    rule ``a namesake is told by its text``: in a story with many rooms of one name ("Outside", each
    street described in its own words), room ids are numbered by the order of visits and differ across
    runs, so a way taken from one "Outside" must not count for another."""
    found: set[tuple[str, str]] = set()
    for game_id in sorted(runs):
        texts = dict(
            conn.execute(
                "SELECT room_id, description FROM rooms WHERE game_id = ? ORDER BY version_id", (game_id,)
            ).fetchall()
        )
        rows = conn.execute(
            "SELECT from_room_id, direction, extra FROM connections WHERE game_id = ?", (game_id,)
        ).fetchall()
        for room, direction, extra in rows:
            if texts.get(room) and direction and not json.loads(extra or "{}").get("inferred"):
                found.add((text_key(texts[room]), direction))
    return found


def namesakes(room: str, rooms: Iterable[str]) -> int:
    """How many known room ids name the same place as ``room`` (itself included).

    >>> namesakes("hall_2", ["hall", "hall_2", "yard"]), namesakes("yard", ["hall", "yard"])
    (2, 1)
    """
    return sum(same_place(room, other) for other in rooms)


def has_twin(room: str, rooms: Iterable[str], texts: Callable[[], dict[str, str]] = dict) -> bool:
    """Whether another known room id names the same place (ids are numbered by the order of visits),
    unless this run's map already read two such rooms with different texts (streets of one name, each
    described in its own words: no maze). ``texts`` gives this run's room texts, read only when needed.

    >>> has_twin("beach_2", ["beach", "beach_2", "cave"]), has_twin("cave", ["beach", "cave"])
    (True, False)
    >>> has_twin("street_2", ["street", "street_2"], lambda: {"street": "A bus stop.", "street_2": "A bank."})
    False
    """
    if namesakes(room, rooms) <= 1:
        return False
    told = {text for r, text in texts().items() if same_place(r, room) and text}
    return len(told) < 2


def named_ways(world_map: Any, room: str | None) -> list[str]:
    """Exits the room's text named that this run has not travelled (a link assumed from the reverse move
    counts as not travelled: "a pantry lies west" need not be the way back to the yard)."""
    try:
        exits = world_map.room(room).get("exits", {})
        links = world_map.links.get(room, {})
    except Exception:  # a room the map does not hold
        return []
    return [
        str(label)
        for label, state in exits.items()
        if state == "mentioned" and (label not in links or links[label].inferred)
    ]


def _been_here(world_map: Any, room: str | None) -> bool:
    """Whether this run stood in the room before (the way led back to a known room: nothing to look at)."""
    try:
        return int(world_map.room(room).get("visit_count", 0)) > 1
    except Exception:
        return False


def start(trip: Trip, room: str, way: str, run: int) -> tuple[str, str]:
    """Send the exit and note the trip."""
    trip.room, trip.way, trip.phase, trip.back_moves = room, way, OUT, []
    trip.made.append(f"{room}|{way}")
    return way, f"{RULE} (run {run}): {way} from here, {OUT_REASON}"


def under_way(
    trip: Trip, ctx: TurnContext, route_back: Callable[[str], list[str]], run: int
) -> tuple[str, str] | str | None:
    """The trip's next (command, rule); "" once it is over where it started (the path goes on); a reason
    when it ended elsewhere (the replay stops); None when no trip is under way."""
    if not trip.room:
        return None
    if ctx.death_note:
        trip.room = ""
        return "a death on a side trip"
    here = ctx.room_id
    if trip.phase == OUT and (here == trip.room or here is None):  # refused: nothing that way
        trip.room = ""
        return ""
    if trip.phase == BACK and here == trip.room:
        trip.room = ""
        return ""
    if trip.phase == OUT and not _been_here(ctx.map, here):
        trip.phase = LOOK
        return LOOK_COMMAND, f"{RULE} (run {run}): look round the side room"
    if len(trip.back_moves) >= BACK_TRIES:
        trip.room = ""
        return "lost on a side trip"
    trip.phase = BACK
    steps = route_back(trip.room)
    # The known way back first, then the way opposite the one that came, then the ways the room names
    # (a closet whose door is not opposite the way in), on the map or in the text just read (the map may
    # hold two closets as one): each once.
    said = parse_exits(f"{ctx.room_description} {ctx.last_output}")
    tries = [*steps[:1], opposite(trip.way) or "", *named_ways(ctx.map, here), *said]
    step = next((t for t in tries if t and t not in trip.back_moves), None)
    trip.back_moves += [step] if step else []
    if not step:
        trip.room = ""
        return "lost on a side trip"
    return step, f"{RULE} (run {run}): back to the path"
