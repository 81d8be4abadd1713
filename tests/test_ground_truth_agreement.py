"""The memory reader against jericho's own answers, at every step of every jericho-supported corpus game.

The reader is told nothing: it finds the player and the room level itself (compass moves in side
copies) and reports a score only once the game's reply to "score" states it. Jericho's bindings give
the player object, get_player_location() (lifted to the room holding it), get_inventory() and
get_score(). This is what lets the evaluation trust the reader on the games jericho cannot read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.backends.truth_agreement import compare_game
from autofrotz.evals.corpus import CorpusGame
from autofrotz.evals.truth_agreement import supported_corpus_games

REPO_GAMES = Path(__file__).resolve().parent.parent / "games"
INSTALL_HINT = "story files not installed; run: python -m autofrotz.games install --from ../shared/games"


def _games() -> list[CorpusGame]:
    if not (REPO_GAMES / "zork1.z5").is_file():
        return []
    return supported_corpus_games(REPO_GAMES)


GAMES = _games()


@pytest.mark.skipif(not GAMES, reason=INSTALL_HINT)
def test_every_jericho_walkthrough_story_is_covered() -> None:
    assert len([g for g in GAMES if g.kind == "story"]) == 29


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_memory_reader_agrees_with_jericho(game: CorpusGame) -> None:
    result = compare_game(game.path, list(game.walkthrough or ()))
    assert result.player_found, f"{game.name}: the reader did not find jericho's player object"
    assert result.all_agree, f"{game.name}: {result.disagreements[:5]}"
    assert result.unknown <= 10  # honest unknowns only while no move has succeeded yet
    assert result.scores_agree == result.scores_checked
