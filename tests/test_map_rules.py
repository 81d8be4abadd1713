"""The map's identity rules as one ordered table: every decision names its rule, a rule can be
switched off alone, and the rule name is kept with the turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.evals.ablation import parse_ablations
from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.map_rules import RULE_NAMES, RULES, check_switched_off
from autofrotz.managers.map_verdicts import HEADER, NO_HEADER
from autofrotz.storage.database import Database
from autofrotz.storage.models import Game, Turn, TurnBundle, WorldSnapshot
from autofrotz.storage.reader import GameReader

BEDROOM = "Writing Room\nA pleasantly furnished box room with a comfortable bed.\n"
DREAM = "You sleep uneasily...\n\nMelancholy Dream\nA dusty passage sloping down.\n"
HALL = "Hall\nA long hall. A door leads north.\n"
KITCHEN = "Kitchen\nA small kitchen. The hall is south.\n"


def test_names_are_unique_and_each_kind_of_reply_ends_in_a_fallback() -> None:
    assert len(set(RULE_NAMES)) == len(RULE_NAMES)
    for kind in (HEADER, NO_HEADER):
        last = [rule for rule in RULES if rule.reads == kind][-1]
        assert last.essential, kind
    assert [r.name for r in RULES if r.essential] == ["first_room", "new_room", "no_move"]


def test_every_update_names_the_rule_that_decided_it() -> None:
    manager = MapManager()
    replies = [(None, HALL), ("north", KITCHEN), ("south", HALL), ("jump", "You jump on the spot.\n"),
               ("west", "You can't go that way.\n")]  # fmt: skip
    rules = [
        manager.update_from_game_output(text, cmd, n).decided_by for n, (cmd, text) in enumerate(replies)
    ]
    assert rules == ["first_room", "new_room", "known_exit", "no_move", "refused_exit"]
    assert manager.fired["new_room"] == 1 and sum(manager.fired.values()) == len(replies)


def test_switching_the_dream_rule_off_lets_the_dream_move_the_sleeper() -> None:
    awake, ablated = MapManager(), MapManager(switched_off=frozenset({"dream"}))
    for manager in (awake, ablated):
        manager.update_from_game_output(BEDROOM, None, 0)
    assert awake.update_from_game_output(DREAM, "sleep", 1).decided_by == "dream"
    assert awake.current_room == "writing_room"
    update = ablated.update_from_game_output(DREAM, "sleep", 1)
    assert update.decided_by == "new_room" and ablated.current_room != "writing_room"


def test_unknown_rules_and_fallbacks_cannot_be_switched_off() -> None:
    with pytest.raises(ValueError, match="no_such_rule"):
        MapManager(switched_off=frozenset({"no_such_rule"}))
    with pytest.raises(ValueError, match="new_room"):
        check_switched_off(frozenset({"new_room"}))
    with pytest.raises(SystemExit, match="--ablate"):
        parse_ablations(["known_exit,nonsense"])


def test_the_deciding_rule_is_stored_with_the_turn(tmp_path: Path) -> None:
    db = Database(tmp_path / "game.db")
    try:
        game_id = db.create_game(Game(None, "games/x.z5", "2026-01-01T00:00:00", seed=1))
        turn = Turn(game_id, 0, "", "Hall", "hall", decided_by="first_room")
        db.write_turn(game_id, TurnBundle(turn, WorldSnapshot(current_room="hall")))
    finally:
        db.close()
    reader = GameReader(tmp_path / "game.db")
    try:
        assert reader.turns(game_id)[0]["decided_by"] == "first_room"
    finally:
        reader.close()
