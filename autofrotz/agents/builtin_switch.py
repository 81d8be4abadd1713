"""Whether a built-in agent rule may act: the name its decisions record, against the switches of this
process (rules/switches.py, set from the config's `rules_off`).

A rule that is off queues no command (`Plans.add`), proposes no room action (`named_room_actions`),
plans no reply command (`ReplyTactics.observe`), and the rules that only change what is remembered
check `on` where they act (`dark-means-unlit`, `rule-out-only-a-listing`, `a-mapped-exit-stays-open`).
Every name is a row of builtin_rules.TABLE or builtin_replies.RULES.
"""

from __future__ import annotations

from autofrotz.rules.switches import is_on


def on(rule: str, default: bool = True) -> bool:
    """Whether a rule may act (a queued command's rule is named without its "(queued)" suffix); a rule
    off by default (`default=False`) acts only where switched on.

    >>> from autofrotz.rules.switches import switched
    >>> with switched(off=["fill-what-is-empty"]):
    ...     on("fill-what-is-empty (queued)"), on("take-all")
    (False, True)
    """
    return is_on(rule.removesuffix(" (queued)"), default)
