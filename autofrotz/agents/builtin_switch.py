"""Named built-in agent rules switched off for a measurement (`bench games --ablate-agent RULE,...`).

Every decision of the built-in agent records the name of the rule that made it (the turn's reasoning);
the same name switches that rule off. The list is read from the environment variable AUTOFROTZ_AGENT_OFF
(a comma list), so each bench worker process, and a plain `python main.py` game, sees it. A rule that is
off queues no command (`Plans.add`), proposes no room action (`named_room_actions`), plans no reply
command (`ReplyTactics.observe`), and the rules that only change what is remembered check `on` where they
act (`dark-means-unlit`, `rule-out-only-a-listing`, `a-mapped-exit-stays-open`). Nothing is off unless the
variable names it: play is unchanged by this module.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

ENV = "AUTOFROTZ_AGENT_OFF"


def rules_off() -> frozenset[str]:
    """The rule names the environment switches off.

    >>> os.environ[ENV] = " fill-what-is-empty, open-what-bars-the-way ,"
    >>> sorted(rules_off())
    ['fill-what-is-empty', 'open-what-bars-the-way']
    >>> del os.environ[ENV]; rules_off()
    frozenset()
    """
    return frozenset(n.strip() for n in os.environ.get(ENV, "").split(",") if n.strip())


def on(rule: str) -> bool:
    """Whether a rule may act (a queued command's rule is named without its "(queued)" suffix)."""
    off = os.environ.get(ENV)
    return not off or rule.removesuffix(" (queued)") not in rules_off()


def known_rules() -> frozenset[str]:
    """Every rule name the built-in agent's modules spell as a string ("open-what-bars-the-way"): a
    switch naming anything else is a typo that would measure nothing."""
    names: set[str] = set()
    for module in Path(__file__).parent.glob("*.py"):
        if module.name == Path(__file__).name:
            continue  # this module's examples name no rule
        names |= set(re.findall(r"[\"']([a-z]+(?:-[a-z]+){1,8})[\"']", module.read_text(encoding="utf-8")))
    return frozenset(names)


def parse_rules(text: str) -> list[str]:
    """Rule names from a comma list, each checked against `known_rules`.

    >>> parse_rules("fill-what-is-empty,dark-means-unlit")
    ['fill-what-is-empty', 'dark-means-unlit']
    >>> parse_rules("fill-what-is-full")
    Traceback (most recent call last):
    ...
    ValueError: no built-in agent rule is named 'fill-what-is-full'
    """
    names = [n.strip() for n in text.split(",") if n.strip()]
    known = known_rules()
    for name in names:
        if name not in known:
            raise ValueError(f"no built-in agent rule is named {name!r}")
    return names
