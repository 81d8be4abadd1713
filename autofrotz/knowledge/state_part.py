"""A rule's own part of a later run's state (knowledge/goal_state.py holds the parts)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass
class Part:
    """A rule's own part of this run's state: saved flat beside the others, each picking its fields back.

    >>> @dataclass
    ... class Steps(Part):
    ...     walked: int = 0
    >>> Steps.from_dict({"walked": 3, "another part's": 1})
    Steps(walked=3)
    """

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def fields_of(cls, data: dict[str, Any]) -> dict[str, Any]:
        """The fields of this part in a saved state."""
        return {k: v for k, v in data.items() if k in cls.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Any:
        """This part from a saved state (which holds the other parts' fields too)."""
        return cls(**cls.fields_of(data))
