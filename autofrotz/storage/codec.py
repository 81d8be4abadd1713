"""Mapping between the shared dataclasses and table rows.

Each table lists its columns once; a dataclass field that has no column of its own (a field added to
models.py after the schema was fixed) round-trips through the row's ``extra`` JSON column, so a new
model field never breaks writes.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from operator import attrgetter
from typing import Any

from autofrotz.storage.models import Connection, Item, MazeGroup, Puzzle, Room

# Texts longer than this are stored zlib-compressed (a BLOB); shorter ones stay readable TEXT.
COMPRESS_OVER = 1024


@dataclass(frozen=True)
class Column:
    """One dataclass field stored in a column; kind is "plain", "json" or "bool"."""

    name: str
    kind: str = "plain"


@dataclass(frozen=True)
class EntityTable:
    """A versioned world-model table: which dataclass it holds and which fields identify a row."""

    table: str
    cls: type
    key: tuple[str, ...]
    columns: tuple[Column, ...]

    @property
    def names(self) -> list[str]:
        """Column names in storage order."""
        return [c.name for c in self.columns]


def _cols(*specs: str) -> tuple[Column, ...]:
    """Build columns from "name" or "name:kind" strings.

    >>> _cols("a", "b:json")
    (Column(name='a', kind='plain'), Column(name='b', kind='json'))
    """
    out = []
    for spec in specs:
        name, _, kind = spec.partition(":")
        out.append(Column(name, kind or "plain"))
    return tuple(out)


ENTITY_TABLES: tuple[EntityTable, ...] = (
    EntityTable(
        "rooms",
        Room,
        ("room_id",),
        _cols(
            "room_id", "name", "description", "visit_count", "first_visited_turn", "last_visited_turn",
            "exits:json", "maze_group", "maze_marker_item", "is_dark:bool",
        ),
    ),
    EntityTable(
        "connections",
        Connection,
        ("from_room_id", "direction", "to_room_id"),
        _cols(
            "from_room_id", "to_room_id", "direction", "bidirectional:bool", "blocked:bool",
            "blocked_reason", "teleport:bool", "random:bool", "observed_destinations:json",
        ),
    ),
    EntityTable(
        "items",
        Item,
        ("item_id",),
        _cols(
            "item_id", "name", "description", "location", "portable:bool", "properties:json",
            "first_seen_turn", "last_seen_turn",
        ),
    ),
    EntityTable(
        "puzzles",
        Puzzle,
        ("puzzle_id",),
        _cols(
            "puzzle_id", "description", "status", "location", "related_items:json", "attempts:json",
            "created_turn", "solved_turn", "kind",
        ),
    ),
    EntityTable(
        "maze_groups",
        MazeGroup,
        ("group_id",),
        _cols(
            "group_id", "entry_room_id", "room_ids:json", "exit_room_ids:json", "markers:json",
            "fully_mapped:bool", "created_turn", "completed_turn", "thief_suspected:bool",
        ),
    ),
)  # fmt: skip


def dumps(value: Any) -> str:
    """Compact, stable JSON (sorted keys, so equal values give equal text).

    >>> dumps({"b": 1, "a": [1, 2]})
    '{"a":[1,2],"b":1}'
    """
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False, default=str)


def loads(text: str | None) -> Any:
    """Inverse of dumps; NULL stays None."""
    return None if text is None else json.loads(text)


def pack_text(text: str) -> str | bytes:
    """Compress long text into a BLOB; keep short text as TEXT.

    >>> pack_text("short")
    'short'
    >>> unpack_text(pack_text("x" * 5000)) == "x" * 5000
    True
    """
    if len(text) <= COMPRESS_OVER:
        return text
    return zlib.compress(text.encode("utf-8"), 1)  # level 1: a third of the time, nearly the same size


def unpack_text(value: str | bytes | None) -> str | None:
    """Inverse of pack_text: a BLOB is decompressed, TEXT returned as it is."""
    if isinstance(value, bytes):
        return zlib.decompress(value).decode("utf-8")
    return value


def _encode(value: Any, kind: str) -> Any:
    if kind == "json":
        return dumps(value)
    if kind == "bool":
        return None if value is None else int(bool(value))
    return value


def _decode(value: Any, kind: str) -> Any:
    if kind == "json":
        return loads(value)
    if kind == "bool":
        return None if value is None else bool(value)
    return value


def extra_fields(cls: type, stored: list[str]) -> list[str]:
    """Dataclass fields of cls that have no column of their own.

    >>> extra_fields(Room, ["room_id", "name"])[:2]
    ['description', 'visit_count']
    """
    known = set(stored)
    return [f.name for f in fields(cls) if f.name not in known]


def encode_extra(obj: Any, names: list[str]) -> str | None:
    """JSON of the fields without a column that differ from their defaults, or NULL when none do
    (a default is what decoding gives back anyway)."""
    defaults = {f.name: _default(f) for f in fields(obj)}
    kept = {n: getattr(obj, n) for n in names if getattr(obj, n) != defaults.get(n, _NO_DEFAULT)}
    return dumps(kept) if kept else None


_NO_DEFAULT = object()


def _default(f: Any) -> Any:
    if f.default is not MISSING:
        return f.default
    if f.default_factory is not MISSING:
        return f.default_factory()
    return _NO_DEFAULT


def entity_values(spec: EntityTable, obj: Any) -> tuple[Any, ...]:
    """The stored column values (plus extra JSON) of one world-model object."""
    values = [_encode(getattr(obj, c.name), c.kind) for c in spec.columns]
    values.append(encode_extra(obj, extra_fields(spec.cls, spec.names)))
    return tuple(values)


def entity_from_row(spec: EntityTable, row: tuple[Any, ...]) -> Any:
    """Rebuild a world-model object from its column values (as entity_values orders them)."""
    kwargs = {c.name: _decode(v, c.kind) for c, v in zip(spec.columns, row, strict=False)}
    extra = loads(row[len(spec.columns)])
    if extra:
        known = {f.name for f in fields(spec.cls)}
        kwargs.update({k: v for k, v in extra.items() if k in known})
    return spec.cls(**kwargs)


def key_getter(spec: EntityTable) -> Callable[[Any], Any]:
    """A function giving an object's identity in its table (a value, or a tuple for compound keys)."""
    return _KEY_GETTERS[spec.table]


_KEY_GETTERS = {spec.table: attrgetter(*spec.key) for spec in ENTITY_TABLES}
