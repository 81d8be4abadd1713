"""`python main.py eval perception`: the map and item managers against the games' own object trees.

Plays each corpus game (evals/corpus.py: walkthrough, or our exploration driver for a fixed number of
turns), feeds every output to MapManager and ItemManager, and scores room tracking (one consistent
one-to-one mapping of our ids to true rooms), merged and split rooms, inventory agreement, LLM parser
calls per turn and map reachability, in total and for the dev and check splits apart. Steps whose truth
is unknown (the memory reader could not find the player) are left out of the shares and counted.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autofrotz.bench.figures import count, emit, progress
from autofrotz.evals.ablation import ablate, parse_ablations, print_ablation
from autofrotz.evals.corpus import EXPLORE_TURNS, CorpusGame, measured_games, select, user_game
from autofrotz.evals.eval_session import EvalSession, Truth
from autofrotz.evals.explore import Explorer
from autofrotz.evals.game_run import GameRun
from autofrotz.evals.perception_metrics import (
    CountingLLM,
    mismatched_steps,
    reachability,
    room_scores,
    segment_reachability,
)
from autofrotz.games import GAMES_DIR, INFORM_DIR
from autofrotz.managers.map_manager import MapManager
from autofrotz.side_copies import SideCopies
from autofrotz.turn_perception import check_inventory, read_move

if TYPE_CHECKING:
    pass

# the targets over the whole corpus (per-game minimums, and the walkthrough games' rooms)
TARGETS = {
    "room_tracking": 97.0,
    "min_game_room_tracking": 90.0,
    "inventory": 95.0,
    "min_game_inventory": 85.0,
    "room_tracking_walkthrough": 98.5,
    "room_tracking_dev_check_gap": 2.0,  # at most, in points
    "llm_calls_per_turn": 0.1,
}
SILENT_SHARE = 0.9  # a game answering (almost) every command with no text cannot be perceived at all
DEFAULT_GAMES_DIR = GAMES_DIR
DEFAULT_INFORM_DIR = INFORM_DIR


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
    run: GameRun,
    maps: MapManager,
    items: Any,
    text: str,
    command: str | None,
    turn: int,
    copies: SideCopies | None = None,
) -> str:
    """Feed one reply to the managers with the side questions they ask, as in play (read_move,
    check_inventory); returns the map rule that placed us."""
    reading = read_move(copies, maps, text, command, turn)
    update = reading.update
    if reading.first_look is not None:
        run.side_looks[len(run.seen)] = reading.first_look
    if reading.first_exits is not None:
        run.side_exits[len(run.seen)] = reading.first_exits
    run.seen.append((text, command, None))
    if reading.settled_text:
        run.seen.append((reading.settled_text, "look", None))
    run.side_queries += reading.side_queries
    if items is not None:
        items.update_from_game_output(text, update.room_id, command, turn)
        listing = check_inventory(copies, items, update.room_id, turn, text)
        run.side_queries += listing is not None
        run.diagnosis.read(text + ("\n" + listing if listing is not None else ""))
    return update.decided_by


def _score_step(
    run: GameRun, maps: MapManager, items: Any, truth: Truth, rule: str, command: str | None = None
) -> None:
    if truth.room_number is None:
        run.unknown_steps += 1  # nothing to score against: neither a hit nor a miss
        return
    run.seen[-1] = (*run.seen[-1][:2], truth.room_number)
    run.pairs.append((maps.current_room, truth.room_number))
    run.decided_by.append(rule)
    run.commands.append(command)
    run.turn_numbers.append(run.turns)
    if items is not None and not truth.inventory_known:
        run.unnamed_inventory_steps += 1
    elif items is not None:
        ours = [item.name for item in items.get_inventory()]
        run.inventory_steps += 1
        run.inventory_hits += _inventory_equal(ours, truth.inventory)
        run.diagnosis.score(ours, truth.inventory, truth.listing)


def play(
    game: CorpusGame | Path, mode: str, with_items: bool = True, turns: int = EXPLORE_TURNS
) -> tuple[GameRun, MapManager]:
    """Play one game (its walkthrough, or the exploration driver for turns) and record our state
    against the truth after every step."""
    if isinstance(game, Path):
        game = user_game(game)
    map_llm = CountingLLM("map_parser") if mode != "rules" else None
    item_llm = CountingLLM("item_parser") if mode != "rules" else None
    maps = MapManager(llm=map_llm, mode=mode)
    items = _item_manager(mode, item_llm) if with_items else None
    run = GameRun(game.name)
    session = EvalSession(game.path)
    copies = SideCopies(session.game)  # the managers' side questions, answered in side copies
    explorer = None if game.walkthrough else Explorer()
    try:
        text = session.start()
        rule = _observe(run, maps, items, text, None, 0, copies)
        truth = session.truth()
        _score_step(run, maps, items, truth, rule)
        steps = list(game.walkthrough or ())
        for turn in range(1, (len(steps) if steps else turns) + 1):
            command = (
                steps[turn - 1]
                if explorer is None
                else explorer.next_command(text, truth.room_number, truth.around)
            )
            text, ended = session.send(command)
            run.turns = turn
            run.empty_replies += not text.strip()
            rule = _observe(run, maps, items, text, command, turn, copies)
            truth = session.truth()
            _score_step(run, maps, items, truth, rule, command)
            if ended:
                break
    finally:
        session.close()
    run.relabelled_steps = _relabelled_count(run, maps.relabelled())
    run.map_llm_calls = map_llm.usage.calls if map_llm else 0
    run.fired = dict(maps.fired)
    run.unread_inventories = items.unread_inventories if items is not None else 0
    run.item_llm_calls = item_llm.usage.calls if item_llm else 0
    if explorer is not None:
        run.driver_commands = explorer.commands
    return run, maps


def _relabelled_count(run: GameRun, relabelled: dict[int, str]) -> int:
    """How many scored opening turns the map placed in another room when it read them again, once it
    had learned how the game shows rooms (map_retro). Reported on its own: the tracking figures score
    each turn by what the map said at that turn, as the page showed it."""
    said = dict(zip(run.turn_numbers, (ours for ours, _ in run.pairs), strict=True))
    return sum(1 for turn, room in relabelled.items() if turn in said and said[turn] != room)


def game_figures(run: GameRun, maps: MapManager, game: CorpusGame | None = None) -> dict[str, Any]:
    """Per-game row of the table."""
    rooms = room_scores(run.pairs)
    visited = {our for our, _ in run.pairs if our}
    reach, eligible = reachability(maps, visited)
    turns = max(run.turns, 1)
    return {
        "game": run.game,
        "split": game.split if game else "",
        "kind": game.kind if game else "",
        "driver": game.driver if game else "",
        "steps": len(run.pairs),
        "unknown_truth_steps": run.unknown_steps,
        "unnamed_inventory_steps": run.unnamed_inventory_steps,
        "unread_inventories": run.unread_inventories,
        "relabelled_steps": run.relabelled_steps,
        "silent": run.turns > 0 and run.empty_replies >= SILENT_SHARE * run.turns,
        "room_tracking": rooms["room_tracking"],
        "merged_ids": rooms["merged_ids"],
        "split_rooms": rooms["split_rooms"],
        "true_rooms": rooms["true_rooms"],
        "our_rooms": rooms["our_rooms"],
        "inventory": round(100.0 * run.inventory_hits / run.inventory_steps, 2)
        if run.inventory_steps
        else None,
        **run.diagnosis.figures(),
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


def _share(rows: list[dict[str, Any]], hits: str, steps: str) -> float | None:
    total = sum(r[steps] for r in rows)
    return round(100.0 * sum(r[hits] for r in rows) / total, 2) if total else None


def _gap(dev: float | None, check: float | None) -> float | None:
    return round(abs(dev - check), 2) if dev is not None and check is not None else None


def totals(rows: list[dict[str, Any]], mode: str) -> dict[str, Any]:
    """Top-level figures over all games (step-weighted shares), and for each split apart.

    Silent games (no text for almost every command under jericho) are listed, not scored."""
    silent = [r["game"] for r in rows if r.get("silent")]
    scored = [r for r in rows if not r.get("silent")]
    figures = _figures(scored, mode)
    figures["silent_games"] = silent
    figures["per_game"] = [{k: v for k, v in r.items() if not k.startswith("_")} for r in rows]
    return figures


def _figures(rows: list[dict[str, Any]], mode: str) -> dict[str, Any]:
    steps = sum(r["steps"] for r in rows)
    turns = sum(r["_turns"] for r in rows) or 1
    dev = [r for r in rows if r.get("split") == "dev"]
    check = [r for r in rows if r.get("split") == "check"]
    walked = [r for r in rows if r.get("kind") == "story" and r.get("driver") == "walkthrough"]
    inventories = [r["inventory"] for r in rows if r["inventory"] is not None]
    figures: dict[str, Any] = {
        "mode": mode,
        "games": len(rows),
        "games_dev": len(dev),
        "games_check": len(check),
        "room_tracking": _share(rows, "_tracked", "steps"),
        "room_tracking_dev": _share(dev, "_tracked", "steps"),
        "room_tracking_check": _share(check, "_tracked", "steps"),
        "room_tracking_walkthrough": _share(walked, "_tracked", "steps"),
        "room_tracking_dev_check_gap": _gap(
            _share(dev, "_tracked", "steps"), _share(check, "_tracked", "steps")
        ),
        "min_game_room_tracking": min((r["room_tracking"] for r in rows if r["steps"]), default=None),
        "inventory": _share(rows, "_inventory_hits", "_inventory_steps"),
        "inventory_dev": _share(dev, "_inventory_hits", "_inventory_steps"),
        "inventory_check": _share(check, "_inventory_hits", "_inventory_steps"),
        "min_game_inventory": min(inventories, default=None),
        "merged_ids": sum(r["merged_ids"] for r in rows),
        "split_rooms": sum(r["split_rooms"] for r in rows),
        "llm_calls_per_turn": round(sum(r["_llm_calls"] for r in rows) / turns, 4),
        "side_queries_per_turn": round(sum(r["_side_queries"] for r in rows) / turns, 4),
        "reachable": round(sum(r["reachable"] for r in rows) / len(rows), 2) if rows else None,
        "reachable_from_landings": round(sum(r["reachable_from_landings"] for r in rows) / len(rows), 2)
        if rows
        else None,
        "steps": steps,
        "unknown_truth_steps": sum(r["unknown_truth_steps"] for r in rows),
        "unnamed_inventory_steps": sum(r["unnamed_inventory_steps"] for r in rows),
    }
    figures.update({f"target_{k}": v for k, v in TARGETS.items()})
    return figures


def corpus_games(
    spec: str, games_dir: Path, split: str = "all", inform_dir: Path = DEFAULT_INFORM_DIR
) -> list[CorpusGame]:
    """Games for "all", "walkthrough", a kind, or comma-separated names or story paths, within a split;
    story files in games_dir outside the corpus count as kind "user"."""
    try:
        return select(measured_games(games_dir, inform_dir), spec, split)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that choose the games an eval plays: --games, --split, --games-dir, --inform-dir."""
    parser.add_argument(
        "--games",
        default="all",
        help="all (the whole corpus and any other story in --games-dir), walkthrough (stories with "
        "jericho walkthroughs), story, own, textworld, user, or comma-separated game names or story paths",
    )
    parser.add_argument("--split", default="all", choices=["dev", "check", "all"])
    parser.add_argument("--games-dir", default=str(DEFAULT_GAMES_DIR), type=Path)
    parser.add_argument("--inform-dir", default=str(DEFAULT_INFORM_DIR), type=Path)


def print_trace(run: GameRun) -> None:
    """Every step where our room disagrees with the truth: turn, command, our id, true room number."""
    for i in mismatched_steps(run.pairs):
        ours, truth = run.pairs[i]
        rule = run.decided_by[i] if i < len(run.decided_by) else ""
        progress(
            f"{run.game} {run.turn_numbers[i]:5d} {run.commands[i]!r:32} ours={ours} truth={truth} "
            f"decided_by={rule}"
        )


def play_game(
    game: CorpusGame, mode: str, with_items: bool, trace: bool, turns: int
) -> tuple[dict[str, Any], GameRun]:
    """One game's row and run (in a worker process with --workers); progress and trace go to stderr."""
    started = time.monotonic()
    run, maps = play(game, mode, with_items, turns)
    if trace:
        print_trace(run)
        if run.driver_commands:
            progress(f"{game.name} driver commands: {' | '.join(run.driver_commands)}")
    row = game_figures(run, maps, game)
    progress(
        f"{game.name} [{game.split} {game.kind} {game.driver}]: rooms {row['room_tracking']}% "
        f"inventory {row['inventory']}% true rooms {row['true_rooms']} reachable {row['reachable']}% "
        f"unknown {run.unknown_steps} "
        f"({time.monotonic() - started:.1f}s)"
    )
    return row, run


def run_eval(
    games: list[CorpusGame] | list[Path],
    mode: str,
    with_items: bool = True,
    trace: bool = False,
    workers: int = 1,
    turns: int = EXPLORE_TURNS,
    runs: list[GameRun] | None = None,
    dump: Path | None = None,
) -> dict[str, Any]:
    """Play every game (in worker processes when workers > 1) and return the figures; the runs
    themselves are appended to `runs` when given (for ablation replays); `dump` gets every step."""
    chosen = [g if isinstance(g, CorpusGame) else user_game(g) for g in games]
    args = [(g, mode, with_items, trace, turns) for g in chosen]
    if workers > 1 and len(chosen) > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            played = list(pool.map(_play_args, args))
    else:
        played = [_play_args(a) for a in args]
    if runs is not None:
        runs.extend(run for _, run in played)
    if dump is not None:
        steps = {
            run.game: [[ours, truth, cmd] for (ours, truth), cmd in zip(run.pairs, run.commands, strict=True)]
            for _, run in played
        }
        dump.write_text(json.dumps(steps, indent=0) + "\n", encoding="utf-8")
    return totals([row for row, _ in played], mode)


def _play_args(args: tuple[CorpusGame, str, bool, bool, int]) -> tuple[dict[str, Any], GameRun]:
    return play_game(*args)


def main(argv: list[str]) -> int:
    """Entry point of `python main.py eval perception`."""
    parser = argparse.ArgumentParser(prog="main.py eval perception", description=__doc__.splitlines()[0])
    add_game_arguments(parser)
    parser.add_argument("--mode", default="rules", choices=["rules", "llm", "hybrid"])
    parser.add_argument(
        "--turns", type=count, default=EXPLORE_TURNS, help="exploration turns for games without a walkthrough"
    )
    parser.add_argument("--workers", type=count, default=1, help="games played at once, one process each")
    parser.add_argument("--rooms-only", action="store_true", help="skip the item manager")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--trace", action="store_true", help="list mismatched steps on stderr")
    parser.add_argument(
        "--dump", type=Path, help="write every step's (our id, true room, command) as JSON here"
    )
    parser.add_argument(
        "--ablate",
        action="append",
        default=[],
        help="switch this map rule off and report what changes per game (repeatable or comma list; "
        "join rules with + to switch them off together)",
    )
    args = parser.parse_args(argv)
    ablations = parse_ablations(args.ablate)
    games = corpus_games(args.games, args.games_dir, args.split, args.inform_dir)
    if not games:
        raise SystemExit(
            f"no corpus games in {args.games_dir}; run python -m autofrotz.games install && build"
        )
    workers = max(1, min(args.workers, os.cpu_count() or 1))
    runs: list[GameRun] = []
    figures = run_eval(
        games, args.mode, not args.rooms_only, args.trace, workers, args.turns, runs, args.dump
    )
    if ablations and args.json:
        figures["ablation"] = ablate(runs, ablations)
    emit(figures, args.json, f"perception eval ({args.mode})")
    if ablations and not args.json:
        print_ablation(ablate(runs, ablations))
    return 0
