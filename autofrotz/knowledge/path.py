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
from collections.abc import Iterator
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from autofrotz.agents.builtin_ways import ways_the_reply_opens
from autofrotz.knowledge.learner import only_looks, refusal_class
from autofrotz.knowledge.rules import HALVES, NAMED_ROOMS, OPENED_A_WAY, UNDONE_POINTS, on
from autofrotz.managers.directions import parse_direction

log = logging.getLogger(__name__)

# Verbs that only look at the world (the common parsers' library verbs). ``look`` and ``inventory``
# never change it; examining, reading and searching can reveal a hidden thing, so only the short cut
# drops those, and the rehearsal tells whether that cost the score.
LOOK_ONLY = frozenset(["look", "l", "inventory", "i", "inv"])
LOOK_MAYBE = frozenset(["examine", "x", "read", "search", "listen", "smell", "look at", "look in"])
EARLIER_RUNS = 5  # newest earlier runs whose paths are distilled (the best one is replayed)
REHEARSAL_BUDGET = 40000  # commands the distillations at one run's start may send in all (some seconds)
SLOT = "proven-path"  # the rehearsal's save slot
# Passes of distil, shortest first; the first that reaches the run's best score is kept: every cut and
# trimming; the same keeping whatever took or dropped a thing (a later segment may need it); the
# careful cut alone.
PASSES = ("short", "keep what was taken", "careful")
# The parser's own questions back (the common libraries' disambiguation and missing-noun prompts): the
# next command answers them, so it means nothing once the command that was asked about is dropped.
PARSER_QUESTION = re.compile(
    r"(?:which|who|whom) do you mean|\b(?:what|whom|who) (?:do|does) .{0,40}\bwant to [a-z]+", re.IGNORECASE
)
_NUMBERED = re.compile(r"_\d+$")
# Rules ``idle commands go in halves`` (_trim), ``a way it opened`` (dead_ends), ``a point a later death
# undid`` (the path runs to the run's best, undone or not) and ``a room is known by its name`` (_same_rooms)
# are switched by their names (knowledge/rules.py).


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
    return _NUMBERED.sub("", a) == _NUMBERED.sub("", b)


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
            asked = bool(PARSER_QUESTION.search(p.text))
            if moved and parse_direction(p.command) is None:  # the map read the answer as a room
                misread[p.room] = room
            continue
        if not moved and not scored and _idle(p, short):
            asked = bool(PARSER_QUESTION.search(p.text))
            continue
        asked = False
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


@dataclass
class Spend:
    """Commands the rehearsals may still send (shared by the distillations at one run's start)."""

    left: int = REHEARSAL_BUDGET


class Rehearsal:
    """A side copy of the interpreter, started from the story file with an earlier run's seed, that
    plays candidate cuts from a saved point (a player rehearsing from a save). ``spend``: commands
    it may still send."""

    def __init__(self, story: Path, seed: int | None, spend: Spend | None = None) -> None:
        from autofrotz.backends.jericho_backend import JerichoBackend

        self.game = JerichoBackend(Path(story).resolve(), seed)
        self.game.start()
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
        circled = _uncircle(before, cut, False)  # what trimming left of a walk may now be a circle
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
            names.setdefault(number, set()).add(_NUMBERED.sub("", p.room))
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
        named = p.room is not None and _NUMBERED.sub("", p.room) in rooms.names.get(room, ())
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


History = tuple[Played, list[Played], int | None]  # what load_turns returns
Histories = dict[int, History]  # game id -> its history


def read_histories(conn: Any, runs: dict[int, int]) -> Histories:
    """The newest earlier runs' histories, read once for every reading of a run's start (dead ends, ways
    on, openings, takings, walls, the first run's rises) instead of once by each."""
    return {game_id: load_turns(conn, game_id) for game_id in sorted(runs)[-EARLIER_RUNS:]}


def _earlier(
    conn: Any, runs: dict[int, int], histories: Histories | None
) -> Iterator[tuple[int, Played, list[Played]]]:
    """(game id, start, history) of the newest earlier runs, from ``histories`` when it holds them."""
    for game_id in sorted(runs)[-EARLIER_RUNS:]:
        start, played, _seed = (histories or {}).get(game_id) or load_turns(conn, game_id)
        yield game_id, start, played


def earlier_runs(
    conn: Any, runs: dict[int, int], histories: Histories | None = None
) -> Iterator[tuple[int, Played, list[Played]]]:
    """(game id, start, history) of the newest earlier runs, for readers outside this module."""
    yield from _earlier(conn, runs, histories)


def dead_ends(
    conn: Any,
    runs: dict[int, int],
    path: ProvenPath | None,
    points: dict[tuple[str, str], int] | None = None,
    histories: Histories | None = None,
) -> dict[tuple[str, str], int]:
    """(room, command) -> run, for the commands earlier runs sent that changed nothing: no move, no
    score, nothing taken or dropped (rule ``known dead end``). The next run tries other things first.
    Moves are left out (a way is walked again and again), and so is whatever the path sends, and
    whatever did something there at another time of any earlier run (rule ``worked once``: a command
    that changed nothing before the door was open may be the one that scores after), and a command whose
    reply told of a way opening (rule ``a way it opened``: a passage that slides open in a wall changes
    neither the room, the score nor what is carried, and the run that saw it may never have gone that
    way). ``points``, when
    given, gets the highest score each dead end was tried at (rule ``a dead end at fewer points``)."""
    on_path = {step.command for step in path.steps} if path is not None else set()
    found: dict[tuple[str, str], int] = {}
    worked: set[tuple[str, str]] = set()
    for game_id, start, played in _earlier(conn, runs, histories):
        before = start
        for p in played:
            same = p.room == before.room and (p.score or 0) == (before.score or 0)
            idle = same and p.inventory == before.inventory and parse_direction(p.command) is None
            if idle and on(OPENED_A_WAY) and ways_the_reply_opens(p.command, p.text):
                idle = False  # rule ``a way it opened``: the reply told of a way that was not there before
            if idle and p.command not in on_path and before.room:
                found.setdefault((before.room, p.command), runs[game_id])
                if points is not None:
                    key = (before.room, p.command)
                    points[key] = max(points.get(key, 0), before.score or 0)
            elif before.room:
                worked.add((before.room, p.command))
            before = p
    return {k: v for k, v in found.items() if k not in worked}


def path_dict(path: ProvenPath) -> dict[str, Any]:
    """Plain data, for tests and the page."""
    return asdict(path)


def ways_on(
    conn: Any, runs: dict[int, int], histories: Histories | None = None
) -> dict[tuple[str, str], tuple[int, str]]:
    """(room, command) -> (run, the room it led to), for the commands other than moves that took an
    earlier run out of a room (a magic word, climbing into something): rule ``known way on``. A
    command that only looks moves nobody: a new room id after one is the map reading a header again
    (rule ``looking is no way on``)."""
    found: dict[tuple[str, str], tuple[int, str]] = {}
    for game_id, start, played in _earlier(conn, runs, histories):
        before = start
        for p in played:
            moved = p.room is not None and before.room is not None and not same_place(p.room, before.room)
            if (
                moved
                and parse_direction(p.command) is None
                and refusal_class(p.text) is None
                and not only_looks(p.command)
            ):
                found.setdefault((before.room or "?", p.command), (runs[game_id], p.room or "?"))
            before = p
    return found


def openings(
    conn: Any, runs: dict[int, int], histories: Histories | None = None
) -> dict[tuple[str, str], tuple[int, str]]:
    """(room, command) -> (run, direction), for the commands other than moves whose reply told an earlier
    run of a way opening where it stood ("a passage opens to the southeast"): rule ``a way an earlier run
    opened``. The run that saw it may never have gone that way."""
    found: dict[tuple[str, str], tuple[int, str]] = {}
    for game_id, start, played in _earlier(conn, runs, histories):
        before = start
        for p in played:
            ways = ways_the_reply_opens(p.command, p.text) if before.room else []
            if ways and parse_direction(p.command) is None:
                found.setdefault((before.room or "?", p.command), (runs[game_id], ways[0]))
            before = p
    return found


def taken(
    conn: Any, runs: dict[int, int], histories: Histories | None = None
) -> dict[tuple[str, str], tuple[int, tuple[str, ...]]]:
    """(room, command) -> (run, the things it gave), for the commands other than moves that first gave an
    earlier run something where it stood (rule ``what an earlier run took``). A later run whose path skips
    that room, or whose own rules pass the thing by, may need it for a point the first run never had the
    other half of. Only a thing's first taking counts, and never one that cost points (a treasure taken
    back out of the place it scored in)."""
    found: dict[tuple[str, str], tuple[int, tuple[str, ...]]] = {}
    for game_id, start, played in _earlier(conn, runs, histories):
        before, had = start, set(start.inventory)
        for p in played:
            gained = tuple(t for t in p.inventory if t not in before.inventory and t not in had)
            had |= set(p.inventory)
            if (
                gained
                and before.room is not None
                and same_place(p.room, before.room)
                and (p.score or 0) >= (before.score or 0)
                and parse_direction(p.command) is None
                and refusal_class(p.text) is None
            ):
                found.setdefault((before.room, p.command), (runs[game_id], gained))
            before = p
    return found


# The common libraries' reply to a compass move where the room has no exit at all (a closed or locked
# door, a guard, the dark say something else): "You can't go that way."
NO_EXIT = re.compile(
    r"(?:can't|cannot|can not) go (?:that way|in that direction)|no exit (?:that way|in that direction)|"
    r"you can't go there|there is no way to go|there's no way (?:to go )?that way",
    re.IGNORECASE,
)


STOCK_WALL = 3  # places a move was refused in the same words before those words mean "no exit"
STOCK_LENGTH = 120  # characters: a stock refusal is short
MAY_OPEN = re.compile(
    r"\b(?:door|gate|locked|closed|shut|lock|key|dark|guard|blocks?|won't let)\b", re.IGNORECASE
)


def walls(
    conn: Any, runs: dict[int, int], histories: Histories | None = None
) -> tuple[dict[tuple[str, str], int], int]:
    """((room, direction) -> run, best score), for the compass moves earlier runs were told have no
    exit from a room and that never led anywhere from it in any of them (rule ``known wall``), and
    the best score those runs reached. "No exit" is the library's wording (``NO_EXIT``) or the game's
    own: a short reply given word for word to moves from ``STOCK_WALL`` different places (learned
    per game, never a door's: a reply naming a door, a lock or something closed may change)."""
    found: dict[tuple[str, str], int] = {}
    said: dict[str, set[tuple[str, str]]] = {}  # short reply to a refused move -> (room, direction)
    went: set[tuple[str, str]] = set()
    best = 0
    for game_id, start, played in _earlier(conn, runs, histories):
        before = start
        for p in played:
            best = max(best, p.score or 0)
            direction = parse_direction(p.command)
            if direction is not None and before.room:
                key = (before.room, p.command)
                reply = " ".join(p.text.split())
                if p.room != before.room:
                    went.add(key)
                elif NO_EXIT.search(reply[:200]):
                    found.setdefault(key, runs[game_id])
                elif reply and len(reply) <= STOCK_LENGTH and not MAY_OPEN.search(reply):
                    said.setdefault(reply.lower(), set()).add(key)
                    if len(said[reply.lower()]) >= STOCK_WALL:
                        for k in said[reply.lower()]:
                            found.setdefault(k, runs[game_id])
            before = p
    return {k: v for k, v in found.items() if k not in went}, best


def score_rises(conn: Any, game_id: int, histories: Histories | None = None) -> list[tuple[int, int]]:
    """(turn, score) of each new best score of a recorded game (turns a restore undid left out)."""
    _start, played, _seed = (histories or {}).get(game_id) or load_turns(conn, game_id)
    rises, best = [], 0
    for p in played:
        if p.score is not None and p.score > best:
            best = p.score
            rises.append((p.turn, best))
    return rises
