"""Reading the opening turns again once the unread_headers check has tripped.

Until the check trips (map_view.MapView.headers_unread), a game whose room lines our header reading
misses keeps the map in its one room, so the turns before it all name that room. The check trips on
a room's opening paragraph coming back; from then on each room is read by its opening paragraph, and
the same convention reads the earlier turns: a turn whose reply opened with the paragraph a room
later opens with was in that room, and the turns after it that moved no one (an inventory, a refused
move) were there too. The map keeps the result as `relabelled` (turn -> room id): what it now
believes about those turns, next to what it said at the time.
"""

from __future__ import annotations

from autofrotz.managers.map_reading import is_retort, name_from_description
from autofrotz.managers.map_rules_named import LOOK_COMMANDS
from autofrotz.managers.map_side_look import headed_look, intro_openings, plain_words
from autofrotz.managers.map_state import ELSEWHERE_NAME, EarlyTurns, MapState
from autofrotz.managers.map_view import STOCK_OPENINGS, MapView
from autofrotz.managers.room_parser import ParsedOutput, parse_exits
from autofrotz.managers.room_prose import exits_closing_block, leading_paragraph, sentence_count
from autofrotz.words.directions import OPPOSITES, edge_label


def first_described_move(maps: MapState, parsed: ParsedOutput, command: str | None, text: str) -> bool:
    """The unread_headers check's early part (early_described_move): it trips on the first accepted
    compass move when no header has been read in this game, the story's first output showed no room
    (the map stands in its unnamed start), and the reply opens with a new paragraph of two sentences
    or more that names ways out, as a room's description does and an event, a view or a refusal (one
    sentence, or no way out) does not.
    Convention: a game without room headers shows the room a move leads to by its description, so a
    described move from a start that named no room is evidence enough; waiting for a room to come
    back (the check's other part) leaves every move before that in the start."""

    scene = maps.scene
    if scene.unread_decided is not None or len(maps.graph) != 1 or maps.style["header"]:
        return False
    if not command or edge_label(command) not in OPPOSITES or MapView(maps).current_name() != ELSEWHERE_NAME:
        return False
    if parsed.header or parsed.no_exit or parsed.blocked_reason or parsed.is_dark or maps.reading.outcome:
        return False
    if is_retort(text):
        return False
    if "look_names_the_room" not in maps.switched_off:
        text = looked_instead(scene.side_look, text)  # the look shows the room itself
    opening = leading_paragraph(text)
    if not opening or opening in scene.stock_openings:
        return False
    return (
        sentence_count(opening) >= 2
        and opening not in intro_openings(scene.intro)
        and bool(parse_exits(opening) or exits_closing_block(text))
    )


def looked_instead(look: str, reply: str) -> str:
    """The side look instead of the reply, when the look names no header and opens with another
    paragraph than the reply (the reply told the journey or a short revisit first), else the reply.

    >>> looked_instead("\\nA wharf. The towpath runs north.\\n", "You walk south. Gulls cry.\\n\\nThe wharf.")
    '\\nA wharf. The towpath runs north.\\n'
    >>> looked_instead("", "You walk south.")
    'You walk south.'
    """
    if not look or headed_look(look):
        return reply
    opening = leading_paragraph(look)
    return look if opening and plain_words(opening) != plain_words(leading_paragraph(reply)) else reply


def note_unread(
    maps: MapState, parsed: ParsedOutput, command: str | None, moved: bool, text: str, turn: int
) -> None:
    """The unread_headers check: an accepted compass move (no refusal, nothing blocking, not dark,
    no death) whose reply opens with a paragraph not seen before, yet the map still has one room.
    Once it has tripped, replies that open with an early turn's paragraph place that turn."""
    scene = maps.scene
    if scene.unread_decided:
        if scene.early.open:
            scene.early.place(leading_paragraph(text), maps.current_room)
        return
    if scene.unread_decided is False:
        return
    scene.early.note(turn, _unread_openings(maps, parsed, command, moved, text))
    if MapView(maps).headers_unread():
        scene.unread_decided = True
        scene.early.place(leading_paragraph(text), maps.current_room)  # the room this reply shows
        for opening in scene.early.unplaced_moves():  # rooms the early moves showed and left
            if parse_exits(opening):  # a room's description names its ways out; an event does not
                room = maps.store.add_room(name_from_description(opening), opening, turn=turn)
                scene.early.place(opening, room)
    elif len(maps.graph) > 1:
        scene.unread_decided = False  # rooms were told apart without it: the answer is final
        scene.early = EarlyTurns()


def _unread_openings(
    maps: MapState, parsed: ParsedOutput, command: str | None, moved: bool, text: str
) -> frozenset[str]:
    """Remember a stock answer or a move's opening paragraph for the unread_headers check; returns
    the openings this reply may show a room by."""
    scene = maps.scene
    if not command:
        scene.intro = scene.intro or text
        return intro_openings(text)
    if (
        edge_label(command) not in OPPOSITES
        and command.strip().lower() not in LOOK_COMMANDS
        and len(scene.stock_openings) < STOCK_OPENINGS
    ):
        scene.stock_openings.add(leading_paragraph(text))
    if edge_label(command) not in OPPOSITES or moved or len(maps.graph) > 1:
        return frozenset()
    if parsed.no_exit or parsed.blocked_reason or parsed.is_dark or maps.reading.outcome == "death":
        return frozenset()
    opening = leading_paragraph(text)
    if not opening or is_retort(text):
        return frozenset()
    scene.unread_moves.setdefault(opening, set()).add(edge_label(command) or "")
    return frozenset({opening})
