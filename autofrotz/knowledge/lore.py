"""What a new run of a story starts knowing: the facts of its earlier runs, as a read-only view."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from autofrotz.knowledge.clock import Deaths, said_by_clock
from autofrotz.knowledge.path import NUMBERED_ID  # room ids are numbered by the order of visits
from autofrotz.reading.told_text import SENTENCE_END_QUOTED, WHOLE_SENTENCE_END
from autofrotz.words.directions import parse_direction

TIMED_COMMANDS = 3  # different commands a killing sentence came after before it is the world's clock
TIMED_ROOMS = 2  # rooms it killed in (a guard's shot in one room is that room's clock: clock.py)
TIMED_LENGTH = 20  # characters: shorter sentences ("You have died.") say nothing of the cause
ATTACK = "attack"  # fights are chancy: one lost fight in an earlier run does not make a verb deadly
WORD_DEATH = "a word alone that killed"
LIFTED = "a dead end at fewer points"


@dataclass(frozen=True)
class Scoring:
    """An action that raised the score in an earlier run, with what it needed."""

    room: str
    command: str
    needs: tuple[str, ...]  # carried things the command names
    carried: tuple[str, ...]  # everything carried then (a light, a key the command does not name)
    prep: tuple[str, ...]  # what worked in the room just before (opening the box the thing was in)
    gain: int
    run: int
    turn: int


@dataclass
class Lore:
    """Facts of earlier runs, indexed for the questions a run asks of them."""

    sha: str = ""
    runs: int = 0  # earlier runs of this story
    scoring: list[Scoring] = field(default_factory=list)  # in the order they were first found
    deaths: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)  # (room, command)
    refusals: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)  # (room, command)
    not_understood: dict[str, int] = field(default_factory=dict)  # command -> run that found it
    not_kinds: set[str] = field(default_factory=set)  # "family|thing" refused in kind (kinds.py)
    exits: dict[str, dict[str, str]] = field(default_factory=dict)  # room -> direction -> room
    tried_ways: set[tuple[str, str]] = field(default_factory=set)  # (room, direction) an earlier run took
    rooms: dict[str, str] = field(default_factory=dict)  # room id -> name
    items: dict[str, str | None] = field(default_factory=dict)  # item name -> room it was found in
    mazes: list[dict[str, Any]] = field(default_factory=list)
    puzzles: list[dict[str, Any]] = field(default_factory=list)  # still open at the end of a run
    dead_ends: dict[tuple[str, str], int] = field(default_factory=dict)  # (room, command) -> run (path.py)
    dead_end_points: dict[tuple[str, str], int] = field(default_factory=dict)  # -> highest score tried at
    verbs: list[str] = field(default_factory=list)  # the story's own verbs (verbs.py), for widen.py
    ways_on: dict[tuple[str, str], tuple[int, str]] = field(default_factory=dict)  # -> (run, to) (path.py)
    taken: dict[tuple[str, str], tuple[int, tuple[str, ...]]] = field(default_factory=dict)  # -> things
    openings: dict[tuple[str, str], tuple[int, str]] = field(default_factory=dict)  # -> (run, direction)
    shut: dict[tuple[str, str], int] = field(default_factory=dict)  # (room, thing) -> run (path.py)
    described: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # (room, person) -> topics
    tried_texts: set[tuple[str, str]] = field(default_factory=set)  # (room text, direction) (side_trip.py)
    walls: dict[tuple[str, str], int] = field(default_factory=dict)  # (room, direction) -> run (path.py)
    best_score: int = 0  # the best score of the earlier runs
    first_rises: list[tuple[int, int]] = field(default_factory=list)  # (turn, score): the first run's
    stays: Deaths = field(default_factory=Deaths)  # deaths after walking into a room (clock.py)
    timed: set[str] = field(default_factory=set)  # killing sentences of the world's clock (timed_deaths)
    room_turns: dict[str, float] = field(default_factory=dict)  # room -> mean turns a run (spread.py)
    blind: tuple[int, int] = (0, 0)  # earlier runs' blind tries and the rooms they found (blind.py)
    scored: list[Scoring] = field(default_factory=list)  # every scoring action, known deaths too
    _dead_commands: dict[str, int] | None = field(default=None, repr=False, compare=False)
    _dead_counted: int = field(default=-1, repr=False, compare=False)

    @classmethod
    def from_rows(cls, sha: str, rows: list[dict[str, Any]]) -> Lore:
        """Build from store.read_facts rows."""
        lore = cls(sha)
        runs = {int(r["key"]): int(r["body"]["run"]) for r in rows if r["kind"] == "run"}
        for row in rows:
            row = row | {"run": runs.get(row["game_id"], 1)}  # the run that first found it
            _ADD.get(row["kind"], _skip)(lore, row)
        lore.timed = timed_sentences(lore.deaths)
        # rule ``timed death``: the world's own event, not the command's doing
        for key in timed_deaths(lore.deaths, lore.timed):
            del lore.deaths[key]
        lore.scored = list(lore.scoring)
        lore.scoring = [s for s in lore.scoring if (s.room, s.command) not in lore.deaths]
        return lore

    def spare_clock_rooms(self, rooms: set[str]) -> None:
        """Rule ``a point the room's clock cut short``: a command that scored in a room whose clock kills
        (knowledge/clock.py: deaths there after different commands) and died there is the clock's death,
        not the command's: no known death, a known scoring action again (a later run scored it at once
        where the first had died of the clock on that turn)."""
        places = {NUMBERED_ID.sub("", r) for r in rooms}
        for s in self.scored:
            if (s.room, s.command) in self.deaths and NUMBERED_ID.sub("", s.room) in places:
                del self.deaths[(s.room, s.command)]
        self.scoring = [s for s in self.scored if (s.room, s.command) not in self.deaths]

    @property
    def empty(self) -> bool:
        return self.runs == 0

    def refusal_rule(self, room: str | None, command: str) -> str | None:
        """The rule name when an earlier run learned the game will not take this command here."""
        if command in self.not_understood:
            return f"known refusal: not understood (run {self.not_understood[command]})"
        # A refusal in words the parser knows depends on the moment (a locked door opens later): only
        # the words it did not understand are refused in every run.
        return None

    def dead_end_rule(self, room: str | None, command: str, score: int | None = None) -> str | None:
        """The rule name when an earlier run sent this command here and nothing changed; not when this
        run holds more points than the earlier runs had whenever they tried it (``lifted``)."""
        run = self.dead_ends.get((room or "?", command))
        if run is None or self.lifted(room, command, score) is not None:
            return None
        return f"known dead end (run {run})"

    def carried_dead_end_rule(self, command: str) -> str | None:
        """Rule ``what is carried answers the same anywhere``: the sweep of verbs over carried things
        ("wave lamp", "eat key") is one pass a run, not one a room; a command of it that changed nothing
        in an earlier run, in whichever room, changes nothing now (the earlier runs' dead ends are kept
        by room, so without this every later run would sweep its inventory again).

        >>> Lore(dead_ends={("hall", "wave lamp"): 1}).carried_dead_end_rule("wave lamp")
        'known dead end, carried (run 1)'
        """
        if self._dead_commands is None or self._dead_counted != len(self.dead_ends):
            firsts: dict[str, int] = {}
            for (_, c), run in self.dead_ends.items():
                firsts[c] = min(run, firsts.get(c, run))
            self._dead_commands, self._dead_counted = firsts, len(self.dead_ends)
        found = self._dead_commands.get(command)
        return None if found is None else f"known dead end, carried (run {found})"

    def lifted(self, room: str | None, command: str, score: int | None) -> str | None:
        """Rule ``a dead end at fewer points``: a command that changed nothing in earlier runs, tried
        only while they held fewer points than this run holds now, is worth one more try: a point is
        a step of the story, and what did nothing before it (a lever, a word) may do something after.

        >>> lore = Lore(dead_ends={("hall", "pull lever"): 1}, dead_end_points={("hall", "pull lever"): 5})
        >>> lore.lifted("hall", "pull lever", 10), lore.lifted("hall", "pull lever", 5)
        ('a dead end at fewer points (run 1, at 5)', None)
        >>> lore.dead_end_rule("hall", "pull lever", 10), lore.dead_end_rule("hall", "pull lever", 5)
        (None, 'known dead end (run 1)')
        """
        key = (room or "?", command)
        run, tried_at = self.dead_ends.get(key), self.dead_end_points.get(key)
        if run is None or tried_at is None or score is None or tried_at >= score:
            return None
        return f"{LIFTED} (run {run}, at {tried_at})"

    def wall_rule(self, room: str | None, command: str, score: int | None) -> str | None:
        """The rule name when earlier runs were told there is no exit this way from here, while this
        run is no further than they got (past their best score the world may have new ways)."""
        run = self.walls.get((room or "?", command))
        if run is None or (score or 0) > self.best_score:
            return None
        return f"known wall (run {run})"

    def word_death_rule(self, command: str) -> str | None:
        """Rule ``a word alone that killed``: a command of one word, not a move, that killed in any room
        of an earlier run (a magic word, a verb acting on the player: where it is said seldom matters).

        >>> lore = Lore(deaths={("hall", "xyzzy"): {"run": 1, "seen": 1}})
        >>> lore.word_death_rule("xyzzy"), lore.word_death_rule("north"), lore.word_death_rule("take it")
        ('a word alone that killed (run 1)', None, None)
        """
        if not alone(command):
            return None
        run = next((d["run"] for (_, c), d in self.deaths.items() if c == command), None)
        return None if run is None else f"{WORD_DEATH} (run {run})"

    def death_rule(self, room: str | None, command: str) -> str | None:
        """The rule name when this command killed us here in an earlier run."""
        death = self.deaths.get((room or "?", command))
        # A fight, or a step into the dark or past a wandering creature, kills by the moment as much as
        # by the command: those are vetoed only once they killed twice.
        chancy = command.startswith(ATTACK) or parse_direction(command) is not None
        if death is None or (chancy and death["seen"] < 2):
            return None
        return f"known death (run {death['run']})"

    def route(
        self,
        start: str | None,
        goal: str,
        extra: dict[str, dict[str, str]] | None = None,
        avoid: frozenset[tuple[str, str]] = frozenset(),
    ) -> list[str]:
        """Directions from start to goal over the known exits and ``extra`` (this run's), leaving out
        the (room, direction) steps in ``avoid``; [] if there is no way."""
        if start is None or start == goal:
            return []
        exits = {room: dict(d) for room, d in self.exits.items()}
        for room, d in (extra or {}).items():
            exits.setdefault(room, {}).update(d)
        for room, direction in avoid:
            exits.get(room, {}).pop(direction, None)
        back: dict[str, tuple[str, str]] = {}
        queue = deque([start])
        while queue:
            room = queue.popleft()
            for direction, to in sorted(exits.get(room, {}).items()):
                if to in back or to == start:
                    continue
                back[to] = (room, direction)
                if to == goal:
                    return _path(back, start, goal)
                queue.append(to)
        return []

    def summary(self) -> dict[str, Any]:
        """Counts for the page and the game record: what this run started knowing."""
        return {
            "runs": self.runs,
            "rooms": len(self.rooms),
            "exits": sum(len(d) for d in self.exits.values()),
            "items": len(self.items),
            "scoring_actions": len(self.scoring),
            "deaths": len(self.deaths),
            "refusals": len(self.refusals) + len(self.not_understood),
            "dead_ends": len(self.dead_ends),
            "own_verbs": len(self.verbs),
            "ways_on": len(self.ways_on),
            "taken": len(self.taken),
            "walls": len(self.walls),
            "clocks": len(self.stays.clocks()),
            "mazes": len(self.mazes),
            "open_puzzles": len(self.puzzles),
        }


def alone(command: str) -> bool:
    """Whether a command is one word and not a move (a magic word, "pray", "jump").

    >>> alone("xyzzy"), alone("up"), alone("open box")
    (True, False, False)
    """
    words = command.split()
    return len(words) == 1 and parse_direction(command) is None


def timed_deaths(
    deaths: dict[tuple[str, str], dict[str, Any]], shared: set[str] | None = None
) -> set[tuple[str, str]]:
    """Rule ``timed death``: the deaths whose killing reply holds a sentence that also came after
    ``TIMED_COMMANDS`` other commands, in ``TIMED_ROOMS`` rooms or more (a closing time, a flood, a
    curse that falls whatever the player types: a convention of timed games). The command did not
    kill: it is no ``known death``, and what it scored in that reply stays a known scoring action.

    >>> close = "The bell rings and the guards throw you out"
    >>> said = (("hall", "push"), ("yard", "pull"), ("hall", "sing"))
    >>> deaths = {(r, c): {"text": f"Nothing happens. {close}."} for r, c in said}
    >>> deaths[("pit", "jump")] = {"text": "You fall. You have died."}
    >>> sorted(timed_deaths(deaths))
    [('hall', 'push'), ('hall', 'sing'), ('yard', 'pull')]
    """
    shared = timed_sentences(deaths) if shared is None else shared  # the caller's, when it has them
    return {key for key, death in deaths.items() if said_by_clock(death.get("text", ""), shared)}


def timed_sentences(deaths: dict[tuple[str, str], dict[str, Any]]) -> set[str]:
    """The sentences (lower case) of killing replies that came after ``TIMED_COMMANDS`` different
    commands (rule ``timed death``)."""
    said: dict[str, set[str]] = {}
    where: dict[str, set[str]] = {}  # the story's clock is no room's: a guard who shoots in one room is
    for (room, command), death in deaths.items():
        for sentence in _sentences(death.get("text", "")):
            said.setdefault(sentence, set()).add(command)
            where.setdefault(sentence, set()).add(NUMBERED_ID.sub("", room))
    return {s for s, c in said.items() if len(c) >= TIMED_COMMANDS and len(where[s]) >= TIMED_ROOMS}


def _sentences(text: str) -> list[str]:
    """The whole sentences of a kept reply (the last, cut at the kept length, is left out), long enough
    to say something."""
    parts = [p.strip() for p in SENTENCE_END_QUOTED.split(text)]
    whole = parts if WHOLE_SENTENCE_END.search(text.strip()) else parts[:-1]
    return [p.lower() for p in whole if len(p) >= TIMED_LENGTH]


def _path(back: dict[str, tuple[str, str]], start: str, goal: str) -> list[str]:
    steps, room = [], goal
    while room != start:
        room, direction = back[room]
        steps.append(direction)
    return steps[::-1]


def _skip(lore: Lore, row: dict[str, Any]) -> None:
    return None


def _run(lore: Lore, row: dict[str, Any]) -> None:
    lore.runs += 1


def _score(lore: Lore, row: dict[str, Any]) -> None:
    b = row["body"]
    lore.scoring.append(
        Scoring(
            b["room"],
            b["command"],
            tuple(b.get("needs", [])),
            tuple(b.get("carried", [])),
            tuple(b.get("prep", [])),
            int(b.get("gain", 1)),
            row["run"],
            row["turn"],
        )
    )


def _death(lore: Lore, row: dict[str, Any]) -> None:
    b = row["body"]
    lore.deaths[(b["room"], b["command"])] = {
        "run": row["run"],
        "seen": row["seen"],
        "text": b.get("text", ""),
    }


def _refusal(lore: Lore, row: dict[str, Any]) -> None:
    b = row["body"]
    if b.get("class") == "parser":
        lore.not_understood.setdefault(b["command"], row["run"])
    else:
        if isinstance(b.get("not"), list) and len(b["not"]) == 2:  # rule ``what a thing is not``
            lore.not_kinds.add(f"{b['not'][0]}|{b['not'][1]}")
        lore.refusals[(b["room"], b["command"])] = {
            "run": row["run"],
            "seen": row["seen"],
            "class": b.get("class"),
        }


def _exit(lore: Lore, row: dict[str, Any]) -> None:
    b = row["body"]
    if b.get("to") and not b.get("blocked") and not b.get("random"):
        lore.exits.setdefault(b["from"], {})[b["direction"]] = b["to"]
    if not b.get("inferred"):  # tried: travelled, or refused with a reply
        lore.tried_ways.add((b["from"], b["direction"]))


def _room(lore: Lore, row: dict[str, Any]) -> None:
    lore.rooms[row["key"]] = row["body"].get("name", row["key"])


def _item(lore: Lore, row: dict[str, Any]) -> None:
    b = row["body"]
    if b.get("found_in") or b["name"] not in lore.items:
        lore.items[b["name"]] = b.get("found_in")


def _maze(lore: Lore, row: dict[str, Any]) -> None:
    lore.mazes.append(row["body"])


def _puzzle(lore: Lore, row: dict[str, Any]) -> None:
    if row["body"].get("status") in ("open", "in_progress"):
        lore.puzzles.append(row["body"])


_ADD = {
    "run": _run,
    "score": _score,
    "death": _death,
    "refusal": _refusal,
    "exit": _exit,
    "room": _room,
    "item": _item,
    "maze": _maze,
    "puzzle": _puzzle,
}
