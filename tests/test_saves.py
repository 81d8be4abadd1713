"""Save rotation: which save a death goes back to."""

from __future__ import annotations

from autofrotz.saves import RETRIES_PER_SAVE, SaveRotation


class SlotGame:
    """A stand-in interpreter that only remembers which slot was saved and restored."""

    def __init__(self) -> None:
        self.saved: list[str] = []
        self.restored: list[str] = []

    def save(self, slot: str) -> None:
        self.saved.append(slot)

    def restore(self, slot: str) -> None:
        self.restored.append(slot)

    def export_state(self, slot: str) -> bytes:
        return slot.encode()


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
