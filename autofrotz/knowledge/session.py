"""One run's learning: the story's key, what earlier runs taught (the lore) and this run's learner."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autofrotz.knowledge.blind import blind_tries
from autofrotz.knowledge.briefing import briefing as briefing_text
from autofrotz.knowledge.clock import clocks
from autofrotz.knowledge.described import described
from autofrotz.knowledge.histories import (
    dead_ends,
    earlier_runs,
    openings,
    read_histories,
    score_rises,
    taken,
    walls,
    ways_on,
)
from autofrotz.knowledge.learner import Learner
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.path import ProvenPath
from autofrotz.knowledge.rehearsal import best_path
from autofrotz.knowledge.shut import shut_in_way
from autofrotz.knowledge.side_trip import tried_by_text
from autofrotz.knowledge.spread import room_turns
from autofrotz.knowledge.verbs import story_verbs
from autofrotz.reading import Reading
from autofrotz.storage.facts import Fact, latest_guide, read_facts, run_number, story_sha

if TYPE_CHECKING:
    from autofrotz.game_interface import RunningGame

log = logging.getLogger(__name__)


@dataclass
class Learning:
    """What the orchestrator and the agents need: facts out each turn, the lore and guide in."""

    sha: str
    lore: Lore
    learner: Learner
    fresh: bool = False
    guide: str = ""  # the newest post-mortem guide of an earlier run ("" when none or fresh)
    guide_run: int | None = None
    path: ProvenPath | None = None  # the best earlier run's route to its best score (knowledge/path.py)
    game: RunningGame | None = None  # the running game, whose traps (commands it never answered) are kept
    traps: frozenset[str] = frozenset()  # the traps earlier runs found, and those written since

    @classmethod
    def open(
        cls,
        conn: Any,
        path: str | Path,
        seed: int | None,
        fresh: bool,
        game_id: int | None = None,
        rehearse: bool = True,
    ) -> Learning:
        """Load what earlier runs of the story at ``path`` taught (nothing when ``fresh``).

        ``game_id``: the game being resumed; only runs before it count as earlier. ``rehearse``: distil
        the proven path of the earlier runs (checked in a side copy of the interpreter).
        """
        sha = story_sha(path)
        rows = [] if fresh else read_facts(conn, sha, before_game=game_id)
        lore = Lore.from_rows(sha, rows)
        run = run_number(conn, sha, game_id) if game_id is not None else _next_run(conn, sha)
        learning = cls(sha, lore, Learner(sha, run, seed), fresh)
        learning.traps = frozenset(str(r["key"]) for r in rows if r["kind"] == "trap")
        runs = {int(r["key"]): int(r["body"]["run"]) for r in rows if r["kind"] == "run"}
        if runs and rehearse:
            learning.path = best_path(conn, Path(path), runs)
        if runs:
            read = read_histories(conn, runs)  # every earlier run's turns, read once for all below
            lore.dead_ends = dead_ends(conn, runs, learning.path, lore.dead_end_points, read)
            lore.verbs = story_verbs(Path(path))
            lore.ways_on = ways_on(conn, runs, read)
            lore.taken = taken(conn, runs, read)
            lore.openings = openings(conn, runs, read)
            lore.shut = shut_in_way(conn, runs)
            lore.described = described(earlier_runs(conn, runs, read))
            lore.tried_texts = tried_by_text(conn, runs)
            lore.walls, lore.best_score = walls(conn, runs, read)
            lore.first_rises = score_rises(conn, min(runs), read)  # the blank run: what playing fresh gave
            lore.stays = clocks(conn, runs, frozenset(lore.timed))
            lore.spare_clock_rooms(set(lore.stays.clocks()))
            lore.room_turns = room_turns(conn, runs)
            lore.blind = blind_tries(conn, runs)
        if not fresh:
            found = latest_guide(conn, sha, game_id if game_id is not None else 1 << 62)
            if found is not None:
                learning.guide = found[1]
                learning.guide_run = run_number(conn, sha, found[0])
        return learning

    @property
    def run(self) -> int:
        return self.learner.run

    def briefing(self) -> str:
        """The model's briefing on what earlier runs taught (knowledge/briefing.py)."""
        return briefing_text(self.lore, self.guide, self.guide_run)

    def knew(self) -> dict[str, Any]:
        """What this run started knowing, for the game record and the page."""
        known = {"run": self.run, "fresh": self.fresh, "guide": bool(self.guide)} | self.lore.summary()
        return known | (self.path.summary() if self.path is not None else {})

    def facts(
        self,
        game_id: int,
        n: int,
        reading: Reading,
        score: Any,
        event: Any,
        world: Any,
        restored: int | None = None,
    ) -> tuple[str, list[Fact]] | None:
        """This turn's facts for the turn's transaction, from its reply's reading (None when there is
        nothing new); ``restored``: after a death, the score of the save restored."""
        try:
            found = self.learner.facts(game_id, n, reading, score, event, world, restored)
        except Exception:  # learning must never cost a turn's record
            log.exception("knowledge: learning from turn %d failed", n)
            return None
        found = found + self._new_traps()
        return (self.sha, found) if found else None

    def _new_traps(self) -> list[Fact]:
        """Commands that left the game not answering this run, kept so later runs never send them."""
        new = set(self.game.traps if self.game is not None else ()) - self.traps
        self.traps |= new
        return [Fact("trap", command) for command in sorted(new)]


def _next_run(conn: Any, sha: str) -> int:
    row = conn.execute(
        "SELECT COUNT(*) FROM knowledge WHERE story_sha = ? AND kind = 'run'", (sha,)
    ).fetchone()
    return int(row[0]) + 1
