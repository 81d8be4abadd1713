"""Comparing two command records turn for turn, for `bench same-commands`.

A record (command_record.py) holds, per game and seed, the command of every turn and the first words
of its reasoning. Two runs are identical when they sent the same commands in the same order; for a
run that differs, the first differing turn is shown with both commands, their rules, and the few
turns before it that both runs shared.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

CONTEXT_TURNS = 3  # shared turns shown before the first difference


@dataclass(frozen=True)
class Difference:
    """The first turn (counted from 1) at which two runs of one game and seed part."""

    game: str
    seed: int
    turn: int
    before: str  # the command the first record sent at that turn ("" when its run had ended)
    after: str
    before_rule: str = ""
    after_rule: str = ""
    shared: list[tuple[str, str]] = field(default_factory=list)  # (command, rule) of the turns before


def first_difference(
    game: str, seed: int, before: dict[str, Any], after: dict[str, Any]
) -> Difference | None:
    """Where two runs' commands first differ, or None when they are the same.

    >>> a = {"commands": ["north", "take lamp", "south"], "rules": ["exit", "take", "exit"]}
    >>> b = {"commands": ["north", "take lamp", "east"], "rules": ["exit", "take", "untried"]}
    >>> d = first_difference("cellar", 1, a, b)
    >>> d.turn, d.before, d.after, d.before_rule, d.after_rule, d.shared
    (3, 'south', 'east', 'exit', 'untried', [('north', 'exit'), ('take lamp', 'take')])
    >>> first_difference("cellar", 1, a, a) is None
    True

    A run that stops early differs at the first turn the other still played:

    >>> first_difference("cellar", 1, a, {"commands": ["north"], "rules": []}).turn
    2
    """
    one, two = before.get("commands", []), after.get("commands", [])
    if one == two:
        return None
    turn = next(
        (i for i, (x, y) in enumerate(zip(one, two, strict=False)) if x != y), min(len(one), len(two))
    )
    rules_one, rules_two = before.get("rules", []), after.get("rules", [])
    start = max(0, turn - CONTEXT_TURNS)
    return Difference(
        game,
        seed,
        turn + 1,
        _at(one, turn),
        _at(two, turn),
        _at(rules_one, turn),
        _at(rules_two, turn),
        [(one[i], _at(rules_one, i)) for i in range(start, turn)],
    )


def _at(items: list[str], index: int) -> str:
    """The item at index, or "" past the end."""
    return items[index] if index < len(items) else ""


def compare(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """Figures of two records: runs, identical runs, and each differing run's first difference.

    A run in one record only counts as differing, at turn 1. A run that crashed in either record
    makes the two records not the same even when its commands agree.

    >>> run = lambda game, *cmds: {"game": game, "seed": 1, "commands": list(cmds), "rules": []}
    >>> one = {"turns": 3, "runs": [run("cellar", "north", "up"), run("mill", "west")]}
    >>> two = {"turns": 3, "runs": [run("cellar", "north", "down"), run("mill", "west")]}
    >>> figures = compare(one, two)
    >>> figures["runs"], figures["identical_runs"], figures["differing_runs"]
    (2, 1, 1)
    >>> figures["per_run"][0]["first_differing_turn"], figures["per_run"][0]["before"]
    (2, 'up')
    >>> compare(one, one)["same"]
    True
    >>> crashed = {"turns": 3, "runs": [run("mill", "west") | {"status": "crashed (exit 1)"}]}
    >>> compare(crashed, crashed)["same"], compare(crashed, crashed)["crashed_runs"]
    (False, 1)

    Runs that sent the same commands under other rule names (a rule renamed) are only counted:

    >>> named = {"turns": 3, "runs": [run("mill", "west") | {"rules": ["an-exit"]}]}
    >>> renamed = {"turns": 3, "runs": [run("mill", "west") | {"rules": ["a-way-on"]}]}
    >>> compare(named, renamed)["same"], compare(named, renamed)["same_commands_other_rules"]
    (True, 1)
    """
    first = {(r["game"], r["seed"]): r for r in before.get("runs", [])}
    second = {(r["game"], r["seed"]): r for r in after.get("runs", [])}
    keys = list(first) + [k for k in second if k not in first]
    empty: dict[str, Any] = {"commands": [], "rules": []}
    found = [first_difference(g, s, first.get((g, s), empty), second.get((g, s), empty)) for g, s in keys]
    differing = [d for d in found if d is not None]
    crashed = sum(crashed_run(first.get(k)) or crashed_run(second.get(k)) for k in keys)
    return {
        "runs": len(keys),
        "identical_runs": len(keys) - len(differing),
        "differing_runs": len(differing),
        "crashed_runs": crashed,
        "same": not differing and not crashed,
        "turns": after.get("turns", before.get("turns")),
        "commands_compared": sum(len(r.get("commands", [])) for r in second.values()),
        "same_commands_other_rules": sum(
            found[i] is None and first[k].get("rules") != second[k].get("rules")
            for i, k in enumerate(keys)
            if k in first and k in second
        ),
        "per_run": [_row(d) for d in differing],
    }


def crashed_run(run: dict[str, Any] | None) -> bool:
    """Whether a run's worker process failed (its record holds what it wrote before)."""
    return run is not None and str(run.get("status") or "").startswith("crashed")


def _row(d: Difference) -> dict[str, Any]:
    """A differing run as one table row."""
    return {
        "game": d.game,
        "seed": d.seed,
        "first_differing_turn": d.turn,
        "before": d.before,
        "after": d.after,
        "before_rule": d.before_rule,
        "after_rule": d.after_rule,
        "turns_before": [list(pair) for pair in d.shared],
    }


def print_comparison(figures: dict[str, Any], out: Any = None) -> None:
    """The readable report: the counts, then each differing run with the turns that led to it.

    >>> print_comparison({"runs": 2, "identical_runs": 1, "differing_runs": 1, "per_run": [
    ...     {"game": "mill", "seed": 2, "first_differing_turn": 5, "before": "up", "after": "down",
    ...      "before_rule": "exit", "after_rule": "untried", "turns_before": [["north", "exit"]]}]},
    ...     sys.stdout)
    same commands: 1 of 2 runs identical
    mill seed 2: first differs at turn 5
        turn 4: north  [exit]
      before  turn 5: up  [exit]
      after   turn 5: down  [untried]
    """
    out = out or sys.stdout
    print(f"same commands: {figures['identical_runs']} of {figures['runs']} runs identical", file=out)
    if figures.get("same_commands_other_rules"):
        print(f"  ({figures['same_commands_other_rules']} of them under other rule names)", file=out)
    if figures.get("crashed_runs"):
        print(f"  {figures['crashed_runs']} runs crashed: see the progress lines above", file=out)
    for row in figures["per_run"]:
        name, turn = f"{row['game']} seed {row['seed']}", row["first_differing_turn"]
        print(f"{name}: first differs at turn {turn}", file=out)
        shared = row.get("turns_before", [])
        for i, (command, rule) in enumerate(shared):
            print(f"    turn {turn - len(shared) + i}: {command}  [{rule}]", file=out)
        print(f"  before  turn {turn}: {row['before'] or '(run ended)'}  [{row['before_rule']}]", file=out)
        print(f"  after   turn {turn}: {row['after'] or '(run ended)'}  [{row['after_rule']}]", file=out)
