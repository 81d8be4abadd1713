"""Console observer: one progress line per turn on the terminal."""

from __future__ import annotations

import sys
from typing import TextIO

from autofrotz.hooks.base import GameEnd, Observer, TurnEnd


def progress_line(event: TurnEnd) -> str:
    """Format one turn as a short line.

    >>> progress_line(TurnEnd(3, "open door", "", "hall", "Hall", score=5, cost_so_far=0.0123))
    'turn    3  Hall                  > open door                 score 5    cost $0.0123'
    >>> progress_line(TurnEnd(3, "wait", "", "hall", "Hall", cost_so_far=0.41, budget_usd=0.5))[-21:]
    'cost $0.4100 of $0.50'
    """
    room = (event.room_name or event.room_id or "?")[:20]
    score = "-" if event.score is None else str(event.score)
    mark = f"  [{event.event}]" if event.event else ""
    mark += "  [typed on the page]" if event.agent == "human" else ""
    line = f"turn {event.turn_number:4d}  {room:<20}  > {event.command[:24]:<24}  score {score:<4} "
    budget = f" of ${event.budget_usd:.2f}" if event.budget_usd is not None else ""
    return f"{line}cost ${event.cost_so_far:.4f}{budget}{mark}"


class ConsoleProgress(Observer):
    """Prints each finished turn and the end of the game."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream

    def _print(self, text: str) -> None:
        print(text, file=self.stream or sys.stdout, flush=True)

    def on_turn_end(self, event: TurnEnd) -> None:
        self._print(progress_line(event))

    def on_game_end(self, event: GameEnd) -> None:
        score = "-" if event.final_score is None else event.final_score
        self._print(f"game {event.game_id} {event.status} after {event.total_turns} turns, score {score}")
