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

from autofrotz.if_patterns import detect_outcome
from autofrotz.managers.map_reading import is_retort
from autofrotz.managers.map_side_look import headed_look, intro_openings, plain_words
from autofrotz.managers.map_state import ELSEWHERE_NAME, MapState
from autofrotz.managers.map_view import MapView
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
    if parsed.header or parsed.no_exit or parsed.blocked_reason or parsed.is_dark or detect_outcome(text):
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
