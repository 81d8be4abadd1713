"""What every part of the built-in agent shares: its memory, what it carries, other rooms."""

from __future__ import annotations

import logging
from typing import Any

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import Advice
from autofrotz.agents.builtin_devices import renamed
from autofrotz.agents.builtin_explore import is_move
from autofrotz.agents.builtin_idle import EVERY_WORD_RULE
from autofrotz.agents.builtin_memory import Memory, spot
from autofrotz.agents.builtin_objectives import Objectives
from autofrotz.agents.builtin_readings import (
    dark_on_map,
)
from autofrotz.agents.builtin_replies import ReplyTactics
from autofrotz.agents.builtin_switch import on
from autofrotz.agents.builtin_tactics import (
    Scene,
    allowed,
    room_actions,
    short,
)
from autofrotz.agents.builtin_ways import (
    known_name,
)
from autofrotz.agents.world_view import MapReader
from autofrotz.words.vocabulary import Vocabulary

log = logging.getLogger(__name__)

FALLBACKS = ("look", "wait", "inventory")
VISIT_BUDGET = 10  # object actions per visit before exploring on (the rest wait for a later visit)
CHANGING_VERBS = frozenset(
    ["open", "unlock", "move", "push", "pull", "lift", "turn", "enter", "climb", "light", "attack", "put"]
    + ["tie"]
)
OPERATING_VERBS = ("push", "pull", "turn")
FEW_ROOMS = 2  # a game this small has nowhere to walk to: its room's actions are not rationed
INVENTORY_ROOM = "inv"
PARTS_PER_REPLY = 4  # nouns taken from one description of a thing
STOCK_LENGTH = 120  # characters: a stock refusal is short
STOCK_KEPT = 60  # distinct short replies remembered
QUEUE_LIMIT = 8  # follow-ups kept; older ones are dropped
TALK_VERBS = ("ask ", "tell ", "talk ", "say hello", "greet ", "hello")  # whose replies are speech
SPOKEN_LENGTH = 60  # characters: "No reply." and the like carry no topics
RIDES = 4  # times one control that moved the room is worked (the first and its rides again)
RULED_OUT_TRIES = 40  # choices passed over in one turn because replies ruled them out


class AgentBase:
    """What every part of the built-in agent shares: its memory, what it carries, other rooms."""

    seed: int
    mem: Memory
    replies: ReplyTactics
    objectives: Objectives
    map: Any
    inventory: list[str]
    vocabulary: Vocabulary
    sig: str
    advice: Advice | None

    def _collect_nouns(self, ctx: TurnContext, text: str) -> None:
        raise NotImplementedError  # Noting

    def _note_speech(self, ctx: TurnContext, text: str) -> None:
        raise NotImplementedError  # Noting

    def _note_topics(self, ctx: TurnContext, text: str) -> None:
        raise NotImplementedError  # Noting

    def _note_uses(self, ctx: TurnContext, text: str) -> None:
        raise NotImplementedError  # Noting

    def _carried_names(self) -> list[str]:
        """The item list's names plus things replies said we hold."""
        known = {short(i) for i in self.inventory}
        names = renamed(self.inventory + [h for h in self.mem.seen.held if h not in known], self.mem)
        return [known_name(n, short(n), self.vocabulary) for n in names]  # name-by-known-words

    def _remote_scene(self, room: str) -> Scene:
        """Another room as the agent will see it there (same names, same pockets): else a walk there
        finds nothing to do and the agent paces between two rooms."""
        nouns = renamed(list(self.mem.seen.nouns.get(room, [])), self.mem)
        return Scene(room, nouns, [], self._carried_names(), "")

    def _map_dark(self, room: str) -> bool:
        return dark_on_map(self.map, room)

    def _pending_rooms(self, room: str) -> bool:
        """Whether a room still has object actions worth walking back for."""
        if not self.mem.now.lit and self._map_dark(room):
            return False
        scene = self._remote_scene(room)
        return any(
            allowed(c, room, self.mem) for c in room_actions(scene, self.mem) if c.split()[0] != "examine"
        )

    def _every_word_on(self) -> bool:
        """Rule examine-every-word-when-all-else-is-done: off in a fresh run (builtin_rules.py), on
        where a later run's knowledge switches it on (``Advice.every_word``, knowledge/advisor.py)."""
        return on(EVERY_WORD_RULE, default=False) or (self.advice is not None and self.advice.every_word)

    def _reply_opens_later(self) -> bool:
        """Whether a later run's knowledge switches rule go-the-way-the-reply-opens on."""
        return self.advice is not None and self.advice.reply_opens

    def _uses_here(self, room: str) -> list[tuple[list[str], str]]:
        """(use, container) pairs of rule use-a-thing-for-its-purpose that this room's containers answer."""
        held = self._carried_names()
        return [
            (use, holder[1])
            for use in self.mem.seen.uses
            if use[0] in held
            for holder in self.mem.seen.holders
            if holder[0] == room and use[1] in holder[2:]
        ]

    def _mapped_exits(self, room: str | None) -> set[str]:
        """Directions this run's map knows lead from a room to another (a reply's loose wording, "you'd
        hit the rocks on the way down", must not rule out the way the player walked in)."""
        try:
            return {
                c.direction
                for c in self.map.connections()
                if c.from_room_id == room and c.to_room_id and c.to_room_id != room and not c.blocked
            }
        except Exception:  # no map (a test's bare context)
            return set()

    def _commit(self, room: str | None, where: str | None, command: str) -> None:
        mem = self.mem
        mem.note_try(where, command)
        if is_move(command):
            mem.attempts.dir_tried.setdefault(room or "?", []).append(command)
            k = spot(room, command)
            mem.attempts.travel[k] = mem.attempts.travel.get(k, 0) + 1
        else:
            mem.now.visit_actions += 1
        mem.plans.remove(command)
        mem.now.last_room, mem.now.last_command, mem.now.last_kind = room, command, where or ""
        mem.now.last_sig = self.sig


def _by_description(map_manager: MapReader | None) -> bool:
    """Whether the map reads this game's rooms by their descriptions (no headers): there a room named
    like a sentence, reached by a compass move, is a real room, not a reply the map took for a header."""
    return map_manager is not None and map_manager.reads_rooms_by_description()
