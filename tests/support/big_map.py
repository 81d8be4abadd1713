"""A recorded game with a big map (a grid of rooms joined by compass exits), deaths and score changes.

The walk visits one new room per turn along the grid's rows. At DEATH_TURNS the player dies and the
orchestrator's record says which save was restored and the score play went on with, as a real death
with save_on_death is recorded. The score rises by 5 at each SCORE_TURNS turn.
"""

from __future__ import annotations

from pathlib import Path

from autofrotz.storage.database import Database
from autofrotz.storage.models import Connection, Game, Item, Puzzle, Room, Turn, TurnBundle, WorldSnapshot
from autofrotz.storage.synthetic import copy_world

COLUMNS = 10
DEATH_TURNS = {40: 30, 75: 70}  # death turn -> turn whose save was restored
SCORE_TURNS = (12, 35, 60)


def room_id(i: int) -> str:
    return f"r{i}"


def room_name(i: int) -> str:
    """Names as long as real rooms' names, each one different.

    >>> room_name(7)
    'Gallery of Statues 7'
    """
    kinds = ("Hall", "Gallery of Statues", "Kitchen", "Winding Passage", "Library", "Cellar Stairs")
    return f"{kinds[i % len(kinds)]} {i}"


def build_big_map_game(db_path: str | Path, rooms: int = 100, finished: bool = True) -> int:
    """Write a game whose map grows to `rooms` rooms; returns its game id."""
    db = Database(db_path)
    try:
        game_id = db.create_game(
            Game(
                None,
                "games/bigmap.z5",
                "2026-01-01T00:00:00",
                seed=1,
                max_score=100,
                config_json='{"max_turns": 500}',
            )
        )
        world = WorldSnapshot()
        score = 0
        for n in range(1, rooms + 1):
            score = _advance(world, n, score)
            event, restored_from, restored_score = None, None, None
            output = f"{room_name(n - 1)}\nA room of the big map. Exits lead every way."
            if n in DEATH_TURNS:
                event, restored_from, restored_score = "death", DEATH_TURNS[n], score
                output = "The floor gives way.\n\n*** You have died ***"
            turn = Turn(game_id, n, "east" if n % COLUMNS else "south", output, world.current_room,
                        list(world.inventory), f"reasoning {n}", "2026-01-01T00:00:00",
                        score + (10 if n in DEATH_TURNS else 0), n, event,
                        restored_from=restored_from, restored_score=restored_score)  # fmt: skip
            db.write_turn(game_id, TurnBundle(turn, copy_world(world), [], []))
        if finished:
            db.finish_game(game_id, "won", final_score=score)
        return game_id
    finally:
        db.close()


def _advance(world: WorldSnapshot, n: int, score: int) -> int:
    i = n - 1
    exits = ["east", "west", "south", "north"]
    world.rooms.append(Room(room_id(i), room_name(i), f"{room_name(i)}, described.", 1, n, n, exits=exits))
    if i % COLUMNS:
        world.connections.append(Connection(room_id(i - 1), room_id(i), "east"))
    if i >= COLUMNS:
        world.connections.append(Connection(room_id(i - COLUMNS), room_id(i), "south"))
    world.current_room = room_id(i)
    if n == 5:
        world.items.append(Item("key", "iron key", location=room_id(i), portable=True, first_seen_turn=n))
    if n == 8:
        # The same puzzle noted three times, once solved; and a darkness note that is not a puzzle.
        for k in (1, 2, 3):
            world.puzzles.append(Puzzle(k, "The vault door is locked.", location=room_id(i), created_turn=n))
        world.puzzles.append(
            Puzzle(4, "It is pitch black.", location=room_id(i), created_turn=n, kind="dark")
        )
    if n == 20:
        world.puzzles[2].status, world.puzzles[2].solved_turn = "solved", n
    return score + 5 if n in SCORE_TURNS else score
