"""Replay Jericho walkthroughs through the ItemManager and compare inventories with the game's.

Usage: .venv/bin/python scripts/item_probe.py [--games a.z5 b.z5] [--show GAME] [--initial-inventory]
"""

from __future__ import annotations

import argparse
import os
import warnings
from dataclasses import dataclass, field

from autofrotz.evals.inventory_metrics import counted_truth, inventory_matches
from autofrotz.managers.item_manager import ItemManager

GAMES_DIR = "/work/shared/games"


@dataclass
class GameResult:
    game: str
    steps: int = 0
    matched_counted: int = 0
    matched_tree: int = 0
    unsure: int = 0
    checks: int = 0
    skipped: int = 0
    misses: list[str] = field(default_factory=list)


def supported_games() -> list[str]:
    """Story files in GAMES_DIR that Jericho fully supports and that ship a walkthrough."""
    import jericho

    lib = jericho.jericho._load_frotz_lib()
    names = sorted(g for g in os.listdir(GAMES_DIR) if g.endswith(".z5"))
    out = []
    for name in names:
        if lib.is_supported(os.path.join(GAMES_DIR, name).encode()):
            env = jericho.FrotzEnv(os.path.join(GAMES_DIR, name))
            try:
                env.get_walkthrough()
                out.append(name)
            except KeyError:
                pass
    return out


def carried_names(env) -> list[str] | None:  # type: ignore[no-untyped-def]
    """Names of the player's direct children, or None when Jericho cannot read part of the chain."""
    names = []
    number = env.get_player_object().child
    while number > 0:
        obj = env.get_object(number)
        if obj is None:  # objects beyond Jericho's table: the tree is unreadable at this step
            return None
        names.append(obj.name)
        number = obj.sibling
    return names


def side_inventory(env) -> str:  # type: ignore[no-untyped-def]
    """The game's answer to "inventory" without disturbing the run."""
    state = env.get_state()
    text, _, _, _ = env.step("inventory")
    env.set_state(state)
    return str(text)


def room_of(env) -> str:  # type: ignore[no-untyped-def]
    """The true room name (the probe uses it as room id: room tracking is not measured here)."""
    location = env.get_player_location()
    return location.name if location is not None else "?"


def run_game(name: str, initial_inventory: bool, show: bool, checks: bool) -> GameResult:
    """Play one walkthrough and score every step."""
    import jericho

    env = jericho.FrotzEnv(os.path.join(GAMES_DIR, name))
    obs, _ = env.reset()
    manager = ItemManager()
    result = GameResult(name)
    manager.update_from_game_output(obs, room_of(env), None, 0)
    if initial_inventory:
        manager.update_from_game_output(side_inventory(env), room_of(env), "inventory", 0)
    walkthrough = env.get_walkthrough()
    reply = ""
    for turn, command in enumerate(walkthrough, start=1):
        obs, _, done, _ = env.step(command)
        if done:
            break
        room = room_of(env)
        manager.update_from_game_output(obs, room, command, turn)
        result.unsure += manager.unsure_reason is not None
        # Jericho cannot restore a state saved while the game waits for a key press (the walkthrough's
        # next command is then empty): no side queries at such steps.
        key_wait = turn < len(walkthrough) and not walkthrough[turn].strip()
        if checks and manager.wants_inventory_check and not key_wait:
            result.checks += 1
            manager.update_from_game_output(side_inventory(env), room, "inventory", turn)
        tree = carried_names(env)
        if tree is None:
            result.skipped += 1
            continue
        reply = reply if key_wait else side_inventory(env)
        ours = [i.name for i in manager.get_inventory()]
        result.steps += 1
        ok = inventory_matches(ours, counted_truth(tree, reply))
        result.matched_counted += ok
        result.matched_tree += inventory_matches(ours, tree)
        if not ok and show:
            flat = obs.strip().replace("\n", " / ")[:300]
            print(f"#{turn} {command!r} -> {flat}\n   ours={ours}\n   truth={counted_truth(tree, reply)}")
            if manager.unsure_reason:
                print("   unsure:", manager.unsure_reason)
    return result


def line(r: GameResult) -> str:
    """One row of the report."""
    steps = max(r.steps, 1)
    turns = max(r.steps + r.skipped, 1)
    return (
        f"{r.game:18s} steps={r.steps:5d} skipped={r.skipped:4d} inv={100 * r.matched_counted / steps:6.1f}% "
        f"tree={100 * r.matched_tree / steps:6.1f}% unsure/turn={r.unsure / turns:.3f} "
        f"checks/turn={r.checks / turns:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", nargs="*")
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--initial-inventory", action="store_true")
    parser.add_argument("--checks", action="store_true", help="answer the manager's inventory-check requests")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    games = args.games or supported_games()
    total = GameResult("TOTAL")
    for game in games:
        r = run_game(game, args.initial_inventory, args.show, args.checks)
        for key in ("steps", "matched_counted", "matched_tree", "unsure", "checks", "skipped"):
            setattr(total, key, getattr(total, key) + getattr(r, key))
        print(line(r), flush=True)
    print(line(total))


if __name__ == "__main__":
    main()
