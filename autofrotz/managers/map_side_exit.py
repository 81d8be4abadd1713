"""Known ways tried in side copies to tell look-alike rooms apart (rule `exit_tells_namesakes`).

Convention: rooms that share one name and one text (a forest of identical clearings, a start room's
twin further on) differ in where their ways lead. A player who walks into such a room by a way not yet
walked, and cannot tell which of the rooms it is, tries a way whose end is known: if "east" from the
room they think it is led to the hall, and east from here does not, this is another room. The side copy
(side_copies, saved and restored, no game turn) answers the move and a "look" after it; the map
compares the room that look shows with the room each namesake's walked exit of that label leads to.

A namesake's ways are known two ways: the exits the player walked from it, and what a survey saw
there (map_survey: every move and every pair of moves tried in side copies the first time the map
placed the player in a look-alike room). A survey tells rooms apart where no single walked exit does,
as in a forest whose every way leads to more forest but one: "south, then east" reaches the clearing
from one tree and not from its twin. A way is then a route of one or two moves.

`exit_question` chooses the routes (read-only on the map, asked before the map reads the reply);
`exit_verdict` reads the answers. Pure functions of the map, its surveys and the texts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from autofrotz.managers.map_markers import look_alike
from autofrotz.managers.map_reading import room_shown
from autofrotz.managers.map_state import ExitAnswers, Facts, Route
from autofrotz.managers.room_parser import parse_output
from autofrotz.words.directions import OPPOSITES, edge_label, is_travel_command

if TYPE_CHECKING:
    from autofrotz.managers.map_graph import Link

# The order exits are tried in when several tell the namesakes apart equally well.
EXIT_ORDER = tuple(OPPOSITES)
TRIED = 2  # routes tried at most per arrival; a new room needs every namesake ruled out by this many
SURVEYED_TRIED = 3  # routes tried at most when every namesake was surveyed (forests of many rooms)


def namesakes(rooms: Mapping[str, Mapping[str, Any]], name: str, description: str) -> list[str]:
    """Rooms of this name whose stored text reads like this one (look-alikes; any of them when the reply
    shows the name alone), in map order."""
    if not name:
        return []
    found = [r for r, data in rooms.items() if str(data.get("name", "")).lower() == name]
    if not description.strip():
        return found
    return [r for r in found if look_alike(str(rooms[r].get("description") or ""), description)]


def _walked(links: Mapping[str, Mapping[str, Link]], room: str, label: str) -> Link | None:
    link = links.get(room, {}).get(label)
    if link is None or link.random or link.inferred or link.blocked or link.teleport:
        return None
    return link


def _name(rooms: Mapping[str, Mapping[str, Any]], room: str) -> str:
    return str(rooms[room].get("name", "")).lower()


def _reads_like(rooms: Mapping[str, Mapping[str, Any]], room: str, name: str, description: str) -> bool:
    """The room bears this name, and its stored text reads like this one (when both have one): rooms
    of one name on several floors differ by their texts."""
    stored = str(rooms[room].get("description") or "")
    return _name(rooms, room) == name and (not stored or not description or look_alike(stored, description))


class Prediction(NamedTuple):
    """What a namesake's known ways say a route shows: the names a survey saw, or the room a walked
    exit leads to (whose name and stored text the look there must match)."""

    names: tuple[str, ...]
    end: str | None = None  # the room a walked exit leads to; None for a survey's names


def walk(
    rooms: Mapping[str, Mapping[str, Any]], links: Mapping[str, Mapping[str, Link]], room: str, route: Route
) -> list[str] | None:
    """The rooms a route's walked exits lead through from this room, the last one at its end; None when
    one of its moves has not been walked from the room it reaches."""
    passed = []
    for label in route:
        link = _walked(links, room, label)
        if link is None or link.to_room not in rooms:
            return None
        room = link.to_room
        passed.append(room)
    return passed


def predict(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    facts: Mapping[str, Facts],
    room: str,
    route: Route,
) -> Prediction | None:
    """What the room's survey saw along the route, else where its walked exit leads (one move); None
    when neither knows."""
    seen = facts.get(room, {}).get(route)
    if seen is not None:
        return Prediction(seen)
    link = _walked(links, room, route[0]) if len(route) == 1 else None
    if link is None or link.to_room not in rooms:
        return None
    return Prediction((_name(rooms, link.to_room),), link.to_room)


def predictions(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    facts: Mapping[str, Facts],
    found: list[str],
    route: Route,
) -> dict[str, Prediction]:
    """For each namesake whose ways are known along the route, what they say it shows."""
    told = {}
    for room in found:
        said = predict(rooms, links, facts, room, route)
        if said is not None:
            told[room] = said
    return told


def _candidates(facts: Mapping[str, Facts], found: list[str]) -> list[Route]:
    """Every single exit, and the routes the namesakes' surveys saw, in EXIT_ORDER."""
    routes = {(label,) for label in EXIT_ORDER} | {route for room in found for route in facts.get(room, {})}
    return sorted(routes, key=lambda route: (len(route), [EXIT_ORDER.index(label) for label in route]))


def best_exits(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    found: list[str],
    here_name: str,
    facts: Mapping[str, Facts] | None = None,
) -> tuple[Route, ...]:
    """The routes (TRIED at most, SURVEYED_TRIED when every namesake was surveyed) whose known ends tell
    the namesakes apart best: every namesake knows them (else an answer decides nothing), one of them
    shows a room of another name than this one, and chosen one by one, each telling apart the most
    pairs of namesakes the ones before did not, then showing the most different names, then the
    shorter; () when no route qualifies."""
    facts = facts or {}
    scored = []
    for route in _candidates(facts, found):
        told = predictions(rooms, links, facts, found, route)
        if len(told) < len(found) or all(set(said.names) == {here_name} for said in told.values()):
            continue
        pairs = {frozenset((a, b)) for a in told for b in told if a < b and told[a].names != told[b].names}
        scored.append((route, len({said.names for said in told.values()}), pairs))
    limit = SURVEYED_TRIED if found and all(room in facts for room in found) else TRIED
    chosen: list[Route] = []
    apart: set[frozenset[str]] = set()
    while scored and len(chosen) < limit:
        best = max(scored, key=lambda item: (len(item[2] - apart), item[1], -len(item[0])))
        chosen.append(best[0])
        apart |= best[2]
        scored.remove(best)
    return tuple(chosen)


def exit_question(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    reply: str,
    command: str | None,
    current: str | None,
    known: frozenset[str],
    headerless: bool,
    facts: Mapping[str, Facts] | None = None,
) -> tuple[Route, ...]:
    """The routes to try in side copies for a move into a room of a known name and text by a way not yet
    walked (or walked to a room of another name); () when there is nothing to tell apart."""
    if not is_travel_command(command) or current is None:
        return ()
    label = edge_label(command or "")
    if label not in OPPOSITES:
        return ()
    name, description = room_shown(reply, known, headerless)
    found = namesakes(rooms, name, description)
    if not found:
        return ()
    link = links.get(current, {}).get(label)
    if link is not None and not link.random and link.to_room in found and len(found) == 1:
        return ()  # the way is known and leads to the one room of this name
    return best_exits(rooms, links, found, name, facts)


def shown_names(replies: tuple[str, ...], known: frozenset[str], headerless: bool) -> tuple[str, ...]:
    """The name of the room each reply shows, "" for a reply that shows none (a refusal, darkness)."""
    return tuple(shown_name(reply, known, headerless) for reply in replies)


def shown_name(reply: str, known: frozenset[str], headerless: bool) -> str:
    step = parse_output(reply, known)
    if step.no_exit or step.blocked_reason or step.is_dark:
        return ""
    return room_shown(reply, known, headerless)[0]


def _outcome(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    facts: Mapping[str, Facts],
    found: list[str],
    answer: tuple[Route, tuple[str, ...], str],
    known: frozenset[str],
    headerless: bool,
) -> tuple[set[str], set[str]] | None:
    """(the namesakes the answer does not rule out: their walked exit leads to a room of the name the
    look shows, or their survey saw no other name where both showed a room; those whose end reads like
    the look there too, or whose survey saw just what the copy showed, a room of another name among it)
    for one tried route; None when the answer tells nothing: a namesake does not know the route, or a
    walked exit's move was refused (perhaps in words of the game's own: its reply must show a room)."""
    route, replies, look = answer
    told = predictions(rooms, links, facts, found, route)
    if len(told) < len(found) or len(replies) != len(route):
        return None
    names = shown_names(replies, known, headerless)
    seen, text = room_shown(look, known, headerless)
    if not seen:
        seen, text = room_shown(replies[-1], known, headerless)
    kept, fits = set(), set()
    for room, said in told.items():
        if said.end is None:  # a survey saw the names the moves' replies show
            if not conflict(said.names, names):
                kept.add(room)
            passed = walk(rooms, links, room, route)
            if (
                said.names == names
                and any(name and name != _name(rooms, room) for name in names)  # more forest proves nothing
                and (passed is None or _reads_like(rooms, passed[-1], seen, text))  # floors differ by text
            ):
                fits.add(room)
            continue
        if not names[-1] or not seen:
            return None
        if _name(rooms, said.end) == seen:
            kept.add(room)
            if _reads_like(rooms, said.end, seen, text):
                fits.add(room)
    return kept, fits


def conflict(mine: tuple[str, ...], theirs: tuple[str, ...]) -> bool:
    """Two routes' names that differ where both showed a room: only another name rules a room out (a
    way refused once may open later, and one open may close).

    >>> conflict(("wood", "hall"), ("wood", "")), conflict(("wood",), ("hall",))
    (False, True)
    """
    return any(a and b and a != b for a, b in zip(mine, theirs, strict=True))


def exit_verdict(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    found: list[str],
    answers: ExitAnswers,
    known: frozenset[str],
    headerless: bool,
    facts: Mapping[str, Facts] | None = None,
) -> tuple[bool, str | None]:
    """(decided, room) from the side copies' answers (each: the route tried, its replies, the look after
    it): the one namesake no answer rules out, whose end reads like the look in one of them; no namesake
    (a new room) when every one is ruled out by each of two answers, or, when every namesake was
    surveyed, by one of two answers at least. Only another name rules a namesake out (a room's text may
    change with what lies or opens in it), and a single answer never makes a new room: a walked exit
    may lead elsewhere now (a door, a bridge, the story's own changes)."""
    facts = facts or {}
    outcomes = [
        o for a in answers if (o := _outcome(rooms, links, facts, found, a, known, headerless)) is not None
    ]
    if not outcomes:
        return False, None
    left = [room for room in found if all(room in kept for kept, _ in outcomes)]
    surveyed = all(room in facts for room in found)
    if len(outcomes) >= TRIED and (
        not any(room in kept for kept, _ in outcomes for room in found) or (surveyed and not left)
    ):
        return True, None
    if len(left) == 1 and any(left[0] in fits for _, fits in outcomes):
        return True, left[0]
    return False, None
