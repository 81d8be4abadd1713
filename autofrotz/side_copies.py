"""Side copies: the only place perception saves the game, sends a command and restores it.

Asking in a copy costs no game turn and leaves the run exactly as it was (the interface restores RAM,
stack, program counter and random generator), so it is fair perception for play as well as for the
evaluation. The managers say what they want asked as data (`managers/side_questions.SideQuestions`);
`SideCopies.answer` asks it all, each question in a fresh copy, and returns `SideAnswers` for the
managers' updates. Nothing is asked while the game waits for a key (a copy would take the key).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autofrotz.game_interface import GameInterfaceError
from autofrotz.managers.map_side_exit import shown_name
from autofrotz.managers.side_questions import SideAnswers, SideQuestions
from autofrotz.reading.outcomes_prompts import awaiting_key
from autofrotz.words.commands import ForbiddenCommandError
from autofrotz.words.directions import OPPOSITES, way_in_words

if TYPE_CHECKING:
    from collections.abc import Callable

    from autofrotz.game_interface import RunningGame
    from autofrotz.managers.map_state import ExitAnswers, Facts, Route
    from autofrotz.managers.side_questions import Survey

SLOT = "side_copy"
# The only questions a side copy asks: neither changes the world, and the copy is thrown away anyway.
SIDE_COMMANDS = ("inventory", "look", "score")


def side_reply(game: RunningGame, command: str, last_reply: str = "", slot: str = SLOT) -> str | None:
    """The game's reply to a side command from a copy of the state, or None when asking is not safe."""
    if command not in SIDE_COMMANDS:
        raise ValueError(f"side copies answer only {', '.join(SIDE_COMMANDS)}, not {command!r}")
    if awaiting_key(last_reply):
        return None
    game.save(slot)
    try:
        return game.send(command).text
    except GameInterfaceError:
        return None
    finally:
        game.restore(slot)


def spoken(game: RunningGame) -> Callable[[str], str]:
    """How a way is sent to this game: in words its dictionary holds (words.directions.way_in_words);
    as it is named when the dictionary cannot be read."""
    try:
        knows = game.vocabulary().knows
    except (GameInterfaceError, OSError, AttributeError):
        return str
    return lambda way: way_in_words(way, knows)


def side_exit(
    game: RunningGame, routes: tuple[Route, ...], last_reply: str = "", slot: str = SLOT
) -> ExitAnswers | None:
    """Each route (compass moves one after another) tried in a fresh side copy, then "look" there:
    (route, each move's reply, the look's reply) per route, or None when asking is not safe. Only compass
    exits are tried (map_side_exit chooses them); a route stops at a move answered with a request for a
    key; every copy is thrown away, so the moves change nothing in the run."""
    SideQuestions(routes=routes)  # refuses a route off the compass
    if awaiting_key(last_reply):
        return None
    game.save(slot)
    answers = []
    try:
        for route in routes:
            replies: list[str] = []
            for label in route:
                replies.append(game.send(label).text)
                if awaiting_key(replies[-1]):
                    break
            look = "" if awaiting_key(replies[-1]) else game.send("look").text
            answers.append((route, tuple(replies), look))
            game.restore(slot)
    except GameInterfaceError:
        return None
    finally:
        game.restore(slot)
    return tuple(answers)


WAYS_TRIED = (
    "north",
    "south",
    "east",
    "west",
    "northeast",
    "northwest",
    "southeast",
    "southwest",
    "up",
    "down",
    "in",
    "out",
)


def side_moves(
    game: RunningGame, last_reply: str = "", slot: str = SLOT, ways: tuple[str, ...] = WAYS_TRIED
) -> dict[str, str] | None:
    """Each way of the room tried once in a side copy that is then put back: the game's reply to each,
    or None when asking is not safe. The run is not changed by any of it. Each way is sent in words
    the story's dictionary holds (spoken)."""
    say = spoken(game)
    return _side_sends(game, {way: say(way) for way in ways}, last_reply, slot)


def side_survey(
    game: RunningGame, here: str, name_of: Callable[[str], str], last_reply: str = "", slot: str = SLOT
) -> tuple[Facts, int] | None:
    """What every compass move from here shows, and every second move from each room of this name a
    first move showed (only the moves some first move was answered with a room): (route -> the names of
    the rooms its moves showed, "" for none; the commands sent), or None when asking is not safe. All in
    side copies thrown away (map_side_exit reads the survey)."""
    if awaiting_key(last_reply):
        return None
    game.save(slot)
    facts: dict[Route, tuple[str, ...]] = {}
    sent = 0
    try:
        for label in OPPOSITES:
            game.restore(slot)
            facts[(label,)] = (name_of(game.send(label).text),)
            sent += 1
        open_ways = [label for label in OPPOSITES if facts[(label,)][0]]
        for label in open_ways:
            if facts[(label,)][0] != here:
                continue
            game.restore(slot)
            sent += 1
            if awaiting_key(game.send(label).text):
                continue
            game.save(slot + "_survey")
            for second in open_ways:
                game.restore(slot + "_survey")
                facts[(label, second)] = (here, name_of(game.send(second).text))
                sent += 1
    except GameInterfaceError:
        return None
    finally:
        game.restore(slot)
    return facts, sent


def side_examines(
    game: RunningGame, names: list[str], last_reply: str = "", slot: str = SLOT
) -> dict[str, str] | None:
    """The game's reply to "examine NAME" for each name, each asked in a fresh side copy that is then put
    back (an examine may print a clue or spring something; the run is not changed by any of it), or None
    when asking is not safe. A name the command check refuses (a word of an interpreter-control verb)
    gets no reply."""
    return _side_sends(game, {name: f"examine {name}" for name in names}, last_reply, slot)


def side_takes(
    game: RunningGame, names: list[str], last_reply: str = "", slot: str = SLOT
) -> dict[str, str] | None:
    """The game's reply to "take NAME" for each name, each in a fresh side copy put back after, or None
    when asking is not safe (as side_examines)."""
    return _side_sends(game, {name: f"take {name}" for name in names}, last_reply, slot)


def _side_sends(
    game: RunningGame, commands: dict[str, str], last_reply: str, slot: str
) -> dict[str, str] | None:
    """Each command sent in a fresh side copy, its reply under its key; None when asking is not safe or
    the interpreter failed. A command the command check refuses gets no reply."""
    if awaiting_key(last_reply):
        return None
    game.save(slot)
    replies: dict[str, str] = {}
    try:
        for key, command in commands.items():
            try:
                replies[key] = game.send(command).text
            except ForbiddenCommandError:
                continue
            game.restore(slot)
    except GameInterfaceError:
        return None
    finally:
        game.restore(slot)
    return replies


def side_inventory(game: RunningGame, last_reply: str = "", slot: str = SLOT) -> str | None:
    """The game's reply to "inventory" from a side copy, or None when asking is not safe."""
    return side_reply(game, "inventory", last_reply, slot)


def side_look(game: RunningGame, last_reply: str = "", slot: str = SLOT) -> str | None:
    """The game's reply to "look" from a side copy, or None when asking is not safe."""
    return side_reply(game, "look", last_reply, slot)


class SideCopies:
    """Answers the managers' side questions in copies of one running game; counts what it sent."""

    def __init__(self, game: RunningGame, slot: str = SLOT) -> None:
        self.game = game
        self.slot = slot
        self.sent = 0  # side commands sent, every kind

    def answer(self, questions: SideQuestions, last_reply: str) -> SideAnswers:
        """Every question of one round, in this order: inventory, look, routes, survey, ways, examines,
        takes; nothing at all while the game waits for a key."""
        if questions.empty or awaiting_key(last_reply):
            return SideAnswers(asked=questions)
        game, slot = self.game, self.slot
        inventory = side_inventory(game, last_reply, slot) if questions.inventory else None
        look = side_look(game, last_reply, slot) if questions.look else None
        exits = side_exit(game, questions.routes, last_reply, slot) if questions.routes else None
        survey = self._survey(questions.survey, last_reply) if questions.survey else None
        ways = side_moves(game, last_reply, slot, questions.ways) if questions.ways else None
        examines = (
            side_examines(game, list(questions.examines), last_reply, slot) if questions.examines else None
        )
        takes = side_takes(game, list(questions.takes), last_reply, slot) if questions.takes else None
        answers = SideAnswers(
            look=look,
            inventory=inventory,
            exits=exits,
            survey=survey[0] if survey else None,
            survey_sent=survey[1] if survey else 0,
            ways=ways,
            examines=examines,
            takes=takes,
            asked=questions,
        )
        self.sent += answers.sends
        return answers

    def _survey(self, survey: Survey, last_reply: str) -> tuple[Facts, int] | None:
        def name_of(text: str) -> str:
            return shown_name(text, survey.known, survey.headerless)

        return side_survey(self.game, survey.here, name_of, last_reply, self.slot)
