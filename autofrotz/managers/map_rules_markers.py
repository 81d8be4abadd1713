"""Identity rules for look-alike rooms a player has marked by dropping things in them (map_markers).

Convention: in a maze of rooms that share one name (and often one description), a player drops one
carried thing in each room; a room seen again is the one whose thing lies there, and a room showing none
of the things left is none of the marked rooms. Listed in map_rules.RULES before the rules that guess
among namesakes from exits and positions, since a marker is what the player left to settle exactly that.
"""

from __future__ import annotations

from autofrotz.managers.map_markers import look_alike, shown
from autofrotz.managers.map_maze import normalize_description
from autofrotz.managers.map_side_exit import exit_verdict, namesakes
from autofrotz.managers.map_survey import survey_verdict, twins
from autofrotz.managers.map_verdicts import Observation, Verdict, candidates, current_link
from autofrotz.managers.map_view import MapView
from autofrotz.managers.room_prose import is_item_line
from autofrotz.words.directions import opposite


def _room_text(seen: Observation) -> str:
    """The room's own description in the reply ("" when only things are listed under the header)."""
    return "" if is_item_line(seen.description) else seen.description


def _marked_namesakes(seen: Observation, view: MapView) -> list[str] | None:
    """The namesakes when at least one holds a marker and two or more read like this reply (or, for a
    reply without the room's text, like a marked one): a maze of look-alikes. Else None."""
    found = candidates(seen, view)
    marked = [c for c in found if view.left_in(c)]
    if len(found) < 2 or not marked:
        return None
    texts = [_room_text(seen)] if _room_text(seen) else [_stored(view, c) for c in marked]
    alike = [c for c in found if any(look_alike(_stored(view, c), t) for t in texts)]
    return found if len(alike) >= 2 else None


def _stored(view: MapView, room_id: str) -> str:
    return str(view.room(room_id)["description"])


def marked_lookalike(seen: Observation, view: MapView) -> Verdict | None:
    """Among rooms of one name, the one whose marker (a thing dropped there) this reply shows."""
    found = _marked_namesakes(seen, view)
    if found is None:
        return None
    text = _room_text(seen)
    marked = [c for c in found if shown(view.reply, text, view.left_in(c))]
    return Verdict(marked[0]) if len(marked) == 1 else None


def unmarked_lookalike(seen: Observation, view: MapView) -> Verdict | None:
    """A move into a room of a marked name that shows none of the markers: not a marked room. The
    unmarked namesake with this very text that the exit leads to (or leads back here from), else a new
    room."""
    found = _marked_namesakes(seen, view)
    text = _room_text(seen)
    if found is None or not seen.travel or not text:
        return None
    if any(shown(view.reply, text, view.left_in(c)) for c in found):
        return None  # a marker of two rooms at once, or a thing seen again: not for this rule
    words = normalize_description(text)
    pool = [c for c in found if not view.left_in(c) and _same_words(view, c, words)]
    link = current_link(seen, view)
    if link and not link.random and link.to_room in pool:
        return Verdict(link.to_room)
    back = opposite(seen.label) if seen.label else None
    here = view.current_room
    led_back = [c for c in pool if back and (way := view.links[c].get(back)) and way.to_room == here]
    if len(led_back) == 1:
        return Verdict(led_back[0])
    # rooms "all different": no marked namesake reads like this, so the one unmarked room that does is it
    if len(pool) == 1 and not any(_same_words(view, c, words) for c in found if view.left_in(c)):
        return Verdict(pool[0])
    return Verdict(None)


def _same_words(view: MapView, room_id: str, words: str) -> bool:
    return normalize_description(_stored(view, room_id)) == words


def exit_tells_namesakes(seen: Observation, view: MapView) -> Verdict | None:
    """Among rooms of one name and text, the one whose walked exit leads where the same exit, tried in
    a side copy, leads from here; a new room when every one knows that exit and none leads there
    (map_side_exit: a player who cannot tell look-alike rooms apart tries a way whose end is known)."""
    answer = view.side_exit
    if answer is None or not seen.travel:
        return None
    rooms = dict(view.nodes())
    found = namesakes(rooms, seen.name.lower(), seen.description)
    if not found:
        return None
    known, headerless = view.known_names(), view.headerless_game()
    decided, room = exit_verdict(rooms, view.links, found, answer, known, headerless, view.surveys)
    return Verdict(room) if decided else None


def survey_tells_namesakes(seen: Observation, view: MapView) -> Verdict | None:
    """Among rooms of one name and text, the one whose survey (every way and pair of ways tried in side
    copies) agrees with the survey taken here; a new room when every one was surveyed and none agrees
    (map_survey: a player who cannot tell look-alike rooms apart tries every way from here)."""
    facts = view.side_survey
    if facts is None or not seen.travel:
        return None
    rooms = dict(view.nodes())
    found = twins(rooms, seen.name.lower(), seen.description)
    if not found:
        return None
    link = view.links.get(view.current_room or "", {}).get(seen.label or "")
    way = link.to_room if link else None
    decided, room = survey_verdict(rooms, view.links, found, view.surveys, facts, way)
    return Verdict(room) if decided else None
