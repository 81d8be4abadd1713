"""Phase 2 of a turn: the world model reads the game's reply.

The map reads the reply (or, while a maze is being mapped, the maze solver syncs it), the items read
it, and where a side copy costs no turn the game is asked in one (a side "look", exit trials, surveys,
every way of a room, an inventory), in rounds: the managers ask (map_questions, item_checks), one
module answers (side_copies.py), the managers' updates take the answers. What changed comes back as
`Changes` for the puzzles, the stuck detector and the record; a parser's failure is recorded, never
fatal.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from autofrotz.managers import map_questions as questions
from autofrotz.managers.item_checks import inventory_question
from autofrotz.managers.room_parser import parse_output
from autofrotz.reading import reading_with_outcome
from autofrotz.side_copies import SideCopies
from autofrotz.turn_world import first_seen, inventory, room_ids

if TYPE_CHECKING:
    from autofrotz.game_interface import RunningGame
    from autofrotz.managers.item_manager import ItemManager
    from autofrotz.managers.map_manager import MapManager, RoomUpdate
    from autofrotz.managers.map_state import ExitAnswers, Facts
    from autofrotz.mind import Mind
    from autofrotz.reading import Reading

log = logging.getLogger(__name__)


@dataclass
class Changes:
    """What one output changed in the world model."""

    new_room: bool = False
    moved: bool = False
    new_items: int = 0
    inventory_changed: bool = False
    score_changed: bool = False
    errors: list[str] = field(default_factory=list)

    @property
    def progressed(self) -> bool:
        return self.new_room or self.new_items > 0 or self.inventory_changed or self.score_changed


@dataclass(frozen=True)
class Reply:
    """One reply to read: its text, the command it answered (None for the intro), the turn, the score
    the interpreter reported, whether the maze solver sent the command, and the turn's reading of it."""

    text: str
    command: str | None
    turn: int
    score: int | None = None
    maze: bool = False
    reading: Reading | None = None


def update_world(
    game: RunningGame, maps: MapManager, items: ItemManager, mind: Mind, reply: Reply
) -> Changes:
    """Update the map and the items from a reply; the updates wait in ``mind`` for the notifications."""
    text, command, n = reply.text, reply.command, reply.turn
    changes = Changes(score_changed=reply.score is not None and reply.score != mind.score)
    before_inventory = inventory(items)
    before_rooms = room_ids(maps)
    copies = copies_of(game)
    try:
        if reply.maze and mind.maze is not None:
            update = mind.maze.sync(n)
        else:
            update = read_move(copies, maps, text, command, n, reply.reading).update
        changes.moved = bool(update.moved)
        changes.new_room = bool(update.room_id) and update.room_id not in before_rooms
        item_updates = items.update_from_game_output(text, maps.current_room, command, n)
        check_inventory(copies, items, maps.current_room, n, text)
    except AssertionError:  # a fake model's unexpected call is a test failure, never a default
        raise
    except Exception as exc:  # a parser bug must not end the game; the turn records the error
        log.exception("world model update failed")
        changes.errors.append(f"world model: {type(exc).__name__}: {exc}")
        return changes
    mind.pending_items = list(item_updates)
    mind.pending_room = update
    changes.new_items = sum(1 for u in item_updates if u.change == "seen" and first_seen(items, u, n))
    changes.inventory_changed = inventory(items) != before_inventory
    return changes


def side_copies_free(game: RunningGame) -> bool:
    """Only jericho saves and restores in memory, so only there does a side question cost no turn."""
    return game.backend == "jericho"


def copies_of(game: RunningGame) -> SideCopies | None:
    """The side copies of a game, None where a side question would cost a turn."""
    return SideCopies(game) if side_copies_free(game) else None


@dataclass(frozen=True)
class MapReading:
    """The map's update from one reply and the side answers it read: the look asked before reading
    (`first_look`), the exits tried then (`first_exits`), a look read after the reply to correct where
    the map settled (`settled_text`), and the side commands the looks, exit trials and surveys sent."""

    update: RoomUpdate
    first_look: str | None = None
    first_exits: ExitAnswers | None = None
    settled_text: str = ""
    side_queries: int = 0


@dataclass(frozen=True)
class Settled:
    """A look read after the reply to correct where the map settled (settle_room): the map's update
    from it and the look, or neither; and the side commands asked for it."""

    update: RoomUpdate | None = None
    look: str = ""
    side_queries: int = 0


def read_move(
    copies: SideCopies | None,
    maps: MapManager,
    text: str,
    command: str | None,
    n: int,
    reading: Reading | None = None,
) -> MapReading:
    """The map reads one reply with the side questions it asks, the same in play and in evaluation, in
    rounds of ask (map_questions), answer (side_copies) and update: before reading, a look for a move
    without a header and known exits tried for a move into a look-alike room, then a survey when they
    told nothing; the reply itself; a look that corrects where the map settled; a survey of a look-alike
    room the map has none of and every way of a room arrived in; the way back after each way that showed
    the room again. Without side copies the map reads the reply alone. `reading`: the turn's reading of
    the reply (read by the map when none is given)."""
    if copies is None:
        return MapReading(maps.update_from_game_output(text, command, n, reading=reading))
    parsed = parse_output(text, maps.known_names())
    first = copies.answer(questions.before_reading(maps, parsed, text, command), text)
    surveyed = copies.answer(questions.survey_before_reading(maps, text, command, first.exits), text)
    first_survey = questions.shown(surveyed.survey)
    update = maps.update_from_game_output(text, command, n, replace(first, survey=first_survey), reading)
    settled = settle_room(copies, maps, text, command, n, first.look)
    ended = reading_with_outcome(reading, command or "", text).outcome is not None
    survey_sent = try_ways(copies, maps, text, command, first_survey, ended)
    sent = first.map_sends + surveyed.map_sends + settled.side_queries + survey_sent
    if settled.update is not None:
        update = replace(settled.update, moved=settled.update.moved or update.moved)
    return MapReading(update, first.look, first.exits, settled.look, sent)


def settle_room(
    copies: SideCopies, maps: MapManager, text: str, command: str | None, n: int, first_look: str | None
) -> Settled:
    """Round three, after the map read a reply: for a move that printed no room header, or a refused
    move whose reply goes on (refused_then_more), a side "look" (the one round one asked, else one asked
    now); when it names one room, not the one the map settled on, the map reads that look as well. The
    map's own rules decide first: the look only corrects a room they could not see."""
    reason = questions.settling_reason(maps, text, command)
    settling = copies.answer(questions.settling_look(reason, first_look), text)
    look = first_look if first_look is not None else settling.look
    if not (reason and look is not None and questions.settled_by(maps, look)):
        return Settled(side_queries=settling.map_sends)
    return Settled(maps.update_from_game_output(look, "look", n), look, settling.map_sends)


def try_ways(
    copies: SideCopies,
    maps: MapManager,
    text: str,
    command: str | None,
    first_survey: Facts | None,
    ended: bool = False,
) -> int:
    """Rounds four and five, once the map has settled: a survey of a look-alike room it has none of,
    and every way of a room it arrived in or where something opened, then the way back after each way
    that showed the room again (way_trials.note_ways_tried). Returns the survey's side commands. After
    a reply that ended the game (`ended`) no way is tried: a copy of a game waiting at its last question
    answers every way alike, and the ways wait to be tried once play goes on."""
    after = copies.answer(questions.after_reading(maps, command, first_survey, ended), text)
    kept = questions.survey_to_keep(maps, command, first_survey, after.survey)
    if kept is not None:
        maps.note_survey(kept)
    if after.ways is not None:
        back = copies.answer(questions.way_back(maps, after.ways), text)
        maps.note_ways_tried(after.ways, questions.returns(back.exits))
    return after.survey_sent


def check_inventory(
    copies: SideCopies | None, items: ItemManager, room: str | None, n: int, text: str
) -> str | None:
    """When the item rules could not account for a reply, the game's own listing asked in a side copy
    (no turn spent) and read by the items; the listing, or None when none was asked or answered."""
    if copies is None:
        return None
    listing = copies.answer(inventory_question(items), text).inventory
    if listing is not None:
        items.apply_inventory_check(listing, room, n)
    return listing
