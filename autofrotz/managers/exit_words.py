"""The game's own words about a way out: the sentence that refused a move, a move that left the player
where they stood, and text that says a way does not lead back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from autofrotz.reading import Reading
from autofrotz.reading.outcomes_endings import detect_outcome
from autofrotz.reading.told_text import WORDS
from autofrotz.reading.ways_exits import parse_exits
from autofrotz.reading.ways_words import (
    BLANK_RUNS,
    FIRST_OPENING,
    ONE_WAY,
    OPENED,
    OPENED_THING,
    PROMPT_END,
    SENTENCE,
    SHUT_WORDS,
    WARNING,
    whole_words,
)
from autofrotz.words.directions import OPPOSITES

CLOCK_WAY = "wait"  # tried beside the ways: where the story's clock alone takes the player
DARK_WAY = "leads into darkness (seen in a side copy)"
SHOWN_WAY = "leads to a place described as"  # a room shown by its paragraph alone (no headers)
LOOPS_BACK = "leads back here (seen in a side copy)"  # the room's own heading again, and nothing new
WALKED_BACK = "leads back here (walked)"  # a move in play that showed this very room again
REFUSAL_CHARS = 300  # a move's reply longer than this tells of more than a refusal


def first_sentence(text: str) -> str:
    """The first sentence of a reply, on one line.

    >>> first_sentence("  The bushes are far too thick.\\nYou stay put.")
    'The bushes are far too thick.'
    """
    flat = " ".join(text.split()).lstrip("> ")
    found = SENTENCE.match(flat)
    return (found.group(0) if found else flat).strip()[:160]


def one_way_words(text: str) -> str | None:
    """The sentence of a text that says a way does not lead back, or None.

    >>> one_way_words("You slide down. You will not get back up that way.")
    'You will not get back up that way.'
    >>> one_way_words("You walk back to the hall.") is None
    True
    """
    for sentence in SENTENCE.findall(" ".join(text.split())):
        if ONE_WAY.search(sentence):
            return sentence.strip()
    return None


def one_way_sentences(description: str) -> dict[str, str]:
    """Directions a room's description says do not lead back, each with its sentence.

    >>> one_way_sentences("A hatch leads down; whatever falls in will not come back up. A door is west.")
    {'down': 'A hatch leads down; whatever falls in will not come back up.'}
    """
    found: dict[str, str] = {}
    for sentence in SENTENCE.findall(" ".join(description.split())):
        if not ONE_WAY.search(sentence):
            continue
        for direction in parse_exits(sentence)[:1]:  # the way the sentence is about, not the way back
            found.setdefault(direction, sentence.strip())
    return found


def one_way_off_compass(description: str) -> list[str]:
    """Sentences of a room's text that say a way does not lead back and name no direction: a way out
    by a thing (a chute to slide down, a hole to drop through) that no compass word reaches.

    >>> one_way_off_compass("A ladder goes down. A chute drops to the cellar: there is no climbing back up.")
    ['A chute drops to the cellar: there is no climbing back up.']
    >>> one_way_off_compass("A hatch leads down; whatever falls in will not come back up.")
    []
    """
    return [
        sentence.strip()
        for sentence in SENTENCE.findall(" ".join(description.split()))
        if ONE_WAY.search(sentence) and not parse_exits(sentence)
    ]


def shut_way_sentences(text: str) -> dict[str, str]:
    """Directions a room's text says are behind something shut, each with its sentence.

    >>> shut_way_sentences("There is a closed door leading south. An open gate leads north.")
    {'south': 'There is a closed door leading south.'}
    """
    found: dict[str, str] = {}
    for sentence in SENTENCE.findall(" ".join(text.split())):
        ways = parse_exits(sentence)
        if len(ways) == 1 and SHUT_WORDS.search(sentence):
            found.setdefault(ways[0], sentence.strip())
    return found


def stayed_refusal(seen: Any, reading: Reading) -> bool:
    """A compass move whose short reply names no room and left the player where they stood: the game
    refused that way in its own words ("The bushes are too thick"), so it is no exit.

    Blocks the block patterns read, darkness, deaths and long replies (an event) are left alone.
    """
    if not seen.travel or seen.label not in OPPOSITES or seen.named or seen.parsed.is_dark:
        return False
    reply = reading.text.strip()
    if seen.parsed.blocked_reason or len(reply) > REFUSAL_CHARS or not reply:
        return False
    return reading.outcome is None


FULL_TEXT_CHARS = 1200


def room_text(reply: str, description: str) -> str:
    """A room's whole text as its first visit showed it: from its description to the end of the reply
    (its ways out and the things in it, often in paragraphs of their own).

    >>> room_text("Den\\nA small den.\\n\\nA door leads south.\\n\\n>", "A small den.")
    'A small den.\\n\\nA door leads south.'
    """
    start = reply.find(description[:40]) if description else -1
    text = reply[start:] if start >= 0 else description
    text = PROMPT_END.sub("", text.replace("\r", "")).strip()
    text = BLANK_RUNS.sub("\n\n", text)
    return text[:FULL_TEXT_CHARS]


def warned_ways(text: str) -> dict[str, str]:
    """Directions a text warns against going, each with its warning.

    >>> warned_ways("DANGER. THE EDGE IS CRUMBLING. GO NO FURTHER NORTH.")
    {'north': 'GO NO FURTHER NORTH.'}
    >>> warned_ways("A path leads north.")
    {}
    """
    found: dict[str, str] = {}
    for sentence in SENTENCE.findall(" ".join(text.split())):
        if WARNING.search(sentence):
            for direction in parse_exits(sentence)[:1] or _bare_ways(sentence):
                found.setdefault(direction, sentence.strip())
    return found


def warned_places(text: str, places: Mapping[str, str]) -> dict[str, str]:
    """Ways whose place a warning names (a notice read: "THE MILL. ITS WHEELS WILL KILL YOU."), each
    with the warning: the sentences that name the place or warn, in order. `places` are the names of
    the places this room's ways lead to (walked, or seen in a side copy).

    >>> notice = "MILL RACE. THE WATER WILL KILL YOU. DO NOT ENTER. Signed, the miller."
    >>> warned_places(notice, {"west": "Mill Race", "north": "Barn"})
    {'west': 'MILL RACE. THE WATER WILL KILL YOU. DO NOT ENTER.'}
    >>> warned_places("The mill race is a pleasant spot.", {"west": "Mill Race"})
    {}
    """
    sentences = [s.strip() for s in SENTENCE.findall(" ".join(text.split())) if s.strip()]
    warning = [s for s in sentences if WARNING.search(s)]
    found: dict[str, str] = {}
    for way, place in places.items() if warning else ():
        named = whole_words(place)
        naming = [s for s in sentences if named.search(s)]
        if naming:
            found[way] = " ".join(s for s in sentences if s in naming or s in warning)
    return found


def _bare_ways(sentence: str) -> list[str]:
    words = WORDS.findall(sentence.lower())
    return [d for d in ("north", "south", "east", "west", "up", "down") if d in words][:1]


def opened_something(command: str | None, reply: str) -> str | None:
    """The word for what a reply says the player opened or unlocked ("door"), or None.

    >>> opened_something("unlock door with key", "You unlock the oak door."), opened_something("n", "Hall.")
    ('door', None)
    """
    found = OPENED.search(reply[:300]) if command else None
    if not found:
        return None
    thing = OPENED_THING.match(reply[found.end() : found.end() + 60])
    return thing.group(1).split()[-1].lower() if thing and thing.group(1).split() else "it"


def opened_on_the_way(reply: str) -> str | None:
    """What a reply to a move says the game opened first to let the player through, or None: the way
    goes through a thing that is shut now.

    >>> opened_on_the_way("(first opening the iron door)\\n\\nOld Vault"), opened_on_the_way("Hall")
    ('iron door', None)
    """
    found = FIRST_OPENING.match(reply)
    return found.group(1).strip() if found else None


def read_way_tried(
    reply: str, here: str, known: frozenset[str] = frozenset(), way: str = "", headers: bool = False
) -> tuple[str, str]:
    """What a side copy's reply to a move says of that way: ("kills" | "refused" | "blocked" | "leads" |
    "stays" | "unclear", the game's words). In a game that names its rooms by headers (`headers`), a move (a
    compass way, or a command that once led out) whose reply shows no room (no header, no darkness)
    left the player where they stood: the game refused it in words of its own; one that shows this
    room's header again stays (it may be a twin of this room, or this room printed again); "in" and
    "out" are left unclear, as they also get the player into or out of things without leaving it.

    >>> read_way_tried("You can't go that way.", "hall")
    ('refused', "You can't go that way.")
    >>> read_way_tried("Kitchen\\nA warm kitchen.", "hall")
    ('leads', 'leads to a place named Kitchen (seen in a side copy)')
    >>> read_way_tried("Porch\\nA porch before the oak door.\\n\\nThe oak door is closed.", "hall")[0]
    'leads'
    >>> read_way_tried("The brambles are far too thick.", "hall")
    ('blocked', 'The brambles are far too thick.')
    >>> read_way_tried("You are in an orchard of plums. Paths lead north.", "hall")[0]
    'leads'
    >>> read_way_tried("The mule will not budge. It brays at you.", "hall", way="east", headers=True)
    ('blocked', 'The mule will not budge.')
    >>> read_way_tried("The mule will not budge. It brays at you.", "hall", way="out", headers=True)[0]
    'unclear'
    >>> thrown_out = "Lobby\\nYou are in a lobby.\\n\\nA porter throws you out.\\n\\nHall\\nA hall."
    >>> read_way_tried(thrown_out, "hall")
    ('blocked', 'leads to Lobby, which sends the player back here (seen in a side copy)')
    >>> read_way_tried("\\nYou are deep in a forest of beeches.\\n", "forest", way="north")[0]
    'leads'
    >>> read_way_tried("Hall\\nA hall of pillars, much like the last.", "hall", way="north", headers=True)[0]
    'stays'
    >>> threat = "You can't fly.\\n\\nYou're in trouble now. The guard draws his sword."
    >>> read_way_tried(threat, "ledge", way="north", headers=True)
    ('blocked', "You can't fly.")
    """
    from autofrotz.managers.map_reading import name_from_description as room_name_of
    from autofrotz.managers.map_reading import room_shown
    from autofrotz.managers.room_parser import header_lines, parse_output

    words = first_sentence(reply)
    if detect_outcome(reply) == "death":
        return "kills", words
    parsed = parse_output(reply, known)
    if parsed.no_exit:
        return "refused", words
    # a paragraph without a heading names a room only in a game without headings (else it is an event)
    paragraph_named = parsed.headerless_room and not headers
    named = parsed.header or (room_name_of(parsed.description) if paragraph_named else "")
    shown = [str(h.name or "") for h in header_lines(reply, known)]
    if len(shown) > 1 and shown[-1].lower() == here and shown[0].lower() != here:
        return "blocked", f"leads to {shown[0]}, which sends the player back here (seen in a side copy)"
    if named and named.lower() != here:  # even when that room's text tells of a door shut beyond it
        return "leads", f"leads to a place named {named} (seen in a side copy)"
    if parsed.blocked_reason:
        return "blocked", parsed.blocked_reason
    if parsed.is_dark:
        return "leads", DARK_WAY
    walked = bool(way) and way not in ("in", "out")  # a compass way, or a command that once led out
    if walked and headers and parsed.header:
        return "stays", words  # this room's header again: a refusal that reprints it, or a desert's sands
    if walked and headers and not parsed.header and words:
        return "blocked", words  # no room shown: the game kept the player here in its own words
    shown_here = room_shown(reply, known, True)[0] if walked and not headers else ""
    if shown_here:  # a game without headers shows a room by its opening paragraph
        return "leads", f"{SHOWN_WAY} {shown_here} (seen in a side copy)"
    flat = " ".join(reply.split()).rstrip(">").strip()
    if not named and flat and flat == words and len(flat) <= 140 and not parsed.description:
        return "blocked", words  # one sentence of the game's own: "The brambles are far too thick."
    return "unclear", words
