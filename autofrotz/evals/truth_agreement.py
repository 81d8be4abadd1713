"""`python -m autofrotz.evals.truth_agreement [GAMES_DIR]`: the memory reader against jericho's answers
on every jericho-supported corpus game (the comparison itself is backends/truth_agreement.py)."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import jericho

from autofrotz.backends.truth_agreement import compare_game
from autofrotz.evals.corpus import CorpusGame, corpus
from autofrotz.games import GAMES_DIR


def supported_corpus_games(games_dir: Path) -> list[CorpusGame]:
    """Corpus games with a command list that jericho has bindings for (its walkthrough games, TextWorld's)."""
    found = []
    for game in corpus(games_dir):
        if game.walkthrough and game.kind != "own" and _has_bindings(game.path):
            found.append(game)
    return found


def _has_bindings(path: Path) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = jericho.FrotzEnv(str(path))
    try:
        return bool(env.is_fully_supported)
    finally:
        env.close()


def main(argv: list[str]) -> int:
    """Compare on every jericho-supported corpus game with commands in a directory (default games/)."""
    games_dir = Path(argv[0]) if argv else GAMES_DIR
    bad = 0
    for game in supported_corpus_games(games_dir):
        res = compare_game(game.path, list(game.walkthrough or ()))
        bad += not res.all_agree
        print(
            f"{res.game:14} steps {res.steps:4} player {'ok' if res.player_found else 'MISSED'} "
            f"rooms {res.rooms_agree} inventory {res.inventory_agree} unknown {res.unknown} "
            f"scores {res.scores_agree}/{res.scores_checked} {res.disagreements[:2]}"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
