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

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from autofrotz.if_patterns import detect_outcome
from autofrotz.managers.room_parser import ParsedOutput, parse_exits
from autofrotz.managers.room_prose import exits_closing_block, leading_paragraph, sentence_count
from autofrotz.words.directions import OPPOSITES, edge_label

if TYPE_CHECKING:
    from autofrotz.managers.map_manager import MapManager

# Opening turns remembered while the check is open: a game that never trips it stops adding here.
EARLY_TURNS = 200


def intro_openings(text: str) -> frozenset[str]:
    """Each paragraph of the story's first output read as a room's opening: the banner and the
    title come before the first room's description.

    >>> sorted(intro_openings("The chores wait.\\n\\nFARM\\nRelease 1\\n\\nMud covers the yard."))
    ['FARM Release 1', 'Mud covers the yard.', 'The chores wait.']
    """
    chunks = text.replace("\r", "").split("\n\n")
    return frozenset(p for p in (leading_paragraph(chunk) for chunk in chunks) if p)


def first_described_move(maps: MapManager, parsed: ParsedOutput, command: str | None, text: str) -> bool:
    """The unread_headers check's early part (early_described_move): it trips on the first accepted
    compass move when no header has been read in this game, the story's first output showed no room
    (the map stands in its unnamed start), and the reply opens with a new paragraph of two sentences
    or more that names ways out, as a room's description does and an event, a view or a refusal (one
    sentence, or no way out) does not.
    Convention: a game without room headers shows the room a move leads to by its description, so a
    described move from a start that named no room is evidence enough; waiting for a room to come
    back (the check's other part) leaves every move before that in the start."""
    from autofrotz.managers.map_manager import ELSEWHERE_NAME
    from autofrotz.managers.map_rules_unnamed import is_retort
    from autofrotz.managers.map_view import MapView

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
    from autofrotz.managers.map_side_look import headed_look, plain_words

    if not look or headed_look(look):
        return reply
    opening = leading_paragraph(look)
    return look if opening and plain_words(opening) != plain_words(leading_paragraph(reply)) else reply


@dataclass
class EarlyTurns:
    """The turns read while the check was open: (turn, the openings its reply may show a room by;
    empty when it moved no one), and the room each anchor turn was found to be in."""

    turns: list[tuple[int, frozenset[str]]] = field(default_factory=list)
    found: dict[int, str] = field(default_factory=dict)  # anchor turn -> room id

    def note(self, turn: int, openings: frozenset[str]) -> None:
        if len(self.turns) < EARLY_TURNS:
            self.turns.append((turn, openings))

    def place(self, opening: str, room_id: str | None) -> None:
        """A reply read after the check tripped opened with this paragraph in room_id: the early
        turns that opened with it were there."""
        if not opening or room_id is None:
            return
        for turn, openings in self.turns:
            if turn not in self.found and opening in openings:
                self.found[turn] = room_id

    def unplaced_moves(self) -> list[str]:
        """The distinct openings of moves (not the story's first output) no room has shown yet, in
        the order they were seen."""
        found: list[str] = []
        for turn, openings in self.turns:
            if turn and len(openings) == 1 and turn not in self.found:
                found.extend(o for o in openings if o not in found)
        return found

    @property
    def open(self) -> bool:
        """True while some anchor turn is not placed yet."""
        return any(openings and turn not in self.found for turn, openings in self.turns)

    def relabelled(self) -> dict[int, str]:
        """Every early turn whose latest anchor (itself, or the last turn before it that showed a
        room) has been placed, with that room."""
        result: dict[int, str] = {}
        anchor: int | None = None
        for turn, openings in self.turns:
            if openings:
                anchor = turn
            if anchor is not None and anchor in self.found:
                result[turn] = self.found[anchor]
        return result
