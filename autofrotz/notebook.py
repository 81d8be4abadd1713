"""What the briefing keeps beyond the recent turns: the opening's stated goal, the clues the player read
or was told, the score's maximum, and a compact log of what happened earlier (points scored, deaths,
rooms reached). Built by rules from each turn's reply; saved with the game (mind.py) and never lost to
a death's rollback."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from autofrotz.reading import Reading
from autofrotz.reading.notes_opening import BANNER, GOAL, MAXIMUM, SAYS_OPENED, SAYS_UNLOCKED, TASK
from autofrotz.reading.ways_words import SENTENCE

GOAL_CHARS = 1000
CLUE_CHARS = 500
CLUES_KEPT = 6
CLUE_KEY = 60  # the start of a clue's text, by which its log line knows whether Clues still holds it
LOG_KEPT = 30
OPENED_CHARS = 80  # what a reply to opening something said, in the log
AT_ONCE = ("score", "death")  # kinds of log lines shown from their turn on: the recent turns say no "+N"

# Reads a command (not game text): one that opens or unlocks a way or a thing.
OPENING_COMMAND = re.compile(r"(?:unlock|open|unbolt|unbar)\b", re.IGNORECASE)
OPENING_KINDS = ("opened", "unlocked")  # log kinds of a thing or way opened or unlocked
TASKS_KEPT = 3  # clues stating a task outlast the others, up to this many of them


def stated_goal(opening: str, first_room: str | None = None) -> str:
    """What the opening says the player is to do: its words before the first room when they speak to the
    player, else its sentences that state a task.

    >>> stated_goal("Aunt Ada left you her house, if you find her crown.\\n\\nHall\\nA hall.", "Hall")
    'Aunt Ada left you her house, if you find her crown.'
    >>> stated_goal("ZORK\\nCopyright (c) 1981\\nRelease 88\\n\\nWest of House\\nA field.", "West of House")
    ''
    """
    lines = opening.replace("\r", "").split("\n")
    cut = next((i for i, line in enumerate(lines) if _heads(line, first_room)), len(lines))
    kept = [line for para in _paragraphs(lines[:cut]) if not any(BANNER.search(x) for x in para if x.strip())
            for line in para if not is_art(line)]  # fmt: skip
    preamble = " ".join(" ".join(kept).split())
    if 40 < len(preamble) <= GOAL_CHARS:  # the story's own words before its first room: premise and goal
        return preamble
    sentences = [s.strip() for s in SENTENCE.findall(" ".join(opening.split())) if GOAL.search(s)]
    if sentences:
        return _bounded(" ".join(dict.fromkeys(sentences)), GOAL_CHARS)
    return _bounded(preamble, GOAL_CHARS) if len(preamble) > 40 else ""


def is_art(line: str) -> bool:
    """A line drawn with symbols (a banner), not written in words.

    >>> is_art("  | $$   | $$__     |$$|/  $$ "), is_art("You are in a hall.")
    (True, False)
    """
    visible = [c for c in line if not c.isspace()]
    return bool(visible) and sum(c.isalpha() for c in visible) < 0.5 * len(visible)


def _paragraphs(lines: list[str]) -> list[list[str]]:
    """Lines grouped by blank lines (a story's banner is one such group: title, headline, release)."""
    groups: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            groups[-1].append(line)
        elif groups[-1]:
            groups.append([])
    return [g for g in groups if g]


def _heads(line: str, room: str | None) -> bool:
    return bool(room) and (room or "").lower() in line.lower() and len(line.strip()) <= len(room or "") + 8


def stated_maximum(text: str) -> int | None:
    """The maximum score a reply states, or None.

    >>> stated_maximum("You have scored 15 out of a possible 50, in 30 turns.")
    50
    >>> stated_maximum("Your score is 0.") is None
    True
    """
    found = MAXIMUM.search(text)
    if not found:
        return None
    value = int(found.group(1) or found.group(2))
    return value if value > 0 else None


@dataclass
class Notebook:
    """Goal, clues, the score's maximum and the log of earlier events, kept for the whole game."""

    goal: str = ""
    max_score: int | None = None
    opening_score: int | None = None  # the score before the first command, where the interpreter reads it
    clues: list[dict[str, Any]] = field(default_factory=list)  # {"turn", "command", "text"}
    log: list[dict[str, Any]] = field(default_factory=list)  # {"turn", "kind", "text"}
    rooms_reached: list[str] = field(default_factory=list)

    def open(
        self, opening: str, first_room: str | None, max_score: int | None, score: int | None = None
    ) -> None:
        """Read the opening: its stated goal, the maximum if the story tables or the text know it, and
        the score the game starts with where the interpreter reads it."""
        self.goal = stated_goal(opening, first_room)
        self.max_score = max_score or stated_maximum(opening)
        self.opening_score = score
        if first_room:
            self.rooms_reached.append(first_room)

    def observe(self, turn: int, reading: Reading, seen: TurnSeen) -> None:
        """One turn's reply, as read once (reading/): points, a death, a way or thing opened, a clue."""
        command, reply = reading.command, reading.text
        self.max_score = stated_maximum(reply) or self.max_score
        if (
            seen.score_before is not None
            and seen.score_after is not None
            and seen.score_after != seen.score_before
        ):
            gained = seen.score_after - seen.score_before
            self._note(turn, "score", f"> {command}: {gained:+d} points")  # the total is in the briefing
        if seen.event == "death":
            self._note(turn, "death", f"> {command}: died: {_first_sentence(reply)}")
        if seen.room and seen.room not in self.rooms_reached:
            self.rooms_reached.append(seen.room)  # the briefing lists rooms already: no log line
        if OPENING_COMMAND.match(command) and not reading.failure and seen.event is None:
            said = _bounded(_first_sentence(reply), OPENED_CHARS)
            kind = opening_kind(command, reply)
            self._note(turn, kind, f"> {command}: {kind}: {said}")
        if seen.clue:
            self._keep_clue(turn, command, reply)

    def earlier(self, before_turn: int) -> list[str]:
        """The log's lines, each saying its kind: points and deaths from the turn they happen (the log is
        the score's history), things opened and clues only once older than the recent turns the briefing
        shows in full (`before_turn`), a clue's only once the Clues section no longer holds it, a thing
        opened again only at its latest opening (no fact said twice).

        >>> from autofrotz.reading import read_reply
        >>> book = Notebook()
        >>> sign = "The sign reads: the ferry leaves from the north pier at dawn."
        >>> book.observe(3, read_reply("read sign", sign), TurnSeen(clue=True))
        >>> book.observe(4, read_reply("take oar", "Taken."), TurnSeen(score_before=0, score_after=5))
        >>> for turn in (5, 7):
        ...     book.observe(turn, read_reply("open hatch", "The hatch creaks open."), TurnSeen())
        >>> book.earlier(9)
        ['4. > take oar: +5 points', '7. > open hatch: opened: The hatch creaks open.']
        >>> book.earlier(4)
        ['4. > take oar: +5 points']
        >>> book.clues.clear(); book.earlier(9)[0]
        '3. > read sign: a clue, no longer kept'
        """
        kept = {c["text"][:CLUE_KEY] for c in self.clues}  # read again later: kept under its newer turn
        shown = [e for e in self.log if e["turn"] < before_turn or e["kind"] in AT_ONCE]
        latest_opening = {e["text"]: e["turn"] for e in shown if e["kind"] in OPENING_KINDS}
        return [
            f"{e['turn']}. {e['text']}"
            for e in shown
            if (e["kind"] != "clue" or e.get("clue") not in kept)
            and (e["kind"] not in OPENING_KINDS or latest_opening[e["text"]] == e["turn"])
        ]

    def _note(self, turn: int, kind: str, text: str, **more: str) -> None:
        self.log.append({"turn": turn, "kind": kind, "text": text, **more})
        while len(self.log) > LOG_KEPT:  # ways opened go first: points and deaths are what matter
            opened = [i for i, e in enumerate(self.log) if e["kind"] in OPENING_KINDS]
            self.log.pop(opened[0] if opened else 0)

    def _keep_clue(self, turn: int, command: str, reply: str) -> None:
        text = _bounded(" ".join(reply.split()), CLUE_CHARS)
        self.clues = [c for c in self.clues if c["text"] != text]
        self.clues.append({"turn": turn, "command": command, "text": text})
        while len(self.clues) > CLUES_KEPT:
            self.clues.pop(_first_to_drop([c["text"] for c in self.clues]))
        self._note(turn, "clue", f"> {command}: a clue, no longer kept", clue=text[:CLUE_KEY])

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Notebook:
        return cls(**data) if data else cls()


@dataclass(frozen=True)
class TurnSeen:
    """What the turn loop knows of a turn beyond its reply."""

    score_before: int | None = None
    score_after: int | None = None
    event: str | None = None
    room: str | None = None  # the room the player stands in after the turn
    clue: bool = False  # the reply is worth keeping (reading.is_clue, against the names the world knows)


def opening_kind(command: str, reply: str) -> str:
    """What a reply to opening or unlocking something says was done, by its words: "opened" when it
    tells of an opening (an unlock that also swung the thing open included), "unlocked" when it tells
    only of an unlocking, else what the command's verb asked for.

    >>> opening_kind("unlock hatch with key", "You unlock the hatch.")
    'unlocked'
    >>> opening_kind("unlock hatch with key", "The lock clicks and the hatch swings open.")
    'opened'
    >>> opening_kind("open crate", "You open the crate, revealing a rope.")
    'opened'
    >>> opening_kind("unbolt gate", "Done.")
    'unlocked'
    """
    first = _first_sentence(reply)
    if SAYS_OPENED.search(first):
        return "opened"
    if SAYS_UNLOCKED.search(first):
        return "unlocked"
    return "opened" if command.lower().startswith("open") else "unlocked"


def _first_to_drop(texts: list[str]) -> int:
    """Which clue goes when too many are kept: the oldest that states no task for the player, unless
    more than TASKS_KEPT state one (then the oldest of those); a task stays until newer ones crowd it out.

    >>> _first_to_drop(["The well is dry.", "Don't forget to feed the cat.", "A gull cries."])
    0
    >>> _first_to_drop(["Don't forget to feed the cat.", "The well is dry."])
    1
    >>> _first_to_drop(["You must dig.", "Be sure to knock.", "You must swim.", "Remember to eat.", "Hi."])
    0
    """
    tasks = [i for i, text in enumerate(texts) if TASK.search(text)]
    if len(tasks) > TASKS_KEPT:
        return tasks[0]
    return next((i for i in range(len(texts)) if i not in tasks), 0)


def _first_sentence(text: str) -> str:
    found = SENTENCE.search(" ".join(text.split()).lstrip("> *"))
    return found.group(0).strip() if found else ""


def _bounded(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3].rsplit(" ", 1)[0] + "..."
