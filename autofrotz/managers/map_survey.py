"""A survey of a look-alike room in side copies tells which of its namesakes it is (rule
`survey_tells_namesakes`).

Convention: rooms that share one name and one text (a forest whose every way leads to more forest but
one) differ in where their ways lead, sometimes only two moves away. A player who cannot tell which of
them they stand in, when the known ways tried first (map_side_exit) told nothing, tries every way and
every pair of ways from here and compares what they show with what the same survey showed in each
namesake: the room is the namesake whose survey agrees with this one, a new room when every namesake
was surveyed and none agrees. Surveys are taken by side_copies.side_survey (saved and restored, no
game turn); the map keeps one per look-alike room. Pure functions of the map, its surveys and the texts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from autofrotz.managers.map_maze import normalize_description
from autofrotz.managers.map_reading import room_shown
from autofrotz.managers.map_side_exit import (
    conflict,
    exit_verdict,
    namesakes,
    walk,
)
from autofrotz.managers.map_state import ExitAnswers, Facts

if TYPE_CHECKING:
    from autofrotz.managers.map_graph import Link


def twins(rooms: Mapping[str, Mapping[str, Any]], name: str, description: str) -> list[str]:
    """Rooms of this name whose stored text is this one word for word: the rooms of a forest, which a
    survey tells apart (an "all different" maze, whose texts share their words in other orders, is told
    apart by the things a player drops, map_markers)."""
    words = normalize_description(description)
    return [r for r in namesakes(rooms, name, description) if words and _words(rooms, r) == words]


def _words(rooms: Mapping[str, Mapping[str, Any]], room: str) -> str:
    return normalize_description(str(rooms[room].get("description") or ""))


def agree(mine: Facts, theirs: Facts) -> bool:
    """Two surveys that saw the same on every route both tried, a room on one of them at least (rooms
    whose every way is refused, or that a survey could not read, are not told apart by it).

    >>> agree({("north",): ("wood",), ("east",): ("",)}, {("north",): ("wood",)})
    True
    >>> agree({("north",): ("wood",)}, {("north",): ("hall",)}), agree({("up",): ("",)}, {("up",): ("",)})
    (False, False)
    """
    common = mine.keys() & theirs.keys()
    shown = any(all(mine[route]) for route in common)
    return shown and all(mine[route] == theirs[route] for route in common)


def survey_question(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    reply: str,
    known: frozenset[str],
    headerless: bool,
    surveys: Mapping[str, Facts],
    answers: ExitAnswers | None,
) -> str:
    """The name of the room a move's reply shows when a survey of it is worth asking: known rooms share
    its name and text, one of them was surveyed, and the routes tried first (answers) did not tell which
    it is; "" otherwise."""
    name, description = room_shown(reply, known, headerless)
    found = twins(rooms, name, description)
    if not found or not any(room in surveys for room in found):
        return ""
    if answers and exit_verdict(rooms, links, found, answers, known, headerless, surveys)[0]:
        return ""
    return name


def walked_conflict(
    rooms: Mapping[str, Mapping[str, Any]], links: Mapping[str, Mapping[str, Link]], room: str, facts: Facts
) -> bool:
    """The survey saw a room of another name at the end of a way the player walked from this room (one
    move or two): it was taken in another room."""
    for route, names in facts.items():
        passed = walk(rooms, links, room, route)
        if passed is not None and conflict(
            tuple(str(rooms[r].get("name", "")).lower() for r in passed), names
        ):
            return True
    return False


def survey_verdict(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    found: list[str],
    surveys: Mapping[str, Facts],
    facts: Facts,
    way_leads_to: str | None,
) -> tuple[bool, str | None]:
    """(decided, room): the namesake whose survey agrees with this one and whose walked ways do not
    refute it (the one the way walked leads to when several agree: their surveys cannot tell them
    apart), a new room (None) when every namesake was surveyed and each one's survey saw another room
    than this one's somewhere; else undecided. Agreement counts only in a forest, where some way leads
    into another room of this name: rooms of one name and text whose ways all lead elsewhere (a row of
    like rooms along a corridor, each with its like door) agree without being one room, and the rules
    of walked ways tell them apart."""
    same = [
        room
        for room in found
        if room in surveys and agree(surveys[room], facts) and not walked_conflict(rooms, links, room, facts)
    ]
    if same and not any(len(route) > 1 for route in facts):
        return False, None  # no way leads into another room of this name: no forest
    if same:
        return True, way_leads_to if way_leads_to in same else same[0]
    if all(room in surveys and disagree(surveys[room], facts) for room in found):
        return True, None
    return False, None


def disagree(mine: Facts, theirs: Facts) -> bool:
    """Two surveys that saw rooms of other names on one route at least (a way refused in one and open in
    the other may have opened since: that alone tells no room from another).

    >>> wood, hall, refused = {("north",): ("wood",)}, {("north",): ("hall",)}, {("north",): ("",)}
    >>> disagree(wood, refused), disagree(wood, hall)
    (False, True)
    """
    return any(conflict(mine[route], theirs[route]) for route in mine.keys() & theirs.keys())
