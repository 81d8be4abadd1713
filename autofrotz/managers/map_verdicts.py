"""The shapes the identity rules work in: what a reply showed (Observation), what a rule decided
(Verdict), and a rule itself (a named function of the two, in one ordered table in map_rules.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from autofrotz.managers.map_graph import Link
from autofrotz.managers.map_view import MapView
from autofrotz.managers.room_parser import ParsedOutput

# What a verdict asks the manager to do.
ARRIVE = "arrive"  # walked (or looked) into the named room room_id, or a new room when it is None
LIGHT = "light"  # light came back in a room first met in the dark: name it, or fold it into room_id
KNOWN = "known"  # carried without a header to the known room room_id
ELSEWHERE = "elsewhere"  # carried off to a place the text does not name: a placeholder room
DARK = "dark"  # walked into darkness: room_id, or a new dark placeholder when it is None
STAY = "stay"  # still where we were
REREAD = "reread"  # read the reply again as a room described without a header (`reading`)

# Which replies a rule reads: one naming a room (a header, or a description in a game without
# headers), one naming none, or any.
HEADER, NO_HEADER, ANY = "header", "no header", "any"


@dataclass(frozen=True)
class Observation:
    """One reply as the rules see it, with the command that drew it."""

    parsed: ParsedOutput
    command: str | None  # None for the intro and after a death (no exit was walked)
    label: str | None  # the exit label of the command ("north", "enter boat")
    travel: bool  # the command is a move
    named: bool  # the reply names a room (a header, or a description where the game prints no headers)
    name: str = ""  # the room name it shows (a header, or made from the description)
    room_name: str = ""  # that name with an aside that only repeats the current room set aside
    off_ride: bool = False  # getting off a ride that carried us here
    landed: bool = False  # set down on something ("(on the bed)") rather than walked in
    moving: bool = False  # a compass move (in/out while inside something do not count)
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def description(self) -> str:
        return self.parsed.description


@dataclass(frozen=True)
class Verdict:
    """A rule's decision and what the manager needs to apply it."""

    room_id: str | None  # the room; None with ARRIVE or DARK means a new room
    rule: str = ""  # which rule decided: stored with the turn, shown in traces and on the page
    kind: str = ARRIVE
    rename: str | None = None  # give room_id this name first
    unplaceholder: bool = False  # the room was a placeholder (dark, unnamed) and now has its name
    is_dark: bool = False
    ride: bool = False  # a ride carried us: we are riding until we step off
    refute: bool = False  # the exit tried does not exist
    blocked: str | None = None  # the exit tried is blocked, for this reason
    dark_here: bool = False  # the room we stay in is dark
    reading: tuple[str, ParsedOutput] | None = None  # REREAD: the name and room text to read instead


@dataclass(frozen=True)
class Rule:
    """A named rule: reads an observation and the map, returns a verdict or None to pass."""

    decide: Callable[[Observation, MapView], Verdict | None]
    reads: str = ANY
    essential: bool = False  # cannot be switched off: a fallback, or a case later rules take as settled

    @property
    def name(self) -> str:
        return self.decide.__name__

    def applies(self, seen: Observation) -> bool:
        return self.reads == ANY or (self.reads == HEADER) == seen.named


def current_link(seen: Observation, view: MapView) -> Link | None:
    """The known exit of the current room by the label of this command."""
    here = view.current_room
    return view.links[here].get(seen.label) if here and seen.label else None


def candidates(seen: Observation, view: MapView) -> list[str]:
    """Rooms bearing the name this reply shows."""
    if "candidates" not in seen.memo:
        seen.memo["candidates"] = view.rooms_named(seen.room_name)
    return list(seen.memo["candidates"])
