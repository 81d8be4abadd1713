"""A side "look" costs the real game nothing: dev walkthroughs played on jericho with a side look after
every command give the same replies as without one (the side copy restores RAM, stack, program counter
and random generator). White space is compared loosely: the interpreter's screen (where the cursor
stands, the status line) is not part of jericho's state, so a reply after a side look may start with
one blank line fewer (Murdac, loose); our readers strip leading blank lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.side_copies import side_look

# dev walkthrough games with timed events and daemons (a wandering monster, a clock), so a side copy
# that leaked a turn, a random draw or a timer would show in a later reply
GAMES = ("Murdac.z5", "detective.z5", "zenon.z5")


def _replies(path: Path, steps: list[str], look: bool) -> list[str]:
    from autofrotz.game_interface import open_game

    with open_game(path, "jericho", seed=None) as game:
        replies = [game.start()]
        for command in steps:
            reply = game.send(command)
            replies.append(reply.text)
            if reply.ended:
                break
            if look:
                assert side_look(game, reply.text) is not None or not reply.text.strip()
    return replies


@pytest.mark.parametrize("name", GAMES)
def test_a_side_look_after_every_command_leaves_the_walkthrough_unchanged(games_dir: Path, name: str) -> None:
    pytest.importorskip("jericho")
    from autofrotz.evals.eval_session import walkthrough

    path = games_dir / name
    steps = walkthrough(path) if path.is_file() else None
    if not steps:
        pytest.skip(f"{path} is missing or has no jericho walkthrough")
    plain, looked = _replies(path, steps, False), _replies(path, steps, True)
    assert len(plain) == len(looked) > 10
    assert [r.split() for r in plain] == [r.split() for r in looked]
