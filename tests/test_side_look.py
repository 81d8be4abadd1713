"""The side copy answers "look" too: a room's own full description, asked without spending a turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.map_questions import unclear_reason
from autofrotz.managers.room_parser import ParsedOutput, parse_output
from autofrotz.managers.side_questions import SideQuestions
from autofrotz.side_copies import SideCopies, side_reply
from autofrotz.turn_perception import settle_room
from tests.support.fake_game import SlotGame

ROOMS = {
    "hall": "Hall\nYou are in a long hall. The study is north.",
    "study": "Study\nYou are in a quiet study. The hall is south.",
}


class RoomsGame(SlotGame):
    """Two rooms; "north"/"south" move quietly (no header, like a vehicle); "look" describes the room and
    also ticks a clock, which the restore must undo."""

    def __init__(self) -> None:
        super().__init__({"room": "hall", "clock": 0})

    def _start(self) -> str:
        return ROOMS["hall"]

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        self.commands.append(command)
        self.state["clock"] += 1
        if command == "look":
            return ROOMS[self.state["room"]], None, None
        if command in ("north", "south"):
            self.state["room"] = "study" if command == "north" else "hall"
            return "The floor slides you along with a hum.", None, None
        return "Nothing happens.", None, None


def _describe_here(copies: SideCopies, reply: str) -> ParsedOutput | None:
    """The room as a side "look" describes it, parsed; None when not asked or it names no room."""
    look = copies.answer(SideQuestions(look=True), reply).look
    parsed = parse_output(look) if look is not None else None
    return parsed if parsed is not None and (parsed.header or parsed.headerless_room) else None


def test_a_side_look_describes_the_room_and_leaves_the_game_as_it_was() -> None:
    game = RoomsGame()
    game.start()
    reply = game.send("north").text
    copies = SideCopies(game)
    here = _describe_here(copies, reply)
    assert here is not None and here.header == "Study" and here.description.startswith("You are in a quiet")
    assert game.state == {"room": "study", "clock": 1}  # the look's tick was undone
    assert copies.sent == 1


def test_a_side_look_is_not_asked_while_the_game_waits_for_a_key() -> None:
    game = RoomsGame()
    game.start()
    waiting = "The end.\n\n[Press any key to continue]"
    assert SideCopies(game).answer(SideQuestions(look=True), waiting).look is None
    assert game.commands == []


def test_side_copies_answer_only_harmless_questions() -> None:
    game = RoomsGame()
    game.start()
    with pytest.raises(ValueError, match="inventory, look"):
        side_reply(game, "open door")


def test_unclear_replies_are_named() -> None:
    assert (
        unclear_reason(parse_output("The floor slides you along with a hum."), "north")
        == "moved_without_header"
    )
    assert unclear_reason(parse_output("Study"), "north") == "brief_revisit"
    assert unclear_reason(parse_output("You are in the cellar."), "down") == "headerless_arrival"
    assert unclear_reason(parse_output(ROOMS["study"]), "north") is None
    assert unclear_reason(parse_output("You can't go that way."), "north") is None
    assert unclear_reason(parse_output("The floor slides you along with a hum."), "push button") is None


def test_a_side_look_on_a_real_game_costs_no_turn(cellar_path: Path, cellar_walkthrough: list[str]) -> None:
    pytest.importorskip("jericho")
    from autofrotz.game_interface import open_game

    plain, probed = open_game(cellar_path, "jericho", seed=42), open_game(cellar_path, "jericho", seed=42)
    replies: list[list[str]] = [[plain.start()], [probed.start()]]
    copies = SideCopies(probed)
    described = []
    for command in cellar_walkthrough[:8]:
        replies[0].append(plain.send(command).text)
        replies[1].append(probed.send(command).text)
        here = _describe_here(copies, replies[1][-1])
        described.append(here.header if here else None)
    plain.close()
    probed.close()
    assert [r.split() for r in replies[0]] == [r.split() for r in replies[1]]
    assert copies.sent == 8 and any(described)


def _room_name(maps: MapManager) -> str | None:
    return next((r.name for r in maps.rooms() if r.room_id == maps.current_room), None)


def test_a_quiet_move_is_settled_by_the_side_look() -> None:
    game, maps = RoomsGame(), MapManager()
    copies = SideCopies(game)
    maps.update_from_game_output(game.start(), None, 0)
    reply = game.send("north").text
    maps.update_from_game_output(reply, "north", 1)
    assert _room_name(maps) == "Hall"  # the map alone cannot see where the floor took us
    update = settle_room(copies, maps, reply, "north", 1, None).update
    assert update is not None and _room_name(maps) == "Study" and copies.sent == 1
    assert game.state["clock"] == 1  # the look was asked in a side copy


def test_no_side_look_when_the_reply_names_the_room() -> None:
    game, maps = RoomsGame(), MapManager()
    copies = SideCopies(game)
    maps.update_from_game_output(game.start(), None, 0)
    maps.update_from_game_output(ROOMS["study"], "north", 1)
    assert settle_room(copies, maps, ROOMS["study"], "north", 1, None).update is None and copies.sent == 0


class TimedGame(RoomsGame):
    """A "look" in the copy also lets a timed event carry the player off after the room is described."""

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        if command == "look":
            self.state["clock"] += 1
            cellar = "Cellar\nYou are in a damp cellar. Steps lead up."
            return ROOMS[self.state["room"]] + "\n\nThe floor gives way.\n\n" + cellar, None, None
        return super()._step(command)


def test_a_side_look_whose_clock_ran_on_to_another_room_is_not_read() -> None:
    game, maps = TimedGame(), MapManager()
    copies = SideCopies(game)
    maps.update_from_game_output(game.start(), None, 0)
    reply = game.send("north").text  # the copy's look names the study, then the cellar it fell to
    maps.update_from_game_output(reply, "north", 1)
    assert settle_room(copies, maps, reply, "north", 1, None).update is None and copies.sent == 1
    assert _room_name(maps) == "Hall"  # neither room is read: the look no longer tells where we are


class SlidingGame(RoomsGame):
    """A refused "west"; the second time a timed event told after the refusal slides the player to the
    study without a header (rule refused_then_more)."""

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        if command != "west":
            return super()._step(command)
        self.state["clock"] += 1
        if self.state["clock"] < 2:
            return "You can't go that way.", None, None
        self.state["room"] = "study"
        return "You can't go that way.\n\nThe floor tilts and you slide away down a chute.", None, None


def _move(game: SlidingGame, maps: MapManager, command: str, turn: int) -> str:
    """Send a command to the game and let the map read the reply."""
    reply = game.send(command).text
    maps.update_from_game_output(reply, command, turn)
    return reply


def test_a_refusal_followed_by_an_event_is_settled_by_the_side_look() -> None:
    game, maps = SlidingGame(), MapManager()
    copies = SideCopies(game)
    maps.update_from_game_output(game.start(), None, 0)
    plain = _move(game, maps, "west", 1)
    bare = settle_room(copies, maps, plain, "west", 1, None)  # a bare refusal
    assert bare.update is None and copies.sent == 0
    reply = _move(game, maps, "west", 2)
    assert _room_name(maps) == "Hall"
    settled = settle_room(copies, maps, reply, "west", 2, None)
    assert settled.update is not None and _room_name(maps) == "Study"
