"""What the built-in agent reads in a reply: refusals, takes, sentence-like headers, room copies."""

from __future__ import annotations

from typing import Any

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_tactics import short
from autofrotz.reading import Reading
from autofrotz.reading.agent_events import TAKEN_LINE, TAKEN_WORDS


def signature(ctx: TurnContext) -> str:
    """A room's name and description: two rooms alike in both are copies (an endless beach)."""
    if not ctx.room_description:
        return ""
    return f"{ctx.room_name}|{ctx.room_description.strip()}"


SENTENCE_WORDS = 8  # a room header this long is a reply the map mistook for one


def sentence_name(name: str | None) -> bool:
    """Whether a room name reads like a sentence of a reply rather than a place.

    >>> sentence_name("What sort of knight would turn and ride away from the quest now")
    True
    >>> sentence_name("North of the Barn"), sentence_name(None)
    (False, False)
    """
    return bool(name) and len(str(name).split()) >= SENTENCE_WORDS


LOOK_VERBS = ("examine ", "read ", "search ", "look ")
SHORT_REPLY = 60  # characters: a look reply this short that sounds like a refusal is one


def refused(command: str, reading: Reading) -> bool:
    """Whether a reply refused a command; a long description is only refused when the thing is not there.

    >>> from autofrotz.reading import read_reply as r
    >>> refused("examine door", r("", "The front door is closed. There's a notice pinned to it, and a bell."))
    False
    >>> refused("open door", r("", "The door is closed.")), refused("read", r("", "It is too dark to read."))
    (True, True)
    >>> refused("push meadow", r("", "You can't see any such thing."))
    True
    """
    if command.startswith(LOOK_VERBS) and len(reading.text.strip()) > SHORT_REPLY:
        return reading.not_here
    return reading.refusal or reading.not_here


def dark_on_map(world_map: Any, room: str | None) -> bool:
    """Whether the map marks a room dark; an unknown room is not known to be dark."""
    try:
        return bool(world_map.room(room).get("is_dark")) if world_map and room else False
    except Exception:  # an unknown room id
        return False


def room_dark(ctx: TurnContext) -> bool:
    """Whether the map marks the current room dark."""
    return dark_on_map(ctx.map, ctx.room_id)


def taken_names(command: str, text: str) -> list[str]:
    """Names a take command got, from "Taken." or "name: Taken." lines.

    >>> taken_names("take all", "brass lamp: Taken.\\nrug: Too heavy.")
    ['brass lamp']
    >>> taken_names("take the red apple", "Taken.")
    ['red apple']
    """
    if not command.startswith(("take ", "get ", "pick up ")):
        return []
    found = [short(m) for m in TAKEN_LINE.findall(text)]
    if found:
        return found
    if command != "take all" and TAKEN_WORDS.search(text[:200]):
        return [short(command.split(" ", 1)[1])]
    return []
