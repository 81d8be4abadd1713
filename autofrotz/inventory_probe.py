"""Side queries: the game's own answer to "inventory" or "look" asked in a saved-and-restored copy.

Asking costs no game turn and leaves the run exactly as it was (the interface restores RAM, stack,
program counter and random generator), so it is fair perception for the orchestrator as well as the
evaluation: the ItemManager raises `wants_inventory_check` when the rules cannot account for a reply,
and `InventoryProbe.answer` asks and feeds the listing back. `InventoryProbe.describe_here` asks
"look" the same way: the room's own full description, for a reply that leaves the room unclear
(`unclear_reason`: a move answered without a room header, a brief revisit, a game without headers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from autofrotz.game_interface import GameInterfaceError
from autofrotz.if_patterns import awaiting_key
from autofrotz.managers.map_side_exit import shown_name
from autofrotz.managers.map_view import MapView
from autofrotz.managers.room_parser import ParsedOutput, header_lines, parse_output
from autofrotz.managers.status_line import strip_status
from autofrotz.words.commands import ForbiddenCommandError
from autofrotz.words.directions import OPPOSITES, is_travel_command

if TYPE_CHECKING:
    from autofrotz.game_interface import RunningGame
    from autofrotz.managers.item_manager import ItemManager
    from autofrotz.managers.map_manager import MapManager, RoomUpdate
    from autofrotz.managers.map_state import ExitAnswers, Facts, Route
    from autofrotz.reading import Reading

SLOT = "inventory_probe"
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


def side_exit(
    game: RunningGame, routes: tuple[Route, ...], last_reply: str = "", slot: str = SLOT
) -> ExitAnswers | None:
    """Each route (compass moves one after another) tried in a fresh side copy, then "look" there:
    (route, each move's reply, the look's reply) per route, or None when asking is not safe. Only compass
    exits are tried (map_side_exit chooses them); a route stops at a move answered with a request for a
    key; every copy is thrown away, so the moves change nothing in the run."""
    if any(not route or any(label not in OPPOSITES for label in route) for route in routes):
        raise ValueError(f"side copies try only compass exits, not {routes!r}")
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
    or None when asking is not safe. The run is not changed by any of it."""
    return _side_sends(game, {way: way for way in ways}, last_reply, slot)


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


# When a reply leaves the room unclear, so that the room's own description is worth a side "look".
# Each reason is (name, test on the parsed reply and the command); the first that holds is given.
def _moved_without_header(parsed: ParsedOutput, command: str | None) -> bool:
    """A move answered with neither a room header nor a refusal nor darkness (a vehicle, a fall...)."""
    quiet = not (parsed.header or parsed.no_exit or parsed.blocked_reason or parsed.is_dark)
    return is_travel_command(command) and quiet and not parsed.headerless_room


def refused_then_more(parsed: ParsedOutput, command: str | None, reply: str) -> bool:
    """A refused move whose reply goes on past the refusal (rule refused_then_more): a timed event told
    in the same turn may have carried the player off, so the side "look" is worth asking.

    >>> reply = "You can't go that way.\\n\\nThe floor gives way."
    >>> refused_then_more(parse_output(reply), "north", reply)
    True
    >>> refused_then_more(parse_output("You can't go that way."), "north", "You can't go that way.")
    False
    """
    said = [line for line in strip_status(reply).text.split("\n") if line.strip()]
    return is_travel_command(command) and parsed.no_exit and not parsed.header and len(said) >= 2


def _brief_revisit(parsed: ParsedOutput, command: str | None) -> bool:
    """A move answered with a header but no description (brief mode): look-alikes are told apart by text."""
    return is_travel_command(command) and bool(parsed.header) and not parsed.description


def _headerless_arrival(parsed: ParsedOutput, command: str | None) -> bool:
    """A game without headers: the room is known only from its description, which a revisit may shorten."""
    return is_travel_command(command) and parsed.headerless_room


UNCLEAR_REASONS = (
    ("moved_without_header", _moved_without_header),
    ("brief_revisit", _brief_revisit),
    ("headerless_arrival", _headerless_arrival),
)


def unclear_reason(parsed: ParsedOutput, command: str | None) -> str | None:
    """The name of the first UNCLEAR_REASONS that holds for a reply, or None when the room is clear.

    >>> unclear_reason(parse_output("The car stops with a jolt."), "north")
    'moved_without_header'
    >>> unclear_reason(parse_output("Hall"), "west"), unclear_reason(parse_output("Taken."), "take lamp")
    ('brief_revisit', None)
    >>> unclear_reason(parse_output("Hall\\nYou are in a long hall."), "west") is None
    True
    """
    return next((name for name, holds in UNCLEAR_REASONS if holds(parsed, command)), None)


class InventoryProbe:
    """Asks a running game "inventory" without spending a turn; counts the questions asked."""

    def __init__(self, game: RunningGame, slot: str = SLOT) -> None:
        self.game = game
        self.slot = slot
        self.queries = 0
        self.looks = 0
        self.exits = 0  # side commands sent to try an exit (the move and the look after it)
        self.ways = 0  # side moves sent to try every way of a room first stood in (try_ways)
        self.answered = ""  # the last side "inventory" answer handed to the item manager
        self.settled_text = ""  # the side "look" the map last read (see settle_room)
        self.first_look: str | None = None  # the side "look" asked before the map read a reply
        self.first_exits: ExitAnswers | None = None  # exits tried in side copies before that
        self.first_survey: Facts | None = None  # a survey of the room asked before that (map_survey)
        # the last reply parsed for a side look, keyed by the reply and the room names known then
        self._parsed_reply: tuple[tuple[str, frozenset[str]], ParsedOutput] | None = None

    def ask(self, last_reply: str = "") -> str | None:
        """The game's reply to "inventory" from a side copy, or None when asking is not safe."""
        reply = side_inventory(self.game, last_reply, self.slot)
        self.queries += reply is not None
        return reply

    def answer(self, items: ItemManager, room: str | None, turn: int, last_reply: str) -> bool:
        """Ask when the manager wants a check and feed the listing back; True when asked."""
        if not items.wants_inventory_check:
            return False
        reply = self.ask(last_reply)
        if reply is None:
            return False
        self.answered = reply  # the listing the manager read (evaluation counts its words as seen)
        items.apply_inventory_check(reply, room, turn)
        return True

    def look(self, last_reply: str = "") -> str | None:
        """The game's reply to "look" from a side copy, or None when asking is not safe."""
        reply = side_look(self.game, last_reply, self.slot)
        self.looks += reply is not None
        return reply

    def describe_here(self, last_reply: str, known: frozenset[str] = frozenset()) -> ParsedOutput | None:
        """The current room as its own "look" describes it, parsed; None when asking is not safe or the
        answer names no room (darkness, a game that prints no description for "look")."""
        reply = self.look(last_reply)
        if reply is None:
            return None
        parsed = parse_output(reply, known)
        return parsed if parsed.header or parsed.headerless_room else None

    def parsed_reply(self, maps: MapManager, reply: str) -> ParsedOutput:
        """The reply as the room parser reads it. look_first and settle_room both read the same reply;
        it is parsed again only when the map has learned a room name in between (a known name may make
        a line of the reply a header)."""
        key = (reply, maps.known_names())
        if self._parsed_reply is None or self._parsed_reply[0] != key:
            self._parsed_reply = (key, parse_output(reply, key[1]))
        return self._parsed_reply[1]

    def moved_without_header(self, maps: MapManager, reply: str, command: str | None) -> bool:
        """True when a reply is a move that printed no room header (`moved_without_header`)."""
        return unclear_reason(self.parsed_reply(maps, reply), command) == "moved_without_header"

    def look_first(self, maps: MapManager, reply: str, command: str | None) -> str | None:
        """The side "look" for a move that printed no room header (`moved_without_header`), asked
        before the map reads the reply so that it can tell a refusal from a room (map_side_look);
        None for any other reply or when asking is not safe."""
        if not self.moved_without_header(maps, reply, command):
            return None
        return self.look(reply)

    def exit_first(self, maps: MapManager, reply: str, command: str | None) -> ExitAnswers | None:
        """The exits the map wants tried in a side copy before it reads a move into a room whose name
        and text known rooms share (map_side_exit), with the answers; None when it wants none."""
        routes = maps.side_exit_question(reply, command)
        if not routes:
            return None
        answers = side_exit(self.game, routes, reply, self.slot)
        self.exits += sum(len(replies) + 1 for _, replies, _ in answers or ())
        return answers

    def read_move(
        self, maps: MapManager, reply: str, command: str | None, turn: int, reading: Reading | None = None
    ) -> RoomUpdate:
        """The map reads one reply with the side looks it may need, the same in play and in evaluation:
        a look asked first for a move without a header (look_first, kept in `first_look`), known exits
        tried for a move into a look-alike room (exit_first, kept in `first_exits`), a survey of the room
        when they told nothing (survey_first, kept in `first_survey`), then the reply, then a look that
        corrects where the map settled (settle_room, kept in `settled_text`), and a survey of a
        look-alike room the map has none of (survey)."""
        self.first_look = self.look_first(maps, reply, command)
        self.first_exits = self.exit_first(maps, reply, command)
        self.first_survey = self.survey_first(maps, reply, command)
        update = maps.update_from_game_output(
            reply,
            command,
            turn,
            side_look=self.first_look,
            side_exit=self.first_exits,
            side_survey=self.first_survey,
            reading=reading,
        )
        self.settled_text = ""
        settled = self.settle_room(maps, reply, command, turn, self.first_look)
        self.survey(maps, reply, command)
        self.try_ways(maps, reply)
        if settled is None:
            return update
        return replace(settled, moved=settled.moved or update.moved)

    def _survey(self, maps: MapManager, here: str, reply: str) -> Facts | None:
        known, headerless = maps.known_names(), MapView(maps).headerless_game()
        surveyed = side_survey(
            self.game, here, lambda text: shown_name(text, known, headerless), reply, self.slot
        )
        if surveyed is None:
            return None
        self.exits += surveyed[1]
        return surveyed[0] if any(all(names) for names in surveyed[0].values()) else None  # no way shown

    def survey_first(self, maps: MapManager, reply: str, command: str | None) -> Facts | None:
        """A survey of the room a move led into, asked before the map reads the reply when known rooms
        share its name and text and the routes tried first did not tell which it is (map_survey)."""
        here = maps.survey_question(reply, command, self.first_exits)
        return self._survey(maps, here, reply) if here else None

    def try_ways(self, maps: MapManager, reply: str) -> None:
        """Each time the map arrives in a lit room, and again once something there was opened, every way
        is tried in a side copy and the map reads the replies (MapManager.note_ways_tried): which ways
        lead on, which the game refuses and in what words, which kill."""
        ways = maps.ways_to_try()
        if not ways:
            return
        replies = side_moves(self.game, reply, self.slot, ways)
        if replies is None:
            return
        self.ways += len(replies)
        maps.note_ways_tried(replies, self._returns(maps, reply, replies))

    def _returns(self, maps: MapManager, reply: str, replies: dict[str, str]) -> dict[str, str]:
        """For each way that showed this room again, the reply to the opposite way sent after it: the
        map compares it with the opposite way tried from here, to tell a way that loops back to this
        very room from one into a twin of it (way_trials.note_ways_tried)."""
        routes = tuple((way, OPPOSITES[way]) for way in maps.ways_that_stay(replies))
        answers = side_exit(self.game, routes, reply, self.slot) if routes else None
        if answers is None:
            return {}
        self.ways += sum(len(said) for _, said, _ in answers)
        return {route[0]: said[-1] for route, said, _ in answers if len(said) == len(route)}

    def survey(self, maps: MapManager, reply: str, command: str | None) -> None:
        """Keep a survey of the room a move led into when the map wants one (a look-alike room not yet
        surveyed, map_side_exit): the one asked before the reply was read, else one asked now."""
        here = maps.survey_wanted(command)
        if here is None and not (self.first_survey and maps.current_room not in maps.surveys):
            return
        facts = self.first_survey or self._survey(maps, here or "", reply)
        if facts is not None:
            maps.note_survey(facts)

    def settle_room(
        self, maps: MapManager, reply: str, command: str | None, turn: int, look: str | None = None
    ) -> RoomUpdate | None:
        """After the map has read a move that printed no room header (`moved_without_header`), ask
        "look" in a side copy (or take the look already asked by look_first); when the room it names
        is not the one the map settled on, the map reads that look as well. The map's own rules decide
        first: the look only corrects a room they could not see. Also asked for a refused move whose
        reply goes on (refused_then_more). Returns the map's update when the look was read, else None."""
        parsed = self.parsed_reply(maps, reply)
        if unclear_reason(parsed, command) != "moved_without_header" and not refused_then_more(
            parsed, command, reply
        ):
            return None
        look = look if look is not None else self.look(reply)
        here = parse_output(look, maps.known_names()) if look else None
        if look is None or here is None or here.header is None or here.header == maps.current_name():
            return None
        if len({h.name for h in header_lines(look, maps.known_names())}) > 1:
            return None  # the copy's clock ran on: a timed event carried it after "look" named the room
        self.settled_text = look  # what the map read besides the reply (evaluation replays read it too)
        return maps.update_from_game_output(look, "look", turn)
