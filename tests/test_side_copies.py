"""Side questions as data, answered in side copies: one round's questions all answered and undone,
nothing asked while the game waits for a key, and a question that needs an earlier answer asked in a
later round of the map's perception (map_questions, side_copies, turn_perception.read_move)."""

from __future__ import annotations

from autofrotz.managers.map_manager import MapManager
from autofrotz.managers.map_questions import after_reading, before_reading, way_back
from autofrotz.managers.room_parser import parse_output
from autofrotz.managers.side_questions import SideQuestions
from autofrotz.side_copies import SideCopies
from autofrotz.turn_perception import read_move
from tests.support.fake_game import SlotGame

HALL = "Hall\nA long hall with a door to the north."
YARD = "Yard\nA muddy yard. The hall is south."
WAITING = "The end.\n\n[Press any key to continue]"


class YardGame(SlotGame):
    """A hall and a yard; "north"/"south" walk between them, "west" from the hall walks round a loop back
    into the hall, "take pail" takes the pail; every command ticks a clock and is kept in `commands`,
    so a test sees what the copies sent."""

    def __init__(self) -> None:
        super().__init__({"room": "hall", "clock": 0, "held": []})

    def _start(self) -> str:
        return HALL

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        self.commands.append(command)
        self.state["clock"] += 1
        room = self.state["room"]
        if command in ("north", "south") and (room == "hall") == (command == "north"):
            self.state["room"] = "yard" if command == "north" else "hall"
            return YARD if command == "north" else HALL, None, None
        if command == "west" and room == "hall":
            return HALL, None, None
        if command == "look":
            return HALL if room == "hall" else YARD, None, None
        if command == "inventory":
            return "You are carrying: " + (", ".join(self.state["held"]) or "nothing") + ".", None, None
        if command == "take pail":
            self.state["held"].append("pail")
            return "Taken.", None, None
        if command == "examine pail":
            return "A tin pail.", None, None
        return "You can't go that way.", None, None


def test_every_question_of_a_round_is_answered_and_the_game_left_as_it_was() -> None:
    game = YardGame()
    game.start()
    asked = SideQuestions(
        look=True,
        inventory=True,
        routes=(("north",),),
        ways=("north", "east"),
        examines=("pail",),
        takes=("pail",),
    )
    answers = SideCopies(game).answer(asked, HALL)
    assert answers.look == HALL and answers.inventory == "You are carrying: nothing."
    assert answers.exits == ((("north",), (YARD,), YARD),)
    assert answers.ways == {"north": YARD, "east": "You can't go that way."}
    assert answers.examines == {"pail": "A tin pail."} and answers.takes == {"pail": "Taken."}
    assert game.state == {"room": "hall", "clock": 0, "held": []}  # every copy was thrown away
    assert answers.asked is asked


def test_nothing_is_asked_while_the_game_waits_for_a_key() -> None:
    game = YardGame()
    game.start()
    answers = SideCopies(game).answer(SideQuestions(look=True, inventory=True, ways=("north",)), WAITING)
    assert (answers.look, answers.inventory, answers.ways) == (None, None, None) and game.commands == []


def test_the_map_asks_its_questions_as_data() -> None:
    maps = MapManager()
    maps.update_from_game_output(HALL, None, 0)
    quiet = "The floor slides you along with a hum."
    first = before_reading(maps, parse_output(quiet, maps.known_names()), quiet, "north")
    assert first.look and first.why == ("moved_without_header",) and not first.routes
    assert after_reading(maps, None, None).ways[:3] == ("wait", "north", "south")  # a room first stood in
    assert way_back(maps, {"north": HALL, "east": "You can't go that way."}).routes == (("north", "south"),)
    assert way_back(maps, {"north": YARD}).empty  # a way into another room needs no way back


def test_the_way_back_is_asked_in_a_later_round_after_the_ways() -> None:
    game, maps = YardGame(), MapManager()
    maps.update_from_game_output(game.start(), None, 0)
    read_move(SideCopies(game), maps, "You can't go that way.", "east", 1)
    sent = game.commands
    assert sent[0] == "wait" and sent[-3:] == ["west", "east", "look"]  # west showed the hall: the way back
    assert sent.count("west") == 2 and sent.count("look") == 1 and game.state["clock"] == 0
