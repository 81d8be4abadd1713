"""Every ordered table of named rules in the program, as rows (`python main.py rules` lists them), and
the check of the names a config switches off against all of them.

| table | where | decides |
|---|---|---|
| map | managers/map_rules.py | which room a reply puts the player in |
| item replies | managers/item_reply_rules.py | what a take, drop or put did |
| headers | managers/room_parser.py | which line of a reply names the room |
| puzzles | agents/puzzle_rules.py | which sentence poses an obstacle |
| built-in agent replies | agents/builtin_replies.py | what the built-in agent plans from a reply |
| built-in agent | agents/builtin_rules.py | the built-in agent's next command |
| knowledge | knowledge/rules.py | a later run's plans and vetoes |
"""

from __future__ import annotations

from collections.abc import Iterable

from autofrotz.rules.table import RuleRow, RuleTable, first_line


def _map() -> RuleTable:
    from autofrotz.managers.map_rules import RULES

    rows = tuple(
        RuleRow(rule.name, f"{rule.reads}: {first_line(rule.decide.__doc__)}", not rule.essential)
        for rule in RULES
    )
    return RuleTable("map", "which room a reply puts the player in", rows)


def _items() -> RuleTable:
    from autofrotz.managers.item_reply_rules import ALL_TABLES

    rows = tuple(
        RuleRow(rule.name, f"{table}: {rule.effect}", not rule.fallback)
        for table, rules in ALL_TABLES
        for rule in rules
    )
    return RuleTable("item replies", "what a take, drop or put did", rows)


def _headers() -> RuleTable:
    from autofrotz.managers.room_parser import LINE_RULES

    rows = tuple(RuleRow(name, first_line(rule.__doc__)) for name, rule in LINE_RULES)
    return RuleTable("headers", "which line of a reply names the room", rows)


def _puzzles() -> RuleTable:
    from autofrotz.agents.puzzle_rules import DETECTION_RULES

    rows = tuple(RuleRow(name, f"{kind}: /{pattern.pattern}/") for name, pattern, kind in DETECTION_RULES)
    return RuleTable("puzzles", "which sentence of a reply poses an obstacle", rows)


def _agent_replies() -> RuleTable:
    from autofrotz.agents.builtin_replies import RULES

    rows = tuple(RuleRow(rule.name, first_line(type(rule).__doc__)) for rule in RULES)
    return RuleTable("built-in agent replies", "what the built-in agent plans from the last reply", rows)


def _agent() -> RuleTable:
    from autofrotz.agents.builtin_rules import TABLE

    return TABLE


def _knowledge() -> RuleTable:
    from autofrotz.knowledge.rules import TABLE

    return TABLE


def tables() -> tuple[RuleTable, ...]:
    """Every table, in the order a turn meets them (reading the reply, then deciding)."""
    return (_headers(), _map(), _items(), _puzzles(), _agent_replies(), _agent(), _knowledge())


def switchable_names() -> tuple[str, ...]:
    """The names `rules_off` accepts, table by table."""
    return tuple(row.name for table in tables() for row in table.rows if row.switchable)


def check_rules_off(names: Iterable[str]) -> frozenset[str]:
    """The names, when each is a rule of some table that may be switched off; else a ValueError that
    lists the valid ones.

    >>> sorted(check_rules_off(["dream", "fill-what-is-empty"]))
    ['dream', 'fill-what-is-empty']
    >>> check_rules_off(["four-poster"])
    Traceback (most recent call last):
    ...
    ValueError: no rule that can be switched off: four-poster; rules: ...
    """
    wanted = frozenset(n.strip() for n in names if n.strip())
    valid = switchable_names()
    wrong = sorted(wanted - set(valid))
    if wrong:
        raise ValueError(f"no rule that can be switched off: {', '.join(wrong)}; rules: {', '.join(valid)}")
    return wanted
