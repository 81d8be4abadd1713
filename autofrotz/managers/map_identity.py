"""Room identity tests for the map manager: is this text the current room, a namesake, or a new room.

MapManager decides which known room a reply shows; the predicates it weighs (same text, a way back
that leads elsewhere, look-alike namesakes, open terrain, rides, headerless revisits) live here.
"""

from __future__ import annotations

import re
from collections import deque
from difflib import SequenceMatcher
from typing import Any

from autofrotz.managers.directions import OPPOSITES, is_travel_command, opposite, step
from autofrotz.managers.map_events import same_event
from autofrotz.managers.map_graph import REFUTED, Link
from autofrotz.managers.map_maze import MazeMap, normalize_description, similarity
from autofrotz.managers.room_parser import (
    is_full_description,
    is_item_line,
    parse_exits,
    place_words,
    short_form_share,
)
from autofrotz.managers.room_signals import reads_like_open_terrain

# Descriptions at least this similar belong to the same room (state changes alter a few words).
SAME_ROOM_SIMILARITY = 0.8
# A header no room bears over this many of the last room's paragraphs (of this length) renames it.
SAME_FURNISHINGS, FURNISHING_LENGTH = 3, 40
# Words in a row a teleport's text must keep from the one room of that name to be that room.
KEPT_WORDS = 8
# A text this long is a room's description whatever its opening words ("As far as you can tell, ...").
LONG_DESCRIPTION = 120
# A recalled place's short text: this share of its place words found in one room, clearly more than elsewhere.
RECALLED_SHARE, RECALLED_MARGIN = 0.65, 0.15
# A passage this long (of two or more sentences) under a header is a room's description, whatever its opening.
LONG_ROOM_TEXT = 70
FIRST_VISIT = re.compile(r"you are (?:\w+ )?(?:in|on|at|inside) (?:a|an) ", re.IGNORECASE)


class IdentityMap(MazeMap):
    """The maze-aware graph plus the predicates room identity is decided from."""

    style: dict[str, int]  # how the game announces rooms (set by MapManager)
    position: str | None  # the last header's position suffix
    reply: str  # the output being read
    replies: deque[str]  # the outputs read before this one, newest last (kept by RideMap)

    @property
    def prior_reply(self) -> str:
        """The output read before the one being read."""
        return self.replies[-1] if self.replies else ""

    def _headerless_game(self) -> bool:
        return self.style["headerless"] > self.style["header"]

    def _refuted(self, link: Link, description: str) -> bool:
        """A way back only guessed from the move out, and the text shows another room: not the way back."""
        # a revisit names the place it knows ("the alley"); a first visit introduces one ("a garden")
        introduced = FIRST_VISIT.match(description) is not None
        return link.inferred and introduced and not self._same_text(link.to_room, description)

    def _other_namesake_text(self, candidates: list[str], description: str) -> str | None:
        """The one other namesake whose stored text this full description repeats, when it is clearly
        not the current room's text."""
        here = self.current_room or ""
        full = is_full_description(description) or len(description) >= LONG_DESCRIPTION
        if not full or is_item_line(description) or not self._distinct(here, description):
            return None
        same = [c for c in candidates if c != here and self._same_text(c, description)]
        return same[0] if len(same) == 1 else None

    def _carried_on(self, here: str, description: str) -> bool:
        """Riding in something, and the text printed under the same header is clearly another room's."""
        return bool(self.position and description) and self._distinct(here, description)

    def _kept_furnishings(self, pool: list[str], name: str, description: str) -> list[str]:
        """Namesakes whose stored paragraphs of things share one with this header-only visit."""
        if description and not is_item_line(description):
            return []
        seen = set(furnishings(self.reply, name))
        return [c for c in pool if seen & set(self.room(c).get("furnishings", []))]

    def _shortened_here(self, room_id: str, description: str, label: str | None) -> bool:
        """A move by an untried exit printed the room's own short form, not its full text: look-alike
        maze rooms print their full text, so this is the same room (led in and back by the game)."""
        if not self._headerless_game() or (label and label in self.links[room_id]):
            return False
        stored = str(self.room(room_id)["description"])
        return is_full_description(description) and _abbreviates(description, stored)

    def _lookalike_step(self, candidates: list[str], description: str, label: str | None) -> bool:
        """A travel command off the compass ("follow mouse") printed the full text that several known
        rooms share: a step between look-alike maze rooms, not a look at the same one."""
        if not is_travel_command(label) or label in OPPOSITES or not description or is_item_line(description):
            return False
        return sum(self._same_text(c, description) for c in candidates) >= 2

    def _led_here_off_grid(self, room_id: str) -> bool:
        """True when a move off the compass (no known opposite) led from the room to the current one."""
        here = self.current_room or ""
        group = self._maze_group(here)  # any room of the maze we are in counts as here
        return any(
            opposite(k) is None
            and (link.to_room == here or bool(group and self._maze_group(link.to_room) == group))
            for k, link in self.links[room_id].items()
        )

    def _maze_group(self, room_id: str | None) -> str | None:
        return self.room(room_id).get("maze_group") if room_id else None

    def _abbreviated(self, description: str) -> str | None:
        """The one known room whose description this short wording abbreviates (in a game without
        headers); a neighbour of the current room wins a tie."""
        rooms = [r for r, d in self.graph.nodes(data=True) if _abbreviates(description, d["description"])]
        if not rooms:  # a name learnt since ("Cannibal Island") over the words of the first visit
            rooms = [
                r
                for r, d in self.graph.nodes(data=True)
                if _abbreviates_by_name(description, d["description"])
            ]
        if len(rooms) > 1:
            here = self.current_room or ""
            near = [r for r in rooms if r == here or self._led_here(r) or self._led_here(here, r)]
            rooms = near if len(near) == 1 else []
        return str(rooms[0]) if rooms else self._closest_recalled(description)

    def _closest_recalled(self, description: str) -> str | None:
        """A one-sentence text that recalls a place ("You are in the room with the black hole"): the
        known room sharing clearly the most of its place words, when that is most of them."""
        sentence = description.strip().rstrip(".!")
        if not sentence or ". " in sentence or FIRST_VISIT.match(sentence):
            return None  # a first visit introduces its place with "a" or "an"
        texts = {str(r): str(d["description"]) for r, d in self.graph.nodes(data=True)}
        # only long first-visit texts are abbreviated; a short one is its own brief wording
        long_texts = {r: t for r, t in texts.items() if len(t) >= 2 * len(sentence)}
        shares = sorted(((_word_share(sentence, t), r) for r, t in long_texts.items()), reverse=True)
        if not shares or shares[0][0] < RECALLED_SHARE:
            return None
        runner_up = shares[1][0] if len(shares) > 1 else 0.0
        return shares[0][1] if shares[0][0] - runner_up >= RECALLED_MARGIN else None

    def _led_here(self, room_id: str, here: str | None = None) -> bool:
        """True when some known exit of the room leads to `here` (the current room by default)."""
        target = here or self.current_room
        return any(link.to_room == target for link in self.links[room_id].values())

    def _reworded_here(self, description: str, label: str | None) -> bool:
        """A compass move (without headers) whose reply repeats the event the last reply showed, over
        the current room's text reworded with the same exits: one room the game redraws, not a step."""
        here = self.current_room
        if not here or label not in OPPOSITES or not self._headerless_game() or not description:
            return False
        if not same_event(self.prior_reply, self.reply):
            return False
        stored = str(self.room(here)["description"])
        alike = similarity(normalize_description(stored), normalize_description(description))
        exits = parse_exits(description)
        return alike >= SAME_ROOM_SIMILARITY and bool(exits) and exits == parse_exits(stored)

    def _open_terrain(self, room_id: str, description: str) -> bool:
        """The room's own description printed again after a move, speaking of open terrain: a desert or
        plain the game draws inside one room, not a maze of copies (those announce no endless view)."""
        if self._maze_group(room_id) or not description or is_item_line(description):
            return False
        return self._same_text(room_id, description) and reads_like_open_terrain(description)

    def _fresh(self, description: str, label: str | None, name: str = "") -> bool:
        """A compass walk printed a full description in a game that abbreviates revisits to the header
        (teleports, rides and landings on furniture print a full one whatever the game's habit)."""
        full = _reads_as_room_text(description, name) and self.position is None
        return full and label in OPPOSITES and self.style["brief"] > 0 and not self._headerless_game()

    def _unlike(self, link: Link, description: str) -> bool:
        """True when a description is not the text of the room a link leads to: it shares neither the
        wording nor the opening sentence, or differs at all when the link was only inferred."""
        if link.inferred and not self._same_text(link.to_room, description):
            return True
        stored = normalize_description(self.room(link.to_room)["description"])
        opening = normalize_description(description.split(". ")[0])
        return not self._description_matches(link.to_room, description) and not stored.startswith(opening)

    def _changed_neighbour(self, room_id: str, description: str) -> bool:
        """True when the room is reached by a travelled exit here or leads here, and the text differs
        from its own (a changed room is described afresh; an unchanged one would be abbreviated)."""
        here = self.current_room or ""
        linked = any(k.to_room == here and not k.inferred for k in self.links[room_id].values()) or any(
            k.to_room == room_id and not k.inferred for k in self.links[here].values()
        )
        return linked and not self._same_text(room_id, description)

    def _indistinguishable_from_here(self, candidates: list[str], description: str) -> bool:
        """A move led to a room with the current room's name and no description (a grid drawn inside
        one room) and no other room has that name: nothing in the text says we left."""
        if description and not is_item_line(description):
            return False  # a printed description: identical-text mazes are left to the maze solver
        return len(candidates) == 1  # with namesakes already told apart, dead reckoning chooses

    def _pick_among_namesakes(
        self, pool: list[str], description: str, label: str | None, maze_like: bool = False
    ) -> str | None:
        """Several rooms share this name: prefer the one where dead reckoning puts us. A visit that
        prints no description is a revisit; a new description matching none of them is a new room;
        in a maze of identical rooms only the exact reckoned spot counts (markers settle the rest)."""
        here = self.room(self.current_room or "").get("pos")
        predicted = step(here, label or "") or here  # off-grid moves (enter, dig) keep the position
        ranked = sorted(pool, key=lambda c: _distance(self.room(c).get("pos"), predicted))
        on_spot = _distance(self.room(ranked[0]).get("pos"), predicted) == 0
        if maze_like:  # a described step off the compass keeps no reckoned spot: only a link could tell
            return ranked[0] if on_spot and (step(here, label or "") or not description) else None
        same = [c for c in ranked if self._same_text(c, description)]
        if same:
            return same[0]
        if not description or is_item_line(description):
            return ranked[0]
        return ranked[0] if on_spot else None

    def _same_text(self, room_id: str, description: str) -> bool:
        stored = normalize_description(self.room(room_id)["description"])
        new = normalize_description(description)
        return bool(stored and new) and (similarity(stored, new) >= self.similarity_threshold)

    def _distinct(self, room_id: str, description: str, back: str | None = None) -> bool:
        """True when the stored and new descriptions show two different rooms: both are descriptions
        (not object lines) and differ clearly, or slightly while the graph also disagrees (the
        candidate's way back leads elsewhere)."""
        stored = self.room(room_id)["description"]
        if not description or not stored or is_item_line(description) or is_item_line(stored):
            return False
        if (
            is_full_description(stored)
            and not _reads_as_room_text(description, str(self.room(room_id)["name"]))
            and self._known_exits(room_id, description)
        ):
            return False  # a state line under a brief header ("There is a beanstalk..."), no description
        if not self._description_matches(room_id, description):
            return not _abbreviates(description, stored)
        a, b = normalize_description(description), normalize_description(stored)
        same_text = a == b
        return not same_text and not self._consistent(room_id, back)

    def _known_exits(self, room_id: str, line: str) -> bool:
        """True when every way out a line names is one the room is already known to have (a state line
        such as "a beanstalk stretching up to the hole" names no new exit)."""
        exits = self.room(room_id)["exits"]
        known = {k for k, state in exits.items() if state != REFUTED} | set(self.links[room_id])
        return set(parse_exits(line)) <= known

    def _maze_like(self, candidates: list[str], description: str) -> bool:
        """Several known rooms share this name and description: only the graph can tell them apart.
        A visit that prints no description compares the namesakes' own descriptions with each other."""
        if description or len(candidates) < 2:
            alike = [c for c in candidates if self._description_matches(c, description)]
        else:
            texts = [str(self.room(c)["description"]) for c in candidates]
            alike = [c for c, t in zip(candidates, texts, strict=True) if texts.count(t) >= 2 or not t]
        return len(alike) >= 2 or any(self._maze_group(c) for c in candidates)

    def _consistent(self, candidate: str, back: str | None) -> bool:
        """False when the candidate's travelled way back leads somewhere other than here."""
        if not back:
            return True
        reverse = self.links[candidate].get(back)
        return reverse is None or reverse.inferred or reverse.to_room == self.current_room

    def _description_matches(self, room_id: str, description: str) -> bool:
        """True when no description is given, none is stored, or the two are alike."""
        stored = self.room(room_id)["description"]
        if not description or not stored:
            return True
        a, b = normalize_description(description), normalize_description(stored)
        if a.startswith(b) or b.startswith(a):
            return True
        return similarity(a, b) >= SAME_ROOM_SIMILARITY and not exits_conflict(description, stored)

    def _is_rename(self, description: str) -> bool:
        """A different header over the current room's own description: the room was renamed."""
        stored = self.room(self.current_room or "")["description"]
        return bool(description and stored) and self._description_matches(
            self.current_room or "", description
        )


def _reads_as_room_text(description: str, name: str) -> bool:
    """True for a full description, or a long passage of several sentences whose first words are the
    room ("The round chamber is badly damaged. ..." under "Chamber"): a room described afresh.

    >>> damaged = "The round chamber is badly damaged. A stench rises from the deep pit below."
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

    >>> exits_conflict("To the east is the hall.", "To the west are the barracks.")
    True
    >>> exits_conflict("A door leads north.", "An open door leads north; a passage runs east.")
    False
    """
    first, second = set(parse_exits(a)), set(parse_exits(b))
    return bool(first - second) and bool(second - first)


def _abbreviates(short: str, full: str) -> bool:
    """True when a one-sentence text names its place with words of a longer description.

    >>> _abbreviates("You are in the cellar.", "You are in a large quadrangular cellar. Exits lead north.")
    True
    >>> _abbreviates("You are in a rock garden.", "You are in a garden of luxurious flowers.")
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


def _name_from_description(description: str) -> str:
    """A room name for games without headers: the first sentence, shortened.

    >>> _name_from_description("You are in a rock garden. There are paths to the east.")
    'You are in a rock garden'
    """
    first = description.split(". ")[0].rstrip(".")
    return first[:60].strip()
