"""Map manager: turns each game output into room transitions on a NetworkX DiGraph.

Perception (which header, dark, refused) comes from room_parser, or from the LLM parser in "llm" mode
and in "hybrid" mode when the rules are unsure; identity (which known room is this) is always decided
here from names, descriptions, the move just made and the graph's own consistency.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from autofrotz.if_patterns import detect_outcome
from autofrotz.managers import map_llm
from autofrotz.managers.directions import (
    OPPOSITES,
    edge_label,
    is_travel_command,
    opposite,
    step,
)
from autofrotz.managers.map_graph import MENTIONED
from autofrotz.managers.map_identity import (
    SAME_FURNISHINGS,
    _name_from_description,
    exits_conflict,
    furnishings,
)
from autofrotz.managers.map_lookalike import split_fall
from autofrotz.managers.map_reading import is_inspection, is_other_version, quoted_title
from autofrotz.managers.map_rides import is_ride_text
from autofrotz.managers.map_scenes import SHORTEST_DESCRIPTION, SceneMap
from autofrotz.managers.room_parser import (
    ParsedOutput,
    is_full_description,
    is_item_line,
    leading_paragraph,
    parse_exits,
    parse_output,
)
from autofrotz.managers.room_signals import is_dark_again_text, is_relocation_text, reads_like_dead_end

__all__ = ["MapManager", "RoomUpdate", "exits_conflict"]

MODES = ("rules", "llm", "hybrid")
# Below this the rules call themselves unsure and hybrid mode asks the LLM.
UNSURE = 0.5
DARK_ROOM_NAME = "Darkness"
ELSEWHERE_NAME = "Somewhere else"  # where a relocation without a room header leaves us
# A reply opening with these is someone speaking, never a room's description.
SPEECH_MARKS = ('"', "\u201c", "'")
LOOK_COMMANDS = frozenset({"look", "l", "look around", "redescribe"})


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


class MapManager(SceneMap):
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
        known = self.known_names()
        fall = split_fall(output_text, known) if command_used else None
        if fall:  # walked into one room and fell into the one below: two arrivals
            self.update_from_game_output(fall[0], command_used, turn)
            return self.update_from_game_output(fall[1], "down", turn)
        parsed = parse_output(output_text, known)
        self.reply = output_text
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
        self.replies.append(output_text)
        return update

    def _is_document(self, parsed: ParsedOutput, command: str | None) -> bool:
        """A title in a reply to read/examine/inventory, with no description under it or one that is
        no room's (a signature, a list): a document, since looking at things moves no one."""
        if not parsed.header or not is_inspection(command) or self._current_name() == parsed.header:
            return False
        return len(parsed.description) < SHORTEST_DESCRIPTION or quoted_title(self.reply, parsed.header)

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
        if command and detect_outcome(text) == "death":
            command = None  # the game sets a dead player down somewhere: no exit was walked
        label = edge_label(command) if command else None
        travel = is_travel_command(command)
        if self._dream_turn(parsed.header, command, text):
            return self._stay()  # asleep: the dream's rooms are not where the sleeper lies
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
        dark_before = self._dark_we_came_from(text)
        if parsed.is_dark and dark_before:
            return self._arrive_known(dark_before, label, turn, is_dark=True)  # sent back, not walked
        if self._headerless_game() and not (parsed.no_exit or parsed.blocked_reason) and label in OPPOSITES:
            return self._arrive_undescribed(text, label, turn)
        if self.current_room and label and parsed.no_exit:
            self.refute_exit(self.current_room, label, turn)
        elif self.current_room and label and parsed.blocked_reason and travel:
            self.mark_blocked(self.current_room, label, parsed.blocked_reason, turn)
        if parsed.is_dark and self.current_room:
            self.room(self.current_room)["is_dark"] = True
        if self.current_room and command and label and not travel and is_ride_text(text):
            return self._arrive_by_ride(command, label, turn)
        carried = self._carried_to(text) or self._same_spot_other_era(text)
        if carried:
            return self._arrive_known(carried, label, turn)
        if self.current_room and is_relocation_text(text):
            return self._arrive_elsewhere(label, turn)
        if self.current_room is None and command is None:
            return self._arrive_elsewhere(None, turn)  # an intro that shows no room: the start, unnamed
        return self._stay(parsed.is_dark)

    def _arrive_undescribed(self, text: str, label: str, turn: int) -> RoomUpdate:
        """A compass move in a game without headers: the reply's opening paragraph is the room."""
        description = leading_paragraph(text)
        if not description:
            return self._stay()
        if description.startswith(SPEECH_MARKS) and self.current_room:
            return self._arrive_elsewhere(label, turn)  # someone speaks where a room would be: led off unseen
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

    def _arrive_known(self, target: str, label: str | None, turn: int, is_dark: bool = False) -> RoomUpdate:
        """Carried without a header to a room the text and the graph name (a fall, a return, a ride)."""
        self._record_move(self.current_room, target, label, False, turn)
        return RoomUpdate(True, target, self.room(target)["name"], is_dark=is_dark)

    def _arrive_elsewhere(self, label: str | None, turn: int) -> RoomUpdate:
        """Carried off to a place the text does not name: a placeholder room until a header names it."""
        previous = self.current_room
        target = self.add_room(ELSEWHERE_NAME, turn=turn)
        self._place(target, None)
        self.room(target)["placeholder"] = True
        self._record_move(previous, target, label, False, turn)
        return RoomUpdate(True, target, ELSEWHERE_NAME, True)

    def _arrive_by_ride(self, command: str, label: str, turn: int) -> RoomUpdate:
        """A car or lift carried us on without a header: the stop the graph or a label tells, else a
        placeholder that the header printed on stepping off will name."""
        target = self.ride_destination(command, label)
        if target is None:
            update = self._arrive_elsewhere(label, turn)
            self.room(update.room_id or "")["ride"] = True
            self.riding = True
            return update
        self.riding = True
        return self._arrive_known(target, label, turn)

    def _arrive_dark(self, label: str | None, turn: int) -> RoomUpdate:
        """A move into darkness: a known exit tells where we are, else a placeholder room."""
        previous = self.current_room
        link = self.links[previous].get(label) if previous and label else None
        way_back = self._only_way_back(previous)
        if link and not link.random:
            target, is_new = link.to_room, False
        elif way_back:
            target, is_new = way_back, False  # a dead end's one way out leads back where we came from
        else:
            target, is_new = self.add_room(DARK_ROOM_NAME, turn=turn, is_dark=True), True
            self._place(target, label)
            self.room(target)["placeholder"] = True
        self.room(target)["is_dark"] = True
        self._record_move(previous, target, label, True, turn)
        return RoomUpdate(previous != target, target, self.room(target)["name"], is_new, is_dark=True)

    def _dark_we_came_from(self, text: str) -> str | None:
        """The dark room we walked in from, when the reply says the darkness is back ("black again")."""
        came = self.last_move
        if not came or came[2] != self.current_room or not is_dark_again_text(text):
            return None
        return came[0] if self.room(came[0]).get("is_dark") else None

    def _only_way_back(self, room_id: str | None) -> str | None:
        """The room we walked into this one from, when its text says it has no other way out."""
        came = self.last_move
        if not room_id or not came or came[2] != room_id or came[0] == room_id:
            return None
        return came[0] if reads_like_dead_end(str(self.room(room_id)["description"])) else None

    def _arrive_named(
        self, name: str, parsed: ParsedOutput, command: str | None, label: str | None, travel: bool, turn: int
    ) -> RoomUpdate:
        previous = self.current_room
        off_ride, self.riding = self.riding and self.stepping_off(label), False
        if previous and self.room(previous).get("placeholder") and (not travel or off_ride):
            return self._light_placeholder(name, parsed, turn)
        name = self._without_aside(name, parsed.description)
        # getting into or out of a boat, bed or dumbwaiter keeps the room even though "in"/"out" move
        inside = bool(self.position or parsed.position)
        compass = label in OPPOSITES and not (inside and label in ("in", "out"))
        landed = bool(parsed.position) and not self.position  # set down on something, not walked in
        self.position = parsed.position
        if off_ride and self._current_name() == name:
            target: str | None = previous  # out of the car that carried us: the stop it reached
        elif landed and self._unchanged_here(name, parsed.description):
            target = previous  # put back onto the furniture of the very room we tried to leave
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
        node["mentioned"] = sorted({*node.get("mentioned", []), *parsed.exits})  # kept once walked
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

    def _name_placeholder(self, room_id: str, name: str) -> str:
        """A known exit led back to a room first met unnamed (dark, or the start): it gets the header."""
        self.rename_room(room_id, name)
        self.room(room_id).pop("placeholder", None)
        return room_id

    # ----- identity -----
    def _identify(
        self, name: str, description: str, label: str | None, travel: bool, moving: bool
    ) -> str | None:
        """The known room this header names, or None for a new room."""
        current = self.current_room
        candidates = self.rooms_named(name)
        if current is None:
            return candidates[0] if candidates else None
        if self._reworded_here(description, label):
            return current  # the same event over the same room reworded: the game redraws one room
        if self._bounced_back(name, description, self.reply) or self._stopped_here(name, label):
            return current
        renamed = self._renamed_revisit(name, description, label)
        if renamed:
            self.rename_room(renamed, name)
            return renamed
        link = self.links[current].get(label) if label else None
        walked = bool(link and not link.inferred)
        guided = (
            self._guide_back(label, walked) or self._guide_rejoined(label) or self._retrace(label, walked)
        )
        if guided in candidates:
            return guided  # retracing, or rejoining, the path of a guide through look-alike rooms
        if current not in candidates and is_other_version(self.reply):
            return None  # the text says this namesake is another version of the place we knew
        landed = self._fallen_among_fixtures(candidates, name, description, link)
        if landed:
            return landed
        known = link is not None and not link.random and link.to_room in candidates
        if known and link and self._fresh(description, label, name) and self._unlike(link, description):
            known = False  # a first visit's text unlike the room the exit led to: somewhere new
        if link and not link.random and not candidates and self.room(link.to_room).get("placeholder"):
            return self._name_placeholder(link.to_room, name)  # back to a room we never saw named
        if link and known:  # the exit we know leads to a room of this name: trust it over wording
            return link.to_room
        if (
            link
            and not link.random
            and travel
            and self._headerless_game()
            and not self._refuted(link, description)
            and not (link.to_room == current and self._distinct(current, description))
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
        rewritten = self._rewritten_by_event(name, description, moving, label in LOOK_COMMANDS)
        if current in candidates and not moving and (self._carried_on(current, description) or rewritten):
            others = [c for c in candidates if c != current and self._same_text(c, description)]
            return others[0] if others else None  # a boat, a leap or a drink carried us on to a namesake
        if current in candidates and not (moving or self._lookalike_step(candidates, description, label)):
            return current
        if current in candidates and self._shortened_here(current, description, label):
            return current  # the current room's short form again after an event: put back where we were
        if current in candidates and self._open_terrain(current, description):
            return current  # the same open-terrain text after a step: a grid kept as one room
        if not travel and not candidates and self._is_rename(description):
            self.rename_room(current, name)
            return current
        return self._among_namesakes(candidates, name, description, label, travel)

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
            "dreaming": self.dreaming,
            "in_vision": self.in_vision,
            "riding": self.riding,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], llm: Any = None) -> MapManager:
        """Rebuild a manager saved by to_dict."""
        manager = cls(llm=llm, mode=data.get("mode", "rules"))
        manager.load_graph_dict(data)
        manager.load_maze_dict(data.get("maze", {}))
        manager.style.update(data.get("style", {}))
        manager.position = data.get("position")
        manager.dreaming = bool(data.get("dreaming", False))
        manager.in_vision = bool(data.get("in_vision", False))
        manager.riding = bool(data.get("riding", False))
        return manager
