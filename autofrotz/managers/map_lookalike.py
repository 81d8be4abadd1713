"""Telling look-alike maze rooms apart without markers: guides followed off the compass, the ways out
a reply mentions, fixtures the reply repeats, and falls that pass through one room into another.

LookalikeMap sits between IdentityMap and RideMap. MapManager's _identify asks it for guided steps
and falls, and hands it the last stage (`_among_namesakes`): choosing among rooms of one name, or
none, once no exit, event or guide has settled the reply.
"""

from __future__ import annotations

import re

from autofrotz.managers.directions import OPPOSITES, is_travel_command, opposite
from autofrotz.managers.map_graph import MENTIONED, Link
from autofrotz.managers.map_identity import KEPT_WORDS, IdentityMap, furnishings, shared_run
from autofrotz.managers.map_maze import normalize_description
from autofrotz.managers.room_parser import find_header, is_item_line, parse_exits, parse_output

# "You tumble downwards...": the reply goes on below the room it named first.
# "Obvious exits: North, Up.": a listing many look-alike rooms share, no fixture of one of them.
EXIT_LISTING = re.compile(r"(?:obvious )?exits?\b", re.IGNORECASE)
FALL = re.compile(r"\byou (?:tumble|fall|plummet|plunge|drop)\s+down(?:wards?)?\b", re.IGNORECASE)


def split_fall(text: str, known: frozenset[str] = frozenset()) -> tuple[str, str] | None:
    """The part of a reply up to a fall and the part after it, when a room header comes before the
    fall and another after it (we walked into one room and dropped into the one below).

    >>> split_fall("Corridor\\n\\nNo floor here! You tumble downwards...\\n\\nShaft\\nA cramped shaft.")
    ('Corridor\\n\\nNo floor here! ', 'You tumble downwards...\\n\\nShaft\\nA cramped shaft.')
    >>> split_fall("You tumble downwards...\\n\\nShaft\\nA cramped shaft.") is None
    True
    """
    fall = FALL.search(text)
    if fall is None:
        return None
    before, after = text[: fall.start()], text[fall.start() :]
    if find_header(before, known)[0] is None or find_header(after, known)[0] is None:
        return None
    return before, after


class LookalikeMap(IdentityMap):
    """Identity evidence for rooms that share name and description."""

    last_move: tuple[str, str, str] | None  # (from room, exit label, to room), set by MapManager

    def _travelled(self, room_id: str) -> dict[str, str]:
        """Exits of a room walked at least once (not inferred), label -> room."""
        return {k: link.to_room for k, link in self.links[room_id].items() if not link.inferred}

    def _guide_back(self, label: str | None, travelled_here: bool) -> str | None:
        """A compass step inside a maze with no walked exit this way: the one maze room that led here
        by a move off the compass (following a guide). Walking away from where a guide led retraces
        its path; a maze's passages need not mirror the step that made them, so a guessed way back
        counts for nothing here."""
        here = self.current_room
        group = self._maze_group(here)
        if label not in OPPOSITES or not here or not group or travelled_here:
            return None
        before = [
            r
            for r in self.links
            if r != here
            and self._maze_group(r) == group
            and any(opposite(k) is None and to == here for k, to in self._travelled(r).items())
        ]
        return before[0] if len(before) == 1 else None

    def _retrace(self, label: str | None, travelled_here: bool) -> str | None:
        """Walking back along a path through a maze (the room we just left is one this room led to),
        a compass step by no walked exit goes on back: to the one other maze room that led here."""
        here, came = self.current_room, self.last_move
        group = self._maze_group(here)
        if label not in OPPOSITES or not here or not group or travelled_here or not came or came[2] != here:
            return None
        left = came[0]
        if left == here or left not in self._travelled(here).values():
            return None
        before = [
            r
            for r in self.links
            if r not in (here, left) and self._maze_group(r) == group and here in self._travelled(r).values()
        ]
        return before[0] if len(before) == 1 else None

    def _guide_rejoined(self, label: str | None) -> str | None:
        """A move off the compass ("follow mouse") from a maze room it was never made from: the one
        maze room next to here from which the same move went on elsewhere, where the guide's route
        is known to pass."""
        here = self.current_room
        group = self._maze_group(here)
        if not label or opposite(label) is not None or not is_travel_command(label) or not here or not group:
            return None
        if label in self.links[here]:
            return None
        near = {to for to in self._travelled(here).values() if self._maze_group(to) == group}
        near |= {
            r for r in self.links if here in self._travelled(r).values() and self._maze_group(r) == group
        }
        near.discard(here)
        if len(near) != 1:
            return None
        (neighbour,) = near
        onward = self._travelled(neighbour).get(label)
        return neighbour if onward and onward != here else None

    def _fallen_among_fixtures(
        self, candidates: list[str], name: str, description: str, link: Link | None
    ) -> str | None:
        """After a fall (this reply is the part below the room fallen through), the one namesake whose
        fixtures a header-only reply shows, over a way down only guessed from a climb up."""
        if not FALL.match(self.reply) or (link is not None and not link.inferred) or len(candidates) < 2:
            return None
        fixed = self._kept_furnishings([c for c in candidates if c != self.current_room], name, description)
        return fixed[0] if len(fixed) == 1 else None

    def _word_for_word(self, pool: list[str], candidates: list[str], description: str) -> list[str]:
        """The pool's rooms whose stored text is this printed description word for word, when the
        namesakes look alike (a look-alike naming other exits is another room)."""
        if not description or is_item_line(description) or not self._maze_like(candidates, description):
            return []
        text = normalize_description(description)
        return [c for c in pool if normalize_description(self.room(c)["description"]) == text]

    def _told_apart_by_way(self, pool: list[str], candidates: list[str], description: str) -> str | None:
        """Among look-alikes, the one a way out mentioned beyond the shared text points to."""
        same = self._word_for_word(pool, candidates, description)
        return self._mentions_way(same, candidates, description) if same else None

    def _told_apart_by_fixtures(
        self, pool: list[str], candidates: list[str], name: str, description: str
    ) -> str | None:
        """Among look-alikes, the one whose paragraph of fixed things this reply repeats."""
        same = self._word_for_word(pool, candidates, description)
        return self._shows_fixtures(same, candidates, name) if same else None

    def _shows_fixtures(self, pool: list[str], candidates: list[str], name: str) -> str | None:
        """The one namesake whose stored paragraphs of things (exit listings aside, and none the room
        we left showed too) this reply repeats."""
        here = set(self.room(self.current_room).get("furnishings", [])) if self.current_room else set()
        seen = {p for p in furnishings(self.reply, name) if not EXIT_LISTING.match(p)} - here
        shown = [c for c in candidates if seen & set(self.room(c).get("furnishings", []))]
        return shown[0] if len(shown) == 1 and shown[0] in pool else None

    def _mentions_way(self, pool: list[str], candidates: list[str], description: str) -> str | None:
        """The one namesake ever shown with ways out, all of which this reply mentions beyond the
        description the look-alikes share ("A marble stairway leads upward" under the same text)."""
        if parse_exits(description):
            return None  # the shared text itself lists ways out: each look-alike has its own
        mentioned = set(parse_output(self.reply).exits)
        marked = [c for c in candidates if self._mentioned_exits(c)]
        if len(marked) != 1 or marked[0] not in pool or not mentioned:
            return None
        return marked[0] if self._mentioned_exits(marked[0]) <= mentioned else None

    def _open_way_back(self, pool: list[str], back: str | None, description: str) -> str | None:
        """A header-only revisit among namesakes: the one whose text named the way back and where
        that way has not been walked to somewhere else."""
        if not back or (description and not is_item_line(description)) or len(pool) < 2:
            return None
        open_back = [c for c in pool if back in self._mentioned_exits(c) and self._unwalked(c, back)]
        return open_back[0] if len(open_back) == 1 else None

    def _unwalked(self, room_id: str, label: str) -> bool:
        link = self.links[room_id].get(label)
        return link is None or link.inferred

    def _mentioned_exits(self, room_id: str) -> set[str]:
        return {k for k, state in self.room(room_id)["exits"].items() if state == MENTIONED} | set(
            self.room(room_id).get("mentioned", [])
        )

    def _among_namesakes(
        self, candidates: list[str], name: str, description: str, label: str | None, travel: bool
    ) -> str | None:
        """The last stage of identity: which of several rooms of this name (or none, a new room) a
        reply that no exit, event or guide has settled shows."""
        current = self.current_room
        back = opposite(label) if label else None
        pool = [c for c in candidates if c != current and not self._distinct(c, description, back)]
        returning = [c for c in pool if back and (r := self.links[c].get(back)) and r.to_room == current]
        if not returning and label in OPPOSITES:  # the way back of a move like "follow mouse" is unknown
            returning = [c for c in pool if self._led_here_off_grid(c)]
        if returning:
            return returning[-1]
        told = self._told_apart_by_way(pool, candidates, description)
        if told:
            return told  # look-alikes told apart by a way out only one of them showed
        if not travel and not pool and self._sole_namesake_kept_words(candidates, description):
            return candidates[0]  # carried off to the one room of that name, its text partly rewritten
        if not travel and self.position and len(candidates) == 1 and candidates[0] != current:
            return candidates[0]  # ridden (in a handcar, on a raft) to the one room of that name
        if self._fresh(description, label, name):  # a first visit's text where revisits are abbreviated
            pool = [c for c in pool if self._changed_neighbour(c, description)]
        if current in candidates and self._indistinguishable_from_here(candidates, description):
            return current  # nothing says we left: a grid inside one room, or a brief revisit
        told = self._told_apart_by_fixtures(pool, candidates, name, description)
        if told:
            return told  # look-alikes told apart by fixed things only one of them showed
        kept = self._kept_furnishings(pool, name, description)
        if len(kept) == 1:
            return kept[0]  # a brief revisit among namesakes: the one showing the same fixtures
        pool = kept or pool
        open_back = self._open_way_back(pool, back, description)
        if open_back:
            return open_back  # a brief revisit: the one namesake with an unwalked exit leading back
        maze_like = self._maze_like(candidates, description)
        if maze_like:
            pool = [c for c in pool if self._consistent(c, back)]
        if pool and (len(candidates) > 1 or current in candidates):
            return self._pick_among_namesakes(pool, description, label, maze_like)
        return pool[-1] if pool else None

    def _sole_namesake_kept_words(self, candidates: list[str], description: str) -> bool:
        """True when one room elsewhere bears the name and its text shares a long run of words with this."""
        if len(candidates) != 1 or candidates[0] == self.current_room:
            return False
        return shared_run(description, self.room(candidates[0])["description"]) >= KEPT_WORDS
