"""Numbered schema migrations, each applied in its own transaction and recorded in ``_migrations``.

Never edit a migration that has shipped: add the next one. Statements run one at a time through
``execute`` because ``executescript`` would commit the open transaction first.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime

Migration = Callable[[sqlite3.Connection], None]

_VERSIONED = "valid_from INTEGER NOT NULL, valid_to INTEGER, extra TEXT"


def _run(conn: sqlite3.Connection, statements: list[str]) -> None:
    for sql in statements:
        conn.execute(sql)


def _versioned_index(table: str) -> list[str]:
    """Index for the replay query: rows valid at turn N of one game, and the current rows."""
    return [f"CREATE INDEX {table}_replay ON {table}(game_id, valid_from, valid_to)"]


def m001_initial(conn: sqlite3.Connection) -> None:
    """Games, turns, the versioned world-model tables and per-turn metrics."""
    _run(
        conn,
        [
            """CREATE TABLE games (
    game_id INTEGER PRIMARY KEY, game_file TEXT NOT NULL, start_time TEXT NOT NULL, end_time TEXT,
    status TEXT NOT NULL DEFAULT 'playing', total_turns INTEGER NOT NULL DEFAULT 0, seed INTEGER,
    backend TEXT, config_json TEXT NOT NULL DEFAULT '{}', final_score INTEGER, max_score INTEGER,
    extra TEXT)""",
            """CREATE TABLE turns (
    turn_id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(game_id),
    turn_number INTEGER NOT NULL, timestamp TEXT, command_sent TEXT, game_output TEXT, room_id TEXT,
    inventory_snapshot TEXT, agent_reasoning TEXT, score INTEGER, moves INTEGER, event TEXT,
    current_room TEXT, inventory TEXT, extra TEXT, UNIQUE(game_id, turn_number))""",
            f"""CREATE TABLE rooms (
    version_id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(game_id),
    room_id TEXT NOT NULL, name TEXT, description TEXT, visit_count INTEGER, first_visited_turn INTEGER,
    last_visited_turn INTEGER, exits TEXT, maze_group TEXT, maze_marker_item TEXT, is_dark INTEGER,
    {_VERSIONED})""",
            f"""CREATE TABLE connections (
    version_id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(game_id),
    from_room_id TEXT NOT NULL, to_room_id TEXT, direction TEXT, bidirectional INTEGER,
    blocked INTEGER, blocked_reason TEXT, teleport INTEGER, random INTEGER, observed_destinations TEXT,
    {_VERSIONED})""",
            f"""CREATE TABLE items (
    version_id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(game_id),
    item_id TEXT NOT NULL, name TEXT, description TEXT, location TEXT, portable INTEGER,
    properties TEXT, first_seen_turn INTEGER, last_seen_turn INTEGER, {_VERSIONED})""",
            f"""CREATE TABLE puzzles (
    version_id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(game_id),
    puzzle_id INTEGER NOT NULL, description TEXT, status TEXT, location TEXT, related_items TEXT,
    attempts TEXT, created_turn INTEGER, solved_turn INTEGER, kind TEXT, {_VERSIONED})""",
            f"""CREATE TABLE maze_groups (
    version_id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(game_id),
    group_id TEXT NOT NULL, entry_room_id TEXT, room_ids TEXT, exit_room_ids TEXT, markers TEXT,
    fully_mapped INTEGER, created_turn INTEGER, completed_turn INTEGER, thief_suspected INTEGER,
    {_VERSIONED})""",
            """CREATE TABLE metrics (
    metric_id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(game_id),
    turn_number INTEGER NOT NULL, agent_name TEXT, provider TEXT, model TEXT,
    input_tokens INTEGER NOT NULL DEFAULT 0, output_tokens INTEGER NOT NULL DEFAULT 0,
    cached_tokens INTEGER NOT NULL DEFAULT 0, cost_estimate REAL NOT NULL DEFAULT 0,
    latency_ms REAL NOT NULL DEFAULT 0, extra TEXT)""",
            "CREATE INDEX metrics_turn ON metrics(game_id, turn_number)",
        ]
        + [
            sql
            for t in ("rooms", "connections", "items", "puzzles", "maze_groups")
            for sql in _versioned_index(t)
        ],
    )


def m002_llm_calls_and_states(conn: sqlite3.Connection) -> None:
    """Every LLM request as sent (system prompts deduplicated) and saved interpreter states."""
    _run(
        conn,
        [
            "CREATE TABLE llm_texts (text_id INTEGER PRIMARY KEY, sha1 TEXT NOT NULL UNIQUE, body)",
            """CREATE TABLE llm_calls (
    call_id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(game_id),
    turn_number INTEGER NOT NULL, seq INTEGER NOT NULL, agent TEXT, provider TEXT, model TEXT,
    system_prompt_id INTEGER REFERENCES llm_texts(text_id), messages, raw_response, parsed_result TEXT,
    input_tokens INTEGER NOT NULL DEFAULT 0, output_tokens INTEGER NOT NULL DEFAULT 0,
    cached_tokens INTEGER NOT NULL DEFAULT 0, cache_write_tokens INTEGER NOT NULL DEFAULT 0,
    cost_estimate REAL NOT NULL DEFAULT 0, latency_ms REAL NOT NULL DEFAULT 0, error TEXT,
    attempt INTEGER NOT NULL DEFAULT 1, extra TEXT)""",
            "CREATE INDEX llm_calls_turn ON llm_calls(game_id, turn_number)",
            """CREATE TABLE interpreter_states (
    state_id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(game_id),
    turn_number INTEGER NOT NULL, slot TEXT NOT NULL DEFAULT 'auto', data BLOB NOT NULL)""",
            "CREATE INDEX interpreter_states_turn ON interpreter_states(game_id, turn_number)",
        ],
    )


_COUNTS = {
    "rooms_known": "SELECT COUNT(*) FROM rooms r WHERE {live}",
    "connections_known": "SELECT COUNT(*) FROM connections r WHERE {live}",
    "items_known": "SELECT COUNT(*) FROM items r WHERE {live}",
    "puzzles_solved": "SELECT COUNT(*) FROM puzzles r WHERE {live} AND r.status = 'solved'",
}
_LIVE = (
    "r.game_id = turns.game_id AND r.valid_from <= turns.turn_number"
    " AND (r.valid_to IS NULL OR r.valid_to > turns.turn_number)"
)


def m003_turn_counts(conn: sqlite3.Connection) -> None:
    """Per-turn counts of known rooms, exits, items and solved puzzles, backfilled from the versions."""
    for column, query in _COUNTS.items():
        conn.execute(f"ALTER TABLE turns ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0")
        conn.execute(f"UPDATE turns SET {column} = ({query.format(live=_LIVE)})")


def m005_knowledge(conn: sqlite3.Connection) -> None:
    """What runs of a story taught, keyed by the story file's sha256, and the post-mortem guides."""
    _run(
        conn,
        [
            """CREATE TABLE knowledge (
    story_sha TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, body TEXT NOT NULL,
    first_game_id INTEGER NOT NULL REFERENCES games(game_id), first_turn INTEGER NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games(game_id), turn_number INTEGER NOT NULL,
    seen INTEGER NOT NULL DEFAULT 1, PRIMARY KEY (story_sha, kind, key))""",
            "CREATE INDEX knowledge_first ON knowledge(story_sha, first_game_id)",
            """CREATE TABLE strategy_guides (
    guide_id INTEGER PRIMARY KEY, story_sha TEXT NOT NULL, game_id INTEGER NOT NULL REFERENCES games(game_id),
    body TEXT NOT NULL, created TEXT NOT NULL, extra TEXT)""",
            "CREATE INDEX strategy_guides_story ON strategy_guides(story_sha, game_id)",
        ],
    )


def m006_agent_rules(conn: sqlite3.Connection) -> None:
    """The rules that decided each turn in columns of their own: the map rule that placed the player
    (until now kept in the extra column, copied from there), the agent's rule that chose the command,
    and the rules that vetoed other commands (a JSON list)."""
    conn.execute("ALTER TABLE turns ADD COLUMN decided_by TEXT NOT NULL DEFAULT ''")
    conn.execute(
        "UPDATE turns SET decided_by = COALESCE(json_extract(extra, '$.decided_by'), '')"
        " WHERE extra IS NOT NULL AND json_valid(extra)"
    )
    conn.execute("ALTER TABLE turns ADD COLUMN agent_rule TEXT NOT NULL DEFAULT ''")
    conn.execute("ALTER TABLE turns ADD COLUMN agent_vetoes TEXT NOT NULL DEFAULT '[]'")


# Numbers are assigned per piece of work: a missing number (m004 here) is not an error, since
# migrations are recorded and applied by name.
MIGRATIONS: list[tuple[str, Migration]] = [
    ("m001_initial", m001_initial),
    ("m002_llm_calls_and_states", m002_llm_calls_and_states),
    ("m003_turn_counts", m003_turn_counts),
    ("m005_knowledge", m005_knowledge),
    ("m006_agent_rules", m006_agent_rules),
]


def schema_tables() -> frozenset[str]:
    """Every table the migrations make (found by running them on an empty in-memory database)."""
    global _SCHEMA_TABLES
    if _SCHEMA_TABLES is None:
        conn = sqlite3.connect(":memory:", isolation_level=None)
        migrate(conn)
        names = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        conn.close()
        _SCHEMA_TABLES = frozenset(r[0] for r in names if not r[0].startswith("sqlite_"))
    return _SCHEMA_TABLES


_SCHEMA_TABLES: frozenset[str] | None = None


def applied(conn: sqlite3.Connection) -> list[str]:
    """Names of the migrations recorded in the database, in order."""
    conn.execute("CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
    return [r[0] for r in conn.execute("SELECT name FROM _migrations ORDER BY rowid")]


def migrate(conn: sqlite3.Connection, upto: str | None = None) -> list[str]:
    """Apply pending migrations in order (stopping after ``upto`` if given); return the names applied.

    The connection must be in autocommit mode (isolation_level=None) so BEGIN/COMMIT here are real.
    """
    done = set(applied(conn))
    ran: list[str] = []
    for name, fn in MIGRATIONS:
        if name not in done:
            _apply(conn, name, fn)
            ran.append(name)
        if name == upto:
            break
    if upto is None and conn.execute("PRAGMA user_version").fetchone()[0] != len(MIGRATIONS):
        # The schema version, so an older AutoFrotz can tell it is looking at a newer file.
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
    return ran


def _apply(conn: sqlite3.Connection, name: str, fn: Migration) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        if conn.execute("SELECT 1 FROM _migrations WHERE name = ?", (name,)).fetchone() is None:
            fn(conn)
            stamp = datetime.now(UTC).isoformat(timespec="seconds")
            conn.execute("INSERT INTO _migrations (name, applied_at) VALUES (?, ?)", (name, stamp))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
