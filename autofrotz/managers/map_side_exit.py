"""A known exit tried in a side copy to tell look-alike rooms apart (rule `exit_tells_namesakes`).

Convention: rooms that share one name and one text (a forest of identical clearings, a start room's
twin further on) differ in where their ways lead. A player who walks into such a room by a way not yet
walked, and cannot tell which of the rooms it is, tries a way whose end is known: if "east" from the
room they think it is led to the hall, and east from here does not, this is another room. The side copy
(inventory_probe, saved and restored, no game turn) answers the move and a "look" after it; the map
compares the room that look shows with the room each namesake's walked exit of that label leads to.

`exit_question` chooses the exit (read-only on the map, asked before the map reads the reply);
`exit_verdict` reads the answer. Pure functions of the map and the texts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from autofrotz.managers.directions import OPPOSITES, edge_label, is_travel_command
from autofrotz.managers.map_identity import _name_from_description
from autofrotz.managers.map_markers import look_alike
from autofrotz.managers.map_rules_unnamed import is_retort
from autofrotz.managers.room_parser import parse_output
from autofrotz.managers.room_prose import leading_paragraph

if TYPE_CHECKING:
    from autofrotz.managers.map_graph import Link

# The order exits are tried in when several tell the namesakes apart equally well.
EXIT_ORDER = tuple(OPPOSITES)
# What a side copy answered: per exit tried, (the exit, the move's reply, the reply to "look" after it).
ExitAnswers = tuple[tuple[str, str, str], ...]
TRIED = 2  # exits tried at most per arrival; a new room needs every namesake ruled out by this many


def room_shown(text: str, known: frozenset[str], headerless: bool) -> tuple[str, str]:
    """(name, text) of the room a reply shows: its header and description, or in a game without
    headers its opening paragraph named by its first sentence (as described_step reads a move);
    ("", "") when it shows no room.

    >>> room_shown("Hall\\nA long hall.", frozenset(), False)
    ('hall', 'A long hall.')
    >>> room_shown("\\nA dim glade. Paths run north.\\n", frozenset(), True)
    ('a dim glade', 'A dim glade. Paths run north.')
    >>> room_shown("You can't go that way.", frozenset(), True)
    ('', '')
    """
    parsed = parse_output(text, known)
    if parsed.header:
        return parsed.header.lower(), parsed.description
    if not headerless or parsed.no_exit or parsed.blocked_reason or parsed.is_dark or is_retort(text):
        return "", ""
    description = parsed.description if parsed.headerless_room else leading_paragraph(text)
    return (_name_from_description(description).lower(), description) if description else ("", "")


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


def ends(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    found: list[str],
    label: str,
) -> dict[str, str]:
    """For each namesake with a walked exit of this label, the room it leads to."""
    told: dict[str, str] = {}
    for room in found:
        link = _walked(links, room, label)
        if link is not None and link.to_room in rooms:
            told[room] = link.to_room
    return told


def _name(rooms: Mapping[str, Mapping[str, Any]], room: str) -> str:
    return str(rooms[room].get("name", "")).lower()


def _reads_like(rooms: Mapping[str, Mapping[str, Any]], room: str, name: str, description: str) -> bool:
    """The room bears this name, and its stored text reads like this one (when both have one): rooms
    of one name on several floors differ by their texts."""
    stored = str(rooms[room].get("description") or "")
    return _name(rooms, room) == name and (not stored or not description or look_alike(stored, description))


def best_exits(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    found: list[str],
    here_name: str,
) -> tuple[str, ...]:
    """The exits (TRIED at most) whose known ends tell the namesakes apart best: every namesake has
    walked them (else an answer decides nothing), one of their ends bears another name than this room,
    and their ends differ most; () when no exit qualifies."""
    scored = []
    for label in EXIT_ORDER:
        told = {room: _name(rooms, end) for room, end in ends(rooms, links, found, label).items()}
        if len(told) < len(found) or all(name == here_name for name in told.values()):
            continue
        scored.append((-len(set(told.values())), EXIT_ORDER.index(label), label))
    return tuple(label for *_, label in sorted(scored)[:TRIED])


def exit_question(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    reply: str,
    command: str | None,
    current: str | None,
    known: frozenset[str],
    headerless: bool,
) -> tuple[str, ...]:
    """The exits to try in a side copy for a move into a room of a known name and text by a way not yet
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
    return best_exits(rooms, links, found, name)


def _outcome(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    found: list[str],
    answer: tuple[str, str, str],
    known: frozenset[str],
    headerless: bool,
) -> tuple[set[str], set[str]] | None:
    """(the namesakes whose walked exit leads to a room of the name the look shows, those of them whose
    end reads like it too) for one tried exit; None when the answer tells nothing: the side move was
    refused (perhaps in words of the game's own: its reply must show a room) or a namesake has not
    walked that exit."""
    label, moved, look = answer
    step = parse_output(moved, known)
    if step.no_exit or step.blocked_reason or step.is_dark or not room_shown(moved, known, headerless)[0]:
        return None
    seen, text = room_shown(look, known, headerless)
    if not seen:
        seen, text = room_shown(moved, known, headerless)
    told = ends(rooms, links, found, label)
    if not seen or len(told) < len(found):
        return None
    named = {room for room, end in told.items() if _name(rooms, end) == seen}
    return named, {room for room in named if _reads_like(rooms, told[room], seen, text)}


def exit_verdict(
    rooms: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Link]],
    found: list[str],
    answers: ExitAnswers,
    known: frozenset[str],
    headerless: bool,
) -> tuple[bool, str | None]:
    """(decided, room) from the side copy's answers (each: the exit tried, its reply, the look after it):
    the one namesake no answer rules out, whose end reads like the look in one of them; no namesake (a new
    room) when every one is ruled out by each of two answers. Only another name rules a namesake out (a
    room's text may change with what lies or opens in it), and a single answer never makes a new room:
    a walked exit may lead elsewhere now (a door, a bridge, the story's own changes)."""
    outcomes = [o for a in answers if (o := _outcome(rooms, links, found, a, known, headerless)) is not None]
    if not outcomes:
        return False, None
    left = [room for room in found if all(room in named for named, _ in outcomes)]
    if len(outcomes) >= TRIED and not any(room in named for named, _ in outcomes for room in found):
        return True, None
    if len(left) == 1 and any(left[0] in fits for _, fits in outcomes):
        return True, left[0]
    return False, None
