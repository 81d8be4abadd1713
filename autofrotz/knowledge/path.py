"""The proven path: the commands that took an earlier run to its best score, shortened and rehearsed.

A person replaying a game they have already played does not repeat the first run's wanderings:
they walk straight to what scored. ``distil`` reads the recorded turns of an earlier run and keeps
the commands that really led to its best score:

| rule | what it drops |
|---|---|
| ``undone by a restore`` | turns a death undid (the run went back to an earlier save) |
| ``after the best score`` | everything after the turn that first reached the run's best score |
| ``refused`` | a command the game refused or did not understand, where neither room nor score changed |
| ``only looked`` | look or inventory (the short cut: also examine, read, search) that scored nothing |
| ``walked in a circle`` | moves (or commands that changed room) back to the same room and score (below) |
| ``answer to a dropped question`` | the answer to the parser's question a dropped command got |

The short cut of circles also drops whatever was done on a loop that changed neither score nor
what was carried.

Cuts are made from short to careful (short drops and loops, short drops with careful loops, careful
both, the run as played). ``distil`` (rehearsal.py) plays a cut in a side copy of the
interpreter, started from the story file with the earlier run's seed (a player rehearsing from a
save): the first cut that reaches the run's best score is kept; when neither does, the cut that
scored most, up to the step of its best score (the longest verified prefix). Each step keeps the
room it should lead to and the score it should show, so the next run can tell when the game goes
another way (a random event, another seed) and stop replaying.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import asdict, dataclass, replace
from typing import Any

from autofrotz.knowledge.rules import UNDONE_POINTS, on
from autofrotz.reading.patterns import PARSER_ASKS, refusal_class
from autofrotz.words.directions import parse_direction

log = logging.getLogger(__name__)

# Verbs that only look at the world (the common parsers' library verbs). ``look`` and ``inventory``
# never change it; examining, reading and searching can reveal a hidden thing, so only the short cut
# drops those, and the rehearsal tells whether that cost the score.
LOOK_ONLY = frozenset(["look", "l", "inventory", "i", "inv"])
LOOK_MAYBE = frozenset(["examine", "x", "read", "search", "listen", "smell", "look at", "look in"])
EARLIER_RUNS = 5  # newest earlier runs whose paths are distilled (the best one is replayed)
NUMBERED_ID = re.compile(r"_\d+$")  # reads a room id: the number the order of visits gave it
# Rule ``a point a later death undid`` (the path runs to the run's best, undone or not) is switched by its
# name (knowledge/rules.py).


@dataclass(frozen=True)
class Step:
    """One command of the path: the room it should lead to and the score it should show."""

    command: str
    room: str | None
    score: int | None
    turn: int  # the turn of the earlier run that sent it


@dataclass(frozen=True)
class ProvenPath:
    """A replayable route to an earlier run's best score."""

    run: int  # the run that taught it
    game_id: int
    score: int  # the score it reaches
    turns: int  # turns that run took to get there
    steps: tuple[Step, ...]
    start_room: str | None
    cut: str  # which cut was kept ("short", "careful", "as played")
    verified: bool  # whether the rehearsal reached ``score``

    def sent_from(self) -> list[tuple[str | None, Step]]:
        """Each step with the room it is sent from (the room the step before it ended in).

        >>> steps = (Step("north", "hall", 0, 1), Step("pull rope", "hall", 5, 2))
        >>> p = ProvenPath(1, 1, 5, 2, steps, "yard", "", True)
        >>> [(room, step.command) for room, step in p.sent_from()]
        [('yard', 'north'), ('hall', 'pull rope')]
        """
        before = [self.start_room] + [step.room for step in self.steps[:-1]]
        return list(zip(before, self.steps, strict=True))

    def summary(self) -> dict[str, Any]:
        """For the game record and the page."""
        return {
            "path_run": self.run,
            "path_score": self.score,
            "path_steps": len(self.steps),
            "path_turns": self.turns,
            "path_cut": self.cut,
            "path_verified": self.verified,
        }


@dataclass(frozen=True)
class Played:
    """One turn as recorded."""

    turn: int
    command: str
    room: str | None
    score: int | None
    inventory: tuple[str, ...]
    text: str


def same_place(a: str | None, b: str | None) -> bool:
    """Whether two room ids name the same place across runs (ids are numbered by the order of visits).

    >>> same_place("darkness_2", "darkness"), same_place("hall", "kitchen"), same_place(None, "hall")
    (True, False, True)
    """
    if a is None or b is None:
        return True
    return NUMBERED_ID.sub("", a) == NUMBERED_ID.sub("", b)


def load_turns(conn: Any, game_id: int, at_best: bool = False) -> tuple[Played, list[Played], int | None]:
    """(the start, the effective history, the seed) of a recorded game: turns undone by a restore
    after a death are left out (rule ``undone by a restore``). With ``at_best``, the history as it
    stood when the run first reached its best score, even when a later death undid that score (rule
    ``a point a later death undid``: the clock that killed after it does not unmake the way there)."""
    seed_row = conn.execute("SELECT seed FROM games WHERE game_id = ?", (game_id,)).fetchone()
    rows = conn.execute(
        "SELECT turn_number, command_sent, room_id, score, event, inventory, game_output, extra"
        " FROM turns WHERE game_id = ? ORDER BY turn_number",
        (game_id,),
    ).fetchall()
    start = Played(0, "", None, 0, (), "")
    kept: list[Played] = []
    best, at = 0, kept
    for n, command, room, score, event, inventory, text, extra in rows:
        carried = tuple(sorted(json.loads(inventory or "[]")))
        if n == 0:
            start = Played(0, "", room, score or 0, carried, text or "")
            continue
        if event == "death":
            back = json.loads(extra or "{}").get("restored_from")
            kept = [p for p in kept if back is not None and p.turn <= back]
            continue
        if not command:
            continue
        kept.append(Played(n, command, room, score, carried, text or ""))
        if score is not None and score > best:
            best, at = score, list(kept)
    history = at if at_best and on(UNDONE_POINTS) and best > 0 else kept
    return start, history, (int(seed_row[0]) if seed_row and seed_row[0] is not None else None)


def best_prefix(played: list[Played]) -> list[Played]:
    """The history up to the turn that first reached its best score (rule ``after the best score``)."""
    best, end = 0, 0
    for i, p in enumerate(played):
        if p.score is not None and p.score > best:
            best, end = p.score, i + 1
    return played[:end]


def cut_path(
    start: Played, played: list[Played], short: bool, short_loops: bool | None = None
) -> list[Played]:
    """Drop refused and look-only commands, then walks in a circle (see the module's table); ``short``
    for the short cut of both (``short_loops`` apart for the loops)."""
    kept: list[Played] = []
    room, score = start.room, start.score or 0
    asked = False  # the last command was dropped and its reply asked the parser's question
    misread: dict[str | None, str | None] = {}  # a room the map read from a dropped answer -> the real one
    for p in played:
        if p.room in misread:
            p = replace(p, room=misread[p.room])
        moved = p.room != room
        scored = p.score is not None and p.score != score
        if asked and not scored:  # rule ``answer to a dropped question`` (asked again: the next too)
            asked = bool(PARSER_ASKS.search(p.text))
            if moved and parse_direction(p.command) is None:  # the map read the answer as a room
                misread[p.room] = room
            continue
        if not moved and not scored and _idle(p, short):
            asked = bool(PARSER_ASKS.search(p.text))
            continue
        asked = False
        kept.append(p)
        room, score = p.room, p.score if p.score is not None else score
    return uncircle(start, kept, short if short_loops is None else short_loops)


def _idle(p: Played, short: bool) -> bool:
    """Whether a command that moved nothing and scored nothing can go (rules ``refused``, ``only looked``)."""
    words = p.command.lower().split()
    if not words:
        return True
    if refusal_class(p.text) is not None:
        return True
    if words[0] in LOOK_ONLY and len(words) == 1:
        return True
    return short and (words[0] in LOOK_MAYBE or " ".join(words[:2]) in LOOK_MAYBE)


def uncircle(start: Played, kept: list[Played], short: bool) -> list[Played]:
    """Rule ``walked in a circle``: from each point, skip to the last later point in the same room with
    the same score (and, for the careful cut, only over moves; for the short cut, carrying the same)."""
    rooms = [start.room] + [p.room for p in kept]
    scores = [start.score or 0] + [p.score or 0 for p in kept]
    carried = [start.inventory] + [p.inventory for p in kept]
    out: list[Played] = []
    i = 0
    while i < len(kept):
        j = i
        for k in range(len(kept), i, -1):
            same = rooms[k] == rooms[i] and scores[k] == scores[i]
            if not same:
                continue
            between = kept[i:k]
            if short and carried[k] == carried[i]:
                j = k
                break
            if all(
                parse_direction(p.command) is not None or rooms[i + n + 1] != rooms[i + n]
                for n, p in enumerate(between)
            ):
                j = k
                break
        if j > i:
            i = j
            continue
        out.append(kept[i])
        i += 1
    return out


def segments(prefix: list[Played]) -> list[list[Played]]:
    """The history cut after each command that raised the score (the last ends with the best score)."""
    out: list[list[Played]] = [[]]
    score = 0
    for p in prefix:
        out[-1].append(p)
        if p.score is not None and p.score > score:
            score = p.score
            out.append([])
    return [seg for seg in out if seg]


def variants(before: Played, seg: list[Played]) -> list[tuple[str, list[Played]]]:
    """Cuts of one segment from short to careful, each once."""
    found: list[tuple[str, list[Played]]] = []
    for name, cut in (
        ("short", cut_path(before, seg, True)),
        ("short, careful loops", cut_path(before, seg, True, False)),
        ("careful", cut_path(before, seg, False)),
        ("as played", seg),
    ):
        if cut and cut[-1].turn == seg[-1].turn and all(cut != c for _, c in found):
            found.append((name, cut))
    return found


def path_dict(path: ProvenPath) -> dict[str, Any]:
    """Plain data, for tests and the page."""
    return asdict(path)
