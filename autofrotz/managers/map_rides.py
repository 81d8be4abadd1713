"""Rides: a car, lift or chair that carries the player off without printing where it stopped.

The reply to the control ("the car glides to a stop") names no room; where the ride ended is read
from the graph (the same control from here went there before, or brought us here from there) or from
the label of the control in an earlier reply ('The yellow button reads "Upper Deck"').
"""

from __future__ import annotations

from autofrotz.managers.map_graph import Link
from autofrotz.managers.map_view import MapView
from autofrotz.managers.room_signals import first_match
from autofrotz.reading.rooms_scenes import QUOTED, RIDE_PATTERNS
from autofrotz.reading.told_text import WORDS
from autofrotz.reading.ways_words import whole_words
from autofrotz.words.directions import OPPOSITES

# Verbs that work a control; the rest of the command names the control.
CONTROL_VERBS = frozenset({"push", "press", "pull", "turn", "flip", "move", "hit", "touch", "select"})
# Words of a command that say nothing about which control ("push the button").
FILLER_WORDS = frozenset({"the", "a", "an", "button", "switch", "lever", "key"})


def is_ride_text(text: str) -> bool:
    """True when a reply says a vehicle or lift carried the player on, without naming the place.

    >>> is_ride_text("After a while, you come to a gentle stop.")
    True
    >>> is_ride_text("The basket lurches back up through a gap, carrying me with it.")
    True
    >>> is_ride_text("The troll stops you.")
    False
    """
    return first_match(RIDE_PATTERNS, text) is not None


def control_words(command: str) -> list[str]:
    """The words naming the control a command works, or [] when it works none.

    >>> control_words("push yellow button"), control_words("Press Red"), control_words("north")
    (['yellow'], ['red'], [])
    """
    words = command.lower().split()
    if len(words) < 2 or words[0] not in CONTROL_VERBS:
        return []
    return [w for w in words[1:] if w not in FILLER_WORDS]


def control_label(command: str, replies: list[str]) -> str | None:
    """The quoted label printed on the line naming the control, latest reply first.

    >>> control_label("push green", ['The yellow button reads "Hall"', 'The green button reads "Barracks"'])
    'Barracks'
    >>> control_label("push blue", ['The yellow button reads "Hall"']) is None
    True
    """
    words = control_words(command)
    if not words:
        return None
    for reply in reversed(replies):
        for line in reply.splitlines():
            found = QUOTED.search(line)
            if found and all(whole_words(w, 0).search(line.lower()) for w in words):
                return found.group(1).strip()
    return None


def label_names(label: str, name: str) -> bool:
    """True when every word of a control's label is a word of a room name.

    >>> label_names("Barracks", "Soldiers' Barracks"), label_names("Main Hall", "Hall of Kings")
    (True, False)
    """
    have = set(WORDS.findall(name.lower()))
    return bool(have) and all(w in have for w in WORDS.findall(label.lower()))


def ride_destination(view: MapView, command: str, label: str) -> str | None:
    """The known room a ride by this command ended in, or None when it is somewhere new."""
    here = view.current_room or ""
    known = view.links[here].get(label)
    if known and not known.random and known.to_room != here:
        return known.to_room  # this control took us from here before
    by_label = labelled_stop(view, command)
    if by_label:
        return by_label
    back = [r for r, links in view.links.items() if r != here and _rode(links.get(label), here)]
    return back[0] if len(back) == 1 else None  # the control that brought us here takes us back


def stepping_off(label: str | None) -> bool:
    """True when this command, just after a ride, gets off the vehicle rather than walks on."""
    return label == "out" or label not in OPPOSITES


def labelled_stop(view: MapView, command: str) -> str | None:
    """The stop the control's printed label names: the room of that name, or the one namesake of
    here that leads to it (a station named after the place it serves)."""
    label = control_label(command, list(view.replies))
    here = view.current_room or ""
    if not label:
        return None
    served = [r for r, d in view.nodes() if r != here and label_names(label, d["name"])]
    name = str(view.room(here)["name"]).lower() if here else ""
    stops = {r for r in view.rooms_named(name) if r != here and any(adjacent(view, r, s) for s in served)}
    if len(stops) == 1:
        return stops.pop()
    exact = [r for r in served if str(view.room(r)["name"]).lower() == label.lower()]
    return exact[0] if len(exact) == 1 and not stops else None


def adjacent(view: MapView, a: str, b: str) -> bool:
    """True when a walked (not ridden) exit joins the two rooms either way."""
    return any(k.to_room == b and not k.teleport for k in view.links[a].values()) or any(
        k.to_room == a and not k.teleport for k in view.links[b].values()
    )


def _rode(link: Link | None, here: str) -> bool:
    """True when the link is a ride (no walked exit) that ended here."""
    return link is not None and link.to_room == here and link.teleport
