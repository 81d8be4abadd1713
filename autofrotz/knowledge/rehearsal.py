"""Rehearsing the cuts of an earlier run in a side copy of the interpreter: the proven path (path.py).

``distil`` plays each segment's cuts, shortest first, from a saved point in a side copy started with the
earlier run's seed (game_interface.side_copy), keeps the first that reaches the segment's score by the
same rooms, and trims single commands that were not needed; ``best_path`` keeps the best of the newest
earlier runs.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autofrotz.game_interface import side_copy
from autofrotz.knowledge.path import (
    EARLIER_RUNS,
    NUMBERED_ID,
    Played,
    ProvenPath,
    Step,
    best_prefix,
    cut_path,
    load_turns,
    segments,
    uncircle,
    variants,
)
from autofrotz.knowledge.rules import HALVES, NAMED_ROOMS, on
from autofrotz.words.directions import parse_direction

log = logging.getLogger(__name__)

REHEARSAL_BUDGET = 40000  # commands the distillations at one run's start may send in all (some seconds)
SLOT = "proven-path"  # the rehearsal's save slot
# Passes of distil, shortest first; the first that reaches the run's best score is kept: every cut and
# trimming; the same keeping whatever took or dropped a thing (a later segment may need it); the
# careful cut alone.
PASSES = ("short", "keep what was taken", "careful")


@dataclass
class Spend:
    """Commands the rehearsals may still send (shared by the distillations at one run's start)."""

    left: int = REHEARSAL_BUDGET


class Rehearsal:
    """A side copy of the interpreter, started from the story file with an earlier run's seed, that
    plays candidate cuts from a saved point (a player rehearsing from a save). ``spend``: commands
    it may still send."""

    def __init__(self, story: Path, seed: int | None, spend: Spend | None = None) -> None:
        self.game = side_copy(story, seed)
        self.spend = spend if spend is not None else Spend()

    def play(self, commands: list[str], target: int) -> list[tuple[int | None, int | None]] | None:
        """(score, room number) after each command up to the first scoring ``target`` or more; None
        when the commands die, end the game or run out before it (or the budget is spent)."""
        seen: list[tuple[int | None, int | None]] = []
        for command in commands:
            if self.spend.left <= 0:
                return None
            self.spend.left -= 1
            result = self.game.send(command)
            if result.outcome == "death":
                return None
            seen.append((result.score, self._room()))
            if result.score is not None and result.score >= target:
                return seen
            if result.ended:
                return None
        return None

    def _room(self) -> int | None:
        try:
            return int(self.game.ground_truth().room_number)
        except Exception:  # no truth for this story: the score alone checks a cut
            return None

    def close(self) -> None:
        try:
            self.game.close()
        except Exception:
            log.debug("closing the rehearsal", exc_info=True)


def distil(
    conn: Any, story: Path, game_id: int, run: int, check: bool = True, spend: Spend | None = None
) -> ProvenPath | None:
    """The proven path of one earlier game, or None when it never scored.

    Segment by segment (up to each score rise), the shortest cut that still reaches the segment's
    score in the rehearsal is kept, then single commands that neither moved nor scored are left out
    while the segment still scores (rule ``not needed``). A segment no cut reproduces ends the path
    there: the verified prefix. When a pass falls short of the run's best score, the next of
    PASSES is tried.
    """
    start, played, seed = load_turns(conn, game_id, at_best=True)
    prefix = best_prefix(played)
    if not prefix:
        return None
    careful = cut_path(start, prefix, False)
    if not check:
        return _path(run, game_id, prefix[-1].score or 0, prefix, careful, start.room, "careful", False)
    best: ProvenPath | None = None
    for mode in PASSES:  # a shorter pass may leave out what a later segment needs
        try:
            found = _distil_pass(story, seed, start, prefix, run, game_id, mode, spend)
        except Exception:
            log.info("proven path: no interpreter to rehearse on", exc_info=True)
            return _path(run, game_id, prefix[-1].score or 0, prefix, careful, start.room, "careful", False)
        if found is not None and (
            best is None or (found.score, -len(found.steps)) > (best.score, -len(best.steps))
        ):
            best = found
        if best is not None and best.verified:
            break
    return best


def _distil_pass(
    story: Path,
    seed: int | None,
    start: Played,
    prefix: list[Played],
    run: int,
    game_id: int,
    mode: str,
    spend: Spend | None = None,
) -> ProvenPath | None:
    """One pass of distil (see PASSES)."""
    rehearsal = Rehearsal(story, seed, spend)
    kept: list[Played] = []
    scores: list[int | None] = []
    names: list[str] = []
    try:
        rehearsal.game.save(SLOT)
        before = start
        for seg in segments(prefix):
            target = seg[-1].score or 0
            chosen = _rehearse_segment(rehearsal, before, seg, target, mode)
            if chosen is None:
                break
            name, cut, got = chosen
            kept += cut
            scores += got
            names.append(name)
            before = seg[-1]
    except Exception:
        log.info("proven path: rehearsal stopped", exc_info=True)
    finally:
        rehearsal.close()
    if not kept:
        return None
    reached = max((s for s in scores if s is not None), default=0)
    cut_name = max(set(names), key=names.count) if names else "as played"
    verified = reached >= (prefix[-1].score or 0)
    return _path(run, game_id, reached, prefix, kept, start.room, cut_name, verified, scores)


def _rehearse_segment(
    g: Rehearsal, before: Played, seg: list[Played], target: int, mode: str = "short"
) -> tuple[str, list[Played], list[int | None]] | None:
    """(cut name, steps, scores) of the shortest cut of one segment that reaches ``target`` from the
    saved point and passes through the rooms the segment as played passed through (the place a
    command leads to can depend on the time as well); the rehearsal is left at the segment's end,
    saved there."""
    g.game.restore(SLOT)
    played = g.play([p.command for p in seg], target)
    rooms = _rooms_played(seg, played or [])
    for name, cut in variants(before, seg):
        short = mode != "careful"
        if not short and name not in ("careful", "as played"):
            continue
        g.game.restore(SLOT)
        got = g.play([p.command for p in cut], target)
        if got is None or not _same_rooms(cut, got, rooms):
            continue
        cut = cut[: len(got)]
        if short:
            cut, got = _trim(g, before, cut, got, target, rooms, keep_carried=mode == "keep what was taken")
        circled = uncircle(before, cut, False)  # what trimming left of a walk may now be a circle
        if short and len(circled) < len(cut) and circled and circled[-1].turn == cut[-1].turn:
            g.game.restore(SLOT)
            again = g.play([p.command for p in circled], target)
            if again is not None and len(again) == len(circled) and _same_rooms(circled, again, rooms):
                cut, got = circled, again
        g.game.restore(SLOT)
        g.play([p.command for p in cut], target)
        g.game.save(SLOT)
        return name, cut, [score for score, _ in got]
    return None


@dataclass(frozen=True)
class RoomsPlayed:
    """Where the segment as played left the player: the room number after each turn, and the map's
    names for each room number the segment passed through."""

    by_turn: dict[int, int | None]
    names: dict[int | None, frozenset[str]]

    def get(self, turn: int, default: int | None) -> int | None:
        return self.by_turn.get(turn, default)


def _rooms_played(seg: list[Played], played: list[tuple[int | None, int | None]]) -> RoomsPlayed:
    by_turn = {p.turn: seen[1] for p, seen in zip(seg, played, strict=False)}
    names: dict[int | None, set[str]] = {}
    for p, (_, number) in zip(seg, played, strict=False):
        if p.room is not None:
            names.setdefault(number, set()).add(NUMBERED_ID.sub("", p.room))
    return RoomsPlayed(by_turn, {n: frozenset(v) for n, v in names.items()})


def _same_rooms(cut: list[Played], got: list[tuple[int | None, int | None]], rooms: RoomsPlayed) -> bool:
    """Whether each command of a cut left the player where it did in the segment as played.

    Rule ``a room is known by its name``: a story may lead the same move to either of two rooms the
    map cannot tell apart (two "forest" locations one move picks between at random); the live replay
    compares rooms by the map's names, so a room the segment as played knew by the step's name counts
    as the same place."""
    for p, (_, room) in zip(cut, got, strict=False):
        expected = rooms.get(p.turn, room)
        if expected == room:
            continue
        named = p.room is not None and NUMBERED_ID.sub("", p.room) in rooms.names.get(room, ())
        if not (on(NAMED_ROOMS) and named):
            return False
    return True


def _trim(
    g: Rehearsal,
    before: Played,
    cut: list[Played],
    got: list[tuple[int | None, int | None]],
    target: int,
    rooms_played: RoomsPlayed,
    keep_carried: bool = False,
) -> tuple[list[Played], list[tuple[int | None, int | None]]]:
    """Rule ``not needed``: leave out commands that neither moved nor scored in the earlier run, as long
    as the segment still reaches its score by the same rooms. Rule ``idle commands go in halves``: all
    of them are tried out at once, and a set that cannot go is split in two, the later half first (one at
    a time, a segment of some hundred turns spent the whole rehearsal budget, and the segments after it
    were never rehearsed)."""
    rooms = [before.room] + [p.room for p in cut]
    scores = [before.score or 0] + [p.score or 0 for p in cut]
    carried = [before.inventory] + [p.inventory for p in cut]
    idle: list[int] = []  # turns of the commands that may go, the last command (it scored) never
    for i, p in enumerate(cut[:-1]):
        # With keep_carried, what took or dropped a thing stays: a later segment may need it.
        same = rooms[i + 1] == rooms[i] and scores[i + 1] == scores[i]
        same = same and (carried[i + 1] == carried[i] or not keep_carried)
        if same and parse_direction(p.command) is None:
            idle.append(p.turn)
    chunks = [idle] if on(HALVES) else [[t] for t in reversed(idle)]
    while chunks and g.spend.left > len(cut):
        chunk = chunks.pop(0)
        if not chunk:
            continue
        gone = set(chunk)
        trial = [q for q in cut if q.turn not in gone]
        g.game.restore(SLOT)
        again = g.play([q.command for q in trial], target)
        if again is not None and len(again) == len(trial) and _same_rooms(trial, again, rooms_played):
            cut, got = trial, again
        elif len(chunk) > 1:
            half = len(chunk) // 2
            chunks[:0] = [chunk[half:], chunk[:half]]
    return cut, got


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
    spend = Spend()  # newest runs first: their histories start with the path already shortened
    for game_id in sorted(runs)[-EARLIER_RUNS:][::-1]:
        try:
            path = distil(conn, story, game_id, runs[game_id], check, spend)
        except Exception:  # a path is a help, never a reason to fail a game's start
            log.exception("proven path: distilling game %d failed", game_id)
            continue
        if path is not None and path.steps:
            found.append(path)
    if not found:
        return None
    return max(found, key=lambda p: (p.score, -len(p.steps), p.game_id))
