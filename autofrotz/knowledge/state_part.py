"""A rule's own part of a later run's state (knowledge/goal_state.py holds the parts): a dataclass saved
flat beside the others, each picking its fields back."""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

P = TypeVar("P", bound="DataclassInstance")


def fields_of(kind: type[P], data: dict[str, Any]) -> dict[str, Any]:
    """The fields of one part (a dataclass) in a saved state, which holds the other parts' fields too.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Steps:
    ...     walked: int = 0
    >>> fields_of(Steps, {"walked": 3, "another part's": 1})
    {'walked': 3}
    """
    names = {f.name for f in fields(kind)}
    return {k: v for k, v in data.items() if k in names}


def loaded(kind: type[P], data: dict[str, Any]) -> P:
    """One part from a saved state (its fields plain values).

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Steps:
    ...     walked: int = 0
    >>> loaded(Steps, {"walked": 3, "another part's": 1})
    Steps(walked=3)
    """
    return kind(**fields_of(kind, data))
