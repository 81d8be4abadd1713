"""Rule ``open what an earlier run found shut``: a thing an earlier run's command met closed is opened
first by a later run.

"jump through the hatch" answered "The hatch is closed." tells where a later run should open
something before anything else there: a clock that starts in that room (a guard who comes once a
thing is taken) may leave no turn for it later. Read from every turn an earlier run played, the ones
a restore undid too (a clock's victim often learns it just before dying).

A rule object of a later run's policy (``OpenShut``, a plan; the replay of the proven path asks it too
before each step) holding its part of the run's state (``Shut``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from autofrotz.agents.base import TurnContext
from autofrotz.knowledge.path import EARLIER_RUNS
from autofrotz.knowledge.rules import SHUT, on
from autofrotz.knowledge.told import notes_nothing
from autofrotz.reading.told_ways import SHUT_REFUSAL
from autofrotz.words.directions import parse_direction

RULE = "open what an earlier run found shut"

SHUT_VERBS = ("open", "close", "shut", "unlock", "lock", "look", "examine", "x ", "search", "l ")


def shut_in_way(conn: Any, runs: dict[int, int]) -> dict[tuple[str, str], int]:
    """(room, thing) -> run, for the things an earlier run's command met shut (rule ``open what an earlier
    run found shut``): "jump through the hatch" answered "The hatch is closed.", the command naming the
    thing. A later run opens it when it first stands in that room, before anything that starts a clock
    leaves no turn for it. Every turn played counts, the ones a restore undid too (a clock's victim often
    learns it just before dying). A thing met shut in two rooms is carried, not a fixture: left out.

    >>> SHUT_REFUSAL.match("The trap door is closed.").group(1)
    'trap door'
    >>> SHUT_REFUSAL.match("You open the box. The lid is closed.") is None
    True
    """
    rooms: dict[str, dict[str, int]] = {}
    for game_id in sorted(runs)[-EARLIER_RUNS:]:
        rows = conn.execute(
            "SELECT command_sent, room_id, game_output FROM turns WHERE game_id = ? ORDER BY turn_number",
            (game_id,),
        ).fetchall()
        for command, room, text in rows:
            command = (command or "").strip().lower()
            m = SHUT_REFUSAL.match(text or "")
            if not m or not room or parse_direction(command) is not None or command.startswith(SHUT_VERBS):
                continue
            thing = m.group(1).lower()
            if thing.split()[-1] in command.split():  # the thing the command meant
                rooms.setdefault(thing, {}).setdefault(room, runs[game_id])
    return {
        (room, thing): run for thing, seen in rooms.items() if len(seen) == 1 for room, run in seen.items()
    }


def open_first(
    shut: dict[tuple[str, str], int], room: str | None, opened: list[str]
) -> tuple[str, str] | None:
    """(command, rule) opening the next thing met shut in this very room, once a run (``opened`` keeps
    "room|thing" of what this run opened).

    >>> done = []
    >>> open_first({("study", "hatch"): 1}, "study", done), open_first({("study", "hatch"): 1}, "study", done)
    (('open hatch', 'open what an earlier run found shut (run 1)'), None)
    """
    for (where, thing), run in shut.items():
        key = f"{where}|{thing}"
        if room == where and key not in opened:
            opened.append(key)
            return f"open {thing}", f"{RULE} (run {run})"
    return None


@dataclass
class Shut:
    """What this run opened of the things earlier runs found shut."""

    shut_opened: list[str] = field(default_factory=list)  # "room|thing"


@dataclass
class OpenShut:
    """The next thing an earlier run found shut in this room, opened (once a run)."""

    opened: Shut
    known: dict[tuple[str, str], int]  # (room, thing) -> run, of earlier runs
    name = SHUT
    observe = notes_nothing

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        return open_first(self.known, ctx.room_id, self.opened.shut_opened) if on(SHUT) else None
