"""A small recorded game with known state at known turns, written through the real Database.

Turn script (world after each turn):
  1 look          Top of Stairs; a brass lamp here
  2 take lamp     lamp carried
  3 down          Cellar (down from Top of Stairs)
  4 east          Dark Corner (dark room); puzzle 1 "the corner is pitch black" opens
  5 turn on lamp  puzzle 1 solved, score 5
  6 north         the iron door is locked: Cellar -> Vault blocked, puzzle 2 opens (puzzle agent suggests)
  7 west          Cellar -> Chute is one-way (down a slide)
  8 south         Twisty Passage, maze m1
  9 drop coin     coin marks Twisty Passage
 10 read sign     output carries <script> and <img onerror> text (must show as text)
 11+ wait         nothing changes
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from autofrotz.hooks.base import GameEnd, GameStart, Observer, TurnEnd
from autofrotz.storage.database import Database
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
from autofrotz.storage.synthetic import copy_world

XSS_OUTPUT = (
    'The sign reads: <script>window.__pwned = "script"</script> and '
    "<img src=x onerror=\"window.__pwned = 'img'\"> -- vandals."
)
SYSTEM_PROMPT = "You are an expert interactive fiction player. Explore, collect treasures, solve puzzles."
PUZZLE_SUGGESTIONS = ["unlock door with key", "search wine rack"]

SCRIPT: list[tuple[str, str]] = [
    ("look", "Top of Stairs\nA narrow stair leads down into darkness. A brass lamp lies here."),
    ("take lamp", "Taken."),
    ("down", "Cellar\nDamp stone walls. Passages lead east, north, west and south."),
    ("east", "It is pitch black. You are likely to be eaten by a grue."),
    ("turn on lamp", "The brass lamp is now on. Dark Corner\nCobwebs everywhere. A gold coin glints."),
    ("north", "The iron door is locked."),
    ("west", "You slide down a steep chute. Chute Bottom\nThere is no way back up."),
    ("south", "Twisty Passage\nYou are in a maze of twisty little passages, all alike."),
    ("drop coin", "Dropped."),
    ("read sign", XSS_OUTPUT),
]


@dataclass
class RecordedGame:
    """Builds the scripted game's TurnBundles one turn at a time."""

    world: WorldSnapshot = field(default_factory=WorldSnapshot)
    score: int = 0
    turn: int = 0

    def bundles(self, turns: int) -> Iterator[TurnBundle]:
        """TurnBundles for turns 1..turns (turns past the script are "wait")."""
        for n in range(1, turns + 1):
            yield self.next_bundle(n)

    def next_bundle(self, n: int) -> TurnBundle:
        """Advance to turn n and return what it writes."""
        self.turn = n
        command, output = SCRIPT[n - 1] if n <= len(SCRIPT) else ("wait", "Time passes.")
        self._apply(n)
        room = self.world.current_room
        turn = Turn(0, n, command, output, room, list(self.world.inventory),
                    agent_reasoning=f"Reasoning for turn {n}: try '{command}'.",
                    timestamp="2026-01-01T00:00:00", score=self.score, moves=n)  # fmt: skip
        calls = self._calls(n, command)
        metrics = [Metric(0, n, c.agent, c.provider, c.model, c.input_tokens, c.output_tokens,
                          c.cached_tokens, c.cost_estimate, c.latency_ms) for c in calls]  # fmt: skip
        return TurnBundle(turn, copy_world(self.world), metrics, calls)

    def _calls(self, n: int, command: str) -> list[LLMCall]:
        game = LLMCall(
            "game_agent", "anthropic", "claude-sonnet-4-20250514", SYSTEM_PROMPT,
            [{"role": "user", "content": f"Turn {n}. What next?"}],
            raw_response=f'{{"command": "{command}"}}', parsed_result={"command": command},
            input_tokens=1000 + n, output_tokens=20, cached_tokens=800, cost_estimate=0.003, latency_ms=400.0,
        )  # fmt: skip
        if n != 6:
            return [game]
        puzzle = LLMCall(
            "puzzle_agent", "openai", "gpt-4o", "You are a puzzle solver.",
            [{"role": "user", "content": "The iron door is locked."}],
            raw_response='{"suggestions": ["unlock door with key", "search wine rack"]}',
            parsed_result={"suggestions": PUZZLE_SUGGESTIONS},
            input_tokens=500, output_tokens=30, cost_estimate=0.002, latency_ms=700.0,
        )  # fmt: skip
        return [game, puzzle]

    def _room(self, room_id: str, name: str, n: int, **kw: object) -> None:
        self.world.rooms.append(Room(room_id, name, f"{name}, as described.", 1, n, n, **kw))  # type: ignore[arg-type]
        self.world.current_room = room_id

    def _apply(self, n: int) -> None:
        w = self.world
        if n == 1:
            self._room("top", "Top of Stairs", n, exits=["down"])
            w.items.append(Item("lamp", "brass lamp", location="top", portable=True, first_seen_turn=1))
        elif n == 2:
            self._item("lamp").location = INVENTORY
            w.inventory = ["lamp"]
        elif n == 3:
            self._room("cellar", "Cellar", n, exits=["up", "east", "north", "west", "south"])
            w.connections.append(Connection("top", "cellar", "down"))
        elif n == 4:
            self._room("corner", "Dark Corner", n, is_dark=True, exits=["west"])
            w.connections.append(Connection("cellar", "corner", "east"))
            w.puzzles.append(Puzzle(1, "The corner is pitch black.", location="corner", created_turn=4))
        elif n == 5:
            self._solve(1, n, 5)
            w.items.append(Item("coin", "gold coin", location="corner", portable=True, first_seen_turn=5))
        else:
            self._apply_later(n)

    def _apply_later(self, n: int) -> None:
        w = self.world
        if n == 6:
            w.rooms.append(Room("vault", "Vault", "Behind the iron door.", 0, None, None))
            w.connections.append(Connection("cellar", "vault", "north", blocked=True,
                                            blocked_reason="The iron door is locked."))  # fmt: skip
            w.puzzles.append(Puzzle(2, "The iron door is locked.", location="cellar", created_turn=6,
                                    related_items=["lamp"]))  # fmt: skip
        elif n == 7:
            self._room("chute", "Chute Bottom", n)
            w.connections.append(Connection("cellar", "chute", "west", bidirectional=False))
        elif n == 8:
            self._room("twisty", "Twisty Passage", n, maze_group="m1")
            w.connections.append(Connection("chute", "twisty", "south"))
            w.maze_groups.append(MazeGroup("m1", "twisty", ["twisty"], created_turn=8))
        elif n == 9:
            self._item("coin").location = "twisty"
            w.maze_groups[0].markers["twisty"] = "coin"
            next(r for r in w.rooms if r.room_id == "twisty").maze_marker_item = "coin"

    def _item(self, item_id: str) -> Item:
        return next(i for i in self.world.items if i.item_id == item_id)

    def _solve(self, puzzle_id: int, n: int, points: int) -> None:
        puzzle = next(p for p in self.world.puzzles if p.puzzle_id == puzzle_id)
        puzzle.status, puzzle.solved_turn = "solved", n
        self.score += points


def new_game_row(name: str = "games/cellar.z5") -> Game:
    """The game row of a recorded game."""
    return Game(None, name, "2026-01-01T00:00:00", seed=42, max_score=30)


def build_recorded_game(db_path: str | Path, turns: int = 12, finished: bool = True) -> int:
    """Write the scripted game (turns 1..turns) into db_path; returns its game id."""
    db = Database(db_path)
    try:
        game_id = db.create_game(new_game_row())
        for bundle in RecordedGame().bundles(turns):
            db.write_turn(game_id, bundle)
        if finished:
            db.finish_game(game_id, "won", final_score=5)
        return game_id
    finally:
        db.close()


class LivePlayer:
    """Plays the scripted game into a database and tells a web monitor, as the game loop would."""

    def __init__(self, db_path: str | Path, monitor: Observer, pad_output: int = 0) -> None:
        self.db = Database(db_path)
        self.game_id = self.db.create_game(new_game_row())
        self.script = RecordedGame()
        self.monitor = monitor
        self.pad_output = pad_output
        self.turn = 0
        monitor.on_event(GameStart(self.game_id, "games/cellar.z5"))

    def play(self, turns: int) -> None:
        """Write and announce the next `turns` turns."""
        for _ in range(turns):
            self.turn += 1
            bundle = self.script.next_bundle(self.turn)
            if self.pad_output:
                bundle.turn.game_output += "\n" + os.urandom(self.pad_output // 2).hex()
            self.db.write_turn(self.game_id, bundle)
            t = bundle.turn
            self.monitor.on_event(TurnEnd(t.turn_number, t.command_sent, t.game_output, t.room_id,
                                          score=t.score, moves=t.moves, game_id=self.game_id))  # fmt: skip

    def finish(self, status: str = "won") -> None:
        """End the game in the database and announce it."""
        self.db.finish_game(self.game_id, status, final_score=self.script.score)
        self.monitor.on_event(GameEnd(self.game_id, status, self.turn, self.script.score))

    def close(self) -> None:
        """Close the database."""
        self.db.close()
