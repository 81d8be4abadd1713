"""Identity rules for a reply that names a room (a header, or a description in a game without
headers): which known room it is, or a new one. Listed in order in map_rules.RULES."""

from __future__ import annotations

from autofrotz.managers.map_identity import (
    SAME_FURNISHINGS,
    abbreviated,
    carried_on,
    changed_neighbour,
    consistent,
    description_matches,
    distinct,
    fresh,
    furnishings,
    indistinguishable_from_here,
    is_rename,
    kept_furnishings,
    led_here_off_grid,
    lookalike_step,
    maze_like,
    open_terrain,
    pick_among_namesakes,
    refuted,
    reworded_here,
    same_text,
    shortened_here,
    unlike,
)
from autofrotz.managers.map_lookalike import (
    fallen_among_fixtures,
    guide_back,
    guide_rejoined,
    open_way_back,
    retrace,
    sole_namesake_kept_words,
    told_apart_by_fixtures,
    told_apart_by_way,
)
from autofrotz.managers.map_reading import is_other_version
from autofrotz.managers.map_scenes import (
    bounced_back,
    renamed_revisit,
    rewritten_by_event,
    stopped_here,
)
from autofrotz.managers.map_verdicts import (
    LIGHT,
    STAY,
    Observation,
    Verdict,
    candidates,
    current_link,
)
from autofrotz.managers.map_view import MapView
from autofrotz.words.directions import OPPOSITES, opposite

LOOK_COMMANDS = frozenset({"look", "l", "look around", "redescribe"})


# ----- any reply -----
def dream(seen: Observation, view: MapView) -> Verdict | None:
    """Asleep: the dream's rooms are not where the sleeper lies (a header naming a dream or a vision)."""
    return Verdict(view.current_room, kind=STAY) if view.dreaming else None


# ----- a reply naming a room: before identity -----
def lit_placeholder(seen: Observation, view: MapView) -> Verdict | None:
    """Light came back in a room first met in the dark: the known room of that name whose text this
    is, or the placeholder itself, named now."""
    here = view.current_room
    if not here or not view.room(here).get("placeholder") or (seen.travel and not seen.off_ride):
        return None
    known = [r for r in view.rooms_named(seen.name) if r != here]
    same = [r for r in known if description_matches(view, r, seen.description)]
    return Verdict(same[0] if same else here, kind=LIGHT)


def off_ride_stop(seen: Observation, view: MapView) -> Verdict | None:
    """Out of the car that carried us, under the name of the room it stopped in: that stop.
    Convention: vehicles, lifts and trams that carry the player without printing where they stop;
    stepping off prints the stop's header (Inform's enterable vehicles, lifts)."""
    here = view.current_room
    return Verdict(here) if seen.off_ride and view.current_name() == seen.room_name else None


def set_back_down(seen: Observation, view: MapView) -> Verdict | None:
    """Put back onto the furniture of the very room we tried to leave (its own header and text).
    Convention: the Inform library's position suffix after a room name, "(on the bed)", "(in the boat)",
    when the player is on or in something."""
    here = view.current_room
    if not seen.landed or not here or view.current_name() != seen.room_name:
        return None
    return Verdict(here) if same_text(view, here, seen.description) else None


# ----- a reply naming a room: identity -----
def first_room(seen: Observation, view: MapView) -> Verdict | None:
    """Nowhere yet: the room of this name, or a new one."""
    if view.current_room is not None:
        return None
    found = candidates(seen, view)
    return Verdict(found[0] if found else None)


def reworded(seen: Observation, view: MapView) -> Verdict | None:
    """The same event over the same room reworded (no headers): the game redraws one room.
    Convention: games without headers that redescribe the room on every turn an event lasts (a storm, a
    haunting)."""
    return Verdict(view.current_room) if reworded_here(view, seen.description, seen.label) else None


def bounced(seen: Observation, view: MapView) -> Verdict | None:
    """Another room's header, then ours with its own text again: turned back where we were.
    Convention: a guard or hazard that turns the player back after a glimpse of the next room,
    reprinting the room they are still in."""
    return (
        Verdict(view.current_room)
        if bounced_back(view, seen.room_name, seen.description, view.reply)
        else None
    )


def stopped(seen: Observation, view: MapView) -> Verdict | None:
    """A travelled exit to a room of another name printed our header: an event stopped the move.
    Convention: a timed event that interrupts a move, after which the game redescribes the room the
    player never left."""
    return Verdict(view.current_room) if stopped_here(view, seen.room_name, seen.label) else None


def renamed_on_revisit(seen: Observation, view: MapView) -> Verdict | None:
    """A known exit printed only a header no room bears, its room's name with one word swapped.
    Convention: a room whose printed name carries its state (Inform's printed_name changing with a
    word), met again in brief mode where only the name is printed."""
    renamed = renamed_revisit(view, seen.room_name, seen.description, seen.label)
    return Verdict(renamed, rename=seen.room_name) if renamed else None


def _walked(seen: Observation, view: MapView) -> bool:
    link = current_link(seen, view)
    return bool(link and not link.inferred)


def guided_back(seen: Observation, view: MapView) -> Verdict | None:
    """In a maze, a compass step by no walked exit: back to the one room a guide led here from.
    Convention: mazes crossed by following a guide ("follow the mouse"): the guide's path is retraced by
    compass steps."""
    guided = guide_back(view, seen.label, _walked(seen, view))
    return Verdict(guided) if guided and guided in candidates(seen, view) else None


def guide_rejoined_route(seen: Observation, view: MapView) -> Verdict | None:
    """Following a guide off the compass from a maze room never left that way: the neighbour where
    the guide's known route passes.
    Convention: mazes crossed by following a guide ("follow the mouse")."""
    guided = guide_rejoined(view, seen.label)
    return Verdict(guided) if guided and guided in candidates(seen, view) else None


def retraced(seen: Observation, view: MapView) -> Verdict | None:
    """Walking back along a path through a maze: on to the other maze room that led here.
    Convention: mazes whose passages do not mirror (east out is not west back), walked back along a
    known path."""
    if guide_back(view, seen.label, _walked(seen, view)):
        return None  # a guide's way back (guided_back) speaks first, even for a room of another name
    guided = retrace(view, seen.label, _walked(seen, view))
    return Verdict(guided) if guided and guided in candidates(seen, view) else None


def other_version(seen: Observation, view: MapView) -> Verdict | None:
    """The text says this namesake of a room we knew is another version of the place: a new room.
    Convention: time travel and parallel versions of a place, announced as "familiar, yet different"."""
    found = candidates(seen, view)
    if not found or view.current_room in found or not is_other_version(view.reply):
        return None
    return Verdict(None)


def fallen_onto_fixtures(seen: Observation, view: MapView) -> Verdict | None:
    """Below a fall, the one namesake whose fixtures a header-only reply shows."""
    landed = fallen_among_fixtures(
        view, candidates(seen, view), seen.room_name, seen.description, current_link(seen, view)
    )
    return Verdict(landed) if landed else None


def placeholder_named(seen: Observation, view: MapView) -> Verdict | None:
    """A known exit led back to a room first met unnamed (dark, or the start): it gets the header.
    Convention: rooms first met without a name (in darkness, or an opening that prints none) whose
    header appears on a later visit."""
    link = current_link(seen, view)
    if not link or link.random or candidates(seen, view) or not view.room(link.to_room).get("placeholder"):
        return None
    return Verdict(link.to_room, rename=seen.room_name, unplaceholder=True)


def known_exit(seen: Observation, view: MapView) -> Verdict | None:
    """The exit we know leads to a room of this name: trust it over the wording, unless a first
    visit's text unlike that room's is printed where revisits are abbreviated."""
    link = current_link(seen, view)
    if not link or link.random or link.to_room not in candidates(seen, view):
        return None
    if fresh(view, seen.description, seen.label, seen.room_name) and unlike(view, link, seen.description):
        return None
    return Verdict(link.to_room)


def headerless_known_exit(seen: Observation, view: MapView) -> Verdict | None:
    """Without headers a revisit's shorter wording names the room anew: the known exit decides.
    Convention: games without room headers (description-only rooms, "You are in ..."), which abbreviate
    revisits."""
    link, here = current_link(seen, view), view.current_room
    if not link or link.random or not seen.travel or not view.headerless_game() or not here:
        return None
    if refuted(view, link, seen.description):
        return None
    if link.to_room == here and distinct(view, here, seen.description):
        return None
    group = view.maze_group(link.to_room)
    if group and not view.matches_maze(seen.description, group):
        return None  # a maze's exits are guessed from its shared text; another text is another room
    return Verdict(link.to_room, rename=seen.room_name)


def abbreviated_revisit(seen: Observation, view: MapView) -> Verdict | None:
    """Without headers, a revisit's short wording ("You are in the cellar") of a known room.
    Convention: games without room headers, whose revisits print a short form of the first description."""
    if candidates(seen, view) or not view.headerless_game():
        return None
    found = abbreviated(view, seen.description)
    return Verdict(found) if found is not None else None


def _here_named(seen: Observation, view: MapView) -> bool:
    return view.current_room in candidates(seen, view)


def carried_to_namesake(seen: Observation, view: MapView) -> Verdict | None:
    """A boat, a leap or a drink carried us on under the same header: the namesake whose text this
    is, or a new room."""
    here = view.current_room or ""
    if not _here_named(seen, view) or seen.moving:
        return None
    look = seen.label in LOOK_COMMANDS
    rewritten = rewritten_by_event(view, seen.room_name, seen.description, seen.moving, look)
    if not (carried_on(view, here, seen.description) or rewritten):
        return None
    others = [c for c in candidates(seen, view) if c != here and same_text(view, c, seen.description)]
    return Verdict(others[0] if others else None)


def same_room(seen: Observation, view: MapView) -> Verdict | None:
    """Our own header without a compass move (a look, an action): still here, unless the step went
    between look-alike maze rooms off the compass."""
    if not _here_named(seen, view) or seen.moving:
        return None
    if lookalike_step(view, candidates(seen, view), seen.description, seen.label):
        return None
    return Verdict(view.current_room)


def shortened(seen: Observation, view: MapView) -> Verdict | None:
    """Our room's short form again after an untried exit (no headers): put back where we were.
    Convention: games without room headers, whose revisits print a short form of the first description."""
    here = view.current_room or ""
    if not _here_named(seen, view) or not shortened_here(view, here, seen.description, seen.label):
        return None
    return Verdict(here)


def open_ground(seen: Observation, view: MapView) -> Verdict | None:
    """The same open-terrain text after a step: a desert or plain the game draws as one room.
    Convention: open terrain (desert, plain, sea) that a game draws as one room however far one walks."""
    here = view.current_room or ""
    if not _here_named(seen, view) or not open_terrain(view, here, seen.description):
        return None
    return Verdict(here)


def renamed_here(seen: Observation, view: MapView) -> Verdict | None:
    """A new header over our own description after no move: the room was renamed."""
    if seen.travel or candidates(seen, view) or not is_rename(view, seen.description):
        return None
    return Verdict(view.current_room, rename=seen.room_name)


# ----- a reply naming a room: choosing among namesakes -----
def _back(seen: Observation) -> str | None:
    return opposite(seen.label) if seen.label else None


def _pool(seen: Observation, view: MapView) -> list[str]:
    """Namesakes other than here whose text does not show another room."""
    if "pool" not in seen.memo:
        here, back = view.current_room, _back(seen)
        seen.memo["pool"] = [
            c for c in candidates(seen, view) if c != here and not distinct(view, c, seen.description, back)
        ]
    return list(seen.memo["pool"])


def _fresh_pool(seen: Observation, view: MapView) -> list[str]:
    """The pool, narrowed to changed neighbours when a first visit's text is printed where revisits
    are abbreviated."""
    pool = _pool(seen, view)
    if fresh(view, seen.description, seen.label, seen.room_name):
        pool = [c for c in pool if changed_neighbour(view, c, seen.description)]
    return pool


def _kept(seen: Observation, view: MapView) -> list[str]:
    if "kept" not in seen.memo:
        seen.memo["kept"] = kept_furnishings(view, _fresh_pool(seen, view), seen.room_name, seen.description)
    return list(seen.memo["kept"])


def returning(seen: Observation, view: MapView) -> Verdict | None:
    """The namesake whose way back (or a move off the compass) leads here: we walked back into it."""
    here, back = view.current_room, _back(seen)
    pool = _pool(seen, view)
    found = [c for c in pool if back and (r := view.links[c].get(back)) and r.to_room == here]
    if not found and seen.label in OPPOSITES:  # the way back of a move like "follow mouse" is unknown
        found = [c for c in pool if led_here_off_grid(view, c)]
    return Verdict(found[-1]) if found else None


def told_by_way(seen: Observation, view: MapView) -> Verdict | None:
    """Look-alikes told apart by a way out only one of them showed.
    Convention: maze rooms with identical descriptions where one of them also mentions an extra way out."""
    told = told_apart_by_way(view, _pool(seen, view), candidates(seen, view), seen.description)
    return Verdict(told) if told else None


def kept_words(seen: Observation, view: MapView) -> Verdict | None:
    """Carried off (no move) to the one room of that name, its text partly rewritten.
    Convention: a teleport or a fall back to a known place whose description changed with the story's
    state."""
    found = candidates(seen, view)
    if seen.travel or _pool(seen, view) or not sole_namesake_kept_words(view, found, seen.description):
        return None
    return Verdict(found[0])


def ridden_to_namesake(seen: Observation, view: MapView) -> Verdict | None:
    """Ridden (in a handcar, on a raft) to the one room of that name.
    Convention: the Inform library's "(in the handcar)" suffix while riding a vehicle between places."""
    found = candidates(seen, view)
    if seen.travel or not view.position or len(found) != 1 or found[0] == view.current_room:
        return None
    return Verdict(found[0])


def nothing_says_we_left(seen: Observation, view: MapView) -> Verdict | None:
    """Our own name, no description, no other room of the name: a grid inside one room."""
    if not _here_named(seen, view):
        return None
    if not indistinguishable_from_here(view, candidates(seen, view), seen.description):
        return None
    return Verdict(view.current_room)


def told_by_fixtures(seen: Observation, view: MapView) -> Verdict | None:
    """Look-alikes told apart by fixed things only one of them showed."""
    pool = _fresh_pool(seen, view)
    told = told_apart_by_fixtures(view, pool, candidates(seen, view), seen.room_name, seen.description)
    return Verdict(told) if told else None


def open_way_back_there(seen: Observation, view: MapView) -> Verdict | None:
    """A brief revisit: the one namesake with an unwalked exit leading back.
    Convention: brief mode (only a header on revisits) among rooms that share one name."""
    pool = _kept(seen, view) or _fresh_pool(seen, view)
    found = open_way_back(view, pool, _back(seen), seen.description)
    return Verdict(found) if found else None


def _final_pool(seen: Observation, view: MapView) -> tuple[list[str], bool]:
    pool = _kept(seen, view) or _fresh_pool(seen, view)
    alike = maze_like(view, candidates(seen, view), seen.description)
    if alike:
        pool = [c for c in pool if consistent(view, c, _back(seen))]
    return pool, alike


def dead_reckoning(seen: Observation, view: MapView) -> Verdict | None:
    """Several rooms of this name: where dead reckoning puts us among them, or a new room."""
    pool, alike = _final_pool(seen, view)
    found = candidates(seen, view)
    if not pool or not (len(found) > 1 or view.current_room in found):
        return None
    return Verdict(pick_among_namesakes(view, pool, seen.description, seen.label, alike))


def sole_namesake(seen: Observation, view: MapView) -> Verdict | None:
    """The one other room of this name, its text not another room's."""
    pool, _ = _final_pool(seen, view)
    return Verdict(pool[-1]) if pool else None


def renamed_over_furnishings(seen: Observation, view: MapView) -> Verdict | None:
    """A move to a header no room bears over several of the last room's paragraphs of things: the
    room we were in, renamed.
    Convention: a room whose printed name changes with the story while its furniture stays."""
    here = view.current_room
    if not here or not seen.travel or candidates(seen, view):
        return None
    shared = set(furnishings(view.reply, seen.room_name)) & set(view.room(here).get("furnishings", []))
    return Verdict(here, rename=seen.room_name) if len(shared) >= SAME_FURNISHINGS else None


def new_room(seen: Observation, view: MapView) -> Verdict | None:
    """No rule knew the room: a new one."""
    return Verdict(None)
