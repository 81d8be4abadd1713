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
| ``walked in a circle`` | moves back to the room they left with the same score (see below) |

The short cut of circles also drops whatever was done on a loop that changed neither score nor
what was carried.

Cuts are made from short to careful (short drops and loops, short drops with careful loops, careful
both, the run as played). ``rehearse`` plays a cut in a side copy of the
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
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from autofrotz.knowledge.learner import refusal_class
from autofrotz.managers.directions import parse_direction

log = logging.getLogger(__name__)

# Verbs that only look at the world (the common parsers' library verbs). ``look`` and ``inventory``
# never change it; examining, reading and searching can reveal a hidden thing, so only the short cut
# drops those, and the rehearsal tells whether that cost the score.
LOOK_ONLY = frozenset(["look", "l", "inventory", "i", "inv"])
LOOK_MAYBE = frozenset(["examine", "x", "read", "search", "listen", "smell", "look at", "look in"])
EARLIER_RUNS = 5  # newest earlier runs whose paths are distilled (the best one is replayed)
_NUMBERED = re.compile(r"_\d+$")


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
    return _NUMBERED.sub("", a) == _NUMBERED.sub("", b)


def load_turns(conn: Any, game_id: int) -> tuple[Played, list[Played], int | None]:
    """(the start, the effective history, the seed) of a recorded game: turns undone by a restore
    after a death are left out (rule ``undone by a restore``)."""
    seed_row = conn.execute("SELECT seed FROM games WHERE game_id = ?", (game_id,)).fetchone()
    rows = conn.execute(
        "SELECT turn_number, command_sent, room_id, score, event, inventory, game_output, extra"
        " FROM turns WHERE game_id = ? ORDER BY turn_number",
        (game_id,),
    ).fetchall()
    start = Played(0, "", None, 0, (), "")
    kept: list[Played] = []
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
    return start, kept, (int(seed_row[0]) if seed_row and seed_row[0] is not None else None)


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
    for p in played:
        moved = p.room != room
        scored = p.score is not None and p.score != score
        if not moved and not scored and _idle(p, short):
            continue
        kept.append(p)
        room, score = p.room, p.score if p.score is not None else score
    return _uncircle(start, kept, short if short_loops is None else short_loops)


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


def _uncircle(start: Played, kept: list[Played], short: bool) -> list[Played]:
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
            if all(parse_direction(p.command) is not None for p in between):
                j = k
                break
        if j > i:
            i = j
            continue
        out.append(kept[i])
        i += 1
    return out


def rehearse(story: Path, seed: int | None, commands: list[str]) -> list[int | None] | None:
    """The score after each command, played in a side copy of the interpreter (None when it cannot run);
    a death ends the list there."""
    try:
        from autofrotz.backends.jericho_backend import JerichoBackend

        game = JerichoBackend(Path(story).resolve(), seed)
    except Exception:
        log.info("proven path: no interpreter to rehearse on", exc_info=True)
        return None
    scores: list[int | None] = []
    try:
        game.start()
        for command in commands:
            result = game.send(command)
            if result.outcome == "death":
                break
            scores.append(result.score)
            if result.ended:
                break
    except Exception:
        log.info("proven path: rehearsal stopped", exc_info=True)
    finally:
        try:
            game.close()
        except Exception:
            log.debug("closing the rehearsal", exc_info=True)
    return scores


def distil(conn: Any, story: Path, game_id: int, run: int, check: bool = True) -> ProvenPath | None:
    """The proven path of one earlier game, or None when it never scored."""
    start, played, seed = load_turns(conn, game_id)
    prefix = best_prefix(played)
    if not prefix:
        return None
    target = prefix[-1].score or 0
    cuts = [
        ("short", cut_path(start, prefix, True)),
        ("short, careful loops", cut_path(start, prefix, True, False)),
        ("careful", cut_path(start, prefix, False)),
        ("as played", prefix),
    ]
    fallback: ProvenPath | None = None
    for name, steps in cuts:
        if not check:
            return _path(run, game_id, target, prefix, cuts[2][1], start.room, "careful", False)
        scores = rehearse(story, seed, [p.command for p in steps])
        if scores is None:  # nothing to rehearse on: the careful cut, unverified
            return _path(run, game_id, target, prefix, cuts[2][1], start.room, "careful", False)
        reached = max((s for s in scores if s is not None), default=0)
        if reached >= target:
            end = next(i for i, s in enumerate(scores) if s is not None and s >= target) + 1
            return _path(run, game_id, target, prefix, steps[:end], start.room, name, True, scores)
        if reached > 0 and (fallback is None or reached > fallback.score):
            end = next(i for i, s in enumerate(scores) if s is not None and s >= reached) + 1
            fallback = _path(run, game_id, reached, prefix, steps[:end], start.room, name, False, scores)
    return fallback


def _path(
    run: int,
    game_id: int,
    score: int,
    prefix: list[Played],
    steps: list[Played],
    start: str | None,
    cut: str,
    verified: bool,
    scores: list[int | None] | None = None,
) -> ProvenPath:
    kept = tuple(
        Step(p.command, p.room, scores[i] if scores and i < len(scores) else p.score, p.turn)
        for i, p in enumerate(steps)
    )
    turns = next((p.turn for p in prefix if p.score is not None and p.score >= score), prefix[-1].turn)
    return ProvenPath(run, game_id, score, turns, kept, start, cut, verified)


def best_path(conn: Any, story: Path, runs: dict[int, int], check: bool = True) -> ProvenPath | None:
    """The best proven path of the newest earlier runs (game id -> run): highest score, then fewest steps."""
    found = []
    for game_id in sorted(runs)[-EARLIER_RUNS:]:
        try:
            path = distil(conn, story, game_id, runs[game_id], check)
        except Exception:  # a path is a help, never a reason to fail a game's start
            log.exception("proven path: distilling game %d failed", game_id)
            continue
        if path is not None and path.steps:
            found.append(path)
    if not found:
        return None
    return max(found, key=lambda p: (p.score, -len(p.steps), p.game_id))


def dead_ends(conn: Any, runs: dict[int, int], path: ProvenPath | None) -> dict[tuple[str, str], int]:
    """(room, command) -> run, for the commands earlier runs sent that changed nothing: no move, no
    score, nothing taken or dropped (rule ``known dead end``). The next run tries other things first.
    Moves are left out (a way is walked again and again), and so is whatever the path sends."""
    on_path = {step.command for step in path.steps} if path is not None else set()
    found: dict[tuple[str, str], int] = {}
    for game_id in sorted(runs)[-EARLIER_RUNS:]:
        start, played, _seed = load_turns(conn, game_id)
        before = start
        for p in played:
            same = p.room == before.room and (p.score or 0) == (before.score or 0)
            idle = same and p.inventory == before.inventory and parse_direction(p.command) is None
            if idle and p.command not in on_path and before.room:
                found.setdefault((before.room, p.command), runs[game_id])
            before = p
    return found


def path_dict(path: ProvenPath) -> dict[str, Any]:
    """Plain data, for tests and the page."""
    return asdict(path)
