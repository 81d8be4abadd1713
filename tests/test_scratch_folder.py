"""An in-process interpreter's scratch folder never outlives its game.

The jericho back end runs every command inside a temporary folder of its own, so files a story writes
land there. A game closed normally deletes it; a game dropped without close() (a side copy left on an
error path, an eval worker's session) must not leave the folder in /tmp either.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from typing import Any

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


_LEFT_OPEN: list[object] = []  # a game the worker below never closes, still referenced when it ends


def _worker_leaving_a_game_open(report: Any) -> None:
    game, folder = _started_scratch()
    _LEFT_OPEN.append(game)
    report.put(folder)


def test_a_worker_process_that_ends_with_its_game_open_deletes_it() -> None:
    # A bench or eval worker (a multiprocessing child) ends with os._exit, which runs no weakref
    # finalizer and no atexit function: only multiprocessing's own finalizers run before it.
    context = multiprocessing.get_context("fork")
    report = context.Queue()
    worker = context.Process(target=_worker_leaving_a_game_open, args=(report,))
    worker.start()
    folder = report.get(timeout=60)
    worker.join(timeout=60)
    assert worker.exitcode == 0
    assert not os.path.exists(folder)


def test_a_forked_child_leaves_its_parent_s_folder() -> None:
    # The child inherits the parent's game and its finalizer; ending, it must not delete the folder
    # the parent's interpreter still runs in.
    game, folder = _started_scratch()
    try:
        context = multiprocessing.get_context("fork")
        child = context.Process(target=gc.collect)
        child.start()
        child.join(timeout=60)
        assert os.path.isdir(folder)
        game.send("look")  # type: ignore[attr-defined]
    finally:
        game.close()  # type: ignore[attr-defined]
