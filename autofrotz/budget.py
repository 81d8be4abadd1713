"""Spending limits of one game: what it has spent, the switch to cheaper models, the clean stop.

Two limits from the config, both in US dollars priced by `prices`: `budget_usd` for the whole game
(every session of it, so a resumed game starts from what it had already spent) and
`budget_usd_per_hour` for any 60 minutes of play. The rules, checked before every turn and before
every model call:

| spent | what happens | rule |
|---|---|---|
| 80% of a limit | roles naming a `fallback` switch to it (a model, or built-in / rules) | `budget_fallback` |
| 100%, any call | the call is not sent; the caller takes its safe default | `budget_gate` |
| 100%, before a turn | the game ends with status `budget`; resume it with a higher budget | `budget_stop` |
"""

from __future__ import annotations

import logging
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from autofrotz.agents.base import UsesModel
from autofrotz.config import AgentConfig, Config

log = logging.getLogger(__name__)

SWITCH_SHARE = 0.8  # share of a budget at which roles move to their fallback
HOUR_S = 3600.0
BUILTIN = "builtin"
STATUS = "budget"  # the game status of a game stopped by its budget


@dataclass
class Budget:
    """The spending meter of one game; reads this session's spending from the call recorder."""

    per_game: float | None = None
    per_hour: float | None = None
    prior: float = 0.0  # spent in earlier sessions of the same game
    recorder: Any = None  # CallRecorder (total_cost of this session)
    clock: Callable[[], float] = time.time
    window: deque[tuple[float, float]] = field(default_factory=deque)  # (time, dollars) of the last hour
    switched: list[str] = field(default_factory=list)  # "role -> target" once the fallbacks are in
    _seen: float = 0.0

    @classmethod
    def from_config(cls, config: Config, recorder: Any, clock: Callable[[], float] = time.time) -> Budget:
        """A meter with the config's limits (either may be None: no limit)."""
        return cls(config.budget_usd, config.budget_usd_per_hour, recorder=recorder, clock=clock)

    def seed(self, spent: float, recent: list[tuple[float, float]]) -> None:
        """What a resumed game had spent before: in total, and as (time, dollars) within the last hour."""
        self.prior = spent
        self.window.extend(sorted(recent))

    # ----- reading ----------------------------------------------------------------------------
    @property
    def limited(self) -> bool:
        """Whether any limit is set."""
        return self.per_game is not None or self.per_hour is not None

    @property
    def spent(self) -> float:
        """Dollars spent by the whole game so far."""
        return self.prior + (self.recorder.total_cost if self.recorder is not None else 0.0)

    def spent_last_hour(self) -> float:
        """Dollars spent in the last 60 minutes."""
        self._observe()
        return sum(cost for _, cost in self.window)

    def shares(self) -> dict[str, float]:
        """Share of each set limit spent, by limit name."""
        found = {}
        if self.per_game is not None:
            found["budget_usd"] = self.spent / self.per_game
        if self.per_hour is not None:
            found["budget_usd_per_hour"] = self.spent_last_hour() / self.per_hour
        return found

    def reached(self, share: float = 1.0) -> str | None:
        """The first limit with at least `share` of it spent, or None."""
        return next((name for name, value in self.shares().items() if value >= share - 1e-12), None)

    def gate(self) -> str | None:
        """Rule budget_gate: why no further model call may be sent, or None (BaseLLM asks before each)."""
        name = self.reached()
        return None if name is None else f"{self.describe(name)} reached"

    def describe(self, name: str | None = None) -> str:
        """'$0.4100 of $0.50 per game' for one limit (or every set limit)."""
        names = [name] if name else [n for n in ("budget_usd", "budget_usd_per_hour") if self._limit(n)]
        parts = []
        for n in names:
            if n == "budget_usd":
                parts.append(f"${self.spent:.4f} of ${self.per_game:.2f} per game")
            else:
                parts.append(f"${self.spent_last_hour():.4f} of ${self.per_hour:.2f} in the last hour")
        return "; ".join(parts) if parts else f"${self.spent:.4f}"

    def stop_line(self, game_id: int) -> str:
        """Rule budget_stop's one line: which budget, how much, and how to go on."""
        name = self.reached() or "budget_usd"
        if name == "budget_usd":
            more = max(2 * (self.per_game or 0.0), self.spent + 0.01)
            how = f"python main.py --resume {game_id} --budget {more:.2f}"
        else:
            more = max(2 * (self.per_hour or 0.0), self.spent_last_hour() + 0.01)
            how = f"python main.py --resume {game_id} --budget-per-hour {more:.2f} (or wait an hour)"
        return f"game {game_id} stopped by its budget ({self.describe(name)}); to go on: {how}"

    def _limit(self, name: str) -> float | None:
        return self.per_game if name == "budget_usd" else self.per_hour

    def _observe(self) -> None:
        """Move this session's new spending into the hour window and drop what is older than an hour."""
        now = self.clock()
        total = self.recorder.total_cost if self.recorder is not None else 0.0
        if total > self._seen:
            self.window.append((now, total - self._seen))
            self._seen = total
        while self.window and self.window[0][0] <= now - HOUR_S:
            self.window.popleft()

    # ----- acting -----------------------------------------------------------------------------
    def before_turn(self, orch: Any) -> bool:
        """Apply the fallbacks at 80% (once) and return True when the game must stop (100%)."""
        if not self.limited:
            return False
        if not self.switched and self.reached(SWITCH_SHARE) is not None:
            switched = switch_to_fallbacks(orch.p, orch.config, self.gate)
            self.switched = switched or ["no role names a fallback"]
            print(f"budget: 80% reached ({self.describe()}); {', '.join(self.switched)}", file=sys.stderr)
        return self.reached() is not None


def fallback_agent(config: Config, role: str) -> AgentConfig | None:
    """The settings a role switches to at 80% of a budget, or None when it names no fallback.

    >>> from autofrotz.config import config_from_dict
    >>> c = config_from_dict({"agents": {"game_agent": {"provider": "openai", "model": "gpt-4o",
    ...                                                 "fallback": "anthropic:claude-haiku"}}})
    >>> a = fallback_agent(c, "game_agent"); a.provider, a.model
    ('anthropic', 'claude-haiku')
    >>> fallback_agent(c, "map_parser") is None
    True
    """
    from autofrotz.llm.factory import valid_providers

    agent = config.agent(role)
    name = (agent.fallback or "").strip()
    if not name or agent.provider == BUILTIN:
        return None
    if name == BUILTIN:
        return replace(agent, provider=BUILTIN, model=BUILTIN, fallback=None)
    provider, sep, model = name.partition(":")
    if sep and model and provider in valid_providers(config):
        return replace(agent, provider=provider, model=model, fallback=None)
    return replace(agent, model=name, fallback=None)  # a model of the role's own provider


def switch_to_fallbacks(
    parts: Any, config: Config, gate: Callable[[], str | None] | None = None
) -> list[str]:
    """Rule budget_fallback: put each role's fallback in place; returns 'role -> target' lines."""
    done = []
    for role in ("game_agent", "puzzle_agent", "map_parser", "item_parser"):
        settings = fallback_agent(config, role)
        if settings is None or (role == "game_agent" and not isinstance(parts.game_agent, UsesModel)):
            continue  # a scripted or built-in game agent has no model to replace
        llm = _fallback_llm(role, config, settings, parts.recorder, gate)
        _install(parts, config, role, llm)
        target = f"{settings.provider}/{settings.model}" if llm is not None else "built-in agent / rules"
        log.info("budget: %s switches to %s", role, target)
        done.append(f"{role} -> {target}")
    return done


def _fallback_llm(
    role: str, config: Config, settings: AgentConfig, recorder: Any, gate: Callable[[], str | None] | None
) -> Any:
    """The fallback model (None: the built-in agent or rules, also when its key is missing)."""
    from autofrotz.llm import LLMError, build_llm

    changed = replace(config, agents={**config.agents, role: settings})
    try:
        return build_llm(role, changed, sink=recorder, gate=gate)
    except LLMError as exc:
        log.warning("budget: %s cannot use its fallback (%s); using the built-in agent / rules", role, exc)
        return None


def _install(parts: Any, config: Config, role: str, llm: Any) -> None:
    """Hand one role's work to `llm` (None: the built-in agent, or the rules for a parser)."""
    if role == "game_agent":
        if llm is not None:
            parts.game_agent.llm = llm
        else:
            from autofrotz.agents.builtin_agent import BuiltinAgent

            parts.game_agent = BuiltinAgent()
    elif role == "puzzle_agent":
        parts.puzzle_agent.llm = llm
    elif role == "map_parser":
        parts.map_llm = parts.map.llm = llm
    else:
        from autofrotz.managers.item_llm import ItemLLMParser

        parts.item_llm = llm
        parts.items._llm_parser = ItemLLMParser(llm) if llm is not None else None
    parts.outcome_llm = parts.map_llm or parts.puzzle_agent.llm


def prior_spending(db: Any, game_id: int, clock: Callable[[], float] = time.time) -> tuple[float, list[Any]]:
    """(dollars a recorded game spent, [(time, dollars)] of its turns within the last hour)."""
    total = db.conn.execute(
        "SELECT COALESCE(SUM(cost_estimate), 0) FROM metrics WHERE game_id = ?", (game_id,)
    ).fetchone()[0]
    rows = db.conn.execute(
        "SELECT t.timestamp, SUM(m.cost_estimate) FROM metrics m JOIN turns t"
        " ON t.game_id = m.game_id AND t.turn_number = m.turn_number WHERE m.game_id = ?"
        " GROUP BY m.turn_number",
        (game_id,),
    ).fetchall()
    recent = []
    for stamp, cost in rows:
        when = _seconds(stamp)
        if when is not None and when > clock() - HOUR_S and cost:
            recent.append((when, float(cost)))
    return float(total), recent


def _seconds(stamp: str | None) -> float | None:
    try:
        moment = datetime.fromisoformat(stamp or "")
    except ValueError:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()
