"""Which named rules are switched off in this process: the config's `rules_off`, set when a game starts.

Every table consults the same switches (`is_on`) where its rules act: the map's identity rules, the
item reply rules, the header shapes, the puzzle patterns, the built-in agent's rules and the knowledge
layer's. A rule that is off by default (`RuleRow.default_on`) asks with `default=False`; only `switched`
(tests, measurements in one process) turns such a rule on. The names are checked against every table
before they are used (`rules.catalogue.check_rules_off`); this module holds no names of its own. The
switches are one set per process (each bench run is a process of its own): games played at once in one
process share the switches of the last one started.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

_off: frozenset[str] = frozenset()
_on: frozenset[str] = frozenset()


def use(off: Iterable[str] = (), on: Iterable[str] = ()) -> None:
    """Switch these rules off (and these rules that are off by default on) for the games of this process.

    >>> use(off=["dream"]); is_on("dream"), is_on("same_room")
    (False, True)
    >>> use(); is_on("dream")
    True
    """
    global _off, _on
    _off, _on = frozenset(off), frozenset(on)


def is_on(name: str, default: bool = True) -> bool:
    """Whether a rule may act: not switched off, and on by default or switched on.

    >>> is_on("a rule off by default", default=False)
    False
    >>> with switched(on=["a rule off by default"]):
    ...     is_on("a rule off by default", default=False)
    True
    """
    if name in _off:
        return False
    return default or name in _on


def set_rule(name: str, on: bool) -> None:
    """Switch one rule on or off, the others as they are (a test's setting; `use` resets them all).

    >>> set_rule("dream", False); is_on("dream")
    False
    >>> set_rule("dream", True); is_on("dream"), is_on("dream", default=False)
    (True, True)
    >>> use()
    """
    global _off, _on
    _off = _off - {name} if on else _off | {name}
    _on = _on | {name} if on else _on - {name}


def switched_off() -> frozenset[str]:
    """The names switched off now."""
    return _off


@contextmanager
def switched(off: Iterable[str] = (), on: Iterable[str] = ()) -> Iterator[None]:
    """These switches for the body of a `with`, then the ones before."""
    before = (_off, _on)
    use(off, on)
    try:
        yield
    finally:
        use(*before)
