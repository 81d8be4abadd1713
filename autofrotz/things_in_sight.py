"""Whether a thing the briefing would name is really here, in the game's own words: "examine NAME"
asked in a side copy (`inventory_probe.side_examines`, no game turn spent) and read by `in_sight`.

A room's text names much that the story never made a thing ("a view of the city", "a soft curve"); the
story's parser says so when asked to examine it. Only names the game answers as things in sight reach
the briefing's "Also named here", and a thing the world model still places here
that the game says is not in sight (it went away unseen) is left out of "Seen here".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from autofrotz.inventory_probe import side_examines, side_takes
from autofrotz.managers.item_replies import ALREADY_HAVE
from autofrotz.managers.item_scene import last_room_part
from autofrotz.managers.named_things import (
    NAMED_KEPT,
    already_listed,
    in_sight,
    is_place_part,
    is_shared_surface,
    named_things,
    said_not_here,
)
from autofrotz.reading.patterns import which_options

if TYPE_CHECKING:
    from autofrotz.agents.base import TurnContext
    from autofrotz.game_interface import RunningGame


PART_OF = re.compile(  # "That seems to be a part of the torch.": the thing the answer names it a part of
    r"\b(?:is|are|be) (?:a )?part of (?:the |an? |your |some )?([\w' -]{2,40}?)\s*[.!]", re.IGNORECASE
)
HEARD_KEPT = 8  # replies in a room whose names are asked about
SAME_THING_CHARS = 40  # two names answered with the same words this long name one thing
# The game's own name for the thing an examine answered: a parser's note of the object it chose, or the
# library's stock answer for a thing with no description of its own.
OWN_NAME = (
    re.compile(r"^\s*\((?:the |an? |some )?([^()\n]{2,40})\)\s*\n"),
    re.compile(r"\bnothing (?:special|unusual) about (?:the |an? |some )?([^.!\n]{2,40})[.!]", re.IGNORECASE),
)


WHICH_NAMED = re.compile(r"\bwhich \w+ do you mean", re.IGNORECASE)  # "Which wall do you mean, ...?"
# The library's stock answers for a thing with no description of its own, which is what a compass
# direction ("wall", "floor", "sky") or a floor or ceiling every room shares answers.
STOCK_ANSWER = re.compile(r"\bnothing (?:special|unusual|unexpected)\b", re.IGNORECASE)


def part_in_sight(answer: str, asked: str) -> bool:
    """Whether the game's answer to examining a part of the place (`asked`: "wall", "black wall") names
    the room's own: in sight, described in words of its own (not the library's stock answer, which a
    compass direction or a floor every room shares gives), and, when the parser asks which is meant, one
    option is that part by its bare name ("or the wall?" after the compass walls).

    >>> part_in_sight("Which do you mean, the north wall, the south wall or the wall?", "black wall")
    True
    >>> part_in_sight("Which wall do you mean, the granite wall or the surrounding wall?", "wall")
    False
    >>> part_in_sight("You see nothing unexpected in that direction.", "ground")
    False
    >>> part_in_sight("You see nothing special about the floor.", "floor")
    False
    >>> part_in_sight("Many are old and rotted.", "tombs"), part_in_sight("You can't see any such.", "wall")
    (True, False)
    """
    if not in_sight(answer) or STOCK_ANSWER.search(answer[:240]):
        return False
    options = which_options(WHICH_NAMED.sub("which do you mean", answer[:240]))
    head = asked.split()[-1].lower()
    return not options or any(re.sub(r"^(?:the|an?|some)\s+", "", o.lower()) == head for o in options)


def own_name(answer: str) -> str | None:
    """The name an answer to "examine" gives the thing it describes, if it gives one.

    >>> own_name("You see nothing special about Mill Lane."), own_name("(the low wall)\\nTall.")
    ('Mill Lane', 'low wall')
    >>> own_name("The walls are tall.") is None
    True
    """
    for pattern in OWN_NAME:
        match = pattern.search(answer)
        if match:
            return match.group(1).strip()
    return None


def description(answer: str) -> str:
    """An answer to "examine" without the parser's note of the object it chose, whitespace made single.

    >>> description("(the low wall)\\nIt is  low."), description("It is low.")
    ('It is low.', 'It is low.')
    """
    return " ".join(OWN_NAME[0].sub("", answer, count=1).split())


def describes_room(answer: str, room_text: str) -> bool:
    """Whether an answer to "examine NAME" is the room's own description (the name is the room's).

    >>> room = "A bare cell. Tiles cover the floor. A door leads out."
    >>> describes_room("A bare cell. Tiles cover the floor.", room), describes_room("A plain door.", room)
    (True, False)
    """
    start, said = " ".join(room_text.split())[:60], " ".join(answer.split())
    length = min(len(start), len(said))
    return length >= 12 and said[:length] == start[:length]


class SightCheck:
    """Names of a room asked once each visit ("examine NAME" in a side copy): what is in sight may change
    between visits (a light brought, a thing taken away)."""

    def __init__(self, game: RunningGame) -> None:
        self.game = game
        self.room: str | None = None  # the room of this visit
        self.answers: dict[str, str] = {}  # name -> the game's answer to examining it, this visit
        self.heard: dict[str | None, list[str]] = {}  # room -> the game's last replies there, every visit
        self.named: list[str] = []  # names the game answered as in sight in this visit
        self.asked = 0  # side examines sent
        self.takes: dict[str, str] = {}  # name -> the game's answer to taking it, while the inventory holds
        self.held_for: tuple[str | None, tuple[str, ...]] | None = None  # (room, inventory) of those answers

    def confirmed(
        self,
        room_id: str | None,
        names: list[str],
        last_reply: str,
        room_text: str = "",
        seen: tuple[str, ...] = (),
    ) -> list[str]:
        """The names the game answers as things in sight here, order kept; a name not yet asked while
        asking is unsafe (the game waits for a key) is left out. A name the game does not read whole (a
        describing word the story never gave the thing: "a moth-eaten rug") is asked again by its last
        word alone. A name answered with the room's own description names the room, not a thing in it; one
        the answer calls by the game's own name ("nothing special about the low wall") is briefed by it;
        two names the game answers with the same words are one thing, briefed once, and a name answered as
        a thing `seen` here was answered ("a prim young woman", the librarian seen) is not briefed again.
        Names answered as in sight on earlier turns of the visit are asked again after the replies that
        named them are gone (a bridge named once, on arrival)."""
        self._visit(room_id)
        names = list(dict.fromkeys([*names, *self.named]))
        self._ask([n for n in names if n not in self.answers], last_reply)
        heads = {  # a floor or ceiling by its last word alone is any room's: not asked
            n: n.split()[-1]
            for n in names
            if " " in n and not in_sight(self.answers.get(n, "")) and not is_shared_surface(n)
        }
        self._ask([h for h in dict.fromkeys(heads.values()) if h not in self.answers], last_reply)
        briefed: dict[str, str] = {}  # the name briefed -> the answer that confirmed it
        known = {description(self.answers[n]) for n in seen if in_sight(self.answers.get(n, ""))}
        for name in names:
            asked = heads.get(name, name)
            answer = self.answers.get(asked, "")
            if not in_sight(answer) or describes_room(answer, room_text):
                continue
            if is_place_part(name) and not part_in_sight(answer, asked):
                continue  # a wall or floor the library's compass directions answer to, not the room's own
            words = description(answer)
            if len(words) >= SAME_THING_CHARS and (words in briefed.values() or words in known):
                continue  # another name of a thing already briefed
            briefed.setdefault(own_name(answer) or name, words)
        self.named = list(dict.fromkeys([*self.named, *briefed]))[-2 * NAMED_KEPT :]
        return list(briefed)

    def still_here(
        self, room_id: str | None, names: list[str], last_reply: str, carried: list[str] | None = None
    ) -> list[bool]:
        """For each thing the world model places here, False when the game's answer to examining it says
        no such thing is here (it went away unseen), by its whole name and by its last word, or, while the
        player carries something, when its answer to taking it says the player has it already (it was
        taken under another name: "keys" seen, "set of keys: Taken."); True otherwise, a name it cannot
        read included."""
        self._visit(room_id)
        self._ask([n for n in names if n not in self.answers], last_reply)
        doubted = [n for n in names if said_not_here(self.answers.get(n, ""))]
        heads = {n: n.split()[-1] for n in doubted if " " in n}  # the parser may not read the whole name
        self._ask([h for h in dict.fromkeys(heads.values()) if h not in self.answers], last_reply)
        gone = {n for n in doubted if said_not_here(self.answers.get(heads.get(n, n), ""))}
        gone |= self.held([n for n in names if n not in gone], tuple(carried or ()), last_reply)
        return [n not in gone for n in names]

    def held(self, names: list[str], carried: tuple[str, ...], last_reply: str) -> set[str]:
        """The names the game, asked to take each in a side copy, says the player already has, no longer
        sees (the examine answers are a visit's, a take may be newer) or calls a part of a thing carried
        ("a part of the torch"), by the whole name, then, when the whole name is not read as a thing in
        sight, by its last word; asked again whenever the inventory changed."""
        if not carried or not names:
            return set()
        if self.held_for != (self.room, carried):
            self.takes, self.held_for = {}, (self.room, carried)
        self._ask_take([n for n in names if n not in self.takes], last_reply)
        doubted = [n for n in names if not in_sight(self.takes.get(n, ""))]
        heads = {n: n.split()[-1] for n in doubted if " " in n}
        self._ask_take([h for h in dict.fromkeys(heads.values()) if h not in self.takes], last_reply)
        return {n for n in names if _not_here_any_more(self.takes.get(heads.get(n, n), ""), carried)}

    def _ask_take(self, names: list[str], last_reply: str) -> None:
        """Ask the game to take each name in side copies and keep its answers (none when unsafe)."""
        if names:
            self.asked += len(names)
            self.takes.update(side_takes(self.game, names, last_reply) or {})

    def _visit(self, room_id: str | None) -> None:
        """Forget the answers and names of the last visit when the room changed."""
        if room_id != self.room:
            self.room, self.answers, self.named = room_id, {}, []

    def hear(self, room_id: str | None, reply: str) -> str:
        """Keep a reply given in the room (from its last room heading on); the room's last replies, of
        this visit and earlier ones (a thing one examined on an earlier visit is still named), joined."""
        self._visit(room_id)
        part = last_room_part(reply)
        heard = self.heard.get(room_id, [])
        if part.strip() and (not heard or heard[-1] != part):
            self.heard[room_id] = [*heard, part][-HEARD_KEPT:]
        return "\n\n".join(self.heard.get(room_id, []))

    def _ask(self, names: list[str], last_reply: str) -> None:
        """Ask the game to examine each name in side copies and keep its answers (none when unsafe)."""
        if names:
            self.asked += len(names)
            self.answers.update(side_examines(self.game, names, last_reply) or {})


def _not_here_any_more(answer: str, carried: tuple[str, ...] = ()) -> bool:
    """Whether the game's answer to taking a thing says the player has it already, sees no such thing,
    or that it is a part of a thing carried.

    >>> _not_here_any_more("You already have that."), _not_here_any_more("You can't see any such thing.")
    (True, True)
    >>> _not_here_any_more("Taken."), _not_here_any_more("")
    (False, False)
    >>> held = ("electric torch", "rope")
    >>> _not_here_any_more("That seems to be a part of the torch.", held)
    True
    >>> _not_here_any_more("That seems to be a part of the machine.", held)
    False
    """
    part = PART_OF.search(answer[:240])
    if part and already_listed(part.group(1), frozenset(carried)):
        return True
    return bool(ALREADY_HAVE.search(answer[:240])) or said_not_here(answer)


def brief_things_here(context: TurnContext, sight: SightCheck | None) -> None:
    """The context's things here as the briefing gives them: "Seen here" without the things the game
    says are no longer in sight or already the player's, and "Also named here"
    (named_things, of the room's text and the last replies given there) kept to the names the game answers
    as things in sight and not the player's, each once by the game's name. `sight` None (side copies
    would cost turns): the world model's things and the room text's names as they are."""
    if sight is not None and context.visible_items:
        keep = sight.still_here(
            context.room_id, context.visible_items, context.last_output, context.inventory
        )
        context.visible_items = [n for n, k in zip(context.visible_items, keep, strict=True) if k]
        if len(context.seen_lines) == len(keep):
            context.seen_lines = [line for line, k in zip(context.seen_lines, keep, strict=True) if k]
    listed = frozenset([*context.visible_items, *context.inventory])
    knows = context.vocabulary.names_a_thing
    if sight is None:
        context.named_here = named_things(context.room_text, knows, listed)
        return
    heard = sight.hear(context.room_id, context.last_output)
    named = named_things(f"{context.room_text}\n\n{heard}", knows, listed, 2 * NAMED_KEPT, place_parts=True)
    named = sight.confirmed(
        context.room_id, named, context.last_output, context.room_text, tuple(context.visible_items)
    )
    named = [n for n in named if not already_listed(n, listed)][:NAMED_KEPT]  # listed by the game's name
    gone = sight.held(named, tuple(context.inventory), context.last_output)  # carried under another name
    context.named_here = [n for n in named if n not in gone]
