"""The rule tables as one catalogue (rules/): `python main.py rules` lists every table, the config's
`rules_off` is checked against all of them, and a switch reaches the place where its rule acts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_replies import RULES as REPLY_RULES
from autofrotz.agents.builtin_rules import TABLE as AGENT_TABLE
from autofrotz.agents.builtin_tactics import Scene, named_room_actions
from autofrotz.agents.puzzle_rules import detect
from autofrotz.bench.games import main as bench_games
from autofrotz.config import config_from_dict
from autofrotz.managers.item_reply_rules import TAKE_REPLIES, first_rule
from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.map_rules import RULES as MAP_RULES
from autofrotz.managers.room_parser import LINE_RULES
from autofrotz.rules.catalogue import check_rules_off, tables
from autofrotz.rules.cli import main as rules_main
from autofrotz.rules.switches import set_rule, switched
from autofrotz.session import Session, SessionError
from tests.test_builtin_agent import World
from tests.test_builtin_barriers import DESCEND, PIT

AGENTS = Path(__file__).resolve().parent.parent / "autofrotz" / "agents"
# Hyphenated strings of the agent's modules that are words or readings, not rules.
NOT_RULES = {
    "empty-handed",
    "four-poster",
    "twenty-one",
    "pick-up",
    "in-bed",
    "leave-place",
    "until-condition",
}
NOT_RULES |= {"unknown-verb", "word-misused", "follow-up", "take-nearby", "look-after-open"}


def test_rules_json_lists_every_table_with_its_length(capsys: pytest.CaptureFixture[str]) -> None:
    assert rules_main(["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    counts = {t["table"]: t["count"] for t in data["tables"]}
    assert counts["map"] == len(MAP_RULES) and counts["headers"] == len(LINE_RULES)
    assert counts["built-in agent replies"] == len(REPLY_RULES)
    assert all(t["count"] == len(t["rules"]) for t in data["tables"])
    assert data["total"] == sum(counts.values()) == sum(len(t.rows) for t in tables())
    assert {"item replies", "puzzles", "built-in agent", "knowledge"} <= set(counts)


def test_rules_lists_one_line_a_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert rules_main([]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == sum(len(t.rows) for t in tables()) + 1  # and the count line


def test_no_name_is_in_two_tables() -> None:
    names = [row.name for t in tables() for row in t.rows]
    assert len(names) == len(set(names))


def test_every_rule_name_the_agent_spells_is_a_row() -> None:
    """Each hyphenated name in the agent's modules is a row of its table or of its reply rules."""
    spelled: set[str] = set()
    for module in AGENTS.glob("*.py"):
        spelled |= set(re.findall(r"[\"']([a-z]+(?:-[a-z]+){1,8})[\"']", module.read_text(encoding="utf-8")))
    rows = set(AGENT_TABLE.names) | {rule.name for rule in REPLY_RULES}
    assert spelled - NOT_RULES <= rows


def test_rules_off_names_a_wrong_rule_and_lists_the_right_ones(tmp_path: Path) -> None:
    assert check_rules_off([" dream", "take-all", "known wall", "take_verb"]) == {
        "dream", "take-all", "known wall", "take_verb"
    }  # fmt: skip
    with pytest.raises(ValueError, match=r"four-poster.*rules: .*dream.*known wall"):
        check_rules_off(["four-poster"])
    with pytest.raises(ValueError, match="new_room"):  # a fallback cannot be switched off
        check_rules_off(["new_room"])
    db = tmp_path / "never.db"
    wrong = config_from_dict({"rules_off": ["proven path"], "database_path": str(db)})
    with pytest.raises(SessionError, match="rules_off: no rule that can be switched off: proven path"):
        Session.open(wrong, web=False, console=False)  # refused before the database is made
    assert not db.exists()
    assert config_from_dict({"rules_off": ["dream"]}).rules_off == ["dream"]


def test_bench_refuses_a_rule_name_no_table_has(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_games(["--games", "ferry", "--rules-off", "open-what-bars-the-sky", "--no-report"]) == 2
    assert "open-what-bars-the-sky" in capsys.readouterr().err


def test_a_barrier_rule_switched_off_opens_nothing() -> None:
    """The scene in which open-what-bars-the-way opens the grille: switched off, no "open" is sent."""
    replies = {"down": DESCEND, "open iron grille": "You open the iron grille."}
    assert "open iron grille" in World(PIT).play(40, replies)
    with switched(off=["open-what-bars-the-way"]):
        assert "open iron grille" not in World(PIT).play(40, replies)


def test_a_room_action_rule_switched_off_proposes_nothing() -> None:
    """fill-what-is-empty's puts leave the room's actions; the other rules' stay."""
    mem = Memory()
    mem.seen.vessels.append(["mill", "hopper"])
    scene = Scene("mill", ["hopper"], [], ["sack"], "")
    assert ("put sack in hopper", "fill-what-is-empty") in named_room_actions(scene, mem)
    set_rule("fill-what-is-empty", False)
    rules = {rule for _, rule in named_room_actions(scene, mem)}
    assert "fill-what-is-empty" not in rules and "take-all" in rules


def test_a_queued_rule_switches_off_by_the_name_it_records() -> None:
    mem = Memory()
    set_rule("take-what-lies-here", False)
    mem.plans.add(["take key"], "take-what-lies-here")
    mem.plans.add(["open box"], "open-what-is-closed")
    assert mem.plans.commands() == ["open box"]


def test_the_reading_tables_switch_off_by_name() -> None:
    """Item replies, puzzle patterns and header shapes pass a rule that is off to the next row."""
    assert first_rule(TAKE_REPLIES, "Taken.").name == "take_stock_reply"
    assert [kind for _, kind in detect("The door is locked.")] == ["locked"]
    with switched(off=["take_stock_reply", "said_locked"]):
        assert first_rule(TAKE_REPLIES, "Taken.").name == "take_unrecognised"
        assert detect("The door is locked.") == []


def test_the_map_takes_its_rules_off_from_the_switches() -> None:
    with switched(off=["dream", "take-all"]):
        assert MapManager().switched_off == {"dream"}
    assert MapManager().switched_off == frozenset()


def test_the_later_run_rows_are_rules_of_the_knowledge_table() -> None:
    from autofrotz.knowledge.advisor import AGENT_ROW, LATER_RUN, QUEUE_ROW
    from autofrotz.knowledge.goals import SCORED_ROW
    from autofrotz.knowledge.reply_notes import NOTES_ROW
    from autofrotz.knowledge.rules import TABLE
    from autofrotz.knowledge.spread import STAY_ROW

    deciding = [stage.name for stage in LATER_RUN if stage.kind in ("send", "rule", "plan")]
    assert LATER_RUN[-1].name == AGENT_ROW  # the built-in agent's stages come last, with the turn's plan
    handing_on = {QUEUE_ROW, STAY_ROW, NOTES_ROW, SCORED_ROW}  # rows that only note the turn or hand on
    assert set(deciding) - handing_on <= set(TABLE.names)


def test_the_agents_ordered_rows_are_rules_of_its_table() -> None:
    from autofrotz.agents.builtin_choosing import LOCAL_ROWS, TRAVEL_ROWS
    from autofrotz.agents.builtin_judging import ACTION_ROWS, MOVE_ROWS, SUCCESS_ROWS
    from autofrotz.agents.builtin_noting import NOTING_ROWS

    names = [name for name, _ in LOCAL_ROWS] + [name for name, _ in TRAVEL_ROWS + NOTING_ROWS]
    names += [name for name, _ in MOVE_ROWS + ACTION_ROWS] + [name for name, _ in SUCCESS_ROWS]
    assert set(names) <= set(AGENT_TABLE.names)


def test_each_turn_records_the_rule_that_chose_its_command(tmp_path: Path) -> None:
    """A game of the built-in agent: every command after the start is named by a row of a table, in
    the turn's own column (turns.agent_rule), as the page shows it; a rule switched off never decides."""
    from autofrotz.bench.jobs import Job, play_job
    from autofrotz.storage.reader import GameReader
    from tests.orchestrator_support import ROOT, require_cellar

    require_cellar()
    db = str(tmp_path / "g.db")
    play_job(Job(str(ROOT / "games" / "cellar.z5"), 1, 25, db, None, rules_off=("take-all",)))
    reader = GameReader(db)
    try:
        game_id = reader.list_games()[0]["game_id"]
        rows = reader.turns(game_id)[1:]
    finally:
        reader.close()
    names = {row.name for t in tables() for row in t.rows}
    assert rows and all(row["rule"] in names for row in rows), [(r["rule"], r["reasoning"]) for r in rows]
    assert all(isinstance(row["vetoes"], list) for row in rows)
    assert "take-all" not in {row["rule"] for row in rows}
