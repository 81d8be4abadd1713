"""Identity rules for a reply that names no room: darkness, refusals, rides, falls, returns and
relocations. Listed in order in map_rules.RULES."""

from __future__ import annotations

from autofrotz.managers.exit_words import first_sentence
from autofrotz.managers.map_markers import look_alike
from autofrotz.managers.map_reading import is_retort, name_from_description
from autofrotz.managers.map_rides import is_ride_text, ride_destination
from autofrotz.managers.map_scenes import (
    is_return_text,
    same_spot_other_era,
    teleport_origin,
    vertical_shift,
)
from autofrotz.managers.map_side_look import headed_look, plain_words
from autofrotz.managers.map_verdicts import (
    DARK,
    ELSEWHERE,
    KNOWN,
    REREAD,
    STAY,
    Observation,
    Verdict,
    current_link,
)
from autofrotz.managers.map_view import MapView
from autofrotz.managers.room_parser import ParsedOutput, parse_exits
from autofrotz.managers.room_prose import leading_paragraph
from autofrotz.managers.room_signals import (
    is_back_where_started,
    is_dark_again_text,
    is_relocation_text,
    reads_like_dead_end,
)
from autofrotz.reading.rooms_scenes import GOT_OFF
from autofrotz.words.directions import OPPOSITES

# A reply opening with these is someone speaking, never a room's description.
SPEECH_MARKS = ('"', "\u201c", "'")


# ----- a reply naming no room -----
def _dark_move(seen: Observation, view: MapView) -> bool:
    return seen.parsed.is_dark and (seen.travel or view.current_room is None)


def got_off_in_dark(seen: Observation, view: MapView) -> Verdict | None:
    """Got off a bed or out of a chair in a dark room: still in that room, still dark.
    Convention: the Inform library's exit message ("You get out of the bed.") then "It is pitch dark"."""
    here = view.current_room
    if not seen.parsed.is_dark or not here or not view.room(here).get("is_dark"):
        return None
    return Verdict(here, kind=STAY, dark_here=True) if GOT_OFF.match(leading_paragraph(view.reply)) else None


def dark_known_exit(seen: Observation, view: MapView) -> Verdict | None:
    """A move into darkness by an exit we know: where it leads."""
    link = current_link(seen, view)
    return Verdict(link.to_room, kind=DARK) if _dark_move(seen, view) and link and not link.random else None


def dark_dead_end(seen: Observation, view: MapView) -> Verdict | None:
    """Into darkness from a room whose text says it has no other way out: back where we came from.
    Convention: dark rooms ("It is pitch dark") entered from a dead end, whose only way out is back."""
    came, here = view.last_move, view.current_room
    if not _dark_move(seen, view) or not here or not came or came[2] != here or came[0] == here:
        return None
    return Verdict(came[0], kind=DARK) if reads_like_dead_end(str(view.room(here)["description"])) else None


def dark_new_room(seen: Observation, view: MapView) -> Verdict | None:
    """Into darkness somewhere unknown: a dark placeholder room until light names it."""
    return Verdict(None, kind=DARK) if _dark_move(seen, view) else None


def dark_again(seen: Observation, view: MapView) -> Verdict | None:
    """It is dark again ("black again"): sent back to the dark room we walked in from.
    Convention: dark rooms; a light going out returns the player to the darkness they came from."""
    came, here = view.last_move, view.current_room
    if not seen.parsed.is_dark or not came or came[2] != here or not is_dark_again_text(view.reply):
        return None
    return Verdict(came[0], kind=KNOWN, is_dark=True) if view.room(came[0]).get("is_dark") else None


def _undescribed_step(seen: Observation, view: MapView) -> bool:
    """A compass move in a game without headers that was neither refused nor blocked."""
    parsed = seen.parsed
    refused = parsed.no_exit or parsed.blocked_reason
    return view.headerless_game() and not refused and seen.label in OPPOSITES


def silent_step(seen: Observation, view: MapView) -> Verdict | None:
    """A compass move (no headers) whose reply has no opening paragraph: nothing says we moved."""
    if not _undescribed_step(seen, view) or leading_paragraph(view.reply):
        return None
    return Verdict(view.current_room, kind=STAY)


def back_where_started(seen: Observation, view: MapView) -> Verdict | None:
    """A move that says it led round to where it began ("you are back where you started"): we stay.
    Convention: looping paths and warped rooms that return the player to the start of a move."""
    if not view.current_room or not seen.travel or not is_back_where_started(view.reply):
        return None
    return Verdict(view.current_room, kind=STAY)


def led_off_speaking(seen: Observation, view: MapView) -> Verdict | None:
    """Someone speaks where a room's description would be (no headers): led off unseen.
    Convention: games without room headers, where a character leads the player off and speaks."""
    if not _undescribed_step(seen, view) or not view.current_room:
        return None
    return Verdict(None, kind=ELSEWHERE) if leading_paragraph(view.reply).startswith(SPEECH_MARKS) else None


def unread_headers_step(seen: Observation, view: MapView) -> Verdict | None:
    """A compass move once the unread_headers check has tripped (accepted moves drew different replies
    while the map never left its one room): this game shows rooms in a shape our header reading does
    not take, so the reply's opening paragraph is the room, read as described_step reads it.
    Convention: games whose room lines our readers miss (no header at all, the name only inside a
    sentence or on the status line) still open a move's reply with the room's description."""
    if view.style["headerless"] > view.style["header"] or not view.headers_unread():
        return None  # a game read as headerless by its descriptions is described_step's
    return _opening_as_room(seen, view)


def described_step(seen: Observation, view: MapView) -> Verdict | None:
    """A compass move (no headers): the reply's opening paragraph is the room; read it as one, under
    the name of the room the exit is known to lead to, or one made from the text.
    Convention: games without room headers (description-only rooms, "You are in ...")."""
    return _opening_as_room(seen, view)


def look_names_the_room(seen: Observation, view: MapView) -> Verdict | None:
    """A compass move in a game read by descriptions whose side "look" opens with another paragraph
    than the reply: the look's opening is the room, read as described_step reads a reply's.
    Convention: "look" prints the room's own full description, while a move's reply may open with the
    journey told in sentences of its own, an event, or a short revisit in words the full text does not
    share; the look is the room's stable text (map_side_look)."""
    opening = leading_paragraph(view.side_look) if view.side_look else ""
    if not opening or not _undescribed_step(seen, view) or is_retort(view.reply):
        return None
    if headed_look(view.side_look):
        return None  # the look names the room by a header: this game prints them (map_side_look)
    if plain_words(opening) == plain_words(leading_paragraph(view.reply)):
        return None  # the reply already opens with the room's text: described_step reads it
    return _opening_as_room(seen, view, opening)


def look_confirms_passage(seen: Observation, view: MapView) -> Verdict | None:
    """A move off the compass ("enter pantry door", "climb ladder") in a game read by descriptions whose
    reply holds the very paragraph its side "look" opens with (after "(first opening the door)", say),
    and that paragraph is not the room we were in: the move led there; read it as described_step
    reads a compass move's reply.
    Convention: a door, a hole or a ladder entered by name shows the room beyond by its description
    alone in games without headers; "look" agreeing with the reply is what tells it from an event."""
    opening = leading_paragraph(view.side_look) if view.side_look else ""
    if not opening or not seen.travel or seen.label in OPPOSITES or not view.headerless_game():
        return None
    if headed_look(view.side_look):
        return None  # the look names the room by a header: this game prints them (map_side_look)
    if is_retort(view.reply) or plain_words(opening) not in plain_words(view.reply):
        return None  # the reply does not show the room the look describes (an event, a refusal)
    here = view.current_room
    if not here or plain_words(opening) == plain_words(str(view.room(here).get("description") or "")):
        return None
    parsed = ParsedOutput(description=opening, exits=parse_exits(opening), headerless_room=True)
    return Verdict(None, kind=REREAD, reading=(_reread_name(seen, view, opening), parsed))


def _opening_as_room(seen: Observation, view: MapView, opening: str | None = None) -> Verdict | None:
    if not _undescribed_step(seen, view):
        return None
    description = opening or leading_paragraph(view.reply)
    if is_retort(view.reply):
        return None
    parsed = ParsedOutput(description=description, exits=parse_exits(description), headerless_room=True)
    return Verdict(None, kind=REREAD, reading=(_reread_name(seen, view, description), parsed))


def _reread_name(seen: Observation, view: MapView, description: str) -> str:
    """The name a room shown by its description alone is read under: the room the known exit leads to
    (a revisit's shorter wording names it anew), unless the text is the full text of known rooms and
    not of that one: then it is a room of theirs (a forest of rooms of one text, where a way walked
    once may be told wrong), named by its first sentence as they are."""
    link = current_link(seen, view)
    own = name_from_description(description)
    if not link or link.random:
        return own
    target = str(view.room(link.to_room).get("description") or "")
    if not look_alike(target, description) and any(
        str(data.get("name", "")).lower() == own.lower()
        and look_alike(str(data.get("description") or ""), description)
        for _, data in view.nodes()
    ):
        return own
    return str(view.room(link.to_room)["name"])


def look_says_still_here(seen: Observation, view: MapView) -> Verdict | None:
    """A compass move in a game without headers whose side "look" opens with the description of the
    room we were in, not with the reply: the reply was the game's own refusal, and we stay. In a game
    with headers, a move whose reply shows no room while the look names the room we were in: the way
    is barred, in the words of the reply (map_side_look.look_keeps_header).
    Convention: "look" reprints where the player stands; hand-written refusals in open country name
    the ways out as a description does (map_side_look)."""
    if not view.current_room or not seen.label or not view.still_here:
        return None
    if headed_look(view.side_look):  # a game with headers refused in words of its own: something bars it
        return Verdict(view.current_room, kind=STAY, blocked=first_sentence(view.reply))
    return Verdict(view.current_room, kind=STAY, refute=True)


def refused_exit(seen: Observation, view: MapView) -> Verdict | None:
    """ "You can't go that way": no such exit, and we stay."""
    if not view.current_room or not seen.label or not seen.parsed.no_exit:
        return None
    return Verdict(view.current_room, kind=STAY, refute=True, is_dark=seen.parsed.is_dark, dark_here=True)


def blocked_exit(seen: Observation, view: MapView) -> Verdict | None:
    """A move something stops ("The door is closed"): the exit is blocked, and we stay."""
    parsed = seen.parsed
    if not view.current_room or not seen.label or not parsed.blocked_reason or not seen.travel:
        return None
    return Verdict(
        view.current_room, kind=STAY, blocked=parsed.blocked_reason, is_dark=parsed.is_dark, dark_here=True
    )


def _ride(seen: Observation, view: MapView) -> bool:
    here, command = view.current_room, seen.command
    return bool(here and command and seen.label and not seen.travel and is_ride_text(view.reply))


def ride_known_stop(seen: Observation, view: MapView) -> Verdict | None:
    """A car or lift carried us on without a header: the stop the graph or a control's label tells."""
    if not _ride(seen, view):
        return None
    target = ride_destination(view, seen.command or "", seen.label or "")
    return Verdict(target, kind=KNOWN, ride=True, dark_here=True) if target else None


def ride_unknown_stop(seen: Observation, view: MapView) -> Verdict | None:
    """A ride to a stop nothing names: a placeholder the header printed on stepping off will name.
    Convention: vehicles and lifts that carry the player without printing where they stop."""
    return Verdict(None, kind=ELSEWHERE, ride=True, dark_here=True) if _ride(seen, view) else None


def fall_or_lift(seen: Observation, view: MapView) -> Verdict | None:
    """A fall (or a lift) told without a header: the room below (or above) by the known exit."""
    here, shift = view.current_room, vertical_shift(view.reply)
    link = view.links[here].get(shift) if here and shift else None
    return Verdict(link.to_room, kind=KNOWN, dark_here=True) if link and not link.random else None


def back_from_teleport(seen: Observation, view: MapView) -> Verdict | None:
    """ "You find yourself back": the room the latest teleport into this one left from.
    Convention: teleports and visions that end with "you find yourself back" where they began."""
    if not view.current_room or not is_return_text(view.reply):
        return None
    origin = teleport_origin(view)
    return Verdict(origin, kind=KNOWN, dark_here=True) if origin else None


def same_spot_other_time(seen: Observation, view: MapView) -> Verdict | None:
    """ "Your surroundings appear altered": the one other room of this name (time travel).
    Convention: time travel that keeps the player's spot and changes the era."""
    other = same_spot_other_era(view, view.reply)
    return Verdict(other, kind=KNOWN, dark_here=True) if other else None


def relocated(seen: Observation, view: MapView) -> Verdict | None:
    """A reply saying we were taken somewhere it does not name: a placeholder room.
    Convention: the player carried off (captured, swept away, teleported) to a place the reply does not
    name."""
    if not view.current_room or not is_relocation_text(view.reply):
        return None
    return Verdict(None, kind=ELSEWHERE, dark_here=True)


def unnamed_start(seen: Observation, view: MapView) -> Verdict | None:
    """An intro that shows no room: the start, unnamed until a header names it.
    Convention: an opening prologue that names no room before the first header."""
    return Verdict(None, kind=ELSEWHERE) if view.current_room is None and seen.command is None else None


def no_move(seen: Observation, view: MapView) -> Verdict | None:
    """Nothing says we moved: we stay."""
    return Verdict(view.current_room, kind=STAY, is_dark=seen.parsed.is_dark, dark_here=True)
