"""A deterministic synthetic game for the storage bench and tests.

The world grows like a real exploration: rooms appear over time with their exits, items are found,
carried and dropped, puzzles open and get solved, a maze is mapped, and each turn makes a few LLM
calls with prompts of a few kilobytes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from autofrotz.storage.codec import dumps
from autofrotz.storage.models import (
    INVENTORY,
    Connection,
    Game,
    Item,
    LLMCall,
    MazeGroup,
    Metric,
    Puzzle,
    Room,
    Turn,
    TurnBundle,
    WorldSnapshot,
)

_WORDS = (  # noqa: SIM905
    "the a you are in standing dark damp cellar stone passage north south east west up down door key "
    "lamp brass rusty small large wooden chest table old ancient troll sword leaflet mailbox house "
    "white forest path clearing leaves grating trap rug living room kitchen window bottle water sack "
    "garlic rope knife thief maze twisty little passages all alike gold coffin egg jewel painting "
    "there is here which seems to be closed open locked nothing happens taken dropped score moves "
    "exit leads narrow wide steep stairs cave river dam reservoir button panel bolt wrench torch"
).split()
_DIRECTIONS = (
    "north",
    "south",
    "east",
    "west",
    "up",
    "down",
    "northeast",
    "northwest",
    "southeast",
    "southwest",
)
_AGENTS = (("game_agent", "anthropic", "claude-sonnet"), ("parser", "openai", "gpt-4o-mini"))
_PUZZLE_AGENT = ("puzzle_agent", "gemini", "gemini-2.5-flash")


def prose(rng: random.Random, words: int) -> str:
    """Word salad from an adventure-game vocabulary (compresses roughly like real game text).

    >>> len(prose(random.Random(1), 5).split())
    5
    """
    return " ".join(rng.choice(_WORDS) for _ in range(words))


def copy_world(world: WorldSnapshot) -> WorldSnapshot:
    """A copy of a snapshot that later changes to the original cannot reach."""
    return WorldSnapshot(
        current_room=world.current_room,
        rooms=[replace(r, exits=list(r.exits)) for r in world.rooms],
        connections=[
            replace(c, observed_destinations=list(c.observed_destinations)) for c in world.connections
        ],
        items=[replace(i, properties=dict(i.properties)) for i in world.items],
        puzzles=[
            replace(p, related_items=list(p.related_items), attempts=list(p.attempts)) for p in world.puzzles
        ],
        maze_groups=[
            replace(
                g, room_ids=list(g.room_ids), exit_room_ids=list(g.exit_room_ids), markers=dict(g.markers)
            )
            for g in world.maze_groups
        ],
        inventory=list(world.inventory),
    )


@dataclass
class SyntheticGame:
    """Generates one TurnBundle per call to next_bundle(); the world only changes the way play would."""

    seed: int = 7
    max_rooms: int = 150
    max_items: int = 120
    max_puzzles: int = 20
    prompt_words: int = 450  # about 3 KB of text per prompt part
    state_every: int = 10
    rng: random.Random = field(init=False)
    rooms: dict[str, Room] = field(default_factory=dict)
    connections: list[Connection] = field(default_factory=list)
    items: dict[str, Item] = field(default_factory=dict)
    puzzles: dict[int, Puzzle] = field(default_factory=dict)
    mazes: dict[str, MazeGroup] = field(default_factory=dict)
    current: str = "room_0"
    turn: int = 0
    score: int = 0
    history: list[str] = field(default_factory=list)
    systems: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self._add_room(0)
        self.systems = {a: prose(self.rng, self.prompt_words) for a, _, _ in (*_AGENTS, _PUZZLE_AGENT)}

    def game(self) -> Game:
        """The game row this sequence belongs to."""
        start = datetime.now(UTC).isoformat(timespec="seconds")
        return Game(
            game_id=None, game_file="games/synthetic.z5", start_time=start, seed=self.seed, max_score=350
        )

    def next_bundle(self) -> TurnBundle:
        """Advance one turn and return everything it writes."""
        self.turn += 1
        command = self._move_or_act()
        output = prose(self.rng, self.rng.randint(20, 80))
        self.history = (self.history + [f"> {command}\n{output}"])[-8:]
        calls = self._llm_calls(command, output)
        turn = Turn(
            game_id=0,
            turn_number=self.turn,
            command_sent=command,
            game_output=output,
            room_id=self.current,
            inventory_snapshot=self._inventory(),
            agent_reasoning=prose(self.rng, 25),
            timestamp=datetime.now(UTC).isoformat(timespec="seconds"),
            score=self.score,
            moves=self.turn,
        )
        state = self.rng.randbytes(4096) if self.turn % self.state_every == 0 else None
        return TurnBundle(turn, self.world(), _metrics(calls, self.turn), calls, state)

    def world(self) -> WorldSnapshot:
        """The current world model (shares objects with the generator: copy_world to keep it)."""
        return WorldSnapshot(
            current_room=self.current,
            rooms=list(self.rooms.values()),
            connections=list(self.connections),
            items=list(self.items.values()),
            puzzles=list(self.puzzles.values()),
            maze_groups=list(self.mazes.values()),
            inventory=self._inventory(),
        )

    # -- world changes -----------------------------------------------------------------------------

    def _inventory(self) -> list[str]:
        return sorted(i.item_id for i in self.items.values() if i.location == INVENTORY)

    def _add_room(self, index: int) -> Room:
        room_id = f"room_{index}"
        exits = self.rng.sample(_DIRECTIONS, self.rng.randint(1, 4))
        room = Room(room_id, prose(self.rng, 3).title(), prose(self.rng, 45), exits=exits)
        self.rooms[room_id] = room
        for _ in range(self.rng.choice((0, 1, 1, 2))):
            if len(self.items) < self.max_items:
                self._add_item(room_id)
        return room

    def _add_item(self, room_id: str) -> None:
        item_id = f"item_{len(self.items)}"
        props: dict[str, Any] = {"lit": self.rng.random() < 0.1} if self.rng.random() < 0.3 else {}
        self.items[item_id] = Item(
            item_id, prose(self.rng, 2), prose(self.rng, 15), room_id, self.rng.random() < 0.7, props,
            self.turn, self.turn,
        )  # fmt: skip

    def _move_or_act(self) -> str:
        roll = self.rng.random()
        if roll < 0.55:
            return self._move()
        if roll < 0.75:
            return self._take_or_drop()
        if roll < 0.85:
            return self._puzzle_step()
        return "examine " + prose(self.rng, 1)

    def _move(self) -> str:
        direction = self.rng.choice(_DIRECTIONS)
        if len(self.rooms) < self.max_rooms and self.rng.random() < 0.45:
            target = self._add_room(len(self.rooms)).room_id
            self.connections.append(Connection(self.current, target, direction))
        elif len(self.connections) < 2 * self.max_rooms and self.rng.random() < 0.5:
            target = self.rng.choice(list(self.rooms))
            if not any((c.from_room_id, c.direction) == (self.current, direction) for c in self.connections):
                self.connections.append(
                    Connection(self.current, target, direction, teleport=self.rng.random() < 0.05)
                )
        else:
            target = self.rng.choice(list(self.rooms))
        self.current = target
        room = self.rooms[target]
        room.visit_count += 1
        room.first_visited_turn = room.first_visited_turn or self.turn
        room.last_visited_turn = self.turn
        self._see_items(target)
        self._maybe_maze()
        return direction

    def _see_items(self, room_id: str) -> None:
        for item in self.items.values():
            if item.location == room_id:
                item.last_seen_turn = self.turn

    def _take_or_drop(self) -> str:
        here = [i for i in self.items.values() if i.location == self.current and i.portable]
        carried = [i for i in self.items.values() if i.location == INVENTORY]
        if here and (not carried or self.rng.random() < 0.6):
            item = self.rng.choice(here)
            item.location, item.last_seen_turn = INVENTORY, self.turn
            return f"take {item.name}"
        if carried:
            item = self.rng.choice(carried)
            item.location, item.last_seen_turn = self.current, self.turn
            return f"drop {item.name}"
        return "look"

    def _puzzle_step(self) -> str:
        open_ = [p for p in self.puzzles.values() if p.status != "solved"]
        if len(self.puzzles) < self.max_puzzles and (not open_ or self.rng.random() < 0.4):
            pid = len(self.puzzles) + 1
            related = self.rng.sample(list(self.items), min(2, len(self.items)))
            self.puzzles[pid] = Puzzle(pid, prose(self.rng, 12), location=self.current, related_items=related,
                                       created_turn=self.turn)  # fmt: skip
            self._set_blocked(True)
            return "examine door"
        if not open_:
            return "inventory"
        puzzle = self.rng.choice(open_)
        puzzle.attempts.append(prose(self.rng, 4))
        puzzle.status = "in_progress"
        if self.rng.random() < 0.3:
            puzzle.status, puzzle.solved_turn = "solved", self.turn
            self.score += 10
            self._set_blocked(False)
        return "use " + prose(self.rng, 2)

    def _set_blocked(self, blocked: bool) -> None:
        candidates = [c for c in self.connections if c.blocked != blocked]
        if candidates:
            conn = self.rng.choice(candidates)
            conn.blocked, conn.blocked_reason = blocked, (prose(self.rng, 5) if blocked else None)

    def _maybe_maze(self) -> None:
        if not self.mazes and len(self.rooms) > 60:
            self.mazes["maze_1"] = MazeGroup("maze_1", self.current, created_turn=self.turn)
        maze = self.mazes.get("maze_1")
        if maze and not maze.fully_mapped and self.rng.random() < 0.2:
            maze.room_ids.append(self.current)
            carried = self._inventory()
            if carried:
                maze.markers[self.current] = carried[0]
            if len(maze.room_ids) >= 8:
                maze.fully_mapped, maze.completed_turn = True, self.turn

    # -- LLM traffic -------------------------------------------------------------------------------

    def _llm_calls(self, command: str, output: str) -> list[LLMCall]:
        agents = list(_AGENTS) + ([_PUZZLE_AGENT] if self.turn % 3 == 0 else [])
        if self.rng.random() < 0.3:
            agents.append(_AGENTS[1])  # a second parser call when the first was unsure
        return [self._call(agent, provider, model, command, output) for agent, provider, model in agents]

    def _call(self, agent: str, provider: str, model: str, command: str, output: str) -> LLMCall:
        transcript = "\n".join(self.history)
        messages = [
            {
                "role": "user",
                "content": f"Map so far:\n{prose(self.rng, 120)}\n\nRecent turns:\n{transcript}",
            },
        ]
        inp = self.rng.randint(1500, 4000)
        return LLMCall(
            agent=agent,
            provider=provider,
            model=model,
            system_prompt=self.systems[agent],
            messages=messages,
            raw_response=dumps({"action": command, "reason": prose(self.rng, 30)}),
            parsed_result={"action": command, "confidence": round(self.rng.random(), 2)},
            input_tokens=inp,
            output_tokens=self.rng.randint(40, 300),
            cached_tokens=int(inp * self.rng.choice((0.0, 0.5, 0.8))),
            cache_write_tokens=self.rng.choice((0, 0, 600)),
            cost_estimate=round(inp * 3e-6, 6),
            latency_ms=self.rng.uniform(300, 2500),
            error=None if self.rng.random() > 0.02 else "timeout",
            attempt=1,
        )


def _metrics(calls: list[LLMCall], turn: int) -> list[Metric]:
    """One metrics row per agent for the turn, summed from its calls."""
    rows: dict[str, Metric] = {}
    for c in calls:
        m = rows.setdefault(c.agent, Metric(0, turn, c.agent, c.provider, c.model))
        m.input_tokens += c.input_tokens
        m.output_tokens += c.output_tokens
        m.cached_tokens += c.cached_tokens
        m.cost_estimate += c.cost_estimate
        m.latency_ms += c.latency_ms
    return list(rows.values())
