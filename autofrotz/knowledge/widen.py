"""A later run's wider pool: once the agent's usual actions are spent, what earlier runs never tried.

A player on a second or third go reaches where the first run stopped with many turns to spare (the
proven path replays in a fraction of the turns). Repeating the first run's last-resort sweep spends
them on the same ideas; a person instead tries what they never tried: the story's own verbs, and the
things they carry used on the things around them.

| rule | what it proposes |
|---|---|
| ``untried use`` (fitting) | a use whose two things fit (``fits``: a key to unlock, a gift to a person) |
| ``the story's own verb`` | a verb of the story's dictionary the common library lacks (verbs.py), alone |
| ``untried use`` | the other uses of a carried thing on a thing this room holds (``USES`` below) |
| ``the story's own verb on a thing`` | an own verb with a thing of this room, then with a carried one |

Each rule's name in a turn's reasoning says how many earlier runs there were ("after N earlier
runs"). A command is proposed when every word of it is in the story's dictionary, it was not sent
here in this run, and it is not a known dead end (sent here in an earlier run, it changed nothing).

The pool comes after the agent's own actions and walks to unexamined things, before its sweep of
uncommon verbs; at most ``ROOM_BUDGET`` of its commands per room until the score rises again (then
the room is worth them again), so the agent still walks on to other rooms. Only runs with a past
(the built-in agent as a row of ``KnowingAgent``'s policy) use it: a first run plays as the fresh agent does.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from autofrotz.agents import builtin_words as w
from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_tactics import NOTABLE, Scene, allowed, has_any, short
from autofrotz.knowledge.kinds import not_here, ruled_out
from autofrotz.knowledge.rules import ASKED_FIRST
from autofrotz.knowledge.rules import on as rule_on

# Two-thing commands the common parsers' libraries all understand, the most often useful first:
# "{h}" is a carried thing, "{t}" a thing of the room.
USES = (
    "put {h} in {t}",
    "give {h} to {t}",
    "unlock {t} with {h}",
    "put {h} on {t}",
    "show {h} to {t}",
    "open {t} with {h}",
    "throw {h} at {t}",
    "tie {h} to {t}",
    "cut {t} with {h}",
    "hit {t} with {h}",
    "burn {t} with {h}",
    "dig {t} with {h}",
)
ROOM_BUDGET = 40  # commands of the pool per room until the score rises
# The parser's question when a verb needs a thing ("What do you want to count?", "What does Mara want
# to connect?"): that verb alone is not tried in other rooms.
RULE = "untried use"
# Rule ``a verb that asked for a thing gets its things first`` (off, knowledge/rules.py): the parser's "What
# do you want to sign?" says the story's own verb works on something; its uses with this room's things and
# what is carried come before every other proposal (otherwise they come last, after the room's budget).
OWN_VERB = "the story's own verb"
OWN_VERB_ON = "the story's own verb on a thing"


def candidates(scene: Scene, mem: Memory, known: Callable[[str], bool]) -> list[str]:
    """Uses of carried things on this room's things, every word known to the story: those that fit the
    kinds of their things first (``fits``), each group in USES order.

    >>> from autofrotz.agents.builtin_memory import Memory
    >>> s = Scene("hall", ["oak door", "rug"], [], ["brass key"], "")
    >>> candidates(s, Memory(), lambda word: word != "rug")[:3]
    ['unlock oak door with brass key', 'open oak door with brass key', 'put brass key in oak door']
    """
    held = list(dict.fromkeys(short(i) for i in scene.inventory if short(i)))
    things = [short(n) for n in scene.nouns + scene.visible]
    things = [t for t in dict.fromkeys(things) if t and t not in held and t not in mem.vocab.scenery]
    # Things the agent knows as objects come first: a detail of the scenery seldom takes anything.
    things.sort(key=lambda t: not (t in mem.seen.objects or t in mem.seen.parts or has_any(t, NOTABLE)))
    people = set(mem.seen.people)
    out: list[tuple[bool, int, int, str]] = []
    for n, pattern in enumerate(USES):
        to_person = pattern.startswith(("give", "show"))
        for t in things:
            living = t in people or w.has_class(t, w.PEOPLE) or w.has_class(t, w.ANIMALS)
            if to_person != living:  # gifts go to the living, the other uses to things
                continue
            for h in held:
                command = pattern.format(h=h, t=t)
                if all(known(word) for word in command.split()):
                    out.append((not fits(pattern, h, t, living), wrong_tool(pattern, h), n, command))
    return [command for *_, command in sorted(out, key=lambda x: x[:3])]


def fitting(commands: list[str], scene: Scene, mem: Memory) -> tuple[list[str], list[str]]:
    """(the uses that fit their things, the rest), each in the order given."""
    held = [short(i) for i in scene.inventory]
    people = set(mem.seen.people)
    fit: list[str] = []
    rest: list[str] = []
    for command in commands:
        pattern, h, t = _parse(command, held)
        living = t in people or w.has_class(t, w.PEOPLE) or w.has_class(t, w.ANIMALS)
        (fit if pattern and fits(pattern, h, t, living) else rest).append(command)
    return fit, rest


def _parse(command: str, held: list[str]) -> tuple[str, str, str]:
    """(pattern, carried thing, room thing) of a use, or ("", "", "")."""
    for pattern in USES:
        for h in held:
            head, _, tail = pattern.partition("{h}")
            head, tail = head.replace("{t}", "(?P<t>.+)"), tail.replace("{t}", "(?P<t>.+)")
            m = re.fullmatch(f"{head}{re.escape(h)}{tail}", command)  # reads a command, shaped by the use
            if m:
                return pattern, h, m.group("t")
    return "", "", ""


def fits(pattern: str, held: str, thing: str, living: bool) -> bool:
    """Whether a use fits the kinds of its two things (a key for a lock, a blade for cutting): those
    come first.

    >>> fits("unlock {t} with {h}", "iron key", "oak door", False)
    True
    >>> fits("put {h} in {t}", "key", "rug", False)
    False
    >>> fits("tie {h} to {t}", "long ribbon", "gatepost", False), fits("tie {h} to {t}", "cup", "post", False)
    (True, False)
    """
    verb = pattern.split()[0]
    if verb == "unlock":
        return w.has_class(held, w.KEYS)
    if verb == "open":
        return w.has_class(held, w.KEYS) and w.has_class(thing, w.OPENABLE)
    if verb == "put" and " in " in pattern:
        return w.has_class(thing, w.CONTAINERS) or w.has_class(thing, w.RECEPTACLES)
    if verb in ("cut", "hit"):
        return w.has_class(held, w.WEAPONS)
    if verb == "tie":  # rule ``a long thing is tied``: a rope, or what the story calls long, to a thing
        return w.has_class(held, w.TIES) or "long" in held.split()
    return verb in ("give", "show") and living


# Rule ``a tool of the wrong kind goes last``: an instrument verb needs a thing of the instrument's kind (a
# key unlocks, a blade cuts, a flame burns, a spade digs), a convention of every parser's library; so a
# use that names a carried thing of another kind comes after the kind-neutral uses (put on, show, tie),
# and a throw (seldom the way on, and it may break what it throws) after those. Without it a later run
# spends a room's whole budget unlocking, throwing and cutting with whatever it carries and never puts a
# thing on a table.
TOOL_KINDS = {"unlock": w.KEYS, "cut": w.WEAPONS, "hit": w.WEAPONS, "burn": w.LIGHTS, "dig": w.DIGGERS}
WRONG_TOOL = "a tool of the wrong kind goes last"


def wrong_tool(pattern: str, held: str) -> int:
    """0 for a use whose carried thing may do it, 1 for an instrument of another kind, 2 for a throw.

    >>> wrong_tool("unlock {t} with {h}", "brass key"), wrong_tool("unlock {t} with {h}", "scarf")
    (0, 1)
    >>> wrong_tool("put {h} on {t}", "scarf"), wrong_tool("throw {h} at {t}", "scarf")
    (0, 2)
    """
    verb = pattern.split()[0]
    if verb == "throw":
        return 2
    kind = TOOL_KINDS.get(verb)
    return int(kind is not None and not w.has_class(held, kind))


def own_verb_commands(
    scene: Scene, mem: Memory, verbs: list[str], tools: list[str] | None = None
) -> list[tuple[str, str]]:
    """(command, rule) of the story's own verbs: each alone, then with this room's things, then with
    what is carried; a verb in ``tools`` (the parser asked what to do it with) takes a carried thing
    as its instrument instead.

    >>> s = Scene("hall", ["mural"], [], ["brush"], "")
    >>> [c for c, _ in own_verb_commands(s, Memory(), ["paint", "chant"])]
    ['paint', 'chant', 'paint mural', 'chant mural', 'paint brush', 'chant brush']
    >>> [c for c, _ in own_verb_commands(s, Memory(), ["paint"], ["paint"])]
    ['paint', 'paint mural with brush']
    """
    held = list(dict.fromkeys(short(i) for i in scene.inventory if short(i)))
    things = [short(n) for n in scene.nouns + scene.visible]
    things = [t for t in dict.fromkeys(things) if t and t not in held and t not in mem.vocab.scenery]
    tools = tools or []
    out = [(v, OWN_VERB) for v in verbs]
    for t in things:
        for v in verbs:
            out += (
                [(f"{v} {t} with {h}", OWN_VERB_ON) for h in held]
                if v in tools
                else [(f"{v} {t}", OWN_VERB_ON)]
            )
    out += [(f"{v} {h}", OWN_VERB_ON) for h in held for v in verbs if v not in tools]
    return out


def untried_use(
    ctx: TurnContext,
    scene: Scene,
    mem: Memory,
    spent: dict[str, int],
    runs: int,
    verbs: list[str] | None = None,
    sent: list[str] | None = None,
    wants_thing: list[str] | None = None,
    wants_tool: list[str] | None = None,
    on_things: list[str] | None = None,
    not_kinds: frozenset[str] = frozenset(),
    absent: frozenset[str] = frozenset(),
) -> tuple[str, str] | None:
    """(command, rule) of the first command of the wider pool allowed here, or None (``spent``: commands
    per room; ``runs``: earlier runs; ``verbs``: the story's own verbs; ``sent``: "room|command" of the
    pool's commands sent this run, kept apart from the agent's tries, which it clears when it idles;
    ``wants_thing``: own verbs the parser asked a thing for, not sent alone again; ``wants_tool``: own
    verbs it asked an instrument for, sent with one; ``on_things``: own verbs still sent with things,
    all when None; ``not_kinds``: uses refused in kind, rule ``what a thing is not``; ``absent``: room
    things not here, rule ``a thing not here is not used here``)."""
    room = ctx.room_id or "?"
    if spent.get(room, 0) >= ROOM_BUDGET:
        return None
    asked = Asked(verbs or [], sent or [], wants_thing or [], wants_tool or [], on_things, not_kinds, absent)
    for command, rule in pool_commands(ctx.vocabulary.knows, room, scene, mem, asked):
        if allowed(command, ctx.room_id, mem):
            spent[room] = spent.get(room, 0) + 1
            if sent is not None:
                sent.append(f"{room}|{command}")
            return command, f"{rule} (after {runs} earlier runs): not tried here before"
    return None


class Asked(NamedTuple):
    """What the wider pool keeps of this run (see ``untried_use``)."""

    verbs: list[str]
    sent: list[str]
    wants_thing: list[str]
    wants_tool: list[str]
    on_things: list[str] | None
    not_kinds: frozenset[str] = frozenset()  # "family|thing" refused in kind (rule ``what a thing is not``)
    absent: frozenset[str] = frozenset()  # "room|thing" (rule ``a thing not here is not used here``)


def pool_commands(
    known: Callable[[str], bool], room: str, scene: Scene, mem: Memory, asked: Asked
) -> list[tuple[str, str]]:
    """(command, rule) of the wider pool in a room, in order, less what it sent there this run (the
    agent's ``allowed`` check is the caller's)."""
    verbs, sent, wants_thing, wants_tool, on_things, not_kinds, absent = asked
    done = set(sent)
    own = own_verb_commands(scene, mem, verbs, wants_tool)
    alone = [(c, r) for c, r in own if r == OWN_VERB and c not in wants_thing]
    on = set(verbs) if on_things is None else set(on_things)
    own = [(c, r) for c, r in own if r == OWN_VERB or c.split()[0] in on]
    fit, rest = fitting(candidates(scene, mem, known), scene, mem) if scene.inventory else ([], [])
    uses_fit, uses_rest = [(c, RULE) for c in fit], [(c, RULE) for c in rest]
    with_things = [(c, r) for c, r in own if r != OWN_VERB]
    asked_for = set(wants_thing) | set(wants_tool) if rule_on(ASKED_FIRST) else set()
    first = [(c, r) for c, r in with_things if c.split()[0] in asked_for]  # ... gets its things first
    later = [(c, r) for c, r in with_things if c.split()[0] not in asked_for]
    pool = first + uses_fit + alone + uses_rest + later
    return [
        (c, r)
        for c, r in pool
        if f"{room}|{c}" not in done and not ruled_out(c, not_kinds) and not not_here(c, room, absent)
    ]
