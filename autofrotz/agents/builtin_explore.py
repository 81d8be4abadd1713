"""Exploration for the built-in agent: which exit to try next, and the shortest way to work elsewhere."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cached_property
from typing import Any

import networkx as nx

from autofrotz.agents.builtin_memory import Memory, spot
from autofrotz.agents.builtin_switch import on
from autofrotz.words.directions import DIRECTION_WORDS

COMPASS = ("north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest", "up", "down")
BLIND = (*COMPASS, "in", "out")
TRAVEL_REPEATS = 4  # walks along one exit without news before it counts as a loop
CALM_TURNS = (
    30  # turns after a death before a way that killed is tried again (a monster moves, an event ends)
)
DEADLY_ROOM = 2  # deaths in a room after which no walk leads into it and no new way out is tried there
WAY_NOT_ROOM_RULE = "a-way-out-that-killed-is-not-the-room"
MOVE_WORDS = frozenset(word for words in DIRECTION_WORDS.values() for word in words) - {"exit", "leave"}


def is_move(command: str) -> bool:
    """Whether a command is a bare move.

    >>> is_move("north"), is_move("go ne"), is_move("open door")
    (True, True, False)
    """
    words = command.lower().split()
    if words and words[0] == "go":
        words = words[1:]
    return len(words) == 1 and words[0] in MOVE_WORDS


class Explorer:
    """Reads the map (and the agent's memory) to pick the next move."""

    def __init__(
        self,
        map_manager: Any,
        mem: Memory,
        pending: Callable[[str], bool],
        examine: list[str] | None = None,
        leads: tuple[tuple[str, Callable[[str], bool]], ...] = (),
    ) -> None:
        self.map = map_manager
        self.mem = mem
        self.pending = pending
        self.examine = examine or []
        self.leads = leads  # (rule, room test): rooms a carried thing is wanted in, walked to first

    def next_step(self, room: str | None) -> tuple[str | None, str]:
        """(command, reason), or (None, why not) when nothing is left to explore."""
        if self.map is None or room is None or room not in self.map.graph:
            return self._first(self.blind(room), room), "try an exit"
        here = None if self._deadly(room) else self._first(self.mentioned(room), room)
        if here:
            return here, "an exit the room mentions"
        routes = self._routes(room)
        for label, test in (
            # The leads (take-a-key-to-its-lock, use-a-thing-for-its-purpose): a thing carried that a
            # room elsewhere wants, a lock never tried with our key, a holder of what the thing is for.
            # A locked door is the genre's surest way on, and its key often comes from far away (a
            # clerk's desk, another floor): before other walks, and before a clock runs out.
            *self.leads,
            ("walk to an exit not yet tried", lambda r: bool(self._usable(self.mentioned(r), r))),
            ("walk back to things not yet tried", self.pending),
        ):
            step = self._nearest(routes, room, test)
            if step:
                return step, label
        if self.examine:
            return self.examine[0], "examine what the room mentions"
        blind = self.mem.blind_worth(room)  # rule the-story-names-its-exits (knowledge/blind.py)
        here = None if self._deadly(room) or not blind else self._first(self.blind(room), room)
        if here:
            return here, "try a direction the room does not mention"
        step = self._nearest(routes, room, lambda r: bool(self._usable(self.blind(r), r))) if blind else None
        if step:
            return step, "walk to a room with directions not yet tried"
        again = self.second_chance(room)
        return (again, "retry-a-deadly-way-out") if again else (None, "explored")

    def second_chance(self, room: str) -> str | None:
        """Rule `retry-a-deadly-way-out`: nothing is left to explore and the known ways out of this room
        are closed only by deaths. A death on the way out is often the danger in the room (a monster that
        bites whoever turns their back), not the way itself, and the danger may be gone since: each such
        way is tried once more, CALM_TURNS after the last death (the agent saves before a move out of a
        room where it died)."""
        if self.mem.now.turn - self.mem.now.death_turn < CALM_TURNS:
            return None  # the danger that bit may still be here: let it pass first
        killers = self.mem.attempts.killers
        ways = sorted(str(label) for label in self.map.links.get(room, {}))
        once = [d for d in ways if killers.count(spot(room, d)) == 1 and not self.mem.failed(room, d)]
        open_ways = [d for d in ways if spot(room, d) not in killers and not self._worn(room, d)]
        return once[0] if once and not open_ways else None

    def step_towards(self, room: str, test: Callable[[str], bool]) -> str | None:
        """First step towards the nearest other room passing test."""
        if self.map is None or room not in self.map.graph:
            return None
        return self._nearest(self._routes(room), room, test)

    def mentioned(self, room: str) -> list[str]:
        """Exits the text mentioned that were never travelled."""
        try:
            labels = [str(label) for _, label in self.map.get_unexplored_exits(room)]
            states = self.map.room(room).get("exits", {})
        except Exception:  # unknown room: nothing mentioned
            return []
        # A blocked exit is worth another try once something changed here (tries were forgotten).
        labels += [d for d, state in states.items() if state == "blocked" and d not in labels]
        links = self.map.links.get(room, {})
        return labels + [d for d in self.mem.seen.hinted.get(room, []) if d not in labels and d not in links]

    def blind(self, room: str | None) -> list[str]:
        """Standard directions never travelled, refuted or tried from this room."""
        if self.map is None or room is None or room not in self.map.graph:
            return list(BLIND)
        links = self.map.links.get(room, {})
        states = self.map.room(room).get("exits", {})
        travelled = {d for d, link in links.items() if not link.inferred}
        return [d for d in BLIND if d not in travelled and states.get(d) != "refuted"]

    def _usable(self, labels: list[str], room: str) -> list[str]:
        tried = set(self.mem.attempts.dir_tried.get(room, []))
        killers = self.mem.attempts.killers
        return [
            d
            for d in labels
            if d not in tried and spot(room, d) not in killers and not self.mem.failed(room, d)
        ]

    def _first(self, labels: list[str], room: str | None) -> str | None:
        usable = self._usable(labels, room or "?")
        return usable[0] if usable else None

    def _worn(self, room: str, label: str) -> bool:
        """Refused, or walked too often since anything new happened (a loop)."""
        return (
            self.mem.failed(room, label)
            or self.mem.attempts.travel.get(spot(room, label), 0) > TRAVEL_REPEATS
        )

    def _deadly(self, room: str) -> bool:
        """A room that killed us repeatedly: each visit costs a death and the turns a restore loses."""
        return self._room_deaths[room] >= DEADLY_ROOM

    @cached_property
    def _room_deaths(self) -> Counter[str]:
        """Deaths per room, counted once an explorer (a route's weight asks for every edge).

        Rule a-way-out-that-killed-is-not-the-room: a death on a move out of the room (a door onto a
        gunman, a ledge) is the way's, and that way is already never walked again (a killer); standing
        in the room is safe. Only the other deaths there count, so the ways out not tried yet still are
        (otherwise two deadly doors of a corridor would bar its third way, the one that goes on)."""
        deaths = Counter(self.mem.attempts.deaths)
        if on(WAY_NOT_ROOM_RULE):
            deaths.subtract(k.room for k in self.mem.attempts.killers if is_move(k.what))
        return deaths

    def _routes(self, room: str) -> dict[str, list[str]]:
        def weight(u: str, v: str, _: dict[str, Any]) -> float | None:
            best = self.map.usable_label(u, v)
            return None if not best or self._worn(u, best[0]) or self._deadly(v) else best[1]

        try:
            return dict(nx.single_source_dijkstra_path(self.map.graph, room, weight=weight))
        except Exception:  # a graph hiccup: no routes this turn
            return {}

    def _nearest(self, routes: dict[str, list[str]], room: str, test: Callable[[str], bool]) -> str | None:
        for target, nodes in sorted(routes.items(), key=lambda kv: (len(kv[1]), kv[0])):
            if target == room or len(nodes) < 2 or not test(target):
                continue
            best = self.map.usable_label(nodes[0], nodes[1])
            if (
                best
                and spot(room, str(best[0])) not in self.mem.attempts.killers
                and not self._worn(room, best[0])
            ):
                return str(best[0])
        return None
