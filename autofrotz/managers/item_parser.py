"""Deterministic parsing of what games say about objects: pure functions over text.

Knowledge of interactive-fiction conventions lives in tables with small doctested helpers, split by what
is read: names and lists (item_names), "inventory" listings (item_inventory), room descriptions and
container contents (item_scene), and replies to commands (item_replies), their pattern tables in
reading/items_*.py. This module gathers their public names so callers can keep importing them from here.
"""

from __future__ import annotations

from autofrotz.managers.item_blocks import grouped_names
from autofrotz.managers.item_inventory import parse_inventory
from autofrotz.managers.item_names import (
    NOTHING_WORDS,
    ListedItem,
    clean_name,
    item_id,
    list_items,
    normalise,
    parse_properties,
    split_count,
    split_list,
    strip_article,
)
from autofrotz.managers.item_replies import (
    clarified_object,
    dropped_colon_list,
    implicit_puts,
    implicit_takes,
    is_drop_success,
    is_take_success,
    multi_replies,
    reply_lines,
    sounds_like_failure,
    taken_colon_list,
)
from autofrotz.managers.item_scene import container_contents, room_items
from autofrotz.reading.items_inventory import INVENTORY_EMPTY, INVENTORY_HEADER
from autofrotz.reading.items_names import ARTICLES, NUMBER_WORDS
from autofrotz.reading.items_replies import (
    ALIVE_PATTERNS,
    ALREADY_HAVE,
    CLARIFY_LINE,
    DROP_OK,
    FAILURE_HINTS,
    FIXED_PATTERNS,
    IMPLICIT_PUT,
    IMPLICIT_TAKE,
    LIMIT_PATTERNS,
    MULTI_REPLY,
    NOT_HELD,
    PUT_OK,
    TAKE_OK,
    TAKE_VERB_REPLY,
)
from autofrotz.reading.items_scene import CONTAINER_PATTERNS, ROOM_LISTING

__all__ = [
    "ARTICLES",
    "NUMBER_WORDS",
    "INVENTORY_HEADER",
    "INVENTORY_EMPTY",
    "NOTHING_WORDS",
    "TAKE_OK",
    "DROP_OK",
    "PUT_OK",
    "TAKE_VERB_REPLY",
    "FIXED_PATTERNS",
    "ALIVE_PATTERNS",
    "LIMIT_PATTERNS",
    "ALREADY_HAVE",
    "NOT_HELD",
    "FAILURE_HINTS",
    "ROOM_LISTING",
    "CONTAINER_PATTERNS",
    "IMPLICIT_TAKE",
    "IMPLICIT_PUT",
    "CLARIFY_LINE",
    "MULTI_REPLY",
    "ListedItem",
    "strip_article",
    "clean_name",
    "split_count",
    "normalise",
    "item_id",
    "parse_properties",
    "split_list",
    "list_items",
    "parse_inventory",
    "grouped_names",
    "room_items",
    "container_contents",
    "multi_replies",
    "taken_colon_list",
    "dropped_colon_list",
    "implicit_takes",
    "implicit_puts",
    "clarified_object",
    "reply_lines",
    "is_take_success",
    "is_drop_success",
    "sounds_like_failure",
]
