"""An in-process interpreter's scratch folder never outlives its game.

The jericho back end runs every command inside a temporary folder of its own, so files a story writes
land there. A game closed normally deletes it; a game dropped without close() (a side copy left on an
error path, an eval worker's session) must not leave the folder in /tmp either.
"""

from __future__ import annotations

import gc
import os

from autofrotz.game_interface import open_game


def _started_scratch(game_name: str = "cellar") -> tuple[object, str]:
    game = open_game(game_name)
    game.start()
    game.send("look")
    folder = game._scratch_dir()
    return game, folder


def test_close_deletes_the_scratch_folder() -> None:
    game, folder = _started_scratch()
    assert os.path.isdir(folder)
    game.close()  # type: ignore[attr-defined]
    assert not os.path.exists(folder)
    game.close()  # type: ignore[attr-defined]  # a second close is harmless


def test_a_game_dropped_without_close_deletes_it_too() -> None:
    game, folder = _started_scratch()
    assert os.path.isdir(folder)
    del game
    gc.collect()
    assert not os.path.exists(folder)
