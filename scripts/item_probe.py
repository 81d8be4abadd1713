"""Check that side "inventory" queries leave each walkthrough exactly as it was.

Plays every jericho-supported walkthrough twice through the jericho back end, once plainly and once
with a saved-and-restored "inventory" after every step, and compares the two transcripts reply by
reply. Usage: .venv/bin/python scripts/item_probe.py [--games zork1,detective] [--games-dir games]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from autofrotz.evals.eval_session import walkthrough
from autofrotz.evals.perception import corpus_games
from autofrotz.evals.side_transcripts import first_divergence, transcript
from autofrotz.game_interface import open_game


def check(path: Path) -> tuple[int | None, int | None]:
    """Index of the first reply side queries changed (spacing ignored, then exactly), or None."""
    steps = walkthrough(path) or []
    runs = []
    for probed in (False, True):
        with open_game(path, "jericho", seed=None) as game:
            runs.append(transcript(game, steps, probed))
    return first_divergence(runs[0], runs[1]), first_divergence(runs[0], runs[1], exact=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="walkthrough")
    parser.add_argument("--games-dir", default="games", type=Path)
    args = parser.parse_args()
    failures = 0
    for game in corpus_games(args.games, args.games_dir):
        path = game.path
        where, exact = check(path)
        failures += where is not None
        spacing = "" if exact is None else f" (spacing differs from reply {exact})"
        verdict = "same text" if where is None else f"differs at reply {where}"
        print(f"{path.stem:14s} {verdict}{spacing}", flush=True)
    print(f"{failures} game(s) changed by side queries")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
