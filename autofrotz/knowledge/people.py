"""Two readings of replies about people, for a later run's uses of carried things.

Rule ``what the story calls him or her is a person``: the common libraries build their stock refusals
with the pronoun of the thing acted on: "that" or "it" for a thing, "him" or "her" for a person ("Cutting
him up would achieve little.", "She's not something you can open."). A thing the reply calls him or her
is somebody things can be given to and shown, whatever its name (a clerk known only by the side of the
room they sit on). The wider pool (widen.py) gives and shows carried things to people only, so this
reading is what lets it try.

Rule ``the one who speaks or acts is a person``: prose names people by what only people do: "the tall
warden who guards the gate", "says the warden", "the warden nods". Such a name is a person of the room
where it was read, even when the room's first paragraph (what the map reads as its description) does not
name it: a later paragraph of the arrival text often sets the scene's people.

Rule ``a reply says whom to give it to``: after a thing was handed over, a reply that says "give it to
the X" (or "give it back to the X") names the next holder; the thing goes to X next, even where an
earlier run gave it to X to no effect (it was not ready then).

The three are one rule object of a later run's policy (``PeopleRule``), holding their part of the run's
state (``Gives``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.agents.builtin_tactics import short
from autofrotz.knowledge.rules import ACTORS as ACTORS_ON
from autofrotz.knowledge.rules import PEOPLE as PEOPLE_ON
from autofrotz.knowledge.rules import TOLD, on
from autofrotz.reading.told_people import ACTORS, GIVE_TO, HE_OR_SHE
from autofrotz.reading.told_text import SENTENCE_BREAK

log = logging.getLogger(__name__)

PERSON_RULE = "what the story calls him or her is a person"
GIVE_RULE = "a reply says whom to give it to"
ACTOR_RULE = "the one who speaks or acts is a person"

NOT_NAMES = frozenset({"one", "other", "man's", "voice", "sound", "noise", "wind", "thing", "sign", "note"})

LOOKING = ("examine", "x", "read", "look", "l", "search", "listen", "smell", "talk", "ask", "tell")
LINKS = frozenset({"with", "to", "in", "into", "on", "onto", "at", "from", "about", "under", "behind"})
# reads a command: a give or a show, the thing (h) and whom to (t)
GIVE_SHAPE = re.compile(r"^(?:give|hand|offer|show) (?P<h>.+?) to (?P<t>.+)$")
WHO_STOP = frozenset({"and", "so", "then", "please", "when", "if", "before", "who", "for", "now"})


def called_a_person(command: str, reply: str) -> str | None:
    """The thing a one-thing command acted on, when the reply's first sentence calls it him or her.

    >>> called_a_person("cut baker", "Cutting him up would achieve little.")
    'baker'
    >>> called_a_person("open left clerk", "She's not something you can open.")
    'left clerk'
    >>> called_a_person("cut rope", "Cutting that up would achieve little.") is None
    True
    >>> called_a_person("examine locket", "She wore it on her wedding day.") is None
    True
    """
    words = command.lower().split()
    if len(words) < 2 or words[0] in LOOKING or LINKS & set(words):
        return None
    first = SENTENCE_BREAK.split(" ".join(reply.split()), maxsplit=1)[0]
    return " ".join(words[1:]) if HE_OR_SHE.search(first) else None


def actors_in(text: str) -> list[str]:
    """Names the text gives to someone who speaks or acts (the last two words of each name).

    >>> actors_in("The stout warden who guards the gate glares. 'Papers!' snaps the warden.")
    ['stout warden']
    >>> actors_in("'Late again,' says the ferryman. The old ferryman nods.")
    ['ferryman', 'old ferryman']
    >>> actors_in("The wind whispers through the reeds.")
    []
    """
    found: list[str] = []
    for shape in ACTORS:
        for m in shape.finditer(" ".join(text.split())):
            words = m.group(1).lower().split()[-2:]
            if words and words[-1] not in NOT_NAMES and " ".join(words) not in found:
                found.append(" ".join(words))
    return found


def told_to_give(command: str, reply: str) -> str | None:
    """After a thing was given or shown, the command that gives it to whom the reply names.

    >>> told_to_give("give ticket to porter", "He stamps it. 'Now give it back to the guard, please.'")
    'give ticket to guard'
    >>> told_to_give("give ticket to porter", "He doesn't seem interested.") is None
    True
    """
    m = GIVE_SHAPE.match(" ".join(command.lower().split()))
    said = GIVE_TO.search(" ".join(reply.split()))
    if m is None or said is None:
        return None
    who = [w for w in said.group(1).lower().split()]
    while who and who[-1] in WHO_STOP:
        who.pop()
    if not who or " ".join(who) == m.group("t"):
        return None
    return f"give {m.group('h')} to {' '.join(who)}"


WALK_STEPS = 20  # steps walked towards whom a reply named


@dataclass
class Gives:
    """Rule ``a reply says whom to give it to``: this run's gives to send, sent, and the walk to them."""

    told: list[str] = field(default_factory=list)  # gives a reply asked for, not yet sent
    told_sent: list[str] = field(default_factory=list)
    told_steps: int = 0
    last_give: str = ""  # the last give or show sent (a question's answer may finish it)


def note_people(
    state: Gives, mem: Any, last: str, reply: str, room: str | None, rules: tuple[bool, bool, bool]
) -> None:
    """Rules ``what the story calls him or her is a person``, ``the one who speaks or acts is a person``
    and ``a reply says whom to give it to``, each on when its place in ``rules`` is: people join the
    agent's memory (``mem``); a give the reply names is kept in ``state.told``."""
    people, actors, told = rules
    who = called_a_person(last, reply) if people else None
    for name in ([] if who is None else [who]) + (actors_in(reply) if actors else []):
        if short(name) not in mem.seen.people and short(name) not in mem.seen.inanimate:
            mem.seen.people.append(short(name))
            mem.add_noun(room, short(name))
            log.info("knowledge: a person: %s", name)
    if GIVE_SHAPE.match(last):
        state.last_give = last
    give = told_to_give(last if GIVE_SHAPE.match(last) else state.last_give, reply) if told else None
    if give is not None and give not in state.told and give not in state.told_sent:
        state.told.append(give)


def told_next(
    state: Gives,
    room: str | None,
    room_text: str,
    rooms_naming: Callable[[str], list[str]],
    route_any: Callable[[list[str]], list[str]],
) -> tuple[str, str] | None:
    """Rule ``a reply says whom to give it to``: give it there when they are here, else a step towards
    the nearest room this run saw them in (``WALK_STEPS`` a run)."""
    while state.told:
        command = state.told[0]
        head = command.rsplit(" to ", 1)[1].split()[-1]
        seen_in = rooms_naming(head)
        if room in seen_in or head in room_text.lower().split():
            state.told_sent.append(state.told.pop(0))
            return command, f"{GIVE_RULE}: the reply named them"
        steps = [] if state.told_steps >= WALK_STEPS else route_any(seen_in)
        if steps:
            state.told_steps += 1
            return steps[0], f"{GIVE_RULE}: walk to them"
        state.told_sent.append(state.told.pop(0))
    return None


@dataclass
class PeopleRule:
    """Notes the people and the give each reply names (people join the built-in agent's memory, the
    give is kept in ``gives``); sends the give at once where they are, else a step towards them."""

    gives: Gives
    memory: Callable[[], Any]  # the built-in agent's memory, as it is now
    rooms_naming: Callable[[TurnContext, str], list[str]]  # rooms this run saw a thing of that name in
    route_any: Callable[[TurnContext, list[str]], list[str]]  # the shortest known route to one of them
    name = TOLD

    def observe(self, turn: AgentTurn) -> None:
        ctx, switches = turn.given, (on(PEOPLE_ON), on(ACTORS_ON), on(TOLD))
        last, reply = (ctx.last_command or "").strip(), ctx.last_output or ""
        note_people(self.gives, self.memory(), last, reply, ctx.room_id, switches)

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        return told_next(
            self.gives,
            ctx.room_id,
            ctx.room_description or "",
            lambda head: self.rooms_naming(ctx, head),
            lambda rooms: self.route_any(ctx, rooms),
        )
