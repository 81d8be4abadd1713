"""Whether a thing the briefing would name is really here, in the game's own words: "examine NAME"
asked in a side copy (`inventory_probe.side_examines`, no game turn spent) and read by `in_sight`.

A room's text names much that the story never made a thing ("a view of the city", "a soft curve"); the
story's parser says so when asked to examine it. Only names the game answers as things in sight reach
the briefing's "Also named in the room's text".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from autofrotz.inventory_probe import side_examines
from autofrotz.managers.named_things import in_sight

if TYPE_CHECKING:
    from autofrotz.game_interface import GameInterface


# The game's own name for the thing an examine answered: a parser's note of the object it chose, or the
# library's stock answer for a thing with no description of its own.
OWN_NAME = (
    re.compile(r"^\s*\((?:the |an? |some )?([^()\n]{2,40})\)\s*\n"),
    re.compile(r"\bnothing (?:special|unusual) about (?:the |an? |some )?([^.!\n]{2,40})[.!]", re.IGNORECASE),
)


def own_name(answer: str) -> str | None:
    """The name an answer to "examine" gives the thing it describes, if it gives one.

    >>> own_name("You see nothing special about Mill Lane."), own_name("(the low wall)\\nTall.")
    ('Mill Lane', 'low wall')
    >>> own_name("The walls are tall.") is None
    True
    """
    for pattern in OWN_NAME:
        match = pattern.search(answer)
        if match:
            return match.group(1).strip()
    return None


def describes_room(answer: str, room_text: str) -> bool:
    """Whether an answer to "examine NAME" is the room's own description (the name is the room's).

    >>> room = "A bare cell. Tiles cover the floor. A door leads out."
    >>> describes_room("A bare cell. Tiles cover the floor.", room), describes_room("A plain door.", room)
    (True, False)
    """
    start, said = " ".join(room_text.split())[:60], " ".join(answer.split())
    length = min(len(start), len(said))
    return length >= 12 and said[:length] == start[:length]


class SightCheck:
    """Names of a room asked once each visit ("examine NAME" in a side copy): what is in sight may change
    between visits (a light brought, a thing taken away)."""

    def __init__(self, game: GameInterface) -> None:
        self.game = game
        self.room: str | None = None  # the room of this visit
        self.known: dict[str, str | None] = {}  # name -> the name to brief (None: not in sight), this visit
        self.asked = 0  # side examines sent

    def confirmed(
        self, room_id: str | None, names: list[str], last_reply: str, room_text: str = ""
    ) -> list[str]:
        """The names the game answers as things in sight here, order kept; a name not yet asked while
        asking is unsafe (the game waits for a key) is left out. A name the game does not read whole (a
        describing word the story never gave the thing: "a moth-eaten rug") is asked again by its last
        word alone. A name answered with the room's own description names the room, not a thing in it; one
        the answer calls by the game's own name ("nothing special about the low wall") is briefed by it."""
        if room_id != self.room:
            self.room, self.known = room_id, {}
        new = [n for n in names if n not in self.known]
        whole = self._answers(new, last_reply)
        if whole is not None:
            heads = {n: n.split()[-1] for n in new if " " in n and not in_sight(whole.get(n, ""))}
            by_head = self._answers(sorted(set(heads.values())), last_reply) or {}
            for name in new:
                answer = by_head.get(heads[name], "") if name in heads else whole.get(name, "")
                seen = in_sight(answer) and not describes_room(answer, room_text)
                self.known[name] = (own_name(answer) or name) if seen else None
        briefed = [self.known.get(n) for n in names]
        return list(dict.fromkeys(n for n in briefed if n))

    def _answers(self, commands: list[str], last_reply: str) -> dict[str, str] | None:
        """The game's answers to "examine" each name (none asked for no names)."""
        if not commands:
            return {}
        self.asked += len(commands)
        return side_examines(self.game, commands, last_reply)
