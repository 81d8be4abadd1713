"""What the game's reply to a take, drop or put says happened: success, refusal, implicit actions."""

from __future__ import annotations

import re

from autofrotz.managers.item_names import clean_name, list_items

# Replies that report success for one object (after the verb has been checked).
TAKE_OK = re.compile(
    r"^(?:taken|ok|o\.k|okay|got it|removed|you take (?:it|them)|picked up|you pick (?:it|them) up)"
    r"\s*(?:[.!]+(?:\s.*)?)?$",
    re.IGNORECASE,
)
DROP_OK = re.compile(
    r"^(?:dropped|ok|o\.k|okay|done|safely deposited|discarded)\s*(?:[.!]+(?:\s.*)?)?$", re.IGNORECASE
)
PUT_OK = re.compile(r"^(?:done|ok|o\.k|okay|you put .+|you place .+)\s*[.!]*$", re.IGNORECASE)
TAKE_VERB_REPLY = re.compile(r"\byou (?:take|pick up|grab|now have|remove|get)\b", re.IGNORECASE)
DROP_VERB_REPLY = re.compile(r"\byou (?:drop|put down|set down|discard|let go of)\b", re.IGNORECASE)
PUT_VERB_REPLY = re.compile(
    r"\b(?:you|i) (?:\w+ly )?(?:put|place|insert|slide|slip|drop|hang|lean|set|stick|push|fit|plant)\b"
    r"|^(?:done|ok|o\.k|okay)\b",
    re.IGNORECASE,
)

# A reply's first sentence that says the named thing is now open, or now shut ("You open the box.",
# "Opened.", "The hatch is now closed."): its state in view follows the game's words.
OPENED_REPLY = re.compile(r"^(?:you (?:\w+ly )?open\b|opened\b|.*\b(?:is|are) now open\b)", re.I)
CLOSED_REPLY = re.compile(
    r"^(?:you (?:\w+ly )?(?:close|shut)\b|(?:closed|shut)\b|.*\b(?:is|are) now (?:closed|shut)\b)", re.I
)

# Refusals that tell us something about the object.
FIXED_PATTERNS = re.compile(
    r"hardly portable|fixed in place|can't take|cannot take|can't be taken|securely (?:fastened|anchored)"
    r"|not something you can take|too heavy to|isn't portable|not portable|firmly attached"
    r"|you can't carry that|can't pick (?:that|it|them) up|is part of|are part of|won't budge",
    re.IGNORECASE,
)
ALIVE_PATTERNS = re.compile(
    r"would care for that|wouldn't care for that|living (?:creature|being)|doesn't want to be"
    r"|don't think .* would (?:care|like)|isn't interested in being"
    r"|is alive|would not appreciate|would object|not the sort of thing you can pick up, (?:he|she)",
    re.IGNORECASE,
)
LIMIT_PATTERNS = re.compile(
    r"carrying too many things|load is too heavy|can't carry any more|cannot carry any more"
    r"|hands are full|carrying too much|too much to carry|can't carry anything more"
    r"|you can't hold any more|i can't carry any more",
    re.IGNORECASE,
)
ALREADY_HAVE = re.compile(r"already (?:have|carrying|holding|got)|already in your possession", re.IGNORECASE)
NOT_HELD = re.compile(
    r"(?:you|i) (?:aren't|are not|am not|'re not|is not|'m not) (?:carrying|holding)"
    r"|(?:you|i) (?:don't|do not|haven't|have not) (?:have|got)|not carrying|you need to be holding",
    re.IGNORECASE,
)
# Anything that smells of failure: used to decide that a custom reply did not do the action.
FAILURE_HINTS = re.compile(
    r"\b(?:can't|cannot|can not|couldn't|don't|doesn't|isn't|aren't|won't|unable|nothing|no such|not|"
    r"what do you want|which do you mean|you see no|there is no|there's no|i don't|impossible|"
    r"refuses?|declines?|ignores?|unknown|unrecognised|unrecognized|understand|beyond your reach|"
    r"you'll have to|first|only|already|neither|fails?|failed)\b",
    re.IGNORECASE,
)
IMPLICIT_TAKE = re.compile(r"\((?:first )?taking (.+?)(?: first)?\)", re.IGNORECASE)
IMPLICIT_PUT = re.compile(r"\(putting (.+?) (?:into|in|on|onto) (.+?) to make room\)", re.IGNORECASE)
CLARIFY_LINE = re.compile(r"^\s*\(((?:the|a|an|some|your) .+?)\)\s*$", re.IGNORECASE | re.MULTILINE)
MULTI_REPLY = re.compile(r"^\s*([^:\n]{1,60}?):\s+(.+)$", re.MULTILINE)


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
        if len(name.split()) > 8 or re.search(r"[\"(]|^(?:note|hint|warning)$", name, re.I):
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
    return _colon_list(text, "Taken|You take|Picked up")


def dropped_colon_list(text: str) -> list[str]:
    """Objects of a "Dropped: x, y." style reply.

    >>> dropped_colon_list("Dropped: the lamp and the sword.")
    ['lamp', 'sword']
    """
    return _colon_list(text, "Dropped|You drop")


def _colon_list(text: str, heads: str) -> list[str]:
    """Objects listed after the first line that starts with one of the heads and a colon."""
    match = re.search(rf"^\s*(?:{heads})\s*:\s*(.+)$", text, re.IGNORECASE | re.MULTILINE)
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
    return [line for line in lines if line and not re.match(r"^\[.*\]$|^\*\*\*", line)]


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
    return re.split(r"(?<=[.!?])\s", " ".join(lines), maxsplit=1)[0] if lines else ""


def said_open(reply: str) -> bool | None:
    """Whether a reply to opening or closing a thing says it is now open (True) or shut (False); None
    when its first sentence says neither or refuses.

    >>> said_open("You open the raincoat."), said_open("Closed."), said_open("The lid is now open.")
    (True, False, True)
    >>> said_open("It seems to be locked."), said_open("You can't open that.")
    (None, None)
    """
    first = first_sentence(reply)
    if FAILURE_HINTS.search(first):
        return None
    if OPENED_REPLY.search(first):
        return True
    return False if CLOSED_REPLY.search(first) else None
