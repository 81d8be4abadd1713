"""Every pattern that reads game text lives in autofrotz/reading/ (issue: one reading of a reply).

A regular expression outside reading/ is allowed only in the files below, each for text that is not the
game's: the player's or a model's command, JSON, the interpreter's own protocol, ids and names we make,
source files, and the evaluation's truth side. The list is exact: a file that no longer needs its
entry fails too, so the list cannot go stale.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "autofrotz"
APPLIED = r"\bre\.(?:search|match|sub|findall|fullmatch|split|finditer)\(\s*r?[\"']"  # a literal applied
PATTERN = re.compile(r"\bre\.compile\(|" + APPLIED)

NOT_GAME_TEXT: dict[str, str] = {
    "agents/builtin_speech.py": "reads a command (boarding)",
    "agents/builtin_tactics.py": "reads a command (its verb, its object joiner)",
    "agents/builtin_vessels.py": "reads a command (putting a thing away)",
    "agents/builtin_ways.py": "reads a command addressed to someone",
    "agents/commands.py": "reads a model's answer for a command line",
    "agents/puzzle_rules.py": "reads a command (using a key)",
    "backends/dfrotz_backend.py": "reads the interpreter's file prompts and makes a save file's name",
    "evals/briefing_metrics.py": "the evaluation's truth: the object tree's names",
    "evals/eval_session.py": "the evaluation's truth: the object tree's names",
    "evals/explore.py": "the exploration driver of the evaluation, not a reader of the world model",
    "evals/explore_habits.py": "the exploration driver of the evaluation, not a reader of the world model",
    "evals/inventory_diagnosis.py": "the evaluation's truth: the object tree's names",
    "evals/inventory_metrics.py": "the evaluation's truth: the object tree's names",
    "fences.py": "breaks fence markers in any text sent to a model",
    "games.py": "reads an Inform source file",
    "knowledge/kinds.py": "reads a command (its verb family, what it is used on)",
    "knowledge/path.py": "reads a room id",
    "knowledge/people.py": "reads a command (giving)",
    "llm/base.py": "finds keys in text before it is logged",
    "llm/json_tools.py": "reads JSON a model answered",
    "managers/exit_states.py": "shortens the briefing's own notes",
    "managers/item_commands.py": "reads a command",
    "managers/map_graph.py": "makes a room id",
    "managers/map_markers.py": "reads a command (drop, take)",
    "managers/way_trials.py": "reads the map's own note of a side copy",
    "maze/state.py": "makes a room id",
    "maze_bridge.py": "reads a maze room id",
    "notebook.py": "reads a command (opening)",
    "textworld_games.py": "reads an Inform 7 source file",
    "web/live.py": "makes an event name of a class name",
    "words/commands.py": "reads a command",
    "words/directions.py": "reads a command",
}


def files_with_patterns() -> set[str]:
    """The modules outside reading/ that compile or apply a literal regular expression."""
    found = set()
    for path in ROOT.rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith("reading/") and PATTERN.search(path.read_text(encoding="utf-8")):
            found.add(rel)
    return found


def test_patterns_of_game_text_live_in_reading() -> None:
    stray = sorted(files_with_patterns() - set(NOT_GAME_TEXT))
    assert not stray, f"move these patterns to reading/ (or say why they read no game text): {stray}"


def test_the_list_of_exceptions_is_exact() -> None:
    stale = sorted(set(NOT_GAME_TEXT) - files_with_patterns())
    assert not stale, f"no pattern left in these: drop them from NOT_GAME_TEXT: {stale}"
