"""Integration: replay short Jericho walkthroughs and compare our inventory with the game's."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

from autofrotz.evals.inventory_metrics import counted_truth, inventory_matches
from autofrotz.managers.item_manager import ItemManager

ROOTS = (Path(__file__).resolve().parent.parent / "games", Path("/work/shared/games"))


def story(name: str) -> Path:
    for root in ROOTS:
        if (root / name).exists():
            return root / name
    pytest.skip(f"{name} is not installed")


def side_inventory(env: Any) -> str:
    """The game's answer to "inventory" in a saved-and-restored side copy."""
    state = env.get_state()
    text, _, _, _ = env.step("inventory")
    env.set_state(state)
    return str(text)


def inventory_share(name: str) -> float:
    jericho = pytest.importorskip("jericho")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = jericho.FrotzEnv(str(story(name)))
    obs, _ = env.reset()
    manager = ItemManager()
    manager.update_from_game_output(obs, "start", None, 0)
    manager.update_from_game_output(side_inventory(env), "start", "inventory", 0)
    matched = steps = 0
    for turn, command in enumerate(env.get_walkthrough(), start=1):
        obs, _, done, _ = env.step(command)
        if done:
            break
        manager.update_from_game_output(obs, f"room{env.get_player_location().num}", command, turn)
        if manager.wants_inventory_check:
            manager.update_from_game_output(side_inventory(env), None, "inventory", turn)
        truth = counted_truth([o.name for o in env.get_inventory()], side_inventory(env))
        matched += inventory_matches([i.name for i in manager.get_inventory()], truth)
        steps += 1
    return matched / steps


@pytest.mark.parametrize(
    ("game", "share"), [("acorncourt.z5", 1.0), ("detective.z5", 1.0), ("night.z5", 1.0)]
)
def test_walkthrough_inventory_share(game: str, share: float) -> None:
    assert inventory_share(game) >= share
