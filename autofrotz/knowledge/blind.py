"""Rule ``the story names its exits``: a later run skips directions the room does not mention when the
earlier runs' tries of such directions never found a room.

Once the built-in agent has walked every exit a room mentions and handled its things, it tries the
standard directions the room does not mention, in every room (rules ``try a direction the room does not
mention`` and ``walk to a room with directions not yet tried``): in a story that hides exits this finds
rooms, in one that names every exit it spends a dozen turns a room on "You can't go that way". Many
stories name every exit in the room's description (the convention of most modern games). A later run
reads the earlier runs' recorded turns: when at least ``EVIDENCE`` of those tries were made and none of
them reached a room that run had not seen before, the story names its exits, and this run spends those
turns on the rest of its pool instead (the wider pool, the uncommon verbs). A blind try that led to a
room already known (a connection the description left out) finds nothing new to do there.
"""

from __future__ import annotations

from typing import Any

REASON = "try a direction the room does not mention"  # the explorer's reasoning for such a try
EVIDENCE = 20  # blind tries of the earlier runs, none finding a room, before the rule holds
EARLIER_RUNS = 5
RULE = "the story names its exits"


def blind_tries(conn: Any, runs: dict[int, int]) -> tuple[int, int]:
    """(blind tries, those that reached a room their run had not seen) of the newest earlier runs."""
    tries = found = 0
    for game_id in sorted(runs)[-EARLIER_RUNS:]:
        rows = conn.execute(
            "SELECT room_id, agent_reasoning FROM turns WHERE game_id = ? ORDER BY turn_number", (game_id,)
        ).fetchall()
        n, new = count_blind(rows)
        tries, found = tries + n, found + new
    return tries, found


def count_blind(rows: list[tuple[str | None, str | None]]) -> tuple[int, int]:
    """(blind tries, those that reached an unseen room) of one run's (room after, reasoning) rows.

    >>> count_blind([("hall", None), ("hall", REASON), ("cellar", REASON + " [x]"), ("hall", REASON)])
    (3, 1)
    """
    seen: set[str] = set()
    tries = found = 0
    for room, why in rows:
        if why and why.startswith(REASON):
            tries += 1
            found += bool(room) and room not in seen
        if room:
            seen.add(room)
    return tries, found


def names_exits(tries: int, found: int) -> bool:
    """Whether the earlier runs show the story names its exits.

    >>> names_exits(40, 0), names_exits(40, 1), names_exits(5, 0)
    (True, False, False)
    """
    return tries >= EVIDENCE and found == 0
