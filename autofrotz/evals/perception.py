"""`python main.py eval perception`: the map and item managers against jericho's object tree.

Plays each jericho-supported game's walkthrough, feeds every output to MapManager and ItemManager,
and scores room tracking (one consistent one-to-one mapping of our ids to true rooms), merged and
split rooms, inventory agreement, LLM parser calls per turn and map reachability.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autofrotz.bench.figures import emit, progress
from autofrotz.evals.eval_session import EvalSession, Truth, supported_games, walkthrough
from autofrotz.evals.perception_metrics import (
    CountingLLM,
    mismatched_steps,
    reachability,
    room_scores,
    segment_reachability,
)
from autofrotz.inventory_probe import InventoryProbe
from autofrotz.managers.map_manager import MapManager

TARGETS = {"room_tracking": 99.0, "inventory": 98.0, "llm_calls_per_turn": 0.1}
DEFAULT_GAMES_DIR = Path("games")


@dataclass
class GameRun:
    """Everything recorded while one walkthrough plays."""

    game: str
    pairs: list[tuple[str | None, int]] = field(default_factory=list)
    inventory_hits: int = 0
    inventory_steps: int = 0
    map_llm_calls: int = 0
    item_llm_calls: int = 0
    side_queries: int = 0
    turns: int = 0
    failures: list[str] = field(default_factory=list)
    commands: list[str | None] = field(default_factory=list)


def _item_manager(mode: str, llm: Any) -> Any:
    try:
        from autofrotz.managers.item_manager import ItemManager
    except ImportError:
        return None
    return ItemManager(llm=llm, mode=mode, inventory_checks=True)  # play() answers its checks


def _inventory_equal(ours: list[str], truth: list[str]) -> bool:
    try:
        from autofrotz.evals.inventory_metrics import inventory_matches
    except ImportError:
        return sorted(n.lower() for n in ours) == sorted(n.lower() for n in truth)
    return bool(inventory_matches(ours, truth))


def _observe(
    run: GameRun, maps: MapManager, items: Any, text: str, command: str | None, turn: int, probe: Any = None
) -> None:
    update = maps.update_from_game_output(text, command, turn)
    if probe is not None:  # a move that printed no room: the side copy's "look" may name it
        asked = probe.looks
        update = probe.settle_room(maps, text, command, turn) or update
        run.side_queries += probe.looks - asked
    if items is not None:
        items.update_from_game_output(text, update.room_id, command, turn)
        run.side_queries += bool(probe and probe.answer(items, update.room_id, turn, text))


def _score_step(run: GameRun, maps: MapManager, items: Any, truth: Truth, command: str | None = None) -> None:
    run.pairs.append((maps.current_room, truth.room_number))
    run.commands.append(command)
    if items is not None:
        ours = [item.name for item in items.get_inventory()]
        run.inventory_steps += 1
        run.inventory_hits += _inventory_equal(ours, truth.inventory)


def play(path: Path, mode: str, with_items: bool = True) -> tuple[GameRun, MapManager]:
    """Play one walkthrough and record our state against the truth after every step."""
    steps = walkthrough(path) or []
    map_llm = CountingLLM("map_parser") if mode != "rules" else None
    item_llm = CountingLLM("item_parser") if mode != "rules" else None
    maps = MapManager(llm=map_llm, mode=mode)
    items = _item_manager(mode, item_llm) if with_items else None
    run = GameRun(path.stem)
    session = EvalSession(path)
    probe = InventoryProbe(session.game)  # the manager's inventory checks, answered from a side copy
    try:
        _observe(run, maps, items, session.start(), None, 0, probe)
        _score_step(run, maps, items, session.truth())
        for turn, command in enumerate(steps, start=1):
            text, ended = session.send(command)
            run.turns = turn
            _observe(run, maps, items, text, command, turn, probe)
            _score_step(run, maps, items, session.truth(), command)
            if ended:
                break
    finally:
        session.close()
    run.map_llm_calls = map_llm.usage.calls if map_llm else 0
    run.item_llm_calls = item_llm.usage.calls if item_llm else 0
    return run, maps


def game_figures(run: GameRun, maps: MapManager) -> dict[str, Any]:
    """Per-game row of the table."""
    rooms = room_scores(run.pairs)
    visited = {our for our, _ in run.pairs if our}
    reach, eligible = reachability(maps, visited)
    turns = max(run.turns, 1)
    return {
        "game": run.game,
        "steps": len(run.pairs),
        "room_tracking": rooms["room_tracking"],
        "merged_ids": rooms["merged_ids"],
        "split_rooms": rooms["split_rooms"],
        "true_rooms": rooms["true_rooms"],
        "our_rooms": rooms["our_rooms"],
        "inventory": round(100.0 * run.inventory_hits / run.inventory_steps, 2)
        if run.inventory_steps
        else None,
        "llm_calls_per_turn": round((run.map_llm_calls + run.item_llm_calls) / turns, 4),
        "map_llm_calls_per_turn": round(run.map_llm_calls / turns, 4),
        "side_queries_per_turn": round(run.side_queries / turns, 4),
        "reachable": reach,
        "reach_checked": eligible,
        "reachable_from_landings": segment_reachability(maps, visited),
        "_tracked": rooms["tracked"],
        "_inventory_hits": run.inventory_hits,
        "_inventory_steps": run.inventory_steps,
        "_llm_calls": run.map_llm_calls + run.item_llm_calls,
        "_side_queries": run.side_queries,
        "_turns": run.turns,
    }


def totals(rows: list[dict[str, Any]], mode: str) -> dict[str, Any]:
    """Top-level figures over all games (step-weighted shares)."""
    steps = sum(r["steps"] for r in rows)
    inv_steps = sum(r["_inventory_steps"] for r in rows)
    turns = sum(r["_turns"] for r in rows) or 1
    figures: dict[str, Any] = {
        "mode": mode,
        "games": len(rows),
        "room_tracking": round(100.0 * sum(r["_tracked"] for r in rows) / steps, 2) if steps else None,
        "min_game_room_tracking": min((r["room_tracking"] for r in rows), default=None),
        "inventory": round(100.0 * sum(r["_inventory_hits"] for r in rows) / inv_steps, 2)
        if inv_steps
        else None,
        "merged_ids": sum(r["merged_ids"] for r in rows),
        "split_rooms": sum(r["split_rooms"] for r in rows),
        "llm_calls_per_turn": round(sum(r["_llm_calls"] for r in rows) / turns, 4),
        "side_queries_per_turn": round(sum(r["_side_queries"] for r in rows) / turns, 4),
        "reachable": round(sum(r["reachable"] for r in rows) / len(rows), 2) if rows else None,
        "reachable_from_landings": round(sum(r["reachable_from_landings"] for r in rows) / len(rows), 2)
        if rows
        else None,
        "steps": steps,
    }
    figures.update({f"target_{k}": v for k, v in TARGETS.items()})
    figures["per_game"] = [{k: v for k, v in r.items() if not k.startswith("_")} for r in rows]
    return figures


def select_games(spec: str, games_dir: Path) -> list[Path]:
    """Paths for "all" or a comma-separated list of game names."""
    if spec == "all":
        return supported_games(games_dir)
    files = sorted(games_dir.glob("*.z[1-8]"))
    by_name = {p.stem.lower(): p for p in files if walkthrough(p)}
    wanted = [name.strip().lower().removesuffix(".z5") for name in spec.split(",") if name.strip()]
    missing = [n for n in wanted if n not in by_name]
    if missing:
        raise SystemExit(
            f"not jericho-supported games in {games_dir}: {', '.join(missing)}; have: {', '.join(by_name)}"
        )
    return [by_name[n] for n in wanted]


def print_trace(run: GameRun) -> None:
    """Every step where our room disagrees with the truth: step, command, our id, true room number."""
    for i in mismatched_steps(run.pairs):
        ours, truth = run.pairs[i]
        progress(f"{run.game} {i:5d} {run.commands[i]!r:32} ours={ours} truth={truth}")


def run_eval(games: list[Path], mode: str, with_items: bool = True, trace: bool = False) -> dict[str, Any]:
    """Play every game and return the figures; with trace, list each game's mismatched steps."""
    rows = []
    for path in games:
        started = time.monotonic()
        run, maps = play(path, mode, with_items)
        if trace:
            print_trace(run)
        rows.append(game_figures(run, maps))
        row = rows[-1]
        progress(
            f"{path.stem}: rooms {row['room_tracking']}% inventory {row['inventory']}% "
            f"reachable {row['reachable']}% ({time.monotonic() - started:.1f}s)"
        )
    return totals(rows, mode)


def main(argv: list[str]) -> int:
    """Entry point of `python main.py eval perception`."""
    parser = argparse.ArgumentParser(prog="main.py eval perception", description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="all", help="comma-separated game names, or all")
    parser.add_argument("--mode", default="rules", choices=["rules", "llm", "hybrid"])
    parser.add_argument("--games-dir", default=str(DEFAULT_GAMES_DIR), type=Path)
    parser.add_argument("--rooms-only", action="store_true", help="skip the item manager")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--trace", action="store_true", help="list mismatched steps on stderr")
    args = parser.parse_args(argv)
    games = select_games(args.games, args.games_dir)
    if not games:
        raise SystemExit(
            f"no jericho-supported games in {args.games_dir}; run python -m autofrotz.games install"
        )
    figures = run_eval(games, args.mode, not args.rooms_only, args.trace)
    emit(figures, args.json, f"perception eval ({args.mode})")
    return 0
