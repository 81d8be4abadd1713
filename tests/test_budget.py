"""Budgets: the 80% switch to fallbacks, the clean stop at 100%, and resuming with a higher budget.

Costs come from the fake provider's token counts (estimated from the prompt text, with the repeated
prefix reported as cached) and the prices configured for its model names.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from autofrotz.app import configure, parse_args
from autofrotz.budget import Budget, fallback_agent
from autofrotz.config import ConfigError, config_from_dict
from autofrotz.hooks.base import TurnEnd
from autofrotz.llm import BudgetSpentError, MockLLM
from autofrotz.session import Session
from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import Recorder, make_config, require_cellar

ROLES = ("game_agent", "puzzle_agent", "map_parser", "item_parser")
PRICES = {
    "fake-big": {"input": 10.0, "output": 40.0, "cache_read": 1.0},
    "fake-small": {"input": 1.0, "output": 4.0, "cache_read": 0.1},
}
BUDGET = 0.03


def _agents() -> dict[str, Any]:
    agents: dict[str, Any] = {role: {"provider": "fake", "model": "fake-big"} for role in ROLES}
    agents["game_agent"]["fallback"] = "fake-small"
    agents["puzzle_agent"]["fallback"] = "builtin"
    return agents


def _config(tmp_path: Path, **extra: Any) -> Any:
    return make_config(tmp_path, _agents(), prices=PRICES, max_turns=60, **extra)


def _play(config: Any, resume_id: int | None = None) -> tuple[Session, str, Recorder]:
    events = Recorder()
    with Session.open(config, resume_id=resume_id, web=False, console=False, observers=[events]) as session:
        status = session.play()
    return session, status, events


def _cost_by_turn(db: str, game_id: int) -> tuple[dict[int, float], dict[int, list[dict[str, Any]]]]:
    with GameReader(db) as reader:
        calls = reader.llm_calls(game_id)
    cost: dict[int, float] = defaultdict(float)
    by_turn: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for call in calls:
        cost[call["turn_number"]] += call["cost_estimate"]
        by_turn[call["turn_number"]].append(call)
    return cost, by_turn


def _spent_before(cost: dict[int, float], turn: int) -> float:
    return sum(c for n, c in cost.items() if n < turn)


def test_fallbacks_at_80_percent_then_a_clean_stop_at_100(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    config = _config(tmp_path, budget_usd=BUDGET)
    session, status, events = _play(config)
    game_id = session.orchestrator.game_id
    assert status == "budget"
    cost, by_turn = _cost_by_turn(config.database_path, game_id)
    turns = sorted(by_turn)
    last = max(e.turn_number for e in events.events if isinstance(e, TurnEnd))
    # The switch: the first turn started at or above 80% plays on the fallbacks, the one before did not.
    switch = next(n for n in range(1, last + 1) if _spent_before(cost, n) >= 0.8 * BUDGET)
    assert _spent_before(cost, switch - 1) < 0.8 * BUDGET
    for n in turns:
        models = {c["model"] for c in by_turn[n] if c["agent"] == "game_agent"}
        assert models == ({"fake-big"} if n < switch else {"fake-small"}), n
    assert all(c["agent"] != "puzzle_agent" for n in turns if n >= switch for c in by_turn[n])
    assert any(c["agent"] == "puzzle_agent" for n in turns if n < switch for c in by_turn[n])
    # The stop: the last turn started under the budget, and no turn started at or above it.
    assert _spent_before(cost, last) < BUDGET <= sum(cost.values())
    with GameReader(config.database_path) as reader:
        game = reader.game(game_id)
    assert game is not None and game["status"] == "budget" and game["total_turns"] == last
    ends = [e for e in events.events if isinstance(e, TurnEnd)]
    assert ends[-1].budget_usd == BUDGET and ends[-1].cost_so_far == pytest.approx(sum(cost.values()))
    err = capsys.readouterr().err
    stop_lines = [line for line in err.splitlines() if "stopped by its budget" in line]
    assert len(stop_lines) == 1
    assert f"game {game_id} stopped by its budget ($" in stop_lines[0]
    assert (
        f"of ${BUDGET:.2f} per game); to go on: python main.py --resume {game_id} --budget" in stop_lines[0]
    )
    assert (
        "budget: 80% reached ($" in err
        and "game_agent -> fake/fake-small, puzzle_agent -> built-in agent / rules" in err
    )


def test_resume_needs_a_higher_budget_and_counts_what_was_spent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    require_cellar()
    config = _config(tmp_path, budget_usd=BUDGET)
    first, _, _ = _play(config)
    game_id, stopped_at = first.orchestrator.game_id, first.orchestrator.turn
    spent = sum(_cost_by_turn(config.database_path, game_id)[0].values())
    capsys.readouterr()
    # The same budget: nothing is played, and the one line says so again.
    again, status, events = _play(config, resume_id=game_id)
    assert status == "budget" and again.orchestrator.turn == stopped_at
    assert not [e for e in events.events if isinstance(e, TurnEnd)]
    assert "stopped by its budget" in capsys.readouterr().err
    # Twice the budget: play goes on from the next turn, back on the full models below 80%.
    more = _config(tmp_path, budget_usd=2 * BUDGET)
    resumed, status, events = _play(more, resume_id=game_id)
    assert status == "budget"
    ends = [e for e in events.events if isinstance(e, TurnEnd)]
    assert ends[0].turn_number == stopped_at + 1
    assert ends[0].cost_so_far > spent  # the meter starts from what the game had spent
    cost, by_turn = _cost_by_turn(config.database_path, game_id)
    first_new = by_turn[stopped_at + 1]
    assert {c["model"] for c in first_new if c["agent"] == "game_agent"} == {"fake-big"}
    assert _spent_before(cost, resumed.orchestrator.turn) < 2 * BUDGET <= sum(cost.values())


def test_a_call_is_not_sent_once_the_budget_is_spent() -> None:
    spent = {"now": False}
    llm = MockLLM("m", "game_agent", gate=lambda: "budget reached" if spent["now"] else None)
    llm.enqueue({"command": "look"})
    assert llm.complete_json([{"role": "user", "content": "x"}], "s", {"type": "object"}) == {
        "command": "look"
    }
    spent["now"] = True
    with pytest.raises(BudgetSpentError, match="not asked: budget reached"):
        llm.complete_json([{"role": "user", "content": "x"}], "s", {"type": "object"})
    assert len(llm.history) == 1  # the second call never reached the provider


class _Spend:
    """A stand-in for the call recorder: only total_cost is read."""

    total_cost = 0.0


def test_hourly_budget_counts_only_the_last_sixty_minutes() -> None:
    clock = {"t": 1000.0}
    spend = _Spend()
    budget = Budget(per_hour=1.0, recorder=spend, clock=lambda: clock["t"])
    spend.total_cost = 0.5
    assert budget.reached(0.8) is None
    clock["t"] += 1800
    spend.total_cost = 0.9  # 0.4 more, half an hour later: 0.9 in the last hour
    assert budget.reached(0.8) == "budget_usd_per_hour" and budget.reached() is None
    clock["t"] += 1801  # the first 0.5 is now more than an hour old
    assert budget.spent_last_hour() == pytest.approx(0.4) and budget.reached(0.8) is None
    spend.total_cost = 1.5
    assert budget.reached() == "budget_usd_per_hour"
    assert "of $1.00 in the last hour" in (budget.gate() or "")
    assert "--budget-per-hour 2.00 (or wait an hour)" in budget.stop_line(3)
    assert budget.spent == pytest.approx(1.5)  # the per-game total keeps everything


def test_per_game_budget_includes_earlier_sessions() -> None:
    spend = _Spend()
    budget = Budget(per_game=1.0, recorder=spend)
    budget.seed(0.7, [])
    spend.total_cost = 0.1
    assert budget.spent == pytest.approx(0.8) and budget.reached(0.8) == "budget_usd"
    assert budget.reached() is None and budget.gate() is None


def test_fallback_names_a_model_a_provider_or_the_builtin_agent() -> None:
    config = config_from_dict(
        {
            "agents": {
                "game_agent": {"provider": "openai", "model": "gpt-4o", "fallback": "gpt-4o-mini"},
                "puzzle_agent": {"provider": "openai", "model": "gpt-4o", "fallback": "builtin"},
                "map_parser": {"provider": "local", "model": "qwen", "fallback": "gemini:gemini-2.5-flash"},
                "item_parser": {"provider": "local", "model": "x", "fallback": "llama3:8b"},
            }
        }
    )
    picks = {role: fallback_agent(config, role) for role in ROLES}
    assert (picks["game_agent"].provider, picks["game_agent"].model) == ("openai", "gpt-4o-mini")
    assert picks["puzzle_agent"].provider == "builtin"
    assert (picks["map_parser"].provider, picks["map_parser"].model) == ("gemini", "gemini-2.5-flash")
    assert (picks["item_parser"].provider, picks["item_parser"].model) == ("local", "llama3:8b")


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"budget_usd": 0}, "budget_usd must be a positive number"),
        ({"budget_usd_per_hour": -1}, "budget_usd_per_hour must be a positive number"),
        ({"budget_usd": "5"}, "budget_usd: expected float, got str"),
        ({"agents": {"game_agent": {"fallback": " "}}}, "fallback must name a model"),
        ({"providers": {"local": {"structured_output": "xml"}}}, "structured_output must be one of"),
    ],
)
def test_bad_budget_settings_name_the_problem(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        config_from_dict(raw)


def test_budget_flags_override_the_config(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text('{"budget_usd": 5}')
    config = configure(parse_args(["--config", str(path), "--budget", "0.5", "--budget-per-hour", "2"]))
    assert (config.budget_usd, config.budget_usd_per_hour) == (0.5, 2.0)
    assert configure(parse_args(["--config", str(path)])).budget_usd == 5.0
    with pytest.raises(ConfigError, match="--budget must be a positive number"):
        configure(parse_args(["--config", str(path), "--budget", "0"]))


def test_an_hourly_stop_resumes_once_the_hour_has_passed(tmp_path: Path) -> None:
    require_cellar()
    from autofrotz.budget import prior_spending
    from autofrotz.storage.database import Database

    config = _config(tmp_path, budget_usd_per_hour=BUDGET)
    first, status, _ = _play(config)
    assert status == "budget"
    game_id = first.orchestrator.game_id
    spent = sum(_cost_by_turn(config.database_path, game_id)[0].values())
    with Database(config.database_path) as db:
        total, recent = prior_spending(db, game_id)
        assert total == pytest.approx(spent) and sum(c for _, c in recent) == pytest.approx(spent)
        later = first.orchestrator.p.budget.clock() + 3601
        total, recent = prior_spending(db, game_id, clock=lambda: later)
        assert total == pytest.approx(spent) and recent == []  # nothing left in the last hour
    # Right away, the same hourly budget is still spent: nothing is played.
    again, status, events = _play(config, resume_id=game_id)
    assert status == "budget" and not [e for e in events.events if isinstance(e, TurnEnd)]
