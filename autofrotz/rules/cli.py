"""`python main.py rules [--json]`: every rule of every table, one line each, in each table's order."""

from __future__ import annotations

import argparse
import json

from autofrotz.rules.catalogue import tables
from autofrotz.rules.table import RuleRow


def marks(row: RuleRow) -> str:
    """What sets a row apart in the listing: a fallback, or off unless switched on.

    >>> marks(RuleRow("x", switchable=False)), marks(RuleRow("y", default_on=False)), marks(RuleRow("z"))
    ('fixed', 'off', '')
    """
    return "fixed" if not row.switchable else ("off" if not row.default_on else "")


def main(argv: list[str]) -> int:
    """Print the tables (as JSON with --json)."""
    p = argparse.ArgumentParser(prog="python main.py rules", description=__doc__)
    p.add_argument("--json", action="store_true", help="one object: every table with its rows and count")
    args = p.parse_args(argv)
    found = tables()
    if args.json:
        data = {
            "tables": [
                {
                    "table": t.name,
                    "decides": t.decides,
                    "count": len(t.rows),
                    "rules": [row.as_dict() for row in t.rows],
                }
                for t in found
            ],
            "total": sum(len(t.rows) for t in found),
        }
        print(json.dumps(data, indent=1))
        return 0
    for t in found:
        for row in t.rows:
            print(f"{t.name:<22} {marks(row):<5} {row.name:<44} {row.summary}")
    print(
        f"{sum(len(t.rows) for t in found)} rules in {len(found)} tables ('fixed': cannot be switched off; "
        "'off': off unless switched on); switch rules off with the config's rules_off"
    )
    return 0
