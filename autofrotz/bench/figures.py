"""Printing of bench and eval figures: a readable table, or one JSON object with --json.

Key names follow shared/FIGURES.md; progress and logs go to standard error.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any


def emit(figures: dict[str, Any], as_json: bool, title: str = "") -> None:
    """Print the figures as one JSON object or as a two-column table."""
    if as_json:
        print(json.dumps(figures, default=str))
        return
    if title:
        print(title)
    scalars = {k: v for k, v in figures.items() if not isinstance(v, list | dict)}
    width = max((len(k) for k in scalars), default=0)
    for key, value in scalars.items():
        print(f"  {key.ljust(width)}  {_fmt(value)}")
    for key, value in figures.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            print(f"\n{key}:")
            print_table(value)


def print_table(rows: Sequence[dict[str, Any]], file: Any = None) -> None:
    """Print rows of dicts as an aligned text table."""
    out = file or sys.stdout
    columns = list(rows[0].keys())
    cells = [[_fmt(row.get(c)) for c in columns] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(columns)]
    print("  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)), file=out)
    for r in cells:
        print("  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)), file=out)


def progress(message: str) -> None:
    """One progress line on standard error."""
    print(message, file=sys.stderr, flush=True)


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}" if abs(value) < 100 else f"{value:.1f}"
    return str(value)


MAX_COUNT = 10_000_000


def count(text: str) -> int:
    """An argparse type: a whole number of steps, turns, requests or runs, from 1 to MAX_COUNT.

    >>> count("25")
    25
    >>> count("-5")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '-5' is not a whole number from 1 to 10000000
    """
    import argparse

    try:
        value = int(text) if len(text) <= 9 else 0
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_COUNT:
        raise argparse.ArgumentTypeError(f"'{text[:20]}' is not a whole number from 1 to {MAX_COUNT}")
    return value


def seed(text: str) -> int:
    """An argparse type: a random seed from 0 to 2**31 - 1.

    >>> seed("7")
    7
    """
    import argparse

    try:
        value = int(text) if len(text) <= 10 else -1
    except ValueError:
        value = -1
    if not 0 <= value < 2**31:
        raise argparse.ArgumentTypeError(f"'{text[:20]}' is not a seed from 0 to {2**31 - 1}")
    return value
