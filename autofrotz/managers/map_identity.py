"""Room identity tests for the map manager: is this text the current room, a namesake, or a new room.

The identity rules (map_rules.py) weigh these pure predicates over a read-only MapView: same text, a
way back that leads elsewhere, look-alike namesakes, open terrain, headerless revisits.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import Any

from autofrotz.managers.map_events import same_event
from autofrotz.managers.map_graph import BLOCKED, REFUTED, Link
from autofrotz.managers.map_maze import normalize_description, similarity
from autofrotz.managers.map_view import MapView
from autofrotz.managers.room_parser import is_full_description, parse_exits
from autofrotz.managers.room_prose import is_item_line, place_words, short_form_share
from autofrotz.managers.room_signals import reads_like_open_terrain
from autofrotz.reading.rooms_scenes import ASIDE_END, FIRST_VISIT
from autofrotz.reading.ways_words import SHUT_WORDS
from autofrotz.words.directions import OPPOSITES, is_travel_command, opposite, step

# Descriptions at least this similar belong to the same room (state changes alter a few words).
SAME_ROOM_SIMILARITY = 0.8
# A header no room bears over this many of the last room's paragraphs (of this length) renames it.
SAME_FURNISHINGS, FURNISHING_LENGTH = 3, 40
# Words in a row a teleport's text must keep from the one room of that name to be that room.
KEPT_WORDS = 8
# A recalled place's short text: this share of its place words found in one room, clearly more than elsewhere.
RECALLED_SHARE, RECALLED_MARGIN = 0.65, 0.15
# A passage this long (of two or more sentences) under a header is a room's description, whatever its opening.
LONG_ROOM_TEXT = 70


def refuted(view: MapView, link: Link, description: str) -> bool:
    """A way back only guessed from the move out, and the text shows another room: not the way back."""
    # a revisit names the place it knows ("the alley"); a first visit introduces one ("a garden")
    introduced = FIRST_VISIT.match(description) is not None
    return link.inferred and introduced and not same_text(view, link.to_room, description)


def carried_on(view: MapView, here: str, description: str) -> bool:
    """Riding in something, and the text printed under the same header is clearly another room's."""
    return bool(view.position and description) and distinct(view, here, description)


def kept_furnishings(view: MapView, pool: list[str], name: str, description: str) -> list[str]:
    """Namesakes whose stored paragraphs of things share one with this header-only visit."""
    if description and not is_item_line(description):
        return []
    seen = set(furnishings(view.reply, name))
    return [c for c in pool if seen & set(view.room(c).get("furnishings", []))]


def shortened_here(view: MapView, room_id: str, description: str, label: str | None) -> bool:
    """A move by an untried exit printed the room's own short form, not its full text: look-alike
    maze rooms print their full text, so this is the same room (led in and back by the game)."""
    if not view.headerless_game() or (label and label in view.links[room_id]):
        return False
    stored = str(view.room(room_id)["description"])
    return is_full_description(description) and _abbreviates(description, stored)


def lookalike_step(view: MapView, candidates: list[str], description: str, label: str | None) -> bool:
    """A travel command off the compass ("follow mouse") printed the full text that several known
    rooms share: a step between look-alike maze rooms, not a look at the same one."""
    if not is_travel_command(label) or label in OPPOSITES or not description or is_item_line(description):
        return False
    return sum(same_text(view, c, description) for c in candidates) >= 2


def led_here_off_grid(view: MapView, room_id: str) -> bool:
    """True when a move off the compass (no known opposite) led from the room to the current one."""
    here = view.current_room or ""
    group = view.maze_group(here)  # any room of the maze we are in counts as here
    return any(
        opposite(k) is None
        and (link.to_room == here or bool(group and view.maze_group(link.to_room) == group))
        for k, link in view.links[room_id].items()
    )


def abbreviated(view: MapView, description: str) -> str | None:
    """The one known room whose description this short wording abbreviates (in a game without
    headers); a neighbour of the current room wins a tie."""
    rooms = [r for r, d in view.nodes() if _abbreviates(description, d["description"])]
    if not rooms:  # a name learnt since ("Cannibal Island") over the words of the first visit
        rooms = [r for r, d in view.nodes() if _abbreviates_by_name(description, d["description"])]
    if len(rooms) > 1:
        here = view.current_room or ""
        near = [r for r in rooms if r == here or led_here(view, r) or led_here(view, here, r)]
        rooms = near if len(near) == 1 else []
    return str(rooms[0]) if rooms else closest_recalled(view, description)


def closest_recalled(view: MapView, description: str) -> str | None:
    """A one-sentence text that recalls a place ("You're back in the room with the green stove"): the
    known room sharing clearly the most of its place words, when that is most of them."""
    sentence = description.strip().rstrip(".!")
    if not sentence or ". " in sentence or FIRST_VISIT.match(sentence):
        return None  # a first visit introduces its place with "a" or "an"
    texts = {str(r): str(d["description"]) for r, d in view.nodes()}
    # only long first-visit texts are abbreviated; a short one is its own brief wording
    long_texts = {r: t for r, t in texts.items() if len(t) >= 2 * len(sentence)}
    shares = sorted(((_word_share(sentence, t), r) for r, t in long_texts.items()), reverse=True)
    if not shares or shares[0][0] < RECALLED_SHARE:
        return None
    runner_up = shares[1][0] if len(shares) > 1 else 0.0
    return shares[0][1] if shares[0][0] - runner_up >= RECALLED_MARGIN else None


def led_here(view: MapView, room_id: str, here: str | None = None) -> bool:
    """True when some known exit of the room leads to `here` (the current room by default)."""
    target = here or view.current_room
    return any(link.to_room == target for link in view.links[room_id].values())


def reworded_here(view: MapView, description: str, label: str | None) -> bool:
    """A compass move (without headers) whose reply repeats the event the last reply showed, over
    the current room's text reworded with the same exits: one room the game redraws, not a step."""
    here = view.current_room
    if not here or label not in OPPOSITES or not view.headerless_game() or not description:
        return False
    if not same_event(view.prior_reply, view.reply):
        return False
    stored = str(view.room(here)["description"])
    alike = similarity(normalize_description(stored), normalize_description(description))
    exits = parse_exits(description)
    return alike >= SAME_ROOM_SIMILARITY and bool(exits) and exits == parse_exits(stored)


def open_terrain(view: MapView, room_id: str, description: str) -> bool:
    """The room's own description printed again after a move, speaking of open terrain: a desert or
    plain the game draws inside one room, not a maze of copies (those announce no endless view)."""
    if view.maze_group(room_id) or not description or is_item_line(description):
        return False
    return same_text(view, room_id, description) and reads_like_open_terrain(description)


def fresh(view: MapView, description: str, label: str | None, name: str = "") -> bool:
    """A compass walk printed a full description in a game that abbreviates revisits to the header
    (teleports, rides and landings on furniture print a full one whatever the game's habit)."""
    full = _reads_as_room_text(description, name) and view.position is None
    return full and label in OPPOSITES and view.style["brief"] > 0 and not view.headerless_game()


def unlike(view: MapView, link: Link, description: str) -> bool:
    """True when a description is not the text of the room a link leads to: it shares neither the
    wording nor the opening sentence, or differs at all when the link was only inferred."""
    if link.inferred and not same_text(view, link.to_room, description):
        return True
    stored = normalize_description(view.room(link.to_room)["description"])
    opening = normalize_description(description.split(". ")[0])
    return not description_matches(view, link.to_room, description) and not stored.startswith(opening)


def changed_neighbour(view: MapView, room_id: str, description: str) -> bool:
    """True when the room is reached by a travelled exit here or leads here, and the text differs
    from its own (a changed room is described afresh; an unchanged one would be abbreviated)."""
    here = view.current_room or ""
    linked = any(k.to_room == here and not k.inferred for k in view.links[room_id].values()) or any(
        k.to_room == room_id and not k.inferred for k in view.links[here].values()
    )
    return linked and not same_text(view, room_id, description)


def indistinguishable_from_here(view: MapView, candidates: list[str], description: str) -> bool:
    """A move led to a room with the current room's name and no description (a grid drawn inside
    one room) and no other room has that name: nothing in the text says we left."""
    if description and not is_item_line(description):
        return False  # a printed description: identical-text mazes are left to the maze solver
    return len(candidates) == 1  # with namesakes already told apart, dead reckoning chooses


def pick_among_namesakes(
    view: MapView, pool: list[str], description: str, label: str | None, maze_like: bool = False
) -> str | None:
    """Several rooms share this name: prefer the one where dead reckoning puts us. A visit that
    prints no description is a revisit; a new description matching none of them is a new room;
    in a maze of identical rooms only the exact reckoned spot counts (markers settle the rest)."""
    here = view.room(view.current_room or "").get("pos")
    predicted = step(here, label or "") or here  # off-grid moves (enter, dig) keep the position
    ranked = sorted(pool, key=lambda c: _distance(view.room(c).get("pos"), predicted))
    on_spot = _distance(view.room(ranked[0]).get("pos"), predicted) == 0
    if maze_like:  # a described step off the compass keeps no reckoned spot: only a link could tell
        return ranked[0] if on_spot and (step(here, label or "") or not description) else None
    same = [c for c in ranked if same_text(view, c, description)]
    if same:
        return same[0]
    if not description or is_item_line(description):
        return ranked[0]
    return ranked[0] if on_spot else None


def same_text(view: MapView, room_id: str, description: str) -> bool:
    stored = normalize_description(view.room(room_id)["description"])
    new = normalize_description(description)
    return bool(stored and new) and (similarity(stored, new) >= view.similarity_threshold)


def distinct(view: MapView, room_id: str, description: str, back: str | None = None) -> bool:
    """True when the stored and new descriptions show two different rooms: both are descriptions
    (not object lines) and differ clearly, or slightly while the graph also disagrees (the
    candidate's way back leads elsewhere)."""
    stored = view.room(room_id)["description"]
    if not description or not stored or is_item_line(description) or is_item_line(stored):
        return False
    if (
        is_full_description(stored)
        and not _reads_as_room_text(description, str(view.room(room_id)["name"]))
        and known_exits(view, room_id, description)
    ):
        return False  # a state line under a brief header ("There is a beanstalk..."), no description
    if not description_matches(view, room_id, description):
        return not _abbreviates(description, stored)
    a, b = normalize_description(description), normalize_description(stored)
    same_text = a == b
    return not same_text and not consistent(view, room_id, back)


def known_exits(view: MapView, room_id: str, line: str) -> bool:
    """True when every way out a line names is one the room is already known to have (a state line
    such as "a beanstalk stretching up to the hole" names no new exit). A way barred in words of no
    shut thing ("The trail runs from southwest to northeast.") is not known to be there."""
    node = view.room(room_id)
    reasons = node.get("exit_reasons", {})
    known = {
        k for k, state in node["exits"].items() if state != REFUTED and _known_to_be_there(state, reasons, k)
    }
    return set(parse_exits(line)) <= known | set(node.get("mentioned", [])) | set(view.links[room_id])


def _known_to_be_there(state: str, reasons: dict[str, str], label: str) -> bool:
    """Whether an exit state shows a way: any but a bar in words of no shut thing (a door, a gate).

    >>> said = {"north": "The door is locked.", "south": "The trail runs from west to east."}
    >>> _known_to_be_there("blocked", said, "north"), _known_to_be_there("blocked", said, "south")
    (True, False)
    """
    return state != BLOCKED or bool(SHUT_WORDS.search(reasons.get(label, "")))


def maze_like(view: MapView, candidates: list[str], description: str) -> bool:
    """Several known rooms share this name and description: only the graph can tell them apart.
    A visit that prints no description compares the namesakes' own descriptions with each other."""
    if description or len(candidates) < 2:
        alike = [c for c in candidates if description_matches(view, c, description)]
    else:
        texts = [str(view.room(c)["description"]) for c in candidates]
        alike = [c for c, t in zip(candidates, texts, strict=True) if texts.count(t) >= 2 or not t]
    return len(alike) >= 2 or any(view.maze_group(c) for c in candidates)


def consistent(view: MapView, candidate: str, back: str | None) -> bool:
    """False when the candidate's travelled way back leads somewhere other than here."""
    if not back:
        return True
    reverse = view.links[candidate].get(back)
    return reverse is None or reverse.inferred or reverse.to_room == view.current_room


def description_matches(view: MapView, room_id: str, description: str) -> bool:
    """True when no description is given, none is stored, or the two are alike."""
    stored = view.room(room_id)["description"]
    if not description or not stored:
        return True
    a, b = normalize_description(description), normalize_description(stored)
    if a.startswith(b) or b.startswith(a):
        return True
    return similarity(a, b) >= SAME_ROOM_SIMILARITY and not exits_conflict(description, stored)


def is_rename(view: MapView, description: str) -> bool:
    """A different header over the current room's own description: the room was renamed."""
    stored = view.room(view.current_room or "")["description"]
    return bool(description and stored) and description_matches(view, view.current_room or "", description)


def _reads_as_room_text(description: str, name: str) -> bool:
    """True for a full description, or a long passage of several sentences whose first words are the
    room ("The square chamber is half flooded. ..." under "Chamber"): a room described afresh.

    >>> damaged = "The square chamber is half flooded. A chill rises from the dark water below."
    >>> _reads_as_room_text(damaged, "Chamber")
    True
    >>> _reads_as_room_text("A little man appears suddenly in the room. He waves a wand.", "Menhir Room")
    False
    """
    if is_full_description(description):
        return True
    subject = description.lower().split()[:4]
    named = subject[:1] == ["the"] and any(len(w) >= 4 and w in subject for w in name.lower().split())
    long_text = len(description) >= LONG_ROOM_TEXT and ". " in description
    return named and long_text and not is_item_line(description)


def exits_conflict(a: str, b: str) -> bool:
    """True when two descriptions each name a way out the other lacks: two rooms, not one in two states.

    >>> exits_conflict("To the east is the hall.", "To the west are the stables.")
    True
    >>> exits_conflict("A door leads north.", "An open door leads north; a passage runs east.")
    False
    """
    first, second = set(parse_exits(a)), set(parse_exits(b))
    return bool(first - second) and bool(second - first)


def _abbreviates(short: str, full: str) -> bool:
    """True when a one-sentence text names its place with words of a longer description.

    >>> _abbreviates("You are in the cellar.", "You are in a long vaulted cellar. Exits lead north.")
    True
    >>> _abbreviates("You are in a herb garden.", "Tangled roses fill this walled garden.")
    False
    """
    sentence = short.strip().rstrip(".!")
    if not sentence or ". " in sentence or len(sentence) >= len(full.strip()):
        return False
    return short_form_share(sentence, full) == 1.0


def _abbreviates_by_name(short: str, full: str) -> bool:
    """True when a one-sentence text abbreviates a longer description once the proper names it adds
    are set aside, and at least two place words remain.

    >>> full = "You are at the east tip. Paths lead off to the west."
    >>> _abbreviates_by_name("You are at the east tip of Cannibal Island.", full)
    True
    >>> _abbreviates_by_name("You are at the west tip of Cannibal Island.", "The east tip. Paths go west.")
    False
    """
    words = short.strip().rstrip(".!").split()
    plain = " ".join(w for w in words[1:] if not w[:1].isupper())
    if len(plain.split()) == len(words) - 1:
        return False  # no name to set aside: _abbreviates decides
    return len(place_words(plain)) >= 2 and _word_share(plain, full) == 1.0 and len(short) < len(full)


def _word_share(short: str, full: str) -> float:
    """Share of the short text's place words found whole in the full text ("western" is not "west").

    >>> _word_share("the western island", "An island. Paths lead west.")
    0.5
    """
    words, known = place_words(short), set(place_words(full))
    return sum(w in known for w in words) / len(words) if words else 0.0


def furnishings(text: str, name: str) -> list[str]:
    """Paragraphs of some length printed after the header line that names the room.

    >>> furnishings("Hall\\nA hall.\\n\\nA grand piano stands by the window, its lid open.\\n\\nOk.", "Hall")
    ['A grand piano stands by the window, its lid open.']
    """
    blocks = [" ".join(b.split()) for b in text.replace("\r", "").split("\n\n")]
    start = next((i for i, b in enumerate(blocks) if b.startswith(name)), len(blocks))
    return [b for b in blocks[start + 1 :] if len(b) >= FURNISHING_LENGTH]


def shared_run(a: str, b: str) -> int:
    """Length in words of the longest run two texts share ("cave a crack opens to").

    >>> shared_run("A dark cave. A crack opens to a door.", "A lit cave. A crack opens to it.")
    5
    """
    x, y = normalize_description(a).split(), normalize_description(b).split()
    return SequenceMatcher(None, x, y, autojunk=False).find_longest_match(0, len(x), 0, len(y)).size


def _distance(a: Any, b: Any) -> int:
    """Grid distance between two positions; unknown positions are far apart."""
    if a is None or b is None:
        return 1000
    return sum(abs(int(x) - int(y)) for x, y in zip(a, b, strict=True))


def without_aside(view: MapView, name: str, description: str) -> str:
    """The current room's name when the header is that name plus an aside in brackets and the
    description is the room's own ("Pier (two steps from the end)" is still the pier)."""
    base = ASIDE_END.sub("", name)
    here, current = view.current_room, view.current_name() or ""
    if base == name or not here or current.lower() != base.lower():
        return name
    return current or name if same_text(view, here, description) else name
