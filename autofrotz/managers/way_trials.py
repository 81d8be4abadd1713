"""Every way of a room tried in side copies of the game (side_copies.side_moves, at no game turn),
and what the replies say of the room's exits.

The map asks on each arrival in a room it has placed, again once something there was opened, and
after a move that showed the same room again: the ten compass ways (up and down among them), "in"
and "out", and the commands off the compass that once led out of the room, each in a copy thrown
away, after a turn of waiting in another (what the story's clock does by itself: a way that ends
where waiting ends is the clock's, not the way's). What the copies show now outweighs what was
known before, since doors open and shut, rides leave and guards move.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from autofrotz.managers.exit_words import (
    CLOCK_WAY,
    DARK_WAY,
    LOOPS_BACK,
    SHOWN_WAY,
    WALKED_BACK,
    opened_on_the_way,
    opened_something,
    read_way_tried,
    warned_places,
    warned_ways,
)
from autofrotz.managers.map_graph import BLOCKED, MENTIONED
from autofrotz.managers.map_rules_named import LOOK_COMMANDS
from autofrotz.managers.map_side_look import plain_words
from autofrotz.managers.map_state import MapState
from autofrotz.managers.map_view import MapView
from autofrotz.managers.room_prose import leading_paragraph
from autofrotz.reading.ways_words import SEATED
from autofrotz.words.directions import OPPOSITES, edge_label, is_travel_command

# The compass ways, up and down, "in" and "out". What the trials of "in" and "out" show is kept
# apart from the exits the agents explore ("through_ways", read by exit_states.py): a way in or out is
# often a doorway already walked by another name, and exploring those first lost the built-in agent
# the cellar it had won (tests/test_builtin_agent.py, test_wins_cellar_through_the_real_orchestrator).
TRIED_WAYS = tuple(OPPOSITES)
THROUGH_WAYS = ("in", "out")


def note_ways_said(maps: MapState, command: str | None, reply: str, stayed: bool = False) -> None:
    """What a reply says of this room's ways: a warning that names one (a sign: "go no further north"),
    and a way refused as shut that something opened here may have cleared (exit_words.py). A move
    that showed this room again (`stayed`: a desert, a place that counts the player's steps) may
    have changed where its ways lead: they are tried again, and the way walked leads back here (until
    a side copy shows it leading on). Any other command off the compass may have changed them too (a
    scale that bars the way once a coin is taken): they are tried again for the briefing alone."""
    here = maps.current_room
    if here is None:
        return
    if stayed and command and (label := edge_label(command)):
        maps.store.note_exit_words(here, label, WALKED_BACK, "walked_back")
    for direction, sentence in warned_ways(reply).items():
        maps.store.note_exit_words(here, direction, sentence, "warnings")
    if command and not is_travel_command(command) and command.strip().lower() not in LOOK_COMMANDS:
        for direction, sentence in warned_places(reply, _places_of_ways(maps, here)).items():
            maps.store.note_exit_words(here, direction, sentence, "warnings")
    opened = opened_something(command, reply)
    if opened:
        maps.store.reopen_shut_refusals(here, opened)
    seated = bool(command) and edge_label(command or "") not in OPPOSITES
    if stayed or opened or (seated and barred_by_seat(maps.room(here))):
        maps.room(here)["ways_stale"] = True  # the side copies try every way again
    elif command and not is_travel_command(command):
        maps.room(here)["ways_recheck"] = True  # tried again for the briefing alone


# Reads our own note of a way seen in a side copy (exit_words.read_way_tried writes it), not game text.
_SEEN_NAMED = re.compile(r"^leads to a place named (.+) \(seen in a side copy\)$")


def _places_of_ways(maps: MapState, here: str) -> dict[str, str]:
    """The name of the place each way of a room leads to: walked, or seen in a side copy."""
    places = {
        way: found.group(1)
        for way, note in maps.room(here).get("exit_notes", {}).items()
        if (found := _SEEN_NAMED.match(note))
    }
    for way, link in maps.links.get(here, {}).items():
        if link.to_room != here and not link.inferred:
            places[way] = str(maps.room(link.to_room)["name"])
    return places


def ways_to_try(maps: MapState) -> tuple[str, ...]:
    """The ways to try now in the room the map stands in (no maze, no placeholder), the turn of waiting
    first; () when its ways were tried since the map last arrived and nothing was opened since."""
    here = maps.current_room
    if here is None:
        return ()
    node = maps.room(here)
    if node.get("maze_group") or node.get("placeholder"):
        return ()
    if (
        node.get("ways_tried") == node["visit_count"]
        and not node.get("ways_stale")
        and not node.get("ways_recheck")
    ):
        return ()
    ways = (*TRIED_WAYS, *(label for label in maps.links.get(here, {}) if label not in OPPOSITES))
    return (CLOCK_WAY, *(way for way in ways if way != CLOCK_WAY))


def _a_known_room(maps: MapState, reply: str) -> bool:
    """Whether a reply opens with the paragraph of a room already on the map (a game without headers)."""
    opening = plain_words(leading_paragraph(reply))
    texts = (str(data.get("description") or "") for _, data in maps.graph.nodes(data=True))
    return bool(opening) and any(plain_words(leading_paragraph(text)) == opening for text in texts)


def _namesakes_shown(node: Mapping[str, Any], stayed: Mapping[str, str], known: frozenset[str]) -> set[str]:
    """The ways whose reply shows this room's name again over a paragraph of its own that is not the
    one this room was described by: other places of the same name (a landing on each floor, hills that
    share one name). A paragraph that several ways show alike is an event told whatever way is typed.

    >>> here, none = {"description": "A landing with a brass rail. The hall lies south."}, frozenset()
    >>> attic, same = "Landing\\nA landing. The attic lies south.", "Landing\\n" + here["description"]
    >>> sorted(_namesakes_shown(here, {"up": attic, "down": same}, none))
    ['up']
    >>> bird = "Landing\\nA bird sings."
    >>> sorted(_namesakes_shown(here, {"up": bird, "down": bird}, none))
    []
    """
    from autofrotz.managers.room_parser import parse_output

    own = plain_words(leading_paragraph(str(node.get("description") or "")))
    shown = {
        way: plain_words(leading_paragraph(parse_output(reply, known).description or ""))
        for way, reply in stayed.items()
    }
    alike = Counter(shown.values())
    return {way for way, text in shown.items() if text and own and text != own and alike[text] == 1}


def _found_only_by_trial(node: Mapping[str, Any], way: str) -> bool:
    """Whether a way of a room is known only because an earlier side copy found it leading on.

    >>> seen = "leads to a place named Hut (seen in a side copy)"
    >>> node = {"exits": {"west": "mentioned"}, "exit_notes": {"west": seen}}
    >>> _found_only_by_trial(node, "west"), _found_only_by_trial({**node, "mentioned": ["west"]}, "west")
    (True, False)
    """
    note = node.get("exit_notes", {}).get(way, "")
    said = way in node.get("mentioned", [])
    return node["exits"].get(way) == MENTIONED and note.endswith("(seen in a side copy)") and not said


def barred_by_seat(node: Mapping[str, Any]) -> bool:
    """Whether a way of this room is barred by where the player sits or stands (reading.ways_words.SEATED):
    any command may change that without a move, so the ways are tried again after it.

    >>> barred_by_seat({"exits": {"north": "blocked"}, "exit_reasons": {"north": "Get off the sofa first."}})
    True
    >>> barred_by_seat({"exits": {"north": "blocked"}, "exit_reasons": {"north": "The door is locked."}})
    False
    """
    reasons = node.get("exit_reasons", {})
    return any(
        state == BLOCKED and SEATED.search(reasons.get(label, "")) for label, state in node["exits"].items()
    )


def _read_ways(maps: MapState, replies: Mapping[str, str]) -> dict[str, tuple[str, str]]:
    """Each way's reply as exit_words.read_way_tried reads it in the room the map stands in."""
    node = maps.room(maps.current_room or "")
    name, known = str(node["name"]).lower(), maps.known_names()
    headers = not MapView(maps).headerless_game()
    return {way: read_way_tried(reply, name, known, way, headers) for way, reply in replies.items()}


def ways_that_stay(maps: MapState, replies: Mapping[str, str]) -> tuple[str, ...]:
    """The compass ways whose reply showed this room's heading again ("stays"), in a room the map stands
    in: a way back to this very room, or into a twin of it."""
    if maps.current_room is None:
        return ()
    read = _read_ways(maps, replies)
    return tuple(way for way, (kind, _) in read.items() if kind == "stays" and way in OPPOSITES)


def _loops_back(read: Mapping[str, tuple[str, str]], returns: Mapping[str, tuple[str, str]]) -> set[str]:
    """The ways that lead back to this very room: after the way, the opposite way shows the same place
    as the opposite way shows from here (a twin of this room would show this room on the way back).

    >>> grove = ("leads", "leads to a place named Grove (seen in a side copy)")
    >>> read = {"east": ("stays", ""), "west": grove, "north": ("stays", ""), "south": ("refused", "No.")}
    >>> sorted(_loops_back(read, {"east": grove, "north": ("stays", "")}))
    ['east']
    """
    return {
        way
        for way, said in returns.items()
        if said[0] == "leads" and read.get(OPPOSITES[way]) == said and read.get(way, ("",))[0] == "stays"
    }


def note_ways_tried(
    maps: MapState, replies: dict[str, str], returns: Mapping[str, str] | None = None
) -> None:
    """Read each way's reply (exit_words.read_way_tried) onto the exits of the room the map stands in;
    `returns`: for a way that showed this room again, the reply to the opposite way sent after it."""
    here = maps.current_room
    if here is None:
        return
    node = maps.room(here)
    recheck = node.get("ways_tried") == node["visit_count"] and not node.get("ways_stale")
    node["ways_tried"], node["ways_stale"], node["ways_recheck"] = node["visit_count"], False, False
    known = maps.known_names()
    read = _read_ways(maps, replies)
    stayed = {way: replies[way] for way, (kind, _) in read.items() if kind == "stays"}
    namesakes = _namesakes_shown(node, stayed, known)
    loops = _loops_back(read, _read_ways(maps, returns or {})) - namesakes
    node["loops_back"] = dict.fromkeys(sorted(loops), LOOPS_BACK)
    node["ways_shut_now"] = {}
    node["shut_on_the_way"] = {  # a way that leads through a thing shut now, opened first by the game
        way: thing
        for way, reply in replies.items()
        if (thing := opened_on_the_way(reply)) and way != CLOCK_WAY
    }
    node["ways_open_now"] = {}
    if recheck:  # tried again after a command in this room: for the briefing only, the agents' map stays
        clock = read.get(CLOCK_WAY, ("unclear", ""))
        ways = {way: said for way, said in read.items() if not _the_clock(said, clock)}
        node["ways_shut_now"] = _shut_now(ways)
        node["ways_open_now"] = {way: words for way, (kind, words) in ways.items() if kind == "leads"}
        return
    for way, (_kind, words) in list(read.items()):
        if words.startswith(SHOWN_WAY) and not _a_known_room(maps, replies[way]):
            read[way] = ("unclear", words)  # a paragraph no room has shown: an event, a refusal in prose
        elif way in namesakes:
            read[way] = ("leads", f"leads to another place named {node['name']} (seen in a side copy)")
    clock = read.pop(CLOCK_WAY, ("unclear", ""))
    through = {way: read.pop(way) for way in THROUGH_WAYS if way in read}
    node["through_ways"] = {
        way: ("unclear", said[1]) if _the_clock(said, clock) else _through_verdict(*said)
        for way, said in through.items()
    }
    node["ways_confirmed"] = []
    for way, (kind, words) in read.items():
        link = maps.links.get(here, {}).get(way)
        if kind == "leads" and link is not None and link.inferred and _shows(maps, link.to_room, words):
            node["ways_confirmed"].append(way)  # the way back was walked, and this way showed that room
        if _the_clock((kind, words), clock):
            continue  # waiting a turn does the same: the story's clock, not the way (a ride, a guide)
        if node.get("is_dark") and words == DARK_WAY:
            continue  # darkness from darkness: moved or not, the reply cannot tell
        if kind == "kills":  # no way on now: shown apart with what killed (a lamp may change it)
            kind, words = "refused", barred_words(kind, words)
        if kind == "blocked" or (kind == "refused" and link is not None and not link.inferred):
            maps.store.mark_blocked(here, way, words)  # a walked way refused now is shut, not absent
        elif kind == "refused":
            maps.store.refute_exit(here, way, reason=words)
        elif kind == "stays" and link is not None and link.inferred:
            maps.store.remove_connection(here, way)  # the way back was only assumed, and the copy stayed here
        elif kind == "stays" and link is None and _found_only_by_trial(node, way):
            node["exits"].pop(way, None)  # an earlier copy found it leading on; from here it stays now
            node.get("exit_notes", {}).pop(way, None)
        elif kind == "leads" and link is not None and link.blocked:
            maps.store.unblock(here, way)
        elif kind == "leads" and link is None:
            node.get("walked_back", {}).pop(way, None)  # it led back once; it leads on now
            node["exits"][way] = MENTIONED  # even a way refused before: it leads on now
            maps.store.note_exit_words(here, way, words, "exit_notes")


def _shows(maps: MapState, room_id: str, words: str) -> bool:
    """Whether a way's words from a side copy say it showed the room with this id."""
    name = str(maps.room(room_id)["name"])
    return words.lower() == f"leads to a place named {name} (seen in a side copy)".lower()


def _the_clock(said: tuple[str, str], clock: tuple[str, str]) -> bool:
    """Whether a way's reading is what a turn of waiting did as well: the story's clock (a ride, a guide,
    a threat drawing near), not the way.

    >>> hut = ("leads", "leads to a place named Hut (seen in a side copy)")
    >>> _the_clock(hut, hut), _the_clock(hut, ("unclear", ""))
    (True, False)
    >>> _the_clock(("blocked", "No."), ("blocked", "No."))  # a way refused as waiting is: still refused
    False
    """
    return clock[0] in ("leads", "kills") and said == clock


def barred_words(kind: str, words: str) -> str:
    """A barred way's words as the exits keep them: a death a side copy met that way says so.

    >>> barred_words("kills", "The floor gives way."), barred_words("blocked", "The door is locked.")
    ('kills (seen in a side copy): The floor gives way.', 'The door is locked.')
    """
    return f"kills (seen in a side copy): {words}" if kind == "kills" else words


def _shut_now(read: Mapping[str, tuple[str, str]]) -> dict[str, str]:
    """The ways a trial after a command in the room found barred or refused, with the game's words and
    whether a way kills (exit_states shows them blocked until the ways are tried again).

    >>> _shut_now({"east": ("blocked", "Something bars your way."), "west": ("leads", "to Hut")})
    {'east': 'Something bars your way.'}
    >>> _shut_now({"south": ("kills", "The bomb explodes.")})
    {'south': 'kills (seen in a side copy): The bomb explodes.'}
    """
    return {
        way: barred_words(kind, words)
        for way, (kind, words) in read.items()
        if kind in ("blocked", "refused", "kills")
    }


def _through_verdict(kind: str, words: str, clock: tuple[str, str] = ("unclear", "")) -> tuple[str, str]:
    """What a trial of "in" or "out" says for the briefing: it leads on only when it showed a room
    ("leads"); any other answer ("You're not in anything") is a refusal, and an unclear one no verdict;
    the same move as a turn of waiting (`clock`) is the story's clock, not the way.

    >>> _through_verdict("blocked", "You're not in anything."), _through_verdict("leads", "to Hut")[0]
    (('refused', "You're not in anything."), 'leads')
    """
    if _the_clock((kind, words), clock):
        return "unclear", words
    if kind in ("blocked", "refused", "kills", "stays"):
        return "refused", words
    return kind, words
