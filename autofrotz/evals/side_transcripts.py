"""Transcripts with and without side "inventory" questions: proof that asking changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from autofrotz.game_interface import GameInterfaceError
from autofrotz.side_copies import side_inventory

if TYPE_CHECKING:
    from autofrotz.game_interface import GameInterface


def transcript(game: GameInterface, steps: list[str], probe_every_step: bool) -> list[str]:
    """Replies to a walkthrough, optionally with a side "inventory" asked after every step."""
    replies = [game.start()]
    for command in steps:
        try:
            result = game.send(command)
        except GameInterfaceError:
            replies.append("<refused>")
            continue
        replies.append(result.text)
        if result.ended:
            break
        if probe_every_step:
            side_inventory(game, result.text)
    return replies


def first_divergence(clean: list[str], probed: list[str], exact: bool = False) -> int | None:
    """Index of the first reply that differs between two transcripts, or None when identical.

    Unless exact, replies are compared with blank lines and spacing collapsed: the interpreter may
    print a pending newline once more after a restore, which changes no game state.

    >>> first_divergence(["a", "b"], ["a", "b"]), first_divergence(["a", "b"], ["a", "c"])
    (None, 1)
    >>> first_divergence(["a", "\\n\\nb"], ["a", "\\nb"]), first_divergence(["\\nb"], ["b"], exact=True)
    (None, 0)
    """
    for index, (a, b) in enumerate(zip(clean, probed, strict=False)):
        if a != b if exact else a.split() != b.split():
            return index
    return None if len(clean) == len(probed) else min(len(clean), len(probed))
