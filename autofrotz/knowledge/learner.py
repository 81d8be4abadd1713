"""Turns each recorded turn into facts about the story, as the game goes (see store.Fact).

The learner keeps what it wrote last, so a turn adds only what changed: a new room or exit, an item
first seen, a maze or puzzle that changed, and the turn's own lesson (points scored, a death, a
command the game refused or did not understand).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from autofrotz.knowledge.kinds import thing_is_not
from autofrotz.reading import Reading
from autofrotz.reading.told_text import WORDS
from autofrotz.storage.facts import Fact
from autofrotz.words.directions import parse_direction

PREP = 6  # commands that worked in the room before a scoring action, kept as its preparation
# Verbs that only look (the common parsers' library verbs): they change nothing, so they prepare nothing.
LOOK_VERBS = frozenset(["look", "l", "examine", "x", "search", "read", "inventory", "i", "listen", "smell"])
KEPT_TEXT = 160  # characters of a killing reply kept with the death


def needed_items(command: str, carried: list[str]) -> list[str]:
    """The carried things a command names: what a scoring action needs besides its room.

    >>> needed_items("put gold coin in case", ["gold coin", "brass lamp"])
    ['gold coin']
    """
    words = set(WORDS.findall(command.lower()))
    return [c for c in carried if words & set(WORDS.findall(c.lower())) - {"a", "an", "the", "of"}]


@dataclass
class Learner:
    """Facts from each recorded turn of one run of one story."""

    sha: str
    run: int
    seed: int | None = None
    room: str | None = None  # where the last command was sent from (the last record's room)
    inventory: list[str] = field(default_factory=list)
    score: int | None = None
    written: dict[tuple[str, str], Any] = field(default_factory=dict)  # (kind, key) -> body last written
    here: list[str] = field(default_factory=list)  # commands that worked in this room since arriving

    def facts(
        self,
        game_id: int,
        n: int,
        reading: Reading,
        score: int | None,
        event: Any,
        world: Any,
        restored: int | None = None,
    ) -> list[Fact]:
        """What turn ``n`` taught (``reading``: its reply, read once); updates the learner's idea of where
        the next command is sent from. ``restored``: after a death, the score of the save the game went
        back to (None when unknown)."""
        found: list[Fact] = []
        if n == 0:
            found.append(Fact("run", str(game_id), {"run": self.run, "seed": self.seed}))
        elif reading.command:
            found += self._lesson(n, reading, score, event, world.current_room)
        found += self._world(world)
        if world.current_room != self.room or event == "death":
            self.here = []
        self.room, self.inventory = world.current_room, list(world.inventory)
        self.score = restored if event == "death" else (score if score is not None else self.score)
        return [f for f in found if self._changed(f)]

    def _lesson(
        self, n: int, reading: Reading, score: int | None, event: Any, room: str | None
    ) -> list[Fact]:
        command, text = reading.command, reading.text
        where = self.room or "?"
        key = f"{where}|{command}"
        base = {"room": where, "command": command, "run": self.run, "turn": n}
        scored: list[Fact] = []
        if score is not None and self.score is not None and score > self.score:
            carried = list(self.inventory)
            body = base | {"gain": score - self.score, "carried": carried, "prep": self.here[-PREP:]}
            scored = [Fact("score", key, body | {"needs": needed_items(command, carried)})]
        if event == "death":  # points shown in the reply that killed count too (the lore decides: lore.py)
            return [Fact("death", key, base | {"text": " ".join(text.split())[:KEPT_TEXT]}), *scored]
        if scored:
            return scored
        kind = reading.refusal_class
        not_kind = thing_is_not(command, reading)  # rule ``what a thing is not`` (kinds.py)
        if not_kind is not None:
            kind, base = kind or "refused", base | {"not": list(not_kind)}
        if kind is None and room == where and parse_direction(command) is None and not only_looks(command):
            self.here.append(command)  # it worked here: it may be what a later scoring action needed
        if kind is None or (room != where and room is not None):
            return []
        if parse_direction(command) is not None:
            kind = "blocked"
        return [Fact("refusal", key, base | {"class": kind})]

    def _world(self, world: Any) -> list[Fact]:
        facts = [Fact("room", r.room_id, {"name": r.name, "dark": bool(r.is_dark)}) for r in world.rooms]
        for c in world.connections:
            body = {"from": c.from_room_id, "to": c.to_room_id, "direction": c.direction}
            body |= {"blocked": bool(c.blocked), "one_way": not c.bidirectional, "random": bool(c.random)}
            body |= {"inferred": True} if c.inferred else {}
            facts.append(Fact("exit", f"{c.from_room_id}|{c.direction}", body))
        rooms = {r.room_id for r in world.rooms}
        for item in world.items:
            key = item.name.lower()
            if ("item", key) not in self.written or self.written[("item", key)].get("found_in") is None:
                found_in = item.location if item.location in rooms else None
                facts.append(Fact("item", key, {"name": item.name, "found_in": found_in}))
        for g in world.maze_groups:
            body = {"entry": g.entry_room_id, "rooms": list(g.room_ids), "exits": list(g.exit_room_ids)}
            facts.append(Fact("maze", g.group_id, body | {"solved": bool(g.fully_mapped)}))
        for p in world.puzzles:
            body = {"description": p.description, "status": p.status, "room": p.location, "kind": p.kind}
            facts.append(Fact("puzzle", p.description[:200], body))
        return facts

    def _changed(self, fact: Fact) -> bool:
        """Whether a fact says something not written yet (lessons always count: they add up)."""
        k = (fact.kind, fact.key)
        if fact.kind in ("score", "death", "refusal") or self.written.get(k) != fact.body:
            self.written[k] = fact.body
            return True
        return False


def only_looks(command: str) -> bool:
    """Whether a command only looks.

    >>> only_looks("examine box"), only_looks("open box")
    (True, False)
    """
    words = command.split()
    return not words or words[0] in LOOK_VERBS
