"""Telling look-alike maze rooms apart without markers: guides followed off the compass, the ways out
a reply mentions, fixtures the reply repeats, and falls that pass through one room into another.

Pure predicates over a read-only MapView; the identity rules (map_rules.py) that follow guides, read
falls and choose among rooms of one name are built from them.
"""

from __future__ import annotations

from autofrotz.managers.map_graph import MENTIONED, Link
from autofrotz.managers.map_identity import KEPT_WORDS, furnishings, kept_furnishings, maze_like, shared_run
from autofrotz.managers.map_maze import normalize_description
from autofrotz.managers.map_view import MapView
from autofrotz.managers.room_parser import find_header, parse_exits, parse_output
from autofrotz.managers.room_prose import is_item_line
from autofrotz.reading.rooms_scenes import EXIT_LISTING, TUMBLE_DOWN
from autofrotz.words.directions import OPPOSITES, is_travel_command, opposite


def split_fall(text: str, known: frozenset[str] = frozenset()) -> tuple[str, str] | None:
    """The part of a reply up to a fall and the part after it, when a room header comes before the
    fall and another after it (we walked into one room and dropped into the one below).

    >>> split_fall("Corridor\\n\\nNo floor here! You tumble downwards...\\n\\nShaft\\nA cramped shaft.")
    ('Corridor\\n\\nNo floor here! ', 'You tumble downwards...\\n\\nShaft\\nA cramped shaft.')
    >>> split_fall("You tumble downwards...\\n\\nShaft\\nA cramped shaft.") is None
    True
    """
    fall = TUMBLE_DOWN.search(text)
    if fall is None:
        return None
    before, after = text[: fall.start()], text[fall.start() :]
    if find_header(before, known)[0] is None or find_header(after, known)[0] is None:
        return None
    return before, after


def travelled(view: MapView, room_id: str) -> dict[str, str]:
    """Exits of a room walked at least once (not inferred), label -> room."""
    return {k: link.to_room for k, link in view.links[room_id].items() if not link.inferred}


def guide_back(view: MapView, label: str | None, travelled_here: bool) -> str | None:
    """A compass step inside a maze with no walked exit this way: the one maze room that led here
    by a move off the compass (following a guide). Walking away from where a guide led retraces
    its path; a maze's passages need not mirror the step that made them, so a guessed way back
    counts for nothing here."""
    here = view.current_room
    group = view.maze_group(here)
    if label not in OPPOSITES or not here or not group or travelled_here:
        return None
    before = [
        r
        for r in view.links
        if r != here
        and view.maze_group(r) == group
        and any(opposite(k) is None and to == here for k, to in travelled(view, r).items())
    ]
    return before[0] if len(before) == 1 else None


def retrace(view: MapView, label: str | None, travelled_here: bool) -> str | None:
    """Walking back along a path through a maze (the room we just left is one this room led to),
    a compass step by no walked exit goes on back: to the one other maze room that led here."""
    here, came = view.current_room, view.last_move
    group = view.maze_group(here)
    if label not in OPPOSITES or not here or not group or travelled_here or not came or came[2] != here:
        return None
    left = came[0]
    if left == here or left not in travelled(view, here).values():
        return None
    before = [
        r
        for r in view.links
        if r not in (here, left) and view.maze_group(r) == group and here in travelled(view, r).values()
    ]
    return before[0] if len(before) == 1 else None


def guide_rejoined(view: MapView, label: str | None) -> str | None:
    """A move off the compass ("follow mouse") from a maze room it was never made from: the one
    maze room next to here from which the same move went on elsewhere, where the guide's route
    is known to pass."""
    here = view.current_room
    group = view.maze_group(here)
    if not label or opposite(label) is not None or not is_travel_command(label) or not here or not group:
        return None
    if label in view.links[here]:
        return None
    near = {to for to in travelled(view, here).values() if view.maze_group(to) == group}
    near |= {r for r in view.links if here in travelled(view, r).values() and view.maze_group(r) == group}
    near.discard(here)
    if len(near) != 1:
        return None
    (neighbour,) = near
    onward = travelled(view, neighbour).get(label)
    return neighbour if onward and onward != here else None


def fallen_among_fixtures(
    view: MapView, candidates: list[str], name: str, description: str, link: Link | None
) -> str | None:
    """After a fall (this reply is the part below the room fallen through), the one namesake whose
    fixtures a header-only reply shows, over a way down only guessed from a climb up."""
    if not TUMBLE_DOWN.match(view.reply) or (link is not None and not link.inferred) or len(candidates) < 2:
        return None
    fixed = kept_furnishings(view, [c for c in candidates if c != view.current_room], name, description)
    return fixed[0] if len(fixed) == 1 else None


def word_for_word(view: MapView, pool: list[str], candidates: list[str], description: str) -> list[str]:
    """The pool's rooms whose stored text is this printed description word for word, when the
    namesakes look alike (a look-alike naming other exits is another room)."""
    if not description or is_item_line(description) or not maze_like(view, candidates, description):
        return []
    text = normalize_description(description)
    return [c for c in pool if normalize_description(view.room(c)["description"]) == text]


def told_apart_by_way(view: MapView, pool: list[str], candidates: list[str], description: str) -> str | None:
    """Among look-alikes, the one a way out mentioned beyond the shared text points to."""
    same = word_for_word(view, pool, candidates, description)
    return mentions_way(view, same, candidates, description) if same else None


def told_apart_by_fixtures(
    view: MapView, pool: list[str], candidates: list[str], name: str, description: str
) -> str | None:
    """Among look-alikes, the one whose paragraph of fixed things this reply repeats."""
    same = word_for_word(view, pool, candidates, description)
    return shows_fixtures(view, same, candidates, name) if same else None


def shows_fixtures(view: MapView, pool: list[str], candidates: list[str], name: str) -> str | None:
    """The one namesake whose stored paragraphs of things (exit listings aside, and none the room
    we left showed too) this reply repeats."""
    here = set(view.room(view.current_room).get("furnishings", [])) if view.current_room else set()
    seen = {p for p in furnishings(view.reply, name) if not EXIT_LISTING.match(p)} - here
    shown = [c for c in candidates if seen & set(view.room(c).get("furnishings", []))]
    return shown[0] if len(shown) == 1 and shown[0] in pool else None


def mentions_way(view: MapView, pool: list[str], candidates: list[str], description: str) -> str | None:
    """The one namesake ever shown with ways out, all of which this reply mentions beyond the
    description the look-alikes share ("A marble stairway leads upward" under the same text)."""
    if parse_exits(description):
        return None  # the shared text itself lists ways out: each look-alike has its own
    mentioned = set(parse_output(view.reply).exits)
    marked = [c for c in candidates if mentioned_exits(view, c)]
    if len(marked) != 1 or marked[0] not in pool or not mentioned:
        return None
    return marked[0] if mentioned_exits(view, marked[0]) <= mentioned else None


def open_way_back(view: MapView, pool: list[str], back: str | None, description: str) -> str | None:
    """A header-only revisit among namesakes: the one whose text named the way back and where
    that way has not been walked to somewhere else."""
    if not back or (description and not is_item_line(description)) or len(pool) < 2:
        return None
    open_back = [c for c in pool if back in mentioned_exits(view, c) and unwalked(view, c, back)]
    return open_back[0] if len(open_back) == 1 else None


def unwalked(view: MapView, room_id: str, label: str) -> bool:
    link = view.links[room_id].get(label)
    return link is None or link.inferred


def mentioned_exits(view: MapView, room_id: str) -> set[str]:
    return {k for k, state in view.room(room_id)["exits"].items() if state == MENTIONED} | set(
        view.room(room_id).get("mentioned", [])
    )


def sole_namesake_kept_words(view: MapView, candidates: list[str], description: str) -> bool:
    """True when one room elsewhere bears the name and its text shares a long run of words with this."""
    if len(candidates) != 1 or candidates[0] == view.current_room:
        return False
    return shared_run(description, view.room(candidates[0])["description"]) >= KEPT_WORDS
