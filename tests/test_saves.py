"""Save rotation: which save a death goes back to."""

from __future__ import annotations

from autofrotz.saves import LADDER_EVERY, LADDER_RULE, RETRIES_PER_SAVE, SaveRotation


class SlotGame:
    """A stand-in interpreter that only remembers which slot was saved and restored."""

    def __init__(self) -> None:
        self.saved: list[str] = []
        self.restored: list[str] = []
        self.imported: list[tuple[str, bytes]] = []

    def save(self, slot: str) -> None:
        self.saved.append(slot)

    def restore(self, slot: str) -> None:
        self.restored.append(slot)

    def export_state(self, slot: str) -> bytes:
        return slot.encode()

    def import_state(self, slot: str, data: bytes) -> None:
        self.imported.append((slot, data))


def test_a_death_goes_back_to_the_newest_save() -> None:
    saves = SaveRotation(SlotGame(), slots=3)
    saves.save(10, {})
    newest = saves.save(20, {})
    point = saves.restore_after_death()
    assert point is not None and point.turn == 20 and point.slot == newest.slot


def test_a_save_died_from_twice_gives_way_to_an_older_one() -> None:
    game = SlotGame()
    saves = SaveRotation(game, slots=3)
    saves.save(10, {})
    saves.save(20, {})
    turns = [saves.restore_after_death().turn for _ in range(RETRIES_PER_SAVE + 1)]  # type: ignore[union-attr]
    assert turns == [20] * RETRIES_PER_SAVE + [10]
    assert game.restored[-1] == "autofrotz_0"


def test_when_every_save_has_failed_the_oldest_is_used() -> None:
    saves = SaveRotation(SlotGame(), slots=2)
    saves.save(10, {})
    saves.save(20, {})
    for _ in range(2 * RETRIES_PER_SAVE):
        saves.restore_after_death()
    point = saves.restore_after_death()
    assert point is not None and point.turn == 10


def test_a_new_save_in_a_slot_starts_with_no_deaths() -> None:
    saves = SaveRotation(SlotGame(), slots=1)
    saves.save(10, {})
    for _ in range(RETRIES_PER_SAVE):
        saves.restore_after_death()
    saves.save(30, {})
    point = saves.restore_after_death()
    assert point is not None and point.turn == 30 and saves.deaths[point.slot] == 1


def test_no_save_no_restore() -> None:
    game = SlotGame()
    assert SaveRotation(game).restore_after_death() is None and game.restored == []


def _every_ten(saves: SaveRotation, last: int) -> None:
    for turn in range(10, last + 1, 10):
        saves.save(turn, {"turn": turn})


def test_deaths_from_every_rotating_save_go_back_down_the_ladder() -> None:
    game = SlotGame()
    saves = SaveRotation(game, slots=3)
    _every_ten(saves, 200)  # rotation: 180, 190, 200; rungs every LADDER_EVERY turns from 10
    turns = [saves.restore_after_death().turn for _ in range(3 * RETRIES_PER_SAVE)]  # type: ignore[union-attr]
    assert sorted(set(turns)) == [180, 190, 200] and saves.rule == ""
    point = saves.restore_after_death()
    assert point is not None and point.turn < 180 and 180 - point.turn <= LADDER_EVERY
    assert saves.rule == LADDER_RULE and game.imported[-1][0] == game.restored[-1]
    assert point.mind["turn"] == point.turn  # the rung's own memory comes back with it
    assert [p.turn for p in saves.points] == [point.turn]


def test_the_ladder_goes_further_down_when_the_rung_dies_too() -> None:
    saves = SaveRotation(SlotGame(), slots=3)
    _every_ten(saves, 200)
    for _ in range(3 * RETRIES_PER_SAVE):
        saves.restore_after_death()
    first = saves.restore_after_death()
    for _ in range(RETRIES_PER_SAVE - 1):
        assert saves.restore_after_death().turn == first.turn  # type: ignore[union-attr]
    second = saves.restore_after_death()
    assert first is not None and second is not None and second.turn < first.turn
    assert saves.rule == LADDER_RULE


def test_without_an_older_rung_the_oldest_save_is_kept() -> None:
    saves = SaveRotation(SlotGame(), slots=3)
    _every_ten(saves, 30)  # the only rung (10) is a rotating save itself
    for _ in range(3 * RETRIES_PER_SAVE):
        saves.restore_after_death()
    point = saves.restore_after_death()
    assert point is not None and point.turn == 10 and saves.rule == ""


def test_rungs_after_the_restored_save_are_an_undone_timeline() -> None:
    saves = SaveRotation(SlotGame(), slots=3)
    _every_ten(saves, 200)
    saves.points = [p for p in saves.points if p.turn != 200]  # as if 200 was never saved
    saves.ladder.append(saves.save(210, {}))  # a rung newer than the save a death goes back to
    saves.deaths = {p.slot: RETRIES_PER_SAVE for p in saves.points if p.turn != 190}
    point = saves.restore_after_death()
    assert point is not None and point.turn == 190
    assert all(p.turn <= 190 for p in saves.ladder)


def test_no_rung_that_gives_points_back() -> None:
    saves = SaveRotation(SlotGame(), slots=3)
    for turn in range(10, 201, 10):
        saves.save(turn, {"score": 0 if turn < 180 else 5})
    for _ in range(3 * RETRIES_PER_SAVE):
        saves.restore_after_death()
    point = saves.restore_after_death()
    assert point is not None and point.turn == 180 and saves.rule == ""  # the oldest save, not a rung


def test_a_resumed_rotation_is_the_one_recorded_with_the_state() -> None:
    game = SlotGame()
    saves = SaveRotation(game, slots=3)
    _every_ten(saves, 200)
    for _ in range(3 * RETRIES_PER_SAVE + 1):  # down to a rung of the ladder
        saves.restore_after_death()
    newest = saves.save(210, {"turn": 210})
    stored = {p.ref: p.packed for p in saves.points + saves.ladder}
    again = SaveRotation(SlotGame(), slots=3)
    again.resume(210, newest.packed, stored.get)
    assert again.record() == saves.record()
    assert [p.packed for p in again.ladder] == [p.packed for p in saves.ladder]
    assert again.restore_after_death().turn == saves.restore_after_death().turn  # type: ignore[union-attr]
