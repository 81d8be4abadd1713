"""Checks before a database file is trusted: is it ours, is its schema one we know, can we write it.

A file is refused, and left exactly as it was, when it is not SQLite, holds tables, triggers, views or
columns that are not ours (or lacks one of ours), was written by a newer AutoFrotz (a higher
``user_version`` or a migration we do not know), or when we would need to write and cannot. Nothing
here writes to the file.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from autofrotz.storage.migrations import MIGRATIONS, applied, schema_tables
from autofrotz.storage.migrations import _apply as apply_migration

SQLITE_MAGIC = b"SQLite format 3\x00"


class DatabaseRefusedError(RuntimeError):
    """The file is not a database we may use; the message says why and what to do."""


def check_database(path: str | Path, write: bool = True) -> None:
    """Refuse a file that is not ours or is newer than this code; nothing is written.

    A missing or empty file is fine for a writer (it becomes a new database).
    """
    path = Path(path)
    if str(path) == ":memory:":
        return
    if not path.exists() or path.stat().st_size == 0:
        folder = path.parent if str(path.parent) else Path(".")
        if write and folder.is_dir() and not os.access(folder, os.W_OK):
            raise DatabaseRefusedError(f"cannot create database {path}: its folder is not writable")
        return  # a missing folder is SQLite's to report ("unable to open database file")
    if path.is_dir():
        raise DatabaseRefusedError(f"{path} is a folder, not a database file")
    with path.open("rb") as f:
        if f.read(16) != SQLITE_MAGIC:
            raise DatabaseRefusedError(f"{path} is not an SQLite database; give another --db path")
    if write:
        _check_writable(path)
    _check_contents(path)


def _check_writable(path: Path) -> None:
    if not os.access(path, os.W_OK):
        raise DatabaseRefusedError(
            f"database {path} is read-only; make it writable or give another --db path"
        )
    folder = path.parent if str(path.parent) else Path(".")
    if not os.access(folder, os.W_OK):  # SQLite's journal (-wal, -shm) lives beside the file
        raise DatabaseRefusedError(f"database {path} cannot be written: its folder {folder} is read-only")


def _check_contents(path: Path) -> None:
    uri = f"{path.resolve().as_uri()}?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True)
        try:
            schema_problem(conn, str(path))
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise DatabaseRefusedError(f"cannot read database {path}: {exc}") from None


def schema_problem(conn: sqlite3.Connection, where: str) -> None:
    """DatabaseRefusedError when the tables or schema version in conn are not ones we wrote."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > len(MIGRATIONS):
        raise DatabaseRefusedError(
            f"{where} has schema version {version}, newer than this AutoFrotz ({len(MIGRATIONS)}); "
            "use the newer AutoFrotz or another --db path"
        )
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    tables = {t for t in tables if not t.startswith("sqlite_")}
    if tables and "_migrations" not in tables:
        listed = ", ".join(sorted(tables)[:5])
        raise DatabaseRefusedError(
            f"{where} is not an AutoFrotz database (it holds {listed}); give another --db path"
        )
    foreign = sorted(tables - schema_tables())
    if foreign:
        raise DatabaseRefusedError(f"{where} holds tables AutoFrotz did not make ({', '.join(foreign[:5])})")
    if "_migrations" in tables:
        known = {name for name, _ in MIGRATIONS}
        done = [r[0] for r in conn.execute("SELECT name FROM _migrations")]
        unknown = [name for name in done if name not in known]
        if unknown:
            raise DatabaseRefusedError(
                f"{where} was migrated by a newer AutoFrotz ({', '.join(unknown)}); use that version"
            )
        _foreign_objects(conn, where)
        _columns_problem(conn, where, tables, frozenset(done))


def _foreign_objects(conn: sqlite3.Connection, where: str) -> None:
    """Refuse triggers and views: our migrations make none, and a trigger runs code on our writes."""
    rows = conn.execute("SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view')").fetchall()
    if rows:
        kind, name = rows[0]
        raise DatabaseRefusedError(
            f"{where} holds a {kind} AutoFrotz did not make ({str(name)[:60]}); give another --db path"
        )


def _columns_problem(conn: sqlite3.Connection, where: str, tables: set[str], done: frozenset[str]) -> None:
    """Refuse a table whose columns are not those our migrations made (one dropped, renamed or added)."""
    expected = _expected_columns(done)
    for table in sorted(expected):
        if table not in tables:
            raise DatabaseRefusedError(f"{where} lacks the table {table}; give another --db path")
        found = [r[1] for r in conn.execute(f"PRAGMA table_info({_quoted(table)})")]
        if found != expected[table]:
            missing = sorted(set(expected[table]) - set(found))
            extra = sorted(set(found) - set(expected[table]))
            what = (
                f"lacks column {missing[0]}"
                if missing
                else f"has a column AutoFrotz did not make ({extra[0][:40]})"
            )
            raise DatabaseRefusedError(f"{where}: table {table} {what}; give another --db path")


_EXPECTED: dict[frozenset[str], dict[str, list[str]]] = {}


def _expected_columns(done: frozenset[str]) -> dict[str, list[str]]:
    """Each table's columns, in order, after the migrations a file records (run on an empty database)."""
    if done not in _EXPECTED:
        ref = sqlite3.connect(":memory:", isolation_level=None)
        try:
            applied(ref)
            for name, fn in MIGRATIONS:
                if name in done:
                    apply_migration(ref, name, fn)
            names = [r[0] for r in ref.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            _EXPECTED[done] = {
                t: [r[1] for r in ref.execute(f"PRAGMA table_info({_quoted(t)})")]
                for t in names
                if not t.startswith("sqlite_")
            }
        finally:
            ref.close()
    return _EXPECTED[done]


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
