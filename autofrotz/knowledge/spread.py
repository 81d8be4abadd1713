"""Rule ``move on from a spent room``: a later run does not spend its spare turns where earlier runs did.

A run that replayed the proven path has hundreds of turns left. The agent's own last resorts (the
wider pool, the sweep of uncommon verbs, waiting) are tried in the room it happens to stand in, and
once it has idled its tries are forgotten and swept again there: a run can spend four hundred turns
on one ledge whose only way out it never takes again. A player who is stuck walks somewhere else and
tries things there. So once this run has spent ``STALE_TURNS`` turns in one room without a new room
or a point, it walks the known map (earlier runs' exits and this run's) to the room of this run's map
where the fewest turns were spent (this run's turns there plus the earlier runs' mean), the nearest
of those first; ``WALK_STEPS`` steps a walk at most, never by a move that failed or killed.
"""

from __future__ import annotations

from typing import Any

STALE_TURNS = 40  # turns in one room without a new room or a point before the run moves on
WALK_STEPS = 12  # steps walked towards one room before the walk is left
EARLIER_RUNS = 5
RULE = "move on from a spent room"


def room_turns(conn: Any, runs: dict[int, int]) -> dict[str, float]:
    """Room id -> the mean number of turns the earlier runs (the newest ``EARLIER_RUNS``) spent there."""
    games = sorted(runs)[-EARLIER_RUNS:]
    if not games:
        return {}
    marks = ",".join("?" for _ in games)
    rows = conn.execute(
        f"SELECT room_id, COUNT(*) FROM turns WHERE game_id IN ({marks}) AND room_id IS NOT NULL"
        " GROUP BY room_id",
        games,
    ).fetchall()
    return {str(room): count / len(games) for room, count in rows}


def least_spent(
    here: str, rooms: set[str], now: dict[str, int], before: dict[str, float], far: dict[str, int]
) -> str | None:
    """The room to move on to: fewest turns spent there (this run's plus the earlier runs' mean), then
    the nearest (``far``: steps to each reachable room); None when no other room is reachable.

    >>> least_spent("ledge", {"ledge", "lake", "trail"}, {"ledge": 90, "lake": 3}, {"trail": 8.0},
    ...             {"lake": 1, "trail": 2})
    'lake'
    """
    options = [r for r in rooms if r != here and r in far]
    if not options:
        return None
    return min(options, key=lambda r: (now.get(r, 0) + before.get(r, 0.0), far[r], r))
