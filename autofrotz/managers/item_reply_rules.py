"""What a reply to take, drop or put says happened, as ordered tables of named rules.

Each rule reads one reply (the whole reply to a single-object command, or one "object: reply" line of
a multi-object one) and either names an effect or passes; the first rule that speaks decides and its
name is recorded on the item updates it causes (`ItemUpdate.rule`). The order of a table is its policy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from autofrotz.managers import item_replies as ir
from autofrotz.reading.items_replies import (
    ALIVE_PATTERNS,
    ALREADY_HAVE,
    DROP_VERB_REPLY,
    FIXED_PATTERNS,
    LIMIT_PATTERNS,
    NOT_HELD,
    TAKE_VERB_REPLY,
)
from autofrotz.rules.switches import is_on

# Effects a reply can have on the named object.
TAKEN, DROPPED, PUT, LOST = "taken", "dropped", "put", "lost"
FIXED, ALIVE, LIMIT = "fixed", "alive", "limit"
REFUSED, UNSURE = "refused", "unsure"  # understood as a refusal; not understood at all


@dataclass(frozen=True)
class ReplyRule:
    """A named reply pattern and the effect it stands for."""

    name: str
    matches: Callable[[str], bool]
    effect: str
    fallback: bool = False  # reads every reply: cannot be switched off


def _took(reply: str) -> bool:
    return ir.is_take_success(reply) or bool(ALREADY_HAVE.search(reply))


def _said_took(reply: str) -> bool:
    return bool(TAKE_VERB_REPLY.search(reply)) and not ir.sounds_like_failure(reply)


def _dropped(reply: str) -> bool:
    return ir.is_drop_success(reply) or (
        bool(DROP_VERB_REPLY.search(reply)) and not ir.sounds_like_failure(reply)
    )


def _put(reply: str) -> bool:
    return not ir.sounds_like_failure(reply)


def _always(reply: str) -> bool:
    return True


# A reply to taking one object: "Taken.", "You can't carry any more.", "It's fixed in place.", ...
TAKE_REPLIES: tuple[ReplyRule, ...] = (
    ReplyRule("take_stock_reply", _took, TAKEN),  # "Taken." / "You already have that."
    ReplyRule("carry_limit", lambda r: bool(LIMIT_PATTERNS.search(r)), LIMIT),
    ReplyRule("fixed_in_place", lambda r: bool(FIXED_PATTERNS.search(r)), FIXED),
    ReplyRule("alive", lambda r: bool(ALIVE_PATTERNS.search(r)), ALIVE),
    ReplyRule("take_verb", _said_took, TAKEN),  # "You pick up the lamp."
    ReplyRule("take_refused", ir.sounds_like_failure, REFUSED),
    ReplyRule("take_unrecognised", _always, UNSURE, fallback=True),
)
# A reply to dropping one object.
DROP_REPLIES: tuple[ReplyRule, ...] = (
    ReplyRule("drop_reply", _dropped, DROPPED),  # "Dropped." / "You put down the lamp."
    ReplyRule("not_held", lambda r: bool(NOT_HELD.search(r)), LOST),
    ReplyRule("drop_refused", ir.sounds_like_failure, REFUSED),
    ReplyRule("drop_unrecognised", _always, UNSURE, fallback=True),
)
# One "object: reply" line of a multi-object take, drop or put, by the command's action.
LINE_REPLIES: dict[str, tuple[ReplyRule, ...]] = {
    "take": (ReplyRule("line_taken", _took, TAKEN),),
    "drop": (ReplyRule("line_dropped", ir.is_drop_success, DROPPED),),
    "put": (ReplyRule("line_put", _put, PUT),),
}
LINE_ANY: tuple[ReplyRule, ...] = (
    ReplyRule("line_fixed", lambda r: bool(FIXED_PATTERNS.search(r)), FIXED),
    ReplyRule("line_limit", lambda r: bool(LIMIT_PATTERNS.search(r)), LIMIT),
    ReplyRule("line_refused", ir.sounds_like_failure, REFUSED),
)
# Every table, named, for `python main.py rules` (rules/catalogue.py).
ALL_TABLES: tuple[tuple[str, tuple[ReplyRule, ...]], ...] = (
    ("take", TAKE_REPLIES),
    ("drop", DROP_REPLIES),
    *((f"{action} line", rules) for action, rules in LINE_REPLIES.items()),
    ("any line", LINE_ANY),
)


def first_rule(rules: tuple[ReplyRule, ...], reply: str) -> ReplyRule | None:
    """The first rule of the table that recognises the reply (a rule switched off passes).

    >>> first_rule(TAKE_REPLIES, "Taken.").name, first_rule(DROP_REPLIES, "You don't have that.").name
    ('take_stock_reply', 'not_held')
    >>> first_rule(LINE_ANY, "Fine weather.") is None
    True
    """
    return next((rule for rule in rules if is_on(rule.name) and rule.matches(reply)), None)


def line_rules(action: str | None, has_target: bool) -> tuple[ReplyRule, ...]:
    """The table for one line of a multi-object reply to this action (put needs a target)."""
    own = LINE_REPLIES.get(action or "", ()) if action != "put" or has_target else ()
    return own + LINE_ANY
