"""The shape every ordered table of named rules lists: a row per rule, the table's order its policy.

A table owns its rules' bodies (map identity in managers/map_rules.py, the built-in agent's in
agents/builtin_rules.py, the knowledge layer's in knowledge/rules.py, ...); what all of them share
is a name, one line saying what the rule does, whether it may be switched off and whether it is on
unless switched. `python main.py rules` lists the rows of every table (rules/catalogue.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleRow:
    """One named rule of a table."""

    name: str
    summary: str = ""
    switchable: bool = True  # False: a fallback, or a case later rows take as settled
    default_on: bool = True  # False: measured and left out; on only where switched on

    def as_dict(self) -> dict[str, object]:
        """Plain data for `rules --json`.

        >>> RuleRow("dream", "a dream is no move").as_dict()["switchable"]
        True
        """
        return {
            "name": self.name,
            "summary": self.summary,
            "switchable": self.switchable,
            "default_on": self.default_on,
        }


@dataclass(frozen=True)
class RuleTable:
    """An ordered table of named rules: which question it decides and its rows in order."""

    name: str
    decides: str
    rows: tuple[RuleRow, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(row.name for row in self.rows)


def first_line(doc: str | None) -> str:
    """The first line of a docstring, as a row's summary.

    >>> first_line('''A dream.\\n\\n    More.''')
    'A dream.'
    >>> first_line(None)
    ''
    """
    return (doc or "").strip().split("\n", 1)[0].strip()
