"""Map manager: turns each game output into room transitions on a NetworkX DiGraph.

Perception (which header, dark, refused) comes from room_parser, or from the LLM parser in "llm" mode
and in "hybrid" mode when the rules are unsure; identity (which known room is this) is always decided
by the ordered table of named rules in map_rules.py, from names, descriptions, the move just made and
the graph's own consistency. This module builds the observation, asks the table, and applies the verdict.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from autofrotz.managers import map_llm, way_trials
from autofrotz.managers.exit_words import (
    first_sentence,
    one_way_sentences,
    one_way_words,
    room_text,
    shut_way_sentences,
    stayed_refusal,
)
from autofrotz.managers.map_graph import MENTIONED, Link, MapGraph
from autofrotz.managers.map_identity import exits_conflict, furnishings, without_aside
from autofrotz.managers.map_lookalike import split_fall
from autofrotz.managers.map_maze import MazeMap
from autofrotz.managers.map_reading import is_inspection, name_from_description, quoted_title
from autofrotz.managers.map_retro import first_described_move, note_unread
from autofrotz.managers.map_rides import stepping_off
from autofrotz.managers.map_rules import RULE_NAMES, check_switched_off, decide
from autofrotz.managers.map_rules_named import LOOK_COMMANDS
from autofrotz.managers.map_scenes import SHORTEST_DESCRIPTION, next_dream_state
from autofrotz.managers.map_side_exit import exit_question
from autofrotz.managers.map_side_look import here_texts, look_disowns, look_keeps_header
from autofrotz.managers.map_state import (
    DARK_ROOM_NAME,
    ELSEWHERE_NAME,
    ExitAnswers,
    Facts,
    Route,
    SceneState,
)
from autofrotz.managers.map_survey import survey_question, twins
from autofrotz.managers.map_verdicts import DARK, ELSEWHERE, KNOWN, LIGHT, REREAD, STAY, Observation, Verdict
from autofrotz.managers.map_view import MapView
from autofrotz.managers.room_parser import ParsedOutput, is_full_description, parse_output
from autofrotz.managers.room_prose import is_item_line
from autofrotz.managers.side_questions import NO_ANSWERS, SideAnswers
from autofrotz.reading import EMPTY, Reading, reading_with_outcome
from autofrotz.rules import switches
from autofrotz.storage.models import Connection, MazeGroup, Room
from autofrotz.words.directions import OPPOSITES, edge_label, is_travel_command, opposite, step

__all__ = ["MapManager", "RoomUpdate", "exits_conflict"]

MODES = ("rules", "llm", "hybrid")
# Below this the rules call themselves unsure and hybrid mode asks the LLM.
UNSURE = 0.5


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
    decided_by: str = ""  # the identity rule that placed us (map_rules.RULES)


class MapManager:
    """World map: rooms, exits, pathfinding and maze groups, updated from game output. Its parts are
    the room graph (`store`, a MapGraph) and the maze groups kept on it (`mazes`, a MazeMap); which room
    a reply shows is decided by the rule table in map_rules.py, read through a MapView; scene state
    (dreams, rides, recent replies) is held aside. Its public surface is what the agents read
    (agents/world_view.MapReader) and what the turn loop asks (the room names known, a maze being
    mapped, the words of a death on a way), each passed to the part that holds it; its helper modules
    (map_state.MapState) and anything else ask a part."""

    def __init__(
        self,
        llm: Any = None,
        mode: str = "rules",
        similarity_threshold: float = 0.95,
        switched_off: frozenset[str] = frozenset(),
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown map parser mode {mode!r}; use one of {', '.join(MODES)}")
        self.store = MapGraph()
        self.mazes = MazeMap(self.store, similarity_threshold)
        # rules left out: the ablation eval's, and the map's among the process's switches (rules_off)
        config_off = switches.switched_off() & frozenset(RULE_NAMES)
        self.switched_off = check_switched_off(frozenset(switched_off) | config_off)
        self.scene = SceneState()
        self.fired: Counter[str] = Counter()  # how many decisions each rule made
        self.llm = llm
        self.mode = mode
        self.llm_calls = 0
        self.last_move: tuple[str, str, str] | None = None  # (from room, exit label, to room)
        # how this game announces rooms; "brief" counts revisits shown by their header alone
        self.style = {"header": 0, "headerless": 0, "brief": 0}
        self.position: str | None = None  # last header's "(in the boat)" suffix
        self.reply = ""  # the output being read
        self.reading: Reading = EMPTY  # its reading: the turn's, or made here for a part or a side reply
        self.surveys: dict[str, Facts] = {}  # what side copies saw from look-alike rooms (map_side_exit)

    # ----- the surface: the room graph's and the maze groups' answers -----
    @property
    def graph(self) -> nx.DiGraph:
        return self.store.graph

    @property
    def links(self) -> dict[str, dict[str, Link]]:
        return self.store.links

    @property
    def current_room(self) -> str | None:
        return self.store.current_room

    @current_room.setter
    def current_room(self, room_id: str | None) -> None:
        self.store.current_room = room_id

    @property
    def start_room(self) -> str | None:
        return self.store.start_room

    def room(self, room_id: str) -> dict[str, Any]:
        return self.store.room(room_id)

    def known_names(self) -> frozenset[str]:
        return self.store.known_names()

    def rooms(self) -> list[Room]:
        return self.store.rooms()

    def connections(self) -> list[Connection]:
        return self.store.connections()

    def get_path(self, from_room: str, to_room: str, teleports: bool = False) -> list[str]:
        return self.store.get_path(from_room, to_room, teleports)

    def usable_label(self, u: str, v: str, teleports: bool = False) -> tuple[str, float] | None:
        return self.store.usable_label(u, v, teleports)

    def get_unexplored_exits(self, room_id: str | None = None) -> list[tuple[str, str]]:
        return self.store.get_unexplored_exits(room_id)

    def get_nearest_unexplored(self, from_room: str) -> tuple[str, list[str]] | None:
        return self.store.get_nearest_unexplored(from_room)

    def note_exit_words(
        self, room_id: str, direction: str, words: str | None, kind: str = "exit_reasons"
    ) -> None:
        self.store.note_exit_words(room_id, direction, words, kind)

    def maze_groups(self) -> list[MazeGroup]:
        return self.mazes.maze_groups()

    def is_maze_active(self) -> bool:
        return self.mazes.is_maze_active()

    # ----- perception -----
    def update_from_game_output(
        self,
        output_text: str,
        command_used: str | None,
        turn: int = 0,
        side: SideAnswers = NO_ANSWERS,
        reading: Reading | None = None,
    ) -> RoomUpdate:
        """Parse one output (the reply to command_used, or the intro when None) and update the map with
        the answers of the side questions asked before reading it (map_questions): `side.look` the game's
        answer to "look" in a side copy after this reply, when one was asked; `side.exits` the routes
        side_exit_question chose, tried in side copies (each reply, then a look); `side.survey` what a
        survey of the room the reply shows saw (survey_question); `reading` the turn's reading of the
        reply (outcome, darkness, a refused move), read here when none is given."""
        known = self.known_names()
        fall = split_fall(output_text, known) if command_used else None
        if fall:  # walked into one room and fell into the one below: two arrivals
            self.update_from_game_output(fall[0], command_used, turn)
            return self.update_from_game_output(fall[1], "down", turn)
        self.reading = reading_with_outcome(reading, command_used or "", output_text)
        parsed = parse_output(output_text, known, self.reading)
        self.reply = output_text
        if self._is_document(parsed, command_used):
            parsed = ParsedOutput(is_dark=parsed.is_dark)
        side_look = side.look
        self.scene.side_look = side_look or ""
        self.scene.side_exit = side.exits
        self.scene.side_survey = side.survey
        self.scene.still_here = (
            "look_says_still_here" not in self.switched_off
            and not parsed.header
            and not parsed.is_dark
            and (
                look_disowns(side_look, output_text, command_used, here_texts(self))
                or look_keeps_header(side_look, command_used, self.store.current_name())
            )
        )
        if self.scene.still_here:
            parsed.no_exit = True  # the game's own refusal: the move led nowhere (look_says_still_here)
        if first_described_move(self, parsed, command_used, output_text):
            self.scene.unread_decided = True  # unread_headers_step reads this move and the ones after it
        confidence = self._confidence(parsed, command_used)
        used_llm = False
        if self.llm is not None and (self.mode == "llm" or (self.mode == "hybrid" and confidence < UNSURE)):
            self.llm_calls += 1
            llm_parsed = map_llm.parse_with_llm(
                self.llm, output_text, command_used, self.store.current_name()
            )
            if llm_parsed is not None:
                parsed, confidence, used_llm = llm_parsed, max(confidence, 0.8), True
        update = self._apply(parsed, command_used, turn, output_text)
        update.confidence, update.used_llm = confidence, used_llm
        note_unread(self, parsed, command_used, update.moved, output_text, turn)
        self.mazes.note_left(command_used, output_text)  # things dropped as maze markers
        self.scene.replies.append(output_text)
        stayed = bool(parsed.header) and not update.moved and is_travel_command(command_used)
        way_trials.note_ways_said(self, command_used, output_text, stayed)
        return update

    def ways_to_try(self) -> tuple[str, ...]:
        """The ways to try in side copies now (way_trials.ways_to_try); () when none are wanted."""
        return way_trials.ways_to_try(self)

    def ways_that_stay(self, replies: dict[str, str]) -> tuple[str, ...]:
        """The compass ways whose side copy showed this room's heading again (way_trials.ways_that_stay)."""
        return way_trials.ways_that_stay(self, replies)

    def note_ways_tried(self, replies: dict[str, str], returns: dict[str, str] | None = None) -> None:
        """Read the side copies' replies onto the room's exits (way_trials.note_ways_tried)."""
        way_trials.note_ways_tried(self, replies, returns or {})

    def side_exit_question(self, output_text: str, command_used: str | None) -> tuple[Route, ...]:
        """The exits worth trying in a side copy before this reply is read: a move into a room whose
        name and text known rooms share, told apart by where their walked exits lead (map_side_exit)."""
        if "exit_tells_namesakes" in self.switched_off or not is_travel_command(command_used):
            return ()  # most replies are no move: the room table and the game's style are not built for them
        rooms = dict(self.graph.nodes(data=True))
        headerless = MapView(self).headerless_game()
        known = self.known_names()
        return exit_question(
            rooms, self.links, output_text, command_used, self.current_room, known, headerless, self.surveys
        )

    def survey_question(self, output_text: str, command_used: str | None, answers: ExitAnswers | None) -> str:
        """The name of the room a move led into when a survey of it is worth asking before the reply is
        read (rule survey_tells_namesakes): known rooms share its name and text and the routes tried
        (answers) did not tell which it is; "" when none is."""
        if "survey_tells_namesakes" in self.switched_off or not is_travel_command(command_used):
            return ""
        rooms = dict(self.graph.nodes(data=True))
        known, headerless = self.known_names(), MapView(self).headerless_game()
        return survey_question(rooms, self.links, output_text, known, headerless, self.surveys, answers)

    def survey_wanted(self, command_used: str | None) -> str | None:
        """The name of the room just entered when a survey of it is wanted: a move placed the player in
        a room not yet surveyed whose name and text, word for word, another room shares (map_survey);
        else None."""
        room = self.current_room
        if "exit_tells_namesakes" in self.switched_off or not is_travel_command(command_used):
            return None
        if room is None or room in self.surveys:
            return None
        data = self.room(room)
        name = str(data.get("name", "")).lower()
        rooms = dict(self.graph.nodes(data=True))
        return name if len(twins(rooms, name, str(data.get("description") or ""))) > 1 else None

    def note_survey(self, facts: Facts) -> None:
        """Keep what a survey of the current room saw (map_side_exit)."""
        if self.current_room is not None:
            self.surveys[self.current_room] = dict(facts)

    def relabelled(self) -> dict[int, str]:
        """The opening turns read again after the unread_headers check tripped (turn -> room id)."""
        return self.scene.early.relabelled() if self.scene.unread_decided else {}

    def _is_document(self, parsed: ParsedOutput, command: str | None) -> bool:
        """A title in a reply to read/examine/inventory, with no description under it or one that is
        no room's (a signature, a list): a document, since looking at things moves no one."""
        if not parsed.header or not is_inspection(command) or self.store.current_name() == parsed.header:
            return False
        return len(parsed.description) < SHORTEST_DESCRIPTION or quoted_title(self.reply, parsed.header)

    def _confidence(self, parsed: ParsedOutput, command: str | None) -> float:
        """How sure the rules are about this output."""
        travel = is_travel_command(command)
        if parsed.header:
            known = bool(self.store.rooms_named(parsed.header))
            return 0.95 if (parsed.description or travel or known or command is None) else 0.45
        if parsed.is_dark or parsed.no_exit or parsed.blocked_reason:
            return 0.95
        if parsed.headerless_room:
            return 0.7
        return 0.4 if travel and self.current_room else 0.95

    # ----- applying an observation -----
    def _apply(self, parsed: ParsedOutput, command: str | None, turn: int, text: str = "") -> RoomUpdate:
        if command and self.reading.outcome == "death":
            command = None  # the game sets a dead player down somewhere: no exit was walked
        label = edge_label(command) if command else None
        travel = is_travel_command(command)
        scene = self.scene
        scene.dreaming, scene.in_vision = next_dream_state(MapView(self), scene, parsed.header, command, text)
        if not scene.dreaming:  # the game's habit is read from waking replies
            if parsed.header:
                self.style["header"] += 1
            elif parsed.headerless_room:
                self.style["headerless"] += 1
        # a game prints room headers or it does not: description-only rooms count only in the latter
        headerless = parsed.headerless_room and self.style["headerless"] >= self.style["header"]
        if parsed.no_exit and parsed.header and parsed.header == self.store.current_name():
            parsed = ParsedOutput(no_exit=True)  # a refusal that prints the room again: we stay
        if parsed.header or headerless:
            name = parsed.header or name_from_description(parsed.description)
            return self._decide(self._named(name, parsed, command, label, travel), turn)
        seen = Observation(parsed, command, label, travel, named=False)
        return self._decide(seen, turn)

    def _named(
        self, name: str, parsed: ParsedOutput, command: str | None, label: str | None, travel: bool
    ) -> Observation:
        """A reply naming a room, with what the rules read beside it: getting off a ride, being set
        down on something, and whether this is a compass move."""
        # getting into or out of a boat, bed or dumbwaiter keeps the room even though "in"/"out" move
        inside = bool(self.position or parsed.position)
        return Observation(
            parsed, command, label, travel, named=True, name=name,
            room_name=without_aside(MapView(self), name, parsed.description),
            off_ride=self.scene.riding and stepping_off(label),
            landed=bool(parsed.position) and not self.position,  # set down on something, not walked in
            moving=label in OPPOSITES and not (inside and label in ("in", "out")),
        )  # fmt: skip

    def _decide(self, seen: Observation, turn: int) -> RoomUpdate:
        """Ask the rule table where this reply puts us and apply its verdict."""
        position = seen.parsed.position if seen.named else self.position
        verdict = decide(seen, MapView(self, position), self.switched_off)
        self.fired[verdict.rule] += 1
        if seen.named:
            self.scene.riding = False
        if verdict.kind == REREAD and verdict.reading:
            name, parsed = verdict.reading
            return self._decide(self._named(name, parsed, seen.label, seen.label, True), turn)
        update = self._carry_out(verdict, seen, turn)
        update.decided_by = verdict.rule
        return update

    def _carry_out(self, verdict: Verdict, seen: Observation, turn: int) -> RoomUpdate:
        """Apply a verdict to the map."""
        here = self.current_room
        if verdict.dark_here and seen.parsed.is_dark and here:
            self.room(here)["is_dark"] = True
        if verdict.kind == STAY:
            if here and seen.label and verdict.refute:
                self.store.refute_exit(here, seen.label, turn, first_sentence(self.reply))
            elif here and seen.label and verdict.blocked:
                self.store.mark_blocked(here, seen.label, verdict.blocked, turn)
            elif here and seen.label and stayed_refusal(seen, self.reading):
                # a refusal in the game's own words ("The troll fends you off", "The brambles are too
                # thick"): something bars the way, which may change, so it is blocked, not refuted
                self.store.mark_blocked(here, seen.label, first_sentence(self.reply), turn)
            return self._stay(verdict.is_dark)
        if verdict.ride:
            self.scene.riding = True
        if verdict.kind == LIGHT:
            return self._light_placeholder(verdict.room_id or "", seen.name, seen.parsed, turn)
        if verdict.kind == KNOWN and verdict.room_id:
            return self._arrive_known(verdict.room_id, seen.label, turn, verdict.is_dark)
        if verdict.kind == ELSEWHERE:
            update = self._arrive_elsewhere(seen.label, turn)
            if verdict.ride:
                self.room(update.room_id or "")["ride"] = True
            return update
        if verdict.kind == DARK:
            return self._arrive_dark(verdict.room_id, seen.label, turn)
        return self._arrive_named(verdict, seen, turn)

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
        target = self.store.add_room(ELSEWHERE_NAME, turn=turn)
        self._place(target, None)
        self.room(target)["placeholder"] = True
        self._record_move(previous, target, label, False, turn)
        return RoomUpdate(True, target, ELSEWHERE_NAME, True)

    def _arrive_dark(self, known: str | None, label: str | None, turn: int) -> RoomUpdate:
        """A move into darkness: the known room, else a placeholder room."""
        previous = self.current_room
        target, is_new = known, False
        if target is None:
            target, is_new = self.store.add_room(DARK_ROOM_NAME, turn=turn, is_dark=True), True
            self._place(target, label)
            self.room(target)["placeholder"] = True
        self.room(target)["is_dark"] = True
        self._record_move(previous, target, label, True, turn)
        return RoomUpdate(previous != target, target, self.room(target)["name"], is_new, is_dark=True)

    def _arrive_named(self, verdict: Verdict, seen: Observation, turn: int) -> RoomUpdate:
        """Walked or looked into the room a header (or a description) names: the verdict's, or a new one."""
        previous, parsed, label, name = self.current_room, seen.parsed, seen.label, seen.room_name
        self.position = parsed.position
        target = verdict.room_id
        if target and verdict.rename:
            self.store.rename_room(target, verdict.rename, turn)
            if verdict.unplaceholder:
                self.room(target).pop("placeholder", None)
        is_new = target is None
        if seen.travel and not is_new and target != previous and not parsed.description:
            self.style["brief"] += 1
        if target is None:
            target = self._create_room(name, parsed.description, label, turn)
        node = self.room(target)
        if not node.get("full_text") and parsed.description:
            node["full_text"] = room_text(self.reply, parsed.description)
        node["furnishings"] = furnishings(self.reply, name) or node.get("furnishings", [])
        if parsed.description and (not node["description"] or is_item_line(node["description"])):
            node["description"] = parsed.description
        node["is_dark"] = False
        for direction in parsed.exits:
            self.store.set_exit_state(target, direction, MENTIONED)
        node["mentioned"] = sorted({*node.get("mentioned", []), *parsed.exits})  # kept once walked
        self._note_one_way(previous, target, label, parsed.description)
        moved = target != previous or (seen.travel and label is not None and self.store.leads_back(label))
        if moved or previous is None:
            self._record_move(previous, target, label, seen.travel, turn)
        # a move that showed the same text again counts too: maze rooms look like the one we left
        if (moved or previous is None or seen.travel) and is_full_description(parsed.description):
            self.mazes.check_maze_condition(target, parsed.description, turn, label if seen.travel else None)
        return RoomUpdate(moved, target, node["name"], is_new, False, list(parsed.exits))

    def _note_one_way(self, previous: str | None, target: str, label: str | None, description: str) -> None:
        """Ways the text says do not lead back: named in the room's description, or the move just made."""
        for direction, sentence in one_way_sentences(description).items():
            self.note_exit_words(target, direction, sentence, "one_way")
        for direction, sentence in shut_way_sentences(
            self.room(target).get("full_text") or description
        ).items():
            self.note_exit_words(target, direction, sentence, "exit_notes")
        said = (
            one_way_words(self.reply.replace(description, "")) if description else one_way_words(self.reply)
        )
        if previous and label and previous != target and said:
            self.note_exit_words(previous, label, said, "one_way")

    def _create_room(self, name: str, description: str, label: str | None, turn: int) -> str:
        maze = self.mazes.active_maze
        if maze and description and self.mazes.matches_maze(description, maze):
            room_id = self.store.add_room(name, description, room_id=self.mazes.maze_room_id(maze), turn=turn)
        else:
            room_id = self.store.add_room(name, description, turn=turn)
        self._place(room_id, label)
        return room_id

    def _place(self, room_id: str, label: str | None) -> None:
        """Dead-reckoned grid position of a new room; off-grid moves keep the previous position."""
        origin = self.room(self.current_room).get("pos") if self.current_room else (0, 0, 0)
        self.room(room_id)["pos"] = step(origin, label or "") or origin

    def _light_placeholder(self, target: str, name: str, parsed: ParsedOutput, turn: int) -> RoomUpdate:
        """Light came back in a room first met in the dark: fold it into the known room the verdict
        names, or name the placeholder itself."""
        placeholder = self.current_room or ""
        if target != placeholder:
            self.store.merge_rooms(target, placeholder, turn)
        else:
            node = self.room(placeholder)
            self.store.rename_room(placeholder, name, turn)
            node["description"] = parsed.description
            node.pop("placeholder", None)
        self.room(target)["is_dark"] = False
        for direction in parsed.exits:
            self.store.set_exit_state(target, direction, MENTIONED)
        return RoomUpdate(False, target, name, target == placeholder, False, list(parsed.exits))

    # ----- moves -----
    def _record_move(
        self, previous: str | None, target: str, label: str | None, travel: bool, turn: int
    ) -> None:
        if previous and label and label not in LOOK_COMMANDS:
            teleport = not travel
            self.store.add_connection(
                previous, target, label, bidirectional=not teleport, teleport=teleport, turn=turn
            )
            self._note_reverse(previous, target, label, turn)
            self.mazes.note_maze_exit(previous, target)
        self.store.visit(target, turn)

    def _note_reverse(self, previous: str, target: str, label: str, turn: int) -> None:
        """Track whether going back the way we came returned us, for the "all different" maze trigger."""
        came = self.last_move
        self.last_move = (previous, label, target)
        if came and came[2] == previous and opposite(label) == came[1]:
            self.mazes.note_backtrack(came[0] == target, turn)

    def reads_rooms_by_description(self) -> bool:
        """True when this game shows its rooms by their descriptions rather than by headers, so a
        room named from a sentence ("You stand in the mill yard") is the game's own shape."""
        return MapView(self).headerless_game()

    # ----- serialisation -----
    def to_dict(self) -> dict[str, Any]:
        """Whole map state as JSON-able data."""
        return {
            "mode": self.mode,
            **self.store.graph_dict(),
            "maze": self.mazes.maze_dict(),
            "style": dict(self.style),
            "position": self.position,
            "dreaming": self.scene.dreaming,
            "in_vision": self.scene.in_vision,
            "riding": self.scene.riding,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], llm: Any = None) -> MapManager:
        """Rebuild a manager saved by to_dict."""
        manager = cls(llm=llm, mode=data.get("mode", "rules"))
        manager.store.load_graph_dict(data)
        manager.mazes.load_maze_dict(data.get("maze", {}))
        manager.style.update(data.get("style", {}))
        manager.position = data.get("position")
        manager.scene.dreaming = bool(data.get("dreaming", False))
        manager.scene.in_vision = bool(data.get("in_vision", False))
        manager.scene.riding = bool(data.get("riding", False))
        return manager
