"""`eval perception --ablate RULE`: what switching one map rule off changes, game by game.

The walkthroughs are played once; each ablation replays the recorded replies through a fresh
MapManager with the rule switched off (the map reads nothing but the replies and the commands, so a
replay with every rule on gives the played run's room ids again) and scores room tracking as before.
"""

from __future__ import annotations

from typing import Any

from autofrotz.bench.figures import print_table
from autofrotz.evals.game_run import GameRun
from autofrotz.evals.perception_metrics import room_scores
from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.map_rules import check_switched_off
from autofrotz.managers.side_questions import SideAnswers


def parse_ablations(values: list[str]) -> list[frozenset[str]]:
    """Each ablation as the set of rules it switches off ("a,b" two runs; "a+b" one run with both off).

    >>> [sorted(group) for group in parse_ablations(["dream,known_exit", "returning+same_room"])]
    [['dream'], ['known_exit'], ['returning', 'same_room']]
    """
    groups = [
        frozenset(n.strip() for n in v.split("+")) for value in values for v in value.split(",") if v.strip()
    ]
    for group in groups:
        try:
            check_switched_off(group)
        except ValueError as exc:
            raise SystemExit(f"--ablate: {exc}") from exc
    return groups


def replay(run: GameRun, switched_off: frozenset[str]) -> tuple[list[tuple[str | None, int]], str]:
    """Our room after each recorded reply, with these rules off, paired with the true room; and the
    error that stopped the replay, if one did (a rule another one relies on)."""
    maps = MapManager(switched_off=switched_off)
    pairs: list[tuple[str | None, int]] = []
    turns: list[int] = []
    for turn, (text, command, truth) in enumerate(run.seen):
        try:
            maps.update_from_game_output(
                text,
                command,
                turn,
                SideAnswers(look=run.side_looks.get(turn), exits=run.side_exits.get(turn)),
            )
        except Exception as exc:  # an ablation may break what later rules assume: report, go on
            error = f"step {turn}: {type(exc).__name__}: {exc}"
            return pairs + [(None, t) for _, t in run.pairs[len(pairs) :]], error
        if truth is not None:  # steps whose truth is unknown are not scored, as in the played run
            pairs.append((maps.current_room, truth))
            turns.append(turn)
    return pairs, ""


def _share(tracked: int, steps: int) -> float | None:
    return round(100.0 * tracked / steps, 2) if steps else None


def ablate(runs: list[GameRun], ablations: list[frozenset[str]]) -> list[dict[str, Any]]:
    """One row per ablation: how often the rules decided and in how many games, total room tracking
    with and without them, the games whose room ids change and, for each, the figure with and without."""
    steps = sum(len(run.pairs) for run in runs)
    played = {run.game: room_scores(run.pairs)["tracked"] for run in runs}
    rows = []
    for off in ablations:
        changed: list[dict[str, Any]] = []
        tracked = 0
        for run in runs:
            # a rule that never decided a step changes nothing when switched off: no replay needed
            pairs, error = replay(run, off) if any(run.fired.get(name) for name in off) else (run.pairs, "")
            score = room_scores(pairs)["tracked"]
            tracked += score
            if pairs != run.pairs:
                with_rule, without = _share(played[run.game], len(pairs)), _share(score, len(pairs))
                delta = round((without or 0) - (with_rule or 0), 2)
                changed.append({"game": run.game, "with": with_rule, "without": without, "delta": delta})
                if error:
                    changed[-1]["error"] = error
        with_all = _share(sum(played.values()), steps)
        rows.append({
            "ablate": "+".join(sorted(off)),
            "decisions": sum(run.fired.get(name, 0) for run in runs for name in off),
            "games_deciding": sum(any(run.fired.get(name) for name in off) for run in runs),
            "games_changed": len(changed),
            "games_worse": sum(c["delta"] < 0 for c in changed),
            "games_better": sum(c["delta"] > 0 for c in changed),
            "room_tracking_with": with_all, "room_tracking_without": _share(tracked, steps),
            "delta": round((_share(tracked, steps) or 0) - (with_all or 0), 2), "per_game": changed,
        })  # fmt: skip
    return rows


def print_ablation(rows: list[dict[str, Any]]) -> None:
    """The ablation table, then each changed game."""
    print("\nablation (room tracking with the rule / without it):")
    print_table([{k: v for k, v in row.items() if k != "per_game"} for row in rows])
    for row in rows:
        if row["per_game"]:
            print(f"\n{row['ablate']}:")
            print_table(row["per_game"])
