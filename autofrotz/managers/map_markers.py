"""Things left in rooms as markers: what a drop or a take did, and which left things a reply shows.

Convention: in a maze of look-alike rooms a player drops one carried thing in each room, so a room seen
again is known by what lies in it (Adventure's "twisty little passages", and the advice in most IF
guides on mazes). The map remembers, per room, the things dropped there and not taken since; the
identity rules in map_rules_markers.py read them. Pure helpers, doctested.
"""

from __future__ import annotations

import re

from autofrotz.managers.item_names import strip_article
from autofrotz.managers.room_prose import is_item_line
from autofrotz.reading.rooms_scenes import DONE_DROP, DONE_TAKE, HERE, LISTED_RESULT
from autofrotz.reading.told_text import plain_words

# Reads a command (not game text): one that puts a named thing down where the player stands, or picks one up.
DROP_COMMAND = re.compile(r"^\s*(?:drop|discard|put down|leave)\s+(.+?)\s*$", re.IGNORECASE)
TAKE_COMMAND = re.compile(r"^\s*(?:take|get|pick up|grab)\s+(.+?)(?:\s+up)?\s*$", re.IGNORECASE)
ALL_WORDS = frozenset({"all", "everything"})
LOOK_ALIKE_WORDS = 0.75  # share of words two maze rooms' texts have in common at least


def dropped_and_taken(command: str | None, reply: str) -> tuple[list[str], list[str]]:
    """Names a command put down and names it picked up, as far as the reply confirms.

    >>> dropped_and_taken("drop red apple", "Dropped.")
    (['red apple'], [])
    >>> dropped_and_taken("take the apple", "Taken.")
    ([], ['apple'])
    >>> dropped_and_taken("take all", "red apple: Taken.\\npaper cup: Taken.\\nstone: That's fixed in place.")
    ([], ['red apple', 'paper cup'])
    >>> dropped_and_taken("drop apple", "You haven't got that.")
    ([], [])
    """
    if not command:
        return [], []
    listed = LISTED_RESULT.findall(reply)
    if listed:
        dropped = [_name(n) for n, verb in listed if verb.lower() == "dropped"]
        return dropped, [_name(n) for n, verb in listed if verb.lower() == "taken"]
    drop, take = DROP_COMMAND.match(command), TAKE_COMMAND.match(command)
    if drop and DONE_DROP.search(reply) and _name(drop.group(1)) not in ALL_WORDS:
        return [_name(drop.group(1))], []
    if take and DONE_TAKE.search(reply) and _name(take.group(1)) not in ALL_WORDS:
        return [], [_name(take.group(1))]
    return [], []


def shown(reply: str, description: str, names: list[str]) -> list[str]:
    """The names the reply lists as lying here (in lines that list things, outside the room's own
    description), as whole phrases.

    >>> shown("Maze\\nA maze.\\n\\nYou can see a red apple here.", "A maze.", ["red apple", "cup"])
    ['red apple']
    >>> shown("Orchard\\nA red apple tree.", "A red apple tree.", ["red apple"])
    []
    >>> shown("Hall\\nA hall.\\n\\nThe cook wipes her hands on a cloth.", "A hall.", ["cloth"])
    []
    """
    rest = reply.replace(description, " ") if description else reply
    listing = [line for line in rest.splitlines() if is_item_line(line) or HERE.search(line)]
    words = f" {_words(' '.join(listing))} "
    return [n for n in names if n and f" {_words(n)} " in words]


def look_alike(a: str, b: str) -> bool:
    """Two room texts of one maze: the same words, perhaps in another order ("all different" mazes).

    >>> look_alike("A maze of twisty little passages.", "A little maze of twisty passages.")
    True
    >>> look_alike("The tavern is loud tonight.", "The tavern is as still as a pond.")
    False
    """
    x, y = set(_words(a).split()), set(_words(b).split())
    return bool(x and y) and len(x & y) / len(x | y) >= LOOK_ALIKE_WORDS


def _name(phrase: str) -> str:
    return strip_article(phrase.strip().rstrip(".")).lower()


def _words(text: str) -> str:
    return plain_words(text)
