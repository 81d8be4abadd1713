"""Storage: round trips, migrations, pinned schema, replay at every turn, atomic turns."""

from __future__ import annotations

import sqlite3
from dataclasses import asdict, dataclass, replace
from pathlib import Path

import pytest

from autofrotz.storage import migrations
from autofrotz.storage.codec import ENTITY_TABLES, entity_from_row, entity_values, key_getter
from autofrotz.storage.database import Database, TurnOrderError
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
from autofrotz.storage.reader import GameReader
from autofrotz.storage.synthetic import SyntheticGame, copy_world


def new_game() -> Game:
    return Game(
        game_id=None, game_file="games/cellar.z5", start_time="2026-01-01T00:00:00", seed=3, max_score=10
    )


def turn(n: int, room: str | None = "hall", command: str = "look") -> Turn:
    return Turn(0, n, command, f"output {n}", room, [], f"why {n}", f"t{n}", score=n, moves=n)


def bundle(n: int, world: WorldSnapshot, **kw: object) -> TurnBundle:
    return TurnBundle(turn(n, world.current_room), copy_world(world), **kw)  # type: ignore[arg-type]


def normalized(world: WorldSnapshot) -> WorldSnapshot:
    """A snapshot with every list sorted by key, as state_at orders them."""
    tables = {spec.table: sorted(getattr(world, spec.table), key=key_getter(spec)) for spec in ENTITY_TABLES}
    return WorldSnapshot(current_room=world.current_room, inventory=world.inventory, **tables)


@pytest.fixture
def db(tmp_path: Path):
    database = Database(tmp_path / "game.db")
    yield database
    database.close()


# -- round trips -------------------------------------------------------------------------------------


def full_world() -> WorldSnapshot:
    return WorldSnapshot(
        current_room="cellar",
        rooms=[
            Room("cellar", "Cellar", "A damp cellar.", 2, 1, 3, ["north", "up"], "maze_a", "item_lamp", True),
            Room("hall", "Hall", "A hall.", 1, 1, 1, ["south"]),
        ],
        connections=[
            Connection("hall", "cellar", "down", False, True, "a grating", True, True, ["cellar", "hall"]),
        ],
        items=[
            Item("item_lamp", "brass lamp", "A lamp.", INVENTORY, True, {"lit": True, "fuel": 3}, 1, 3),
            Item("item_rug", "rug", "", "hall", None, {}, 2, 2),
        ],
        puzzles=[
            Puzzle(1, "Locked grating", "solved", "hall", ["item_key"], ["open grating"], 1, 3, "blocked")
        ],
        maze_groups=[
            MazeGroup("maze_a", "cellar", ["cellar"], ["hall"], {"cellar": "item_lamp"}, True, 1, 3, True)
        ],
        inventory=["item_lamp"],
    )


def full_call() -> LLMCall:
    return LLMCall(
        agent="game_agent",
        provider="anthropic",
        model="claude",
        system_prompt="You play text adventures. " * 80,  # long enough to be stored compressed
        messages=[
            {"role": "user", "content": "Where next? " * 200},
            {"role": "assistant", "content": "north"},
        ],
        raw_response='{"action": "north"}',
        parsed_result={"action": "north", "alternatives": ["south"]},
        input_tokens=1200,
        output_tokens=40,
        cached_tokens=1000,
        cache_write_tokens=150,
        cost_estimate=0.0042,
        latency_ms=812.5,
        error="rate limited",
        attempt=2,
    )


def test_round_trip_every_table(db: Database) -> None:
    game = new_game()
    gid = db.create_game(game)
    world = full_world()
    metric = Metric(gid, 1, "game_agent", "anthropic", "claude", 1200, 40, 1000, 0.0042, 812.5)
    calls = [full_call(), LLMCall("parser", "openai", "gpt", "short", [], "{}", None)]
    db.write_turn(gid, TurnBundle(turn(1, "cellar"), world, [metric], calls, b"\x00state\xff"))
    db.finish_game(gid, "won", final_score=10)

    assert normalized(db.state_at(gid, 1)) == normalized(world)
    assert db.turns_after(gid, 0) == [Turn(gid, 1, "look", "output 1", "cellar", [], "why 1", "t1", 1, 1)]
    assert db.latest_state(gid) == (1, b"\x00state\xff", 1)
    with GameReader(db.path) as reader:
        stored = reader.game(gid)
        assert stored == asdict(game) | {
            "status": "won",
            "final_score": 10,
            "total_turns": 1,
            "end_time": stored["end_time"],
        }
        assert stored["end_time"]
        assert reader.metric_rows(gid) == [metric]
        expected_calls = [asdict(c) | {"game_id": gid, "turn_number": 1} for c in calls]
        assert reader.llm_calls(gid, 1) == expected_calls
        assert reader.turn(gid, 1)["llm_calls"] == expected_calls


def test_long_texts_are_compressed_and_system_prompts_stored_once(db: Database) -> None:
    gid = db.create_game(new_game())
    for n in (1, 2):
        db.write_turn(gid, TurnBundle(turn(n), WorldSnapshot(), llm_calls=[full_call(), full_call()]))
    texts = db.conn.execute("SELECT body FROM llm_texts").fetchall()
    assert len(texts) == 1 and isinstance(texts[0][0], bytes)
    kinds = {type(r[0]) for r in db.conn.execute("SELECT messages FROM llm_calls")}
    assert kinds == {bytes}


@dataclass
class RoomV2(Room):
    """Stands for Room after someone adds a field to models.py."""

    colour: str = "grey"


def test_fields_without_a_column_round_trip_through_extra() -> None:
    rooms = ENTITY_TABLES[0]
    newer = replace(rooms, cls=RoomV2)
    room = RoomV2("hall", "Hall", exits=["north"], colour="red")
    values = entity_values(newer, room)
    assert values[-1] == '{"colour":"red"}'
    assert entity_from_row(newer, values) == room
    assert entity_values(rooms, Room("hall", "Hall"))[-1] is None


# -- migrations and schema -----------------------------------------------------------------------------

PINNED_SCHEMA = """\
_migrations:
    CREATE TABLE _migrations (name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL)
connections:
    CREATE TABLE connections (version_id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(game_id),
    from_room_id TEXT NOT NULL,
    to_room_id TEXT,
    direction TEXT,
    bidirectional INTEGER,
    blocked INTEGER,
    blocked_reason TEXT,
    teleport INTEGER,
    random INTEGER,
    observed_destinations TEXT,
    valid_from INTEGER NOT NULL,
    valid_to INTEGER,
    extra TEXT)
connections_replay:
    CREATE INDEX connections_replay ON connections(game_id,
    valid_from,
    valid_to)
games:
    CREATE TABLE games (game_id INTEGER PRIMARY KEY,
    game_file TEXT NOT NULL,
    start_time TEXT NOT NULL,
    end_time TEXT,
    status TEXT NOT NULL DEFAULT 'playing',
    total_turns INTEGER NOT NULL DEFAULT 0,
    seed INTEGER,
    backend TEXT,
    config_json TEXT NOT NULL DEFAULT '{}',
    final_score INTEGER,
    max_score INTEGER,
    extra TEXT)
interpreter_states:
    CREATE TABLE interpreter_states (state_id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(game_id),
    turn_number INTEGER NOT NULL,
    slot TEXT NOT NULL DEFAULT 'auto',
    data BLOB NOT NULL)
interpreter_states_turn:
    CREATE INDEX interpreter_states_turn ON interpreter_states(game_id,
    turn_number)
items:
    CREATE TABLE items (version_id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(game_id),
    item_id TEXT NOT NULL,
    name TEXT,
    description TEXT,
    location TEXT,
    portable INTEGER,
    properties TEXT,
    first_seen_turn INTEGER,
    last_seen_turn INTEGER,
    valid_from INTEGER NOT NULL,
    valid_to INTEGER,
    extra TEXT)
items_replay:
    CREATE INDEX items_replay ON items(game_id,
    valid_from,
    valid_to)
knowledge:
    CREATE TABLE knowledge (story_sha TEXT NOT NULL,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    body TEXT NOT NULL,
    first_game_id INTEGER NOT NULL REFERENCES games(game_id),
    first_turn INTEGER NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games(game_id),
    turn_number INTEGER NOT NULL,
    seen INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (story_sha, kind, key))
knowledge_first:
    CREATE INDEX knowledge_first ON knowledge(story_sha,
    first_game_id)
llm_calls:
    CREATE TABLE llm_calls (call_id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(game_id),
    turn_number INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    agent TEXT,
    provider TEXT,
    model TEXT,
    system_prompt_id INTEGER REFERENCES llm_texts(text_id),
    messages,
    raw_response,
    parsed_result TEXT,
    input_tokens INTEGER NOT NULL DEFAULT 0,
    output_tokens INTEGER NOT NULL DEFAULT 0,
    cached_tokens INTEGER NOT NULL DEFAULT 0,
    cache_write_tokens INTEGER NOT NULL DEFAULT 0,
    cost_estimate REAL NOT NULL DEFAULT 0,
    latency_ms REAL NOT NULL DEFAULT 0,
    error TEXT,
    attempt INTEGER NOT NULL DEFAULT 1,
    extra TEXT)
llm_calls_turn:
    CREATE INDEX llm_calls_turn ON llm_calls(game_id,
    turn_number)
llm_texts:
    CREATE TABLE llm_texts (text_id INTEGER PRIMARY KEY,
    sha1 TEXT NOT NULL UNIQUE,
    body)
maze_groups:
    CREATE TABLE maze_groups (version_id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(game_id),
    group_id TEXT NOT NULL,
    entry_room_id TEXT,
    room_ids TEXT,
    exit_room_ids TEXT,
    markers TEXT,
    fully_mapped INTEGER,
    created_turn INTEGER,
    completed_turn INTEGER,
    thief_suspected INTEGER,
    valid_from INTEGER NOT NULL,
    valid_to INTEGER,
    extra TEXT)
maze_groups_replay:
    CREATE INDEX maze_groups_replay ON maze_groups(game_id,
    valid_from,
    valid_to)
metrics:
    CREATE TABLE metrics (metric_id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(game_id),
    turn_number INTEGER NOT NULL,
    agent_name TEXT,
    provider TEXT,
    model TEXT,
    input_tokens INTEGER NOT NULL DEFAULT 0,
    output_tokens INTEGER NOT NULL DEFAULT 0,
    cached_tokens INTEGER NOT NULL DEFAULT 0,
    cost_estimate REAL NOT NULL DEFAULT 0,
    latency_ms REAL NOT NULL DEFAULT 0,
    extra TEXT)
metrics_turn:
    CREATE INDEX metrics_turn ON metrics(game_id,
    turn_number)
puzzles:
    CREATE TABLE puzzles (version_id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(game_id),
    puzzle_id INTEGER NOT NULL,
    description TEXT,
    status TEXT,
    location TEXT,
    related_items TEXT,
    attempts TEXT,
    created_turn INTEGER,
    solved_turn INTEGER,
    kind TEXT,
    valid_from INTEGER NOT NULL,
    valid_to INTEGER,
    extra TEXT)
puzzles_replay:
    CREATE INDEX puzzles_replay ON puzzles(game_id,
    valid_from,
    valid_to)
rooms:
    CREATE TABLE rooms (version_id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(game_id),
    room_id TEXT NOT NULL,
    name TEXT,
    description TEXT,
    visit_count INTEGER,
    first_visited_turn INTEGER,
    last_visited_turn INTEGER,
    exits TEXT,
    maze_group TEXT,
    maze_marker_item TEXT,
    is_dark INTEGER,
    valid_from INTEGER NOT NULL,
    valid_to INTEGER,
    extra TEXT)
rooms_replay:
    CREATE INDEX rooms_replay ON rooms(game_id,
    valid_from,
    valid_to)
strategy_guides:
    CREATE TABLE strategy_guides (guide_id INTEGER PRIMARY KEY,
    story_sha TEXT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games(game_id),
    body TEXT NOT NULL,
    created TEXT NOT NULL,
    extra TEXT)
strategy_guides_story:
    CREATE INDEX strategy_guides_story ON strategy_guides(story_sha,
    game_id)
turns:
    CREATE TABLE turns (turn_id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(game_id),
    turn_number INTEGER NOT NULL,
    timestamp TEXT,
    command_sent TEXT,
    game_output TEXT,
    room_id TEXT,
    inventory_snapshot TEXT,
    agent_reasoning TEXT,
    score INTEGER,
    moves INTEGER,
    event TEXT,
    current_room TEXT,
    inventory TEXT,
    extra TEXT,
    rooms_known INTEGER NOT NULL DEFAULT 0,
    connections_known INTEGER NOT NULL DEFAULT 0,
    items_known INTEGER NOT NULL DEFAULT 0,
    puzzles_solved INTEGER NOT NULL DEFAULT 0,
    decided_by TEXT NOT NULL DEFAULT '',
    agent_rule TEXT NOT NULL DEFAULT '',
    agent_vetoes TEXT NOT NULL DEFAULT '[]',
    UNIQUE(game_id, turn_number))"""


def schema_text(path: Path) -> str:
    """sqlite_master, one object per paragraph and one column per line (autoindexes have no SQL)."""
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name").fetchall()
    conn.close()
    return "\n".join(f"{name}:\n{pretty_sql(sql)}" for name, sql in rows)


def pretty_sql(sql: str) -> str:
    """Collapse whitespace and break at top-level commas inside the outer parentheses."""
    out, depth = [], 0
    for ch in " ".join(sql.split()):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        out.append(",\n   " if ch == "," and depth == 1 else ch)
    return "    " + "".join(out).replace("( ", "(")


def applied_names(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    names = [r[0] for r in conn.execute("SELECT name FROM _migrations ORDER BY rowid")]
    conn.close()
    return names


ALL_MIGRATIONS = [name for name, _ in migrations.MIGRATIONS]


def test_empty_file_migrates_to_pinned_schema(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    Database(path).close()
    assert (
        applied_names(path)
        == ALL_MIGRATIONS
        == [
            "m001_initial",
            "m002_llm_calls_and_states",
            "m003_turn_counts",
            "m005_knowledge",
            "m006_agent_rules",
        ]
    )
    assert schema_text(path) == PINNED_SCHEMA


def test_reopening_applies_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    Database(path).close()
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrations.migrate(conn) == []
    conn.close()
    assert applied_names(path) == ALL_MIGRATIONS


def old_database(path: Path, upto: str) -> None:
    """A database left by an older version: schema up to ``upto`` and two turns of a game."""
    conn = sqlite3.connect(path, isolation_level=None)
    migrations.migrate(conn, upto=upto)
    conn.execute("INSERT INTO games (game_id, game_file, start_time) VALUES (1, 'old.z5', 'then')")
    for n in (1, 2):
        conn.execute(
            "INSERT INTO turns (game_id, turn_number, command_sent, room_id, current_room, inventory)"
            " VALUES (1, ?, 'north', 'hall', 'hall', '[]')",
            (n,),
        )
    conn.execute(
        "INSERT INTO rooms (game_id, room_id, name, exits, is_dark, visit_count, valid_from, valid_to)"
        " VALUES (1, 'cellar', 'Cellar', '[]', 0, 1, 1, 2)"
    )
    conn.execute(
        "INSERT INTO rooms (game_id, room_id, name, exits, is_dark, visit_count, valid_from)"
        " VALUES (1, 'cellar', 'Cellar', '[]', 0, 2, 2), (1, 'hall', 'Hall', '[]', 0, 1, 2)"
    )
    conn.close()


@pytest.mark.parametrize("upto", ["m002_llm_calls_and_states", "m001_initial"])
def test_older_schema_upgrades_and_keeps_data(tmp_path: Path, upto: str) -> None:
    path = tmp_path / "old.db"
    old_database(path, upto)
    assert applied_names(path)[-1] == upto
    db = Database(path)
    assert applied_names(path) == ALL_MIGRATIONS
    assert schema_text(path) == PINNED_SCHEMA
    # m003 backfilled the per-turn counts from the versioned rows.
    counts = db.conn.execute("SELECT turn_number, rooms_known FROM turns ORDER BY turn_number").fetchall()
    assert [tuple(r) for r in counts] == [(1, 1), (2, 2)]
    assert [r.visit_count for r in db.state_at(1, 1).rooms] == [1]
    # The game continues on the upgraded file; unchanged rows are not written again.
    world = db.state_at(1, 2)
    db.write_turn(1, TurnBundle(turn(3), world, llm_calls=[full_call()]))
    assert db.conn.execute("SELECT COUNT(*) FROM rooms").fetchone()[0] == 3
    assert normalized(db.state_at(1, 3)) == normalized(world)
    db.close()


def test_the_map_rule_moves_from_the_extra_column_to_its_own(tmp_path: Path) -> None:
    """m006: a turn written before it kept its map rule in the extra column; after it, in decided_by."""
    path = tmp_path / "old.db"
    old_database(path, "m005_knowledge")
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(
        """UPDATE turns SET extra = '{"agent":"builtin","decided_by":"dream"}' WHERE turn_number = 1"""
    )
    conn.close()
    db = Database(path)
    rows = db.conn.execute("SELECT decided_by, agent_rule, agent_vetoes FROM turns ORDER BY turn_number")
    assert [tuple(r) for r in rows] == [("dream", "", "[]"), ("", "", "[]")]
    db.close()


def test_failing_migration_rolls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def m004_broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x)")
        raise RuntimeError("boom")

    path = tmp_path / "g.db"
    Database(path).close()
    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, ("m004_broken", m004_broken)])
    with pytest.raises(RuntimeError, match="boom"):
        Database(path)
    assert applied_names(path) == ALL_MIGRATIONS
    assert "half_done" not in schema_text(path)


# -- replay at any turn --------------------------------------------------------------------------------


def scripted() -> list[WorldSnapshot]:
    """A hand-written sequence: what the world looks like after turns 1..6."""
    hall, cellar = Room("hall", "Hall", visit_count=1), Room("cellar", "Cellar")
    lamp = Item("lamp", "lamp", location="hall")
    door = Connection("hall", "cellar", "down", blocked=True)
    p = Puzzle(1, "Locked door", location="hall")
    s1 = WorldSnapshot("hall", [hall], [], [lamp])
    s2 = WorldSnapshot(
        "hall", [hall], [door], [Item("lamp", "lamp", location=INVENTORY)], [p], inventory=["lamp"]
    )
    s3 = WorldSnapshot(
        "cellar",
        [hall, Room("cellar", "Cellar", visit_count=1)],
        [Connection("hall", "cellar", "down")],
        s2.items,
        [Puzzle(1, "Locked door", "solved", "hall", solved_turn=3)],
        inventory=["lamp"],
    )
    s4 = WorldSnapshot("cellar", s3.rooms, s3.connections, [], s3.puzzles)  # the lamp is gone
    s5 = WorldSnapshot("hall", [hall], [], [lamp], [], [MazeGroup("m", "hall")])  # everything forgotten
    s6 = copy_world(s3)
    assert cellar not in s3.rooms
    return [s1, s2, s3, s4, s5, s6]


def test_state_at_every_turn_of_a_scripted_sequence(db: Database) -> None:
    gid = db.create_game(new_game())
    worlds = scripted()
    for n, world in enumerate(worlds, start=1):
        db.write_turn(gid, bundle(n, world))
    assert db.state_at(gid, 0) == WorldSnapshot()
    for n, world in enumerate(worlds, start=1):
        assert normalized(db.state_at(gid, n)) == normalized(world), f"turn {n}"
    assert normalized(db.state_at(gid, 99)) == normalized(worlds[-1])
    # Only changes were stored: hall once, then again after coming back in s6 (it never changed).
    assert db.conn.execute("SELECT COUNT(*) FROM rooms WHERE room_id = 'hall'").fetchone()[0] == 1


def test_state_at_every_turn_of_a_synthetic_game(tmp_path: Path) -> None:
    game = SyntheticGame(seed=11, prompt_words=20)
    expected = []
    with Database(tmp_path / "g.db") as db:
        gid = db.create_game(game.game())
        for _ in range(150):
            b = game.next_bundle()
            expected.append(copy_world(b.world))
            db.write_turn(gid, b)
    with GameReader(tmp_path / "g.db") as reader:
        for n, world in enumerate(expected, start=1):
            assert normalized(reader.state_at(gid, n)) == normalized(world), f"turn {n}"


def test_in_place_changes_by_managers_are_detected(db: Database) -> None:
    gid = db.create_game(new_game())
    room = Room("hall", "Hall")
    world = WorldSnapshot("hall", [room])
    db.write_turn(gid, TurnBundle(turn(1), world))
    room.visit_count = 5  # the manager mutates the same object between turns
    room.exits.append("north")
    db.write_turn(gid, TurnBundle(turn(2), world))
    assert db.state_at(gid, 1).rooms == [Room("hall", "Hall")]
    assert db.state_at(gid, 2).rooms == [Room("hall", "Hall", visit_count=5, exits=["north"])]


def test_duplicate_keys_are_kept(db: Database) -> None:
    gid = db.create_game(new_game())
    twins = [Connection("a", "b", "north", random=True), Connection("a", "b", "north", blocked=True)]
    db.write_turn(gid, TurnBundle(turn(1), WorldSnapshot(connections=twins)))
    db.write_turn(gid, TurnBundle(turn(2), WorldSnapshot(connections=twins)))
    assert db.state_at(gid, 2).connections == twins
    assert db.conn.execute("SELECT COUNT(*) FROM connections").fetchone()[0] == 2


# -- ordering, atomicity, resume ------------------------------------------------------------------------


def test_turns_must_follow_each_other(db: Database) -> None:
    gid = db.create_game(new_game())
    db.write_turn(gid, TurnBundle(turn(0), WorldSnapshot()))
    with pytest.raises(TurnOrderError):
        db.write_turn(gid, TurnBundle(turn(2), WorldSnapshot()))
    with pytest.raises(TurnOrderError):
        db.write_turn(gid, TurnBundle(turn(0), WorldSnapshot()))
    db.write_turn(gid, TurnBundle(turn(1), WorldSnapshot()))
    assert [t.turn_number for t in db.turns_after(gid, -1)] == [0, 1]


def test_failed_turn_leaves_nothing_and_the_writer_recovers(db: Database) -> None:
    gid = db.create_game(new_game())
    db.write_turn(gid, TurnBundle(turn(1), WorldSnapshot("hall", [Room("hall", "Hall")])))
    bad = turn(2)
    bad.command_sent = ["not", "bindable"]  # type: ignore[assignment]  # fails after the world rows went in
    changed = WorldSnapshot("cellar", [Room("hall", "Hall", visit_count=1), Room("cellar", "Cellar")])
    with pytest.raises(sqlite3.Error):
        db.write_turn(gid, TurnBundle(bad, changed, llm_calls=[full_call()]))
    for table in ("rooms", "llm_calls", "llm_texts"):
        assert db.conn.execute(f"SELECT COUNT(*) FROM {table} WHERE rowid > 1").fetchone()[0] == 0, table
    db.write_turn(gid, TurnBundle(turn(2, "cellar"), changed, llm_calls=[full_call()]))
    assert normalized(db.state_at(gid, 2)) == normalized(changed)
    assert db.state_at(gid, 1).rooms == [Room("hall", "Hall")]


def test_resume_in_a_new_process_continues_the_diff(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    game = SyntheticGame(seed=5, prompt_words=20)
    with Database(path) as db:
        gid = db.create_game(game.game())
        for _ in range(12):
            db.write_turn(gid, game.next_bundle())
    with Database(path) as db:
        last, state, state_turn = db.latest_state(gid)
        assert (last, state_turn, len(state or b"")) == (12, 10, 4096)
        assert [t.command_sent for t in db.turns_after(gid, state_turn)] == [
            t.command_sent for t in db.turns_after(gid, -1)[10:]
        ]
        before = db.conn.execute("SELECT COUNT(*) FROM items").fetchone()[0]
        b = game.next_bundle()
        db.write_turn(gid, b)
        changed = db.conn.execute("SELECT COUNT(*) FROM items WHERE valid_from = 13").fetchone()[0]
        assert db.conn.execute("SELECT COUNT(*) FROM items").fetchone()[0] == before + changed
        assert changed < len(b.world.items)
        assert normalized(db.state_at(gid, 13)) == normalized(b.world)


def test_latest_state_without_a_saved_state(db: Database) -> None:
    gid = db.create_game(new_game())
    assert db.latest_state(gid) == (0, None, 0)
    db.write_turn(gid, TurnBundle(turn(1), WorldSnapshot()))
    db.save_state(gid, 1, b"abc", slot="death")
    assert db.latest_state(gid) == (1, b"abc", 1)


def test_unknown_game_is_an_error(db: Database) -> None:
    with pytest.raises(KeyError):
        db.write_turn(42, TurnBundle(turn(1), WorldSnapshot()))
