"""What the game's reply to a take, drop or put says happened: success, refusal, implicit actions."""

from __future__ import annotations

import re

from autofrotz.managers.item_names import clean_name, list_items
from autofrotz.reading.items_replies import (
    CLARIFY_LINE,
    DROP_OK,
    DROPPED_COLON_LIST,
    FAILURE_HINTS,
    IMPLICIT_PUT,
    IMPLICIT_TAKE,
    MULTI_REPLY,
    NOT_A_THING_LABEL,
    NOTICE_LINE,
    TAKE_OK,
    TAKEN_COLON_LIST,
)
from autofrotz.reading.told_text import SENTENCE_BREAK


def multi_replies(text: str) -> list[tuple[str, str]]:
    """(object, reply) pairs of a multi-object answer ("brass lantern: Taken.").

    >>> multi_replies("set of keys: Taken.\\nstream: You can't carry that.")
    [('set of keys', 'Taken.'), ('stream', "You can't carry that.")]
    """
    pairs: list[tuple[str, str]] = []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        match = MULTI_REPLY.match(line)
        if not match:
            continue
        name, reply = match.group(1).strip(), match.group(2).strip()
        if len(name.split()) > 8 or NOT_A_THING_LABEL.search(name):
            continue
        if reply.startswith("(") and reply.endswith(")") and index + 1 < len(lines):
            reply = lines[index + 1].strip()  # "gas mask: (putting ... to make room)" then "Taken."
        pairs.append((clean_name(name), reply))
    return pairs


def taken_colon_list(text: str) -> list[str]:
    """Objects of a "Taken: x, y." style reply.

    >>> taken_colon_list("Taken: the lamp, a sword.")
    ['lamp', 'sword']
    """
    return _colon_list(text, TAKEN_COLON_LIST)


def dropped_colon_list(text: str) -> list[str]:
    """Objects of a "Dropped: x, y." style reply.

    >>> dropped_colon_list("Dropped: the lamp and the sword.")
    ['lamp', 'sword']
    """
    return _colon_list(text, DROPPED_COLON_LIST)


def _colon_list(text: str, heading: re.Pattern[str]) -> list[str]:
    """Objects listed after the first line that starts with the heading and a colon."""
    match = heading.search(text)
    return [i.name for i in list_items(match.group(1).rstrip("."))] if match else []


def implicit_takes(text: str) -> list[str]:
    """Objects the library picked up on its own ("(first taking the lamp)").

    >>> implicit_takes("(first taking the brass lamp)\\nYou light it.")
    ['brass lamp']
    """
    return [clean_name(m) for m in IMPLICIT_TAKE.findall(text)]


def implicit_puts(text: str) -> list[tuple[str, str]]:
    """(object, container) moved to make room.

    >>> implicit_puts("(putting the copper kettle into the leather satchel to make room)")
    [('copper kettle', 'leather satchel')]
    """
    return [(clean_name(a), clean_name(b)) for a, b in IMPLICIT_PUT.findall(text)]


def clarified_object(text: str) -> str | None:
    """The object the library chose for a vague noun ("(the old grimoire)").

    >>> clarified_object("(the old grimoire)\\nTaken.")
    'old grimoire'
    """
    match = CLARIFY_LINE.search(text)
    return clean_name(match.group(1)) if match else None


def reply_lines(text: str) -> list[str]:
    """Non-empty stripped lines, without score notices.

    >>> reply_lines("Taken.\\n\\n[Your score has just gone up by ten points.]")
    ['Taken.']
    """
    lines = [line.strip() for line in text.splitlines()]
    return [line for line in lines if line and not NOTICE_LINE.match(line)]


def is_take_success(reply: str) -> bool:
    """True for the usual short replies to a successful take.

    >>> is_take_success("Taken!")
    True
    >>> is_take_success("You can't see any such thing.")
    False
    """
    return _short_success(reply, TAKE_OK)


def is_drop_success(reply: str) -> bool:
    """True for the usual short replies to a successful drop.

    >>> is_drop_success("Dropped.")
    True
    """
    return _short_success(reply, DROP_OK)


def _short_success(reply: str, pattern: re.Pattern[str]) -> bool:
    """True when one of a reply's first two lines is a stock success message."""
    return any(pattern.match(line) for line in reply_lines(reply)[:2])


def sounds_like_failure(reply: str) -> bool:
    """True when the first sentence of a reply reads as a refusal.

    >>> sounds_like_failure("You can't reach it from here.")
    True
    >>> sounds_like_failure("You put the ball into the machine.")
    False
    """
    return bool(FAILURE_HINTS.search(first_sentence(reply)))


def first_sentence(reply: str) -> str:
    """The first sentence of a reply's lines ('' for an empty reply)."""
    lines = reply_lines(reply)
    return SENTENCE_BREAK.split(" ".join(lines), maxsplit=1)[0] if lines else ""
