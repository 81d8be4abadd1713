"""Room identity in scenes whose text misleads a header reader: falls and lifts told without a header,
returns from a teleport, dreams, moves stopped by an event, rooms rewritten by an event, revisits under
a new name, and time travel that keeps the spot.

Pure predicates over a read-only MapView and the SceneState (map_state: dream, vision, ride, recent
replies) that MapManager holds beside the graph; the rules in map_rules.py are built from them.
"""

from __future__ import annotations

from autofrotz.managers.map_identity import description_matches, same_text
from autofrotz.managers.map_maze import normalize_description, similarity
from autofrotz.managers.map_state import SceneState
from autofrotz.managers.map_view import MapView
from autofrotz.managers.room_parser import find_header
from autofrotz.managers.room_prose import is_item_line
from autofrotz.managers.room_signals import first_match, is_relocation_text
from autofrotz.reading.rooms_scenes import (
    DREAM_HEADER,
    FALL_PATTERNS,
    LIFT_PATTERNS,
    RETURN_PATTERNS,
    VISION_PATTERNS,
    WAKE_PATTERNS,
)
from autofrotz.words.directions import OPPOSITES, is_travel_command

# Under this share of the same wording, a reprinted room text shows a different place.
REWRITTEN_SIMILARITY = 0.7
# Under this length the line after a header is no room description (a signature, a date, a list item).
SHORTEST_DESCRIPTION = 40


def _described(line: str) -> bool:
    """A room description rather than a short state or object line."""
    return len(line) >= SHORTEST_DESCRIPTION and not is_item_line(line)


def vertical_shift(text: str) -> str | None:
    """ "down" for a reply telling of a fall, "up" for one telling of a lift, else None.

    >>> vertical_shift("Crack!  And you are falling... and you come down in a heap.")
    'down'
    >>> vertical_shift("Soon enough you arrive at the top, out of breath.")
    'up'
    >>> vertical_shift("You fall asleep.") is None
    True
    """
    if first_match(FALL_PATTERNS, text):
        return "down"
    return "up" if first_match(LIFT_PATTERNS, text) else None


def is_return_text(text: str) -> bool:
    """True when a reply says the player is back where a teleport took them from.

    >>> is_return_text("The mist clears...\\nBlinking, you find yourself back by the well!")
    True
    >>> is_return_text("You are back on your feet.")
    False
    """
    return first_match(RETURN_PATTERNS, text) is not None


def is_dream_header(header: str | None) -> bool:
    """True when a room header names a dream.

    >>> is_dream_header("Melancholy Dream"), is_dream_header("Dreamy Meadow")
    (True, False)
    """
    return bool(header) and DREAM_HEADER.search(header or "") is not None


def is_wake_text(text: str) -> bool:
    """True when a reply says the player wakes.

    >>> is_wake_text("Ouch!  You wake up, smarting."), is_wake_text("You drift east.")
    (True, False)
    """
    return first_match(WAKE_PATTERNS, text) is not None


def is_vision_text(text: str) -> bool:
    """True when a reply says the player is swept off into a vision.

    >>> is_vision_text("Before long you are carried away into a strange vision.")
    True
    >>> is_vision_text("Your vision returns.")
    False
    """
    return first_match(VISION_PATTERNS, text) is not None


def one_word_swapped(old: str, new: str) -> bool:
    """True when two names have the same words but one ("Spoon in the Road", "Fork in the Road").

    >>> one_word_swapped("Spoon in the Road", "Fork in the Road")
    True
    >>> one_word_swapped("Near Locker Room", "Locker Room"), one_word_swapped("Hall", "Attic")
    (False, False)
    """
    a, b = old.lower().split(), new.lower().split()
    return len(a) == len(b) > 1 and sum(x != y for x, y in zip(a, b, strict=True)) == 1


def next_dream_state(
    view: MapView, state: SceneState, header: str | None, command: str | None, text: str
) -> tuple[bool, bool]:
    """(dreaming, in a vision) after this reply: a dream lasts from sleeping into a header that names
    a dream until the player wakes (or a header names a room of the map: dream rooms never go on it,
    so that is a waking place)."""
    if state.dreaming:
        dreaming = not is_wake_text(text) and not dream_ends_at(view, state, header, command)
        return dreaming, state.in_vision
    vision = bool(header) and is_vision_text(text) and not is_dream_header(header)
    asleep = (is_dream_header(header) or vision) and not is_travel_command(command)
    dreaming = asleep and not is_wake_text(text) and view.current_room is not None
    return dreaming, dreaming and vision


def dream_ends_at(view: MapView, state: SceneState, header: str | None, command: str | None) -> bool:
    """A header ends a dream when it names a room of the map; a vision, which may show known
    places, ends at the room the player stands in or at a walk."""
    if not header:
        return False
    if state.in_vision:
        return header == view.current_name() or is_travel_command(command)
    return bool(view.rooms_named(header))


def carried_to(view: MapView, text: str) -> str | None:
    """The known room a headerless reply puts us in: below after a fall, above after a lift, or
    the room a teleport took us from when the reply says we are back."""
    here = view.current_room
    if here is None:
        return None
    shift = vertical_shift(text)
    link = view.links[here].get(shift) if shift else None
    if link and not link.random:
        return link.to_room
    return teleport_origin(view) if is_return_text(text) else None


def teleport_origin(view: MapView) -> str | None:
    """The room the latest teleport into the current room left from."""
    here = view.current_room
    found = [
        (link.turn, room)
        for room, links in view.links.items()
        for link in links.values()
        if link.teleport and link.to_room == here and room != here
    ]
    return max(found)[1] if found else None


def same_spot_other_era(view: MapView, text: str) -> str | None:
    """After "your surroundings appear altered", the one other room bearing the current room's
    name: time travel keeps the spot and changes the era."""
    here = view.current_room
    if here is None or not is_relocation_text(text):
        return None
    others = [r for r in view.rooms_named(view.room(here)["name"]) if r != here]
    return others[0] if len(others) == 1 else None


def stopped_here(view: MapView, name: str, label: str | None) -> bool:
    """A compass move by an exit already travelled to a room of another name printed the current
    room's header: an event stopped the move and redescribed the room we are still in. A room
    reached by a teleport from its namesake (the same spot in another era) shares that one's exits."""
    here = view.current_room
    if here is None or label not in OPPOSITES or view.room(here)["name"] != name:
        return False
    twin = teleport_origin(view)
    link = view.links[here].get(label or "")
    if link is None and twin and view.room(twin)["name"] == name:
        link = view.links[twin].get(label or "")
    return bool(link and not link.inferred and not link.random and view.room(link.to_room)["name"] != name)


def bounced_back(view: MapView, name: str, description: str, text: str) -> bool:
    """A move showed another room's header, then the current room's header and its own text again:
    we were turned back (insects, a guard) and stand where we were."""
    here = view.current_room
    if here is None or view.room(here)["name"] != name or not same_text(view, here, description):
        return False
    lines = text.replace("\r", "").split("\n")
    last = max((i for i, line in enumerate(lines) if line.strip().startswith(name)), default=0)
    earlier, _ = find_header("\n".join(lines[:last]), view.known_names())
    return earlier is not None and earlier != name


def rewritten_by_event(view: MapView, name: str, description: str, moving: bool, look: bool) -> bool:
    """A command that is no compass move nor a look printed the current room's header over a
    description sharing little with the room's own: the event took us to a namesake room."""
    here = view.current_room
    if here is None or moving or look or view.room(here)["name"] != name:
        return False
    stored = str(view.room(here)["description"])
    if not (_described(description) and _described(stored)):
        return False
    share = similarity(normalize_description(stored), normalize_description(description))
    return share < REWRITTEN_SIMILARITY and not description_matches(view, here, description)


def renamed_revisit(view: MapView, name: str, description: str, label: str | None) -> str | None:
    """A compass move by a known exit printed only a header no room bears, the exit's room's name
    with one word swapped: the game abbreviates revisits, so this is that room renamed."""
    here = view.current_room
    if here is None or description or label not in OPPOSITES or view.rooms_named(name):
        return None
    link = view.links[here].get(label or "")
    if not link or link.random or not view.style["brief"]:
        return None
    return link.to_room if one_word_swapped(view.room(link.to_room)["name"], name) else None
