"""The game's own words about a way out: the sentence that refused a move, a move that left the player
where they stood, and text that says a way does not lead back."""

from __future__ import annotations

import re
from typing import Any

from autofrotz.if_patterns import detect_outcome
from autofrotz.managers.room_exits import parse_exits
from autofrotz.words.directions import OPPOSITES

# Text saying a way does not lead back ("whatever goes down it will not come back up").
ONE_WAY_PATTERNS: tuple[str, ...] = (
    r"\b(?:will not|won'?t|never|cannot|can'?t|could not|couldn'?t) (?:come|get|climb|go|make it) back\b",
    r"\bno (?:way|going|coming|climbing) back\b",
    r"\bone-way\b",
    r"\bthere(?:'s| is) no return\b",
)
_ONE_WAY = re.compile("|".join(ONE_WAY_PATTERNS), re.IGNORECASE)
_SENTENCE = re.compile(r"[^.!?]+[.!?]?")
REFUSAL_CHARS = 300  # a move's reply longer than this tells of more than a refusal


def first_sentence(text: str) -> str:
    """The first sentence of a reply, on one line.

    >>> first_sentence("  The bushes are far too thick.\\nYou stay put.")
    'The bushes are far too thick.'
    """
    flat = " ".join(text.split()).lstrip("> ")
    found = _SENTENCE.match(flat)
    return (found.group(0) if found else flat).strip()[:160]


def one_way_words(text: str) -> str | None:
    """The sentence of a text that says a way does not lead back, or None.

    >>> one_way_words("You slide down. You will not get back up that way.")
    'You will not get back up that way.'
    >>> one_way_words("You walk back to the hall.") is None
    True
    """
    for sentence in _SENTENCE.findall(" ".join(text.split())):
        if _ONE_WAY.search(sentence):
            return sentence.strip()
    return None


def one_way_sentences(description: str) -> dict[str, str]:
    """Directions a room's description says do not lead back, each with its sentence.

    >>> one_way_sentences("A hatch leads down; whatever falls in will not come back up. A door is west.")
    {'down': 'A hatch leads down; whatever falls in will not come back up.'}
    """
    found: dict[str, str] = {}
    for sentence in _SENTENCE.findall(" ".join(description.split())):
        if not _ONE_WAY.search(sentence):
            continue
        for direction in parse_exits(sentence)[:1]:  # the way the sentence is about, not the way back
            found.setdefault(direction, sentence.strip())
    return found


_SHUT = re.compile(r"\b(?:closed|locked|shut|barred|bolted)\b", re.IGNORECASE)


def shut_way_sentences(text: str) -> dict[str, str]:
    """Directions a room's text says are behind something shut, each with its sentence.

    >>> shut_way_sentences("There is a closed door leading south. An open gate leads north.")
    {'south': 'There is a closed door leading south.'}
    """
    found: dict[str, str] = {}
    for sentence in _SENTENCE.findall(" ".join(text.split())):
        ways = parse_exits(sentence)
        if len(ways) == 1 and _SHUT.search(sentence):
            found.setdefault(ways[0], sentence.strip())
    return found


def stayed_refusal(seen: Any, reply: str) -> bool:
    """A compass move whose short reply names no room and left the player where they stood: the game
    refused that way in its own words ("The bushes are too thick"), so it is no exit.

    Blocks the block patterns read, darkness, deaths and long replies (an event) are left alone.
    """
    if not seen.travel or seen.label not in OPPOSITES or seen.named or seen.parsed.is_dark:
        return False
    if seen.parsed.blocked_reason or len(reply.strip()) > REFUSAL_CHARS or not reply.strip():
        return False
    return detect_outcome(reply) is None


FULL_TEXT_CHARS = 1200


def room_text(reply: str, description: str) -> str:
    """A room's whole text as its first visit showed it: from its description to the end of the reply
    (its ways out and the things in it, often in paragraphs of their own).

    >>> room_text("Den\\nA small den.\\n\\nA door leads south.\\n\\n>", "A small den.")
    'A small den.\\n\\nA door leads south.'
    """
    start = reply.find(description[:40]) if description else -1
    text = reply[start:] if start >= 0 else description
    text = re.sub(r"\n\s*>\s*$", "", text.replace("\r", "")).strip()
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text[:FULL_TEXT_CHARS]


# A warning in the game's words against going some way ("DANGER: go no further north").
_WARNING = re.compile(
    r"\b(?:danger|deadly|beware|no further|do not (?:go|enter|climb)|don'?t (?:go|enter)|keep out|"
    r"crumbling|certain death|fatal|perilous|unsafe)\b",
    re.IGNORECASE,
)
_OPENED = re.compile(r"\byou (?:unlock|open|unbolt|unbar|pull open|push open)\b", re.IGNORECASE)


def warned_ways(text: str) -> dict[str, str]:
    """Directions a text warns against going, each with its warning.

    >>> warned_ways("DANGER. THE EDGE IS CRUMBLING. GO NO FURTHER NORTH.")
    {'north': 'GO NO FURTHER NORTH.'}
    >>> warned_ways("A path leads north.")
    {}
    """
    found: dict[str, str] = {}
    for sentence in _SENTENCE.findall(" ".join(text.split())):
        if _WARNING.search(sentence):
            for direction in parse_exits(sentence)[:1] or _bare_ways(sentence):
                found.setdefault(direction, sentence.strip())
    return found


def _bare_ways(sentence: str) -> list[str]:
    words = re.findall(r"[a-z]+", sentence.lower())
    return [d for d in ("north", "south", "east", "west", "up", "down") if d in words][:1]


def opened_something(command: str | None, reply: str) -> str | None:
    """The word for what a reply says the player opened or unlocked ("door"), or None.

    >>> opened_something("unlock door with key", "You unlock the oak door."), opened_something("n", "Hall.")
    ('door', None)
    """
    found = _OPENED.search(reply[:300]) if command else None
    if not found:
        return None
    thing = re.match(
        r"\s*(?:the\s+)?([\w' -]+?)\s*(?:[.,;!]|\bwith\b|$)", reply[found.end() : found.end() + 60]
    )
    return thing.group(1).split()[-1].lower() if thing and thing.group(1).split() else "it"


def read_way_tried(reply: str, here: str, known: frozenset[str] = frozenset()) -> tuple[str, str]:
    """What a side copy's reply to a move says of that way: ("kills" | "refused" | "blocked" | "leads" |
    "unclear", the game's words).

    >>> read_way_tried("You can't go that way.", "hall")
    ('refused', "You can't go that way.")
    >>> read_way_tried("Kitchen\\nA warm kitchen.", "hall")
    ('leads', 'leads to a place named Kitchen (seen in a side copy)')
    >>> read_way_tried("The brambles are far too thick.", "hall")
    ('blocked', 'The brambles are far too thick.')
    >>> read_way_tried("You are in an orchard of plums. Paths lead north.", "hall")[0]
    'leads'
    """
    from autofrotz.managers.map_identity import _name_from_description as room_name_of
    from autofrotz.managers.room_parser import parse_output

    words = first_sentence(reply)
    if detect_outcome(reply) == "death":
        return "kills", words
    parsed = parse_output(reply, known)
    if parsed.no_exit:
        return "refused", words
    if parsed.blocked_reason:
        return "blocked", parsed.blocked_reason
    named = parsed.header or (room_name_of(parsed.description) if parsed.headerless_room else "")
    if named and named.lower() != here:
        return "leads", f"leads to a place named {named} (seen in a side copy)"
    if parsed.is_dark:
        return "leads", "leads into darkness (seen in a side copy)"
    flat = " ".join(reply.split()).rstrip(">").strip()
    if not named and flat and flat == words and len(flat) <= 140 and not parsed.description:
        return "blocked", words  # one sentence of the game's own: "The brambles are far too thick."
    return "unclear", words
