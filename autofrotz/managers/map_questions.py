"""The map's side questions, phase one of perception: what it wants asked in side copies of the game
before and after it reads a reply, as data (`SideQuestions`), and what their answers settle.

A reply can leave the room unclear (`unclear_reason`); a move answered without a room header gets a
side "look" before the map reads it, so that it can tell a refusal from a room (map_side_look), and a
move into a room whose name and text known rooms share gets known exits tried (map_side_exit), then,
when they told nothing, a survey (map_survey). After the reply is read, the look corrects where the
map settled (`settling_look`, `settled_by`), a look-alike room the map has no survey of is surveyed and
every way of a room first stood in is tried (`after_reading`), and each way that showed the room again
gets the way back tried (`way_back`). turn_perception.read_move runs the rounds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autofrotz.managers.map_view import MapView
from autofrotz.managers.room_parser import ParsedOutput, header_lines, parse_output
from autofrotz.managers.side_questions import SideQuestions, Survey
from autofrotz.managers.status_line import strip_status
from autofrotz.words.directions import OPPOSITES, is_travel_command

if TYPE_CHECKING:
    from autofrotz.managers.map_manager import MapManager
    from autofrotz.managers.map_state import ExitAnswers, Facts


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


def before_reading(maps: MapManager, parsed: ParsedOutput, reply: str, command: str | None) -> SideQuestions:
    """Round one, before the map reads a reply: a side "look" for a move that printed no room header,
    and the known exits worth trying for a move into a look-alike room (MapManager.side_exit_question)."""
    look = unclear_reason(parsed, command) == "moved_without_header"
    routes = maps.side_exit_question(reply, command)
    why = (*(("moved_without_header",) if look else ()), *(("exit_tells_namesakes",) if routes else ()))
    return SideQuestions(look=look, routes=routes, why=why)


def survey_before_reading(
    maps: MapManager, reply: str, command: str | None, exits: ExitAnswers | None
) -> SideQuestions:
    """Round two, before the map reads a reply: a survey of the room a move led into when known rooms
    share its name and text and the routes tried in round one (`exits`) did not tell which it is."""
    here = maps.survey_question(reply, command, exits)
    return (
        SideQuestions(survey=_survey(maps, here), why=("survey_tells_namesakes",))
        if here
        else SideQuestions()
    )


def _survey(maps: MapManager, here: str) -> Survey:
    return Survey(here, maps.known_names(), MapView(maps).headerless_game())


def shown(facts: Facts | None) -> Facts | None:
    """A survey's facts when some way showed a room, else None (nothing to tell rooms apart by).

    >>> shown({("north",): ("",)}) is None, shown({("north",): ("Hall",)})
    (True, {('north',): ('Hall',)})
    """
    return facts if facts is not None and any(all(names) for names in facts.values()) else None


def settling_reason(maps: MapManager, reply: str, command: str | None) -> str | None:
    """Round three, after the map read the reply: why a side "look" may correct where it settled (a move
    that printed no room header, a refused move whose reply goes on: refused_then_more), or None."""
    parsed = parse_output(reply, maps.known_names())
    if unclear_reason(parsed, command) == "moved_without_header":
        return "moved_without_header"
    return "refused_then_more" if refused_then_more(parsed, command, reply) else None


def settling_look(reason: str | None, first_look: str | None) -> SideQuestions:
    """The side "look" of round three: asked when there is a reason and round one asked none."""
    return SideQuestions(look=True, why=(reason,)) if reason and first_look is None else SideQuestions()


def settled_by(maps: MapManager, look: str | None) -> bool:
    """Whether the map reads a side look as well: it names one room, not the one the map settled on. The
    map's own rules decide first: the look only corrects a room they could not see. A look naming two
    rooms is the copy's clock running on (a timed event carried it after "look" named the room)."""
    here = parse_output(look, maps.known_names()) if look else None
    if look is None or here is None or here.header is None or here.header == maps.store.current_name():
        return False
    return len({h.name for h in header_lines(look, maps.known_names())}) <= 1


def after_reading(
    maps: MapManager, command: str | None, first_survey: Facts | None, ended: bool = False
) -> SideQuestions:
    """Round four, once the map has settled: a survey of a look-alike room it has none of (unless one was
    taken before reading), and every way of a room it arrived in or where something opened
    (MapManager.ways_to_try), unless the reply ended the game (`ended`)."""
    here = maps.survey_wanted(command)
    survey = _survey(maps, here) if here is not None and first_survey is None else None
    ways = () if ended else maps.ways_to_try()
    why = (*(("exit_tells_namesakes",) if survey else ()), *(("ways_tried",) if ways else ()))
    return SideQuestions(survey=survey, ways=ways, why=why)


def survey_to_keep(
    maps: MapManager, command: str | None, first_survey: Facts | None, surveyed: Facts | None
) -> Facts | None:
    """The survey the map keeps for the room it settled in: the one taken before reading when the room
    has none yet or is wanted, else the one round four took; None for none."""
    if first_survey is not None:
        wanted = maps.survey_wanted(command) is not None or maps.current_room not in maps.surveys
        return first_survey if wanted else None
    return shown(surveyed)


def way_back(maps: MapManager, ways: dict[str, str]) -> SideQuestions:
    """Round five: for each way whose side copy showed this room again, the way and then the opposite
    way (MapManager.ways_that_stay), to tell a way that loops back here from one into a twin."""
    routes = tuple((way, OPPOSITES[way]) for way in maps.ways_that_stay(ways))
    return SideQuestions(routes=routes, why=("ways_tried",)) if routes else SideQuestions()


def returns(exits: ExitAnswers | None) -> dict[str, str]:
    """The reply to the way back after each way that showed the room again (way_trials.note_ways_tried).

    >>> returns(((("north", "south"), ("Hall", "Porch"), "Porch"), (("up", "down"), ("Loft",), "")))
    {'north': 'Porch'}
    """
    return {route[0]: said[-1] for route, said, _ in exits or () if len(said) == len(route)}
