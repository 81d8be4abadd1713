"""Map manager: turns each game output into room transitions on a NetworkX DiGraph.

Perception (which header, dark, refused) comes from room_parser, or from the LLM parser in "llm" mode
and in "hybrid" mode when the rules are unsure; identity (which known room is this) is always decided
here from names, descriptions, the move just made and the graph's own consistency.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

from autofrotz.managers import map_llm
from autofrotz.managers.directions import (
    OPPOSITES,
    edge_label,
    is_stationary_command,
    is_travel_command,
    opposite,
    step,
)
from autofrotz.managers.map_graph import MENTIONED, Link
from autofrotz.managers.map_maze import MazeMap, normalize_description, similarity
from autofrotz.managers.room_parser import (
    ParsedOutput,
    is_full_description,
    is_item_line,
    is_relocation_text,
    leading_paragraph,
    parse_exits,
    parse_output,
    reads_like_open_terrain,
    short_form_share,
)

MODES = ("rules", "llm", "hybrid")
# Below this the rules call themselves unsure and hybrid mode asks the LLM.
UNSURE = 0.5
# Descriptions at least this similar belong to the same room (state changes alter a few words).
SAME_ROOM_SIMILARITY = 0.8
DARK_ROOM_NAME = "Darkness"
ELSEWHERE_NAME = "Somewhere else"  # where a relocation without a room header leaves us
# Under this length the line after a title is no room description (a signature, a date, a list item).
SHORTEST_DESCRIPTION = 40
# A header no room bears over this many of the last room's paragraphs (of this length) renames it.
SAME_FURNISHINGS, FURNISHING_LENGTH = 3, 40
# Words in a row a teleport's text must keep from the one room of that name to be that room.
KEPT_WORDS = 8
LOOK_COMMANDS = frozenset({"look", "l", "look around", "redescribe"})


FIRST_VISIT = re.compile(r"you are (?:\w+ )?(?:in|on|at|inside) (?:a|an) ", re.IGNORECASE)


@dataclass
class RoomUpdate:
    """What one game output changed about where we are."""

    moved: bool
    room_id: str | None
    room_name: str | None
    is_new: bool = False
    is_dark: bool = False
    exits: list[str] = field(default_factory=list)
    confidence: float = 1.0
    used_llm: bool = False


class MapManager(MazeMap):
    """World map: rooms, exits, pathfinding and maze groups, updated from game output."""

    def __init__(self, llm: Any = None, mode: str = "rules", similarity_threshold: float = 0.95) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown map parser mode {mode!r}; use one of {', '.join(MODES)}")
        super().__init__(similarity_threshold)
        self.llm = llm
        self.mode = mode
        self.llm_calls = 0
        self.last_move: tuple[str, str, str] | None = None  # (from room, exit label, to room)
        # how this game announces rooms; "brief" counts revisits shown by their header alone
        self.style = {"header": 0, "headerless": 0, "brief": 0}
        self.position: str | None = None  # last header's "(in the boat)" suffix
        self.reply = ""  # the output being read

    # ----- perception -----
    def update_from_game_output(
        self, output_text: str, command_used: str | None, turn: int = 0
    ) -> RoomUpdate:
        """Parse one output (the reply to command_used, or the intro when None) and update the map."""
        known = frozenset(str(d["name"]).lower() for _, d in self.graph.nodes(data=True))
        parsed = parse_output(output_text, known)
        if self._is_document(parsed, command_used):
            parsed = ParsedOutput(is_dark=parsed.is_dark)
        confidence = self._confidence(parsed, command_used)
        used_llm = False
        if self.llm is not None and (self.mode == "llm" or (self.mode == "hybrid" and confidence < UNSURE)):
            self.llm_calls += 1
            llm_parsed = map_llm.parse_with_llm(self.llm, output_text, command_used, self._current_name())
            if llm_parsed is not None:
                parsed, confidence, used_llm = llm_parsed, max(confidence, 0.8), True
        update = self._apply(parsed, command_used, turn, output_text)
        update.confidence, update.used_llm = confidence, used_llm
        return update

    def _is_document(self, parsed: ParsedOutput, command: str | None) -> bool:
        """A title in a reply to read/examine/inventory, with no description under it or one that is
        no room's (a signature, a list): a document, since looking at things moves no one."""
        if not parsed.header or not is_stationary_command(command):
            return False
        return self._current_name() != parsed.header and len(parsed.description) < SHORTEST_DESCRIPTION

    def _current_name(self) -> str | None:
        return self.room(self.current_room)["name"] if self.current_room else None

    def _confidence(self, parsed: ParsedOutput, command: str | None) -> float:
        """How sure the rules are about this output."""
        travel = is_travel_command(command)
        if parsed.header:
            known = bool(self.rooms_named(parsed.header))
            return 0.95 if (parsed.description or travel or known or command is None) else 0.45
        if parsed.is_dark or parsed.no_exit or parsed.blocked_reason:
            return 0.95
        if parsed.headerless_room:
            return 0.7
        return 0.4 if travel and self.current_room else 0.95

    # ----- applying an observation -----
    def _apply(self, parsed: ParsedOutput, command: str | None, turn: int, text: str = "") -> RoomUpdate:
        label = edge_label(command) if command else None
        travel = is_travel_command(command)
        self.reply = text
        if parsed.header:
            self.style["header"] += 1
        elif parsed.headerless_room:
            self.style["headerless"] += 1
        # a game prints room headers or it does not: description-only rooms count only in the latter
        headerless = parsed.headerless_room and self.style["headerless"] >= self.style["header"]
        if parsed.no_exit and parsed.header and parsed.header == self._current_name():
            parsed = ParsedOutput(no_exit=True)  # a refusal that prints the room again: we stay
        if parsed.header or headerless:
            name = parsed.header or _name_from_description(parsed.description)
            return self._arrive_named(name, parsed, command, label, travel, turn)
        if parsed.is_dark and (travel or self.current_room is None):
            return self._arrive_dark(label, turn)
        if self._headerless_game() and not (parsed.no_exit or parsed.blocked_reason) and label in OPPOSITES:
            return self._arrive_undescribed(text, label, turn)
        if self.current_room and label and parsed.no_exit:
            self.refute_exit(self.current_room, label, turn)
        elif self.current_room and label and parsed.blocked_reason and travel:
            self.mark_blocked(self.current_room, label, parsed.blocked_reason, turn)
        if parsed.is_dark and self.current_room:
            self.room(self.current_room)["is_dark"] = True
        if self.current_room and is_relocation_text(text):
            return self._arrive_elsewhere(label, turn)
        return self._stay(parsed.is_dark)

    def _headerless_game(self) -> bool:
        return self.style["headerless"] > self.style["header"]

    def _arrive_undescribed(self, text: str, label: str, turn: int) -> RoomUpdate:
        """A compass move in a game without headers: the reply's opening paragraph is the room."""
        description = leading_paragraph(text)
        if not description:
            return self._stay()
        parsed = ParsedOutput(description=description, exits=parse_exits(description), headerless_room=True)
        link = self.links.get(self.current_room or "", {}).get(label)
        name = (
            self.room(link.to_room)["name"]
            if link and not link.random
            else _name_from_description(description)
        )
        return self._arrive_named(name, parsed, label, label, True, turn)

    def _stay(self, is_dark: bool = False) -> RoomUpdate:
        room = self.current_room
        name = self.room(room)["name"] if room else None
        return RoomUpdate(False, room, name, is_dark=is_dark)

    def _arrive_elsewhere(self, label: str | None, turn: int) -> RoomUpdate:
        """Carried off to a place the text does not name: a placeholder room until a header names it."""
        previous = self.current_room
        target = self.add_room(ELSEWHERE_NAME, turn=turn)
        self._place(target, None)
        self.room(target)["placeholder"] = True
        self._record_move(previous, target, label, False, turn)
        return RoomUpdate(True, target, ELSEWHERE_NAME, True)

    def _arrive_dark(self, label: str | None, turn: int) -> RoomUpdate:
        """A move into darkness: a known exit tells where we are, else a placeholder room."""
        previous = self.current_room
        link = self.links[previous].get(label) if previous and label else None
        if link and not link.random:
            target, is_new = link.to_room, False
        else:
            target, is_new = self.add_room(DARK_ROOM_NAME, turn=turn, is_dark=True), True
            self._place(target, label)
            self.room(target)["placeholder"] = True
        self.room(target)["is_dark"] = True
        self._record_move(previous, target, label, True, turn)
        return RoomUpdate(previous != target, target, self.room(target)["name"], is_new, is_dark=True)

    def _arrive_named(
        self, name: str, parsed: ParsedOutput, command: str | None, label: str | None, travel: bool, turn: int
    ) -> RoomUpdate:
        previous = self.current_room
        if previous and self.room(previous).get("placeholder") and not travel:
            return self._light_placeholder(name, parsed, turn)
        name = self._without_aside(name, parsed.description)
        # getting into or out of a boat, bed or dumbwaiter keeps the room even though "in"/"out" move
        inside = bool(self.position or parsed.position)
        compass = label in OPPOSITES and not (inside and label in ("in", "out"))
        landed = bool(parsed.position) and not self.position  # set down on something, not walked in
        self.position = parsed.position
        if landed and self._unchanged_here(name, parsed.description):
            target: str | None = previous  # put back onto the furniture of the very room we tried to leave
        else:
            target = self._identify(name, parsed.description, label, travel, compass)
        if target is None and previous and travel and self._same_furnishings(previous, name):
            self.rename_room(previous, name, turn)  # a new name over the same things: a room renamed
            target = previous
        is_new = target is None
        if travel and not is_new and target != previous and not parsed.description:
            self.style["brief"] += 1
        if target is None:
            target = self._create_room(name, parsed.description, label, turn)
        node = self.room(target)
        node["furnishings"] = furnishings(self.reply, name) or node.get("furnishings", [])
        if parsed.description and (not node["description"] or is_item_line(node["description"])):
            node["description"] = parsed.description
        node["is_dark"] = False
        for direction in parsed.exits:
            self.set_exit_state(target, direction, MENTIONED)
        moved = target != previous or (travel and label is not None and self._loop_known(label))
        if moved or previous is None:
            self._record_move(previous, target, label, travel, turn)
        # a move that showed the same text again counts too: maze rooms look like the one we left
        if (moved or previous is None or travel) and is_full_description(parsed.description):
            self.check_maze_condition(target, parsed.description, turn, label if travel else None)
        return RoomUpdate(moved, target, node["name"], is_new, False, list(parsed.exits))

    def _same_furnishings(self, room_id: str, name: str) -> bool:
        """True when a header no room bears shows several of the room's own paragraphs of things."""
        if self.rooms_named(name):
            return False
        shared = set(furnishings(self.reply, name)) & set(self.room(room_id).get("furnishings", []))
        return len(shared) >= SAME_FURNISHINGS

    def _sole_namesake_kept_words(self, candidates: list[str], description: str) -> bool:
        """True when one room elsewhere bears the name and its text shares a long run of words with this."""
        if len(candidates) != 1 or candidates[0] == self.current_room:
            return False
        return shared_run(description, self.room(candidates[0])["description"]) >= KEPT_WORDS

    def _unchanged_here(self, name: str, description: str) -> bool:
        """True when the header and description are the current room's own."""
        here = self.current_room
        return bool(here) and self._current_name() == name and self._same_text(here or "", description)

    def _without_aside(self, name: str, description: str) -> str:
        """The current room's name when the header is that name plus an aside in brackets and the
        description is the room's own ("Lawn (four paces west of the peg)" is still the lawn)."""
        base = re.sub(r"\s*\([^()]*\)$", "", name)
        here = self.current_room
        if base == name or not here or (self._current_name() or "").lower() != base.lower():
            return name
        return self._current_name() or name if self._same_text(here, description) else name

    def _loop_known(self, label: str) -> bool:
        link = self.links.get(self.current_room or "", {}).get(label)
        return bool(link and link.to_room == self.current_room)

    def _create_room(self, name: str, description: str, label: str | None, turn: int) -> str:
        maze = self.active_maze
        if maze and description and self.matches_maze(description, maze):
            room_id = self.add_room(name, description, room_id=self.maze_room_id(maze), turn=turn)
        else:
            room_id = self.add_room(name, description, turn=turn)
        self._place(room_id, label)
        return room_id

    def _place(self, room_id: str, label: str | None) -> None:
        """Dead-reckoned grid position of a new room; off-grid moves keep the previous position."""
        origin = self.room(self.current_room).get("pos") if self.current_room else (0, 0, 0)
        self.room(room_id)["pos"] = step(origin, label or "") or origin

    def _light_placeholder(self, name: str, parsed: ParsedOutput, turn: int) -> RoomUpdate:
        """Light came back in a room first met in the dark: name it, or fold it into the known room."""
        placeholder = self.current_room or ""
        known = [r for r in self.rooms_named(name) if r != placeholder]
        same = [r for r in known if self._description_matches(r, parsed.description)]
        node = self.room(placeholder)
        if same:
            self.merge_rooms(same[0], placeholder, turn)
            target = same[0]
        else:
            self.rename_room(placeholder, name, turn)
            node["description"] = parsed.description
            node.pop("placeholder", None)
            target = placeholder
        self.room(target)["is_dark"] = False
        for direction in parsed.exits:
            self.set_exit_state(target, direction, MENTIONED)
        return RoomUpdate(False, target, name, not same, False, list(parsed.exits))

    # ----- identity -----
    def _identify(
        self, name: str, description: str, label: str | None, travel: bool, moving: bool
    ) -> str | None:
        """The known room this header names, or None for a new room."""
        current = self.current_room
        candidates = self.rooms_named(name)
        if current is None:
            return candidates[0] if candidates else None
        link = self.links[current].get(label) if label else None
        back = opposite(label) if label else None
        known = link is not None and not link.random and link.to_room in candidates
        if known and link and self._fresh(description, label) and self._unlike(link, description):
            known = False  # a first visit's text unlike the room the exit led to: somewhere new
        if link and known:  # the exit we know leads to a room of this name: trust it over wording
            return link.to_room
        if (
            link
            and not link.random
            and travel
            and self._headerless_game()
            and not self._refuted(link, description)
        ):
            # without headers a revisit's shorter wording names the room anew: the known exit decides
            self.rename_room(link.to_room, name)
            return link.to_room
        if not candidates and self._headerless_game():
            abbreviated = self._abbreviated(description)
            if abbreviated is not None:
                return abbreviated  # a revisit's short wording ("You are in the cellar")
        if current in candidates and not moving:
            back_there = self._other_namesake_text(candidates, description)
            if back_there:
                return back_there  # taken back to the namesake whose own text this is (another era)
        if current in candidates and not moving and self._carried_on(current, description):
            others = [c for c in candidates if c != current and self._same_text(c, description)]
            return others[0] if others else None  # a boat or car carried us on to a namesake
        if current in candidates and not (moving or self._lookalike_step(candidates, description, label)):
            return current
        if current in candidates and self._shortened_here(current, description, label):
            return current  # the current room's short form again after an event: put back where we were
        if current in candidates and self._open_terrain(current, description):
            return current  # the same open-terrain text after a step: a grid kept as one room
        if not travel and not candidates and self._is_rename(description):
            self.rename_room(current, name)
            return current
        pool = [c for c in candidates if c != current and not self._distinct(c, description, back)]
        returning = [c for c in pool if back and (r := self.links[c].get(back)) and r.to_room == current]
        if not returning and label in OPPOSITES:  # the way back of a move like "follow mouse" is unknown
            returning = [c for c in pool if self._led_here_off_grid(c)]
        if returning:
            return returning[-1]
        if not travel and not pool and self._sole_namesake_kept_words(candidates, description):
            return candidates[0]  # carried off to the one room of that name, its text partly rewritten
        if not travel and self.position and len(candidates) == 1 and candidates[0] != current:
            return candidates[0]  # ridden (in a handcar, on a raft) to the one room of that name
        if self._fresh(description, label):  # a first visit's text where revisits are abbreviated
            pool = [c for c in pool if self._changed_neighbour(c, description)]
        if current in candidates and self._indistinguishable_from_here(candidates, description):
            return current  # nothing says we left: a grid inside one room, or a brief revisit
        kept = self._kept_furnishings(pool, name, description)
        if len(kept) == 1:
            return kept[0]  # a brief revisit among namesakes: the one showing the same fixtures
        pool = kept or pool
        maze_like = self._maze_like(candidates, description)
        if maze_like:
            pool = [c for c in pool if self._consistent(c, back)]
        if pool and (len(candidates) > 1 or current in candidates):
            return self._pick_among_namesakes(pool, description, label, maze_like)
        return pool[-1] if pool else None

    def _refuted(self, link: Link, description: str) -> bool:
        """A way back only guessed from the move out, and the text shows another room: not the way back."""
        # a revisit names the place it knows ("the alley"); a first visit introduces one ("a garden")
        introduced = FIRST_VISIT.match(description) is not None
        return link.inferred and introduced and not self._same_text(link.to_room, description)

    def _other_namesake_text(self, candidates: list[str], description: str) -> str | None:
        """The one other namesake whose stored text this full description repeats, when it is clearly
        not the current room's text."""
        here = self.current_room or ""
        if not is_full_description(description) or not self._distinct(here, description):
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
        group = self.room(here).get("maze_group")  # any room of the maze we are in counts as here
        return any(
            opposite(k) is None
            and (link.to_room == here or bool(group and self._name_group(link.to_room) == group))
            for k, link in self.links[room_id].items()
        )

    def _name_group(self, room_id: str) -> str | None:
        return self.room(room_id).get("maze_group")

    def _abbreviated(self, description: str) -> str | None:
        """The one known room whose description this short wording abbreviates (in a game without
        headers); a neighbour of the current room wins a tie."""
        rooms = [r for r, d in self.graph.nodes(data=True) if _abbreviates(description, d["description"])]
        if len(rooms) > 1:
            here = self.current_room or ""
            near = [r for r in rooms if r == here or self._led_here(r) or self._led_here(here, r)]
            rooms = near if len(near) == 1 else []
        return str(rooms[0]) if rooms else None

    def _led_here(self, room_id: str, here: str | None = None) -> bool:
        """True when some known exit of the room leads to `here` (the current room by default)."""
        target = here or self.current_room
        return any(link.to_room == target for link in self.links[room_id].values())

    def _open_terrain(self, room_id: str, description: str) -> bool:
        """The room's own description printed again after a move, speaking of open terrain: a desert or
        plain the game draws inside one room, not a maze of copies (those announce no endless view)."""
        if self.room(room_id).get("maze_group") or not description or is_item_line(description):
            return False
        return self._same_text(room_id, description) and reads_like_open_terrain(description)

    def _fresh(self, description: str, label: str | None) -> bool:
        """A compass walk printed a full description in a game that abbreviates revisits to the header
        (teleports, rides and landings on furniture print a full one whatever the game's habit)."""
        full = is_full_description(description) and self.position is None
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
            and not is_full_description(description)
            and not parse_exits(description)
        ):
            return False  # a state line under a brief header ("There is a beanstalk..."), no description
        if not self._description_matches(room_id, description):
            return not _abbreviates(description, stored)
        a, b = normalize_description(description), normalize_description(stored)
        same_text = a == b
        return not same_text and not self._consistent(room_id, back)

    def _maze_like(self, candidates: list[str], description: str) -> bool:
        """Several known rooms share this name and description: only the graph can tell them apart.
        A visit that prints no description compares the namesakes' own descriptions with each other."""
        if description or len(candidates) < 2:
            alike = [c for c in candidates if self._description_matches(c, description)]
        else:
            texts = [str(self.room(c)["description"]) for c in candidates]
            alike = [c for c, t in zip(candidates, texts, strict=True) if texts.count(t) >= 2 or not t]
        return len(alike) >= 2 or any(self.room(c).get("maze_group") for c in candidates)

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

    # ----- moves -----
    def _record_move(
        self, previous: str | None, target: str, label: str | None, travel: bool, turn: int
    ) -> None:
        if previous and label and label not in LOOK_COMMANDS:
            teleport = not travel
            self.add_connection(
                previous, target, label, bidirectional=not teleport, teleport=teleport, turn=turn
            )
            self._note_reverse(previous, target, label, turn)
            self.note_maze_exit(previous, target)
        self.visit(target, turn)

    def _note_reverse(self, previous: str, target: str, label: str, turn: int) -> None:
        """Track whether going back the way we came returned us, for the "all different" maze trigger."""
        came = self.last_move
        self.last_move = (previous, label, target)
        if came and came[2] == previous and opposite(label) == came[1]:
            self.note_backtrack(came[0] == target, turn)

    def correct_current_room(self, room_id: str, turn: int = 0) -> None:
        """Tell the map where we really are (e.g. from a maze marker); a room just created for the
        current position is folded into it."""
        current = self.current_room
        if current is None or current == room_id:
            self.current_room = room_id
            return
        if self.room(current)["visit_count"] <= 1:
            self.merge_rooms(room_id, current, turn)
        self.current_room = room_id

    # ----- serialisation -----
    def to_dict(self) -> dict[str, Any]:
        """Whole map state as JSON-able data."""
        return {
            "mode": self.mode,
            **self.graph_dict(),
            "maze": self.maze_dict(),
            "style": dict(self.style),
            "position": self.position,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], llm: Any = None) -> MapManager:
        """Rebuild a manager saved by to_dict."""
        manager = cls(llm=llm, mode=data.get("mode", "rules"))
        manager.load_graph_dict(data)
        manager.load_maze_dict(data.get("maze", {}))
        manager.style.update(data.get("style", {}))
        manager.position = data.get("position")
        return manager


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
