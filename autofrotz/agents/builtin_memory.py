"""What the built-in agent remembers between turns, as JSON-able data (saved for resume)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

RECENT = 12  # tries kept as "recent": a death restores a save at most this many turns old


def key(room: str | None, command: str) -> str:
    """The memory key of a command tried in a room.

    >>> key("kitchen", "open door")
    'kitchen|open door'
    """
    return f"{room or '?'}|{command}"


@dataclass
class Memory:
    """Tries, refusals, deaths, what each room mentioned, and plans in progress."""

    tries: dict[str, int] = field(default_factory=dict)
    fails: dict[str, int] = field(default_factory=dict)
    killers: list[str] = field(default_factory=list)
    bad_words: list[str] = field(default_factory=list)
    bad_verbs: list[str] = field(default_factory=list)
    dir_tried: dict[str, list[str]] = field(default_factory=dict)
    nouns: dict[str, list[str]] = field(default_factory=dict)
    valuables: list[str] = field(default_factory=list)
    deposits: list[str] = field(default_factory=list)  # containers a put into raised the score
    hints: list[str] = field(default_factory=list)
    queue: list[str] = field(default_factory=list)
    last_room: str | None = None
    last_command: str = ""
    last_kind: str = ""
    visit_room: str | None = None
    visit_actions: int = 0
    idle: int = 0
    lit: bool = False
    score: int = 0
    locked_rooms: list[str] = field(default_factory=list)
    absent: list[str] = field(default_factory=list)
    travel: dict[str, int] = field(default_factory=dict)
    held: list[str] = field(default_factory=list)
    deaths: dict[str, int] = field(default_factory=dict)
    flee: bool = False
    junk: list[str] = field(default_factory=list)
    hinted: dict[str, list[str]] = field(default_factory=dict)
    suggested: list[str] = field(default_factory=list)
    objects: list[str] = field(default_factory=list)
    fixed: list[str] = field(default_factory=list)
    start_room: str | None = None
    spells: list[str] = field(default_factory=list)
    people: list[str] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)
    progress_mark: str = ""
    bad_phrases: list[str] = field(default_factory=list)
    last_sig: str = ""
    clone_move: str = ""
    recent: list[str] = field(default_factory=list)
    renamed: dict[str, str] = field(default_factory=dict)  # names the parser refused -> their head nouns
    trusted: list[str] = field(default_factory=list)  # names replies said are really here
    chase_trail: list[str] = field(default_factory=list)  # rooms run through while something hunts us
    sayables: list[str] = field(default_factory=list)  # quoted names read: destinations, passwords
    speaking_rooms: list[str] = field(default_factory=list)  # where saying them may do something
    stock: dict[str, list[str]] = field(default_factory=dict)  # short reply -> verbs it answered
    treasure_rooms: list[str] = field(default_factory=list)  # rooms whose text says to leave treasure there

    def tried(self, room: str | None, command: str) -> int:
        """How often a command was sent in a room."""
        return self.tries.get(key(room, command), 0)

    def failed(self, room: str | None, command: str) -> bool:
        """Whether the game refused this command in this room (since the room last changed)."""
        return key(room, command) in self.fails

    def note_try(self, room: str | None, command: str) -> None:
        """Count one attempt."""
        k = key(room, command)
        self.tries[k] = self.tries.get(k, 0) + 1
        self.recent = [*self.recent, k][-RECENT:]

    def note_fail(self, room: str | None, command: str) -> None:
        """Remember a refusal."""
        k = key(room, command)
        self.fails[k] = self.fails.get(k, 0) + 1

    def forget_room_failures(self, room: str | None) -> None:
        """Something changed in a room: refusals there may no longer hold (a door opened)."""
        prefix = f"{room or '?'}|"
        for k in [
            k for k in self.fails if k.startswith(prefix) and self.fails[k] < 3 and "take all" not in k
        ]:
            del self.fails[k]
            self.tries.pop(k, None)
        self.dir_tried.pop(room or "?", None)

    def forget_successes(self) -> None:
        """After a restore the world went back a few turns: what succeeded since may be needed again."""
        self.tries = {k: v for k, v in self.tries.items() if k in self.fails or k not in self.recent}
        self.recent = []
        self.dir_tried = {}
        self.lit = False
        self.queue = []
        self.held = []

    def add_hint(self, room: str | None, direction: str) -> None:
        """A direction a reply pointed at (a staircase revealed, a passage opened)."""
        listed = self.hinted.setdefault(room or "?", [])
        if direction not in listed:
            listed.append(direction)

    def deadly(self, room: str | None, command: str) -> bool:
        """Whether this command killed us here (fights get a second chance)."""
        deaths = self.killers.count(key(room, command))
        return deaths >= (2 if command.startswith("attack") else 1)

    def add_noun(self, room: str | None, phrase: str) -> None:
        """Remember a noun phrase mentioned in a room."""
        listed = self.nouns.setdefault(room or "?", [])
        if phrase not in listed:
            listed.append(phrase)

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Memory:
        """Inverse of to_dict, ignoring unknown keys."""
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)
