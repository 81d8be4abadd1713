"""What the histories of earlier runs tell the next run: dead ends, ways on, ways opened, things taken,
walls, and the first run's score rises (each reading named as a rule in its docstring)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from autofrotz.agents.builtin_ways import ways_the_reply_opens
from autofrotz.knowledge.learner import only_looks
from autofrotz.knowledge.path import EARLIER_RUNS, Played, ProvenPath, load_turns, same_place
from autofrotz.knowledge.rules import OPENED_A_WAY, on
from autofrotz.reading.patterns import LIBRARY_NO_EXIT, refusal_class
from autofrotz.reading.told_ways import MAY_OPEN
from autofrotz.words.directions import parse_direction

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


STOCK_WALL = 3  # places a move was refused in the same words before those words mean "no exit"
STOCK_LENGTH = 120  # characters: a stock refusal is short


def walls(
    conn: Any, runs: dict[int, int], histories: Histories | None = None
) -> tuple[dict[tuple[str, str], int], int]:
    """((room, direction) -> run, best score), for the compass moves earlier runs were told have no
    exit from a room and that never led anywhere from it in any of them (rule ``known wall``), and
    the best score those runs reached. "No exit" is the library's wording (``LIBRARY_NO_EXIT``) or the
    game's own: a short reply given word for word to moves from ``STOCK_WALL`` different places (learned
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
                elif LIBRARY_NO_EXIT.search(reply[:200]):
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
