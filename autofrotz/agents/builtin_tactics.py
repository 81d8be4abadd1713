"""Candidate commands for the room the built-in agent stands in, best first, from genre priors."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from autofrotz.agents import builtin_words as w
from autofrotz.agents.builtin_clues import feed_actions
from autofrotz.agents.builtin_devices import device_actions
from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_speech import speech_actions
from autofrotz.agents.builtin_switch import on
from autofrotz.agents.builtin_tools import tool_actions
from autofrotz.agents.builtin_vessels import fill_actions
from autofrotz.reading.agent_words import POSSESSIVE
from autofrotz.reading.told_text import HYPHENED_WORDS

# How often a command may be sent in one room; fights and lighting deserve a few tries.
LIMITS = {"attack": 4, "turn on": 2, "light": 2}


@dataclass
class Scene:
    """What the agent knows right now about its room and its pockets."""

    room: str | None
    nouns: list[str]
    visible: list[str]
    inventory: list[str]
    output: str
    dark: bool = False
    locked: bool = False
    creatures: list[str] = field(default_factory=list)
    bad_words: frozenset[str] = frozenset()


def carried(scene: Scene, words: frozenset[str]) -> list[str]:
    """Carried things of a class."""
    return [name for name in scene.inventory if w.has_class(name, words)]


def short(phrase: str) -> str:
    """At most the last two words of a name, the way parsers like them.

    >>> short("a small brass key")
    'brass key'
    >>> short("loaf of bread"), short("a pair of garden gloves")
    ('loaf', 'garden gloves')
    """
    text = POSSESSIVE.sub("", phrase.lower())
    words = [x for x in HYPHENED_WORDS.findall(text) if x not in ("a", "an", "the", "some")]
    if len(words) > 2 and words[0] in w.QUANTITIES and words[1] == "of":
        words = words[2:]  # the pair is not the thing: gloves
    if "of" in words[1:]:
        words = words[: words.index("of", 1)]
    return " ".join(words[-2:])


# Reads a command, not game text: the verb a command opens with, and the words that join its objects.
VERB_PREFIX = re.compile(
    r"^(look under|turn on|talk to|take|open|read|examine|move|push|pull|enter|climb|turn|light|"
    r"unlock|attack|put|lift|search|give|wear|ask|show|ring|say hello to|look behind|touch|kick|shake|"
    r"knock on|rub|break|listen to|smell|close|wave at|wave|blow|play|squeeze|eat|drink|drop|ride|mount|"
    r"tie)\s+"
)
OBJECT_JOINER = re.compile(r"\s+(?:with|in|on|to|about)\s+")


def objects(command: str) -> list[str]:
    """The noun phrases a command names.

    >>> objects("unlock iron door with iron key")
    ['iron door', 'iron key']
    >>> objects("look under rug")
    ['rug']
    >>> objects("ask old man about lamp")
    ['old man', 'lamp']
    """
    rest = VERB_PREFIX.sub("", command)
    if rest == command:
        return []
    return [p.strip() for p in OBJECT_JOINER.split(rest) if p.strip()]


def urgent(scene: Scene, mem: Memory) -> list[str]:
    """Light in the dark, fight what threatens."""
    out: list[str] = []
    if scene.dark and not mem.now.lit:
        for lamp in carried(scene, w.LIGHTS):
            out += [f"turn on {short(lamp)}", f"light {short(lamp)}"]
    if scene.creatures and w.THREATS.search(scene.output):
        weapons = list(dict.fromkeys(w.head(short(x)) for x in carried(scene, w.WEAPONS)))
        for creature in dict.fromkeys(w.head(_noun_first(short(c))) for c in scene.creatures):
            out += [f"attack {creature} with {x}" for x in weapons]
            out.append(f"attack {creature}")  # bare hands when nothing carried is a weapon
    return out


def room_actions(scene: Scene, mem: Memory) -> list[str]:
    """Object actions worth a turn here, in order of generic payoff."""
    return [command for command, _ in named_room_actions(scene, mem)]


def named_room_actions(scene: Scene, mem: Memory) -> list[tuple[str, str]]:
    """(command, rule) for each object action worth a turn here, in order of generic payoff."""
    nouns = _nouns(scene)
    skip = set(mem.seen.junk) | set(mem.seen.held) | {short(i) for i in scene.inventory}
    keys = carried(scene, w.KEYS)
    slots = [n for n in nouns if w.has_class(n, w.RECEPTACLES)]
    ties = [n for n in nouns if w.has_class(n, w.TIES)]
    animals = list(dict.fromkeys(w.head(n) for n in nouns if w.has_class(n, w.ANIMALS)))
    held = [short(i) for i in scene.inventory]
    known = mem.seen.objects + [n for n in nouns if has_any(n, NOTABLE)]
    steps: list[tuple[str, list[str]]] = [
        ("take-all", [] if _left_things_here(scene.room, mem) else ["take all"]),  # not back what was left
        ("take-what-is-seen", [f"take {n}" for n in map(short, scene.visible) if not _unasked(n, skip, mem)]),
        (
            "take-what-is-portable",
            [f"take {n}" for n in nouns if has_any(n, PORTABLE_CLASSES) and n not in skip],
        ),
        ("open-what-opens", [f"open {n}" for n in nouns if w.has_class(n, w.OPENABLE)]),
        (
            "unlock-with-a-key",
            [
                f"unlock {n} with {short(k)}"
                for n in nouns
                if scene.locked and w.has_class(n, w.OPENABLE)
                for k in keys
            ],
        ),  # fmt: skip
        ("read-what-is-written", [f"read {n}" for n in nouns if w.has_class(n, w.READABLE)]),
        ("feed-an-animal", feed_actions(held, animals)),
        ("offer-to-a-person", _offers(scene, nouns, mem)),
        ("switch-on-a-device", [f"turn on {n}" for n in nouns if w.has_class(n, w.DEVICES)]),
        ("work-a-machine", device_actions(scene.inventory, nouns, known, list(mem.vocab.renamed))),
        ("say-a-word-read", speech_actions(scene.room, mem)),
        ("use-a-carried-tool", tool_actions(held, nouns)),
        (
            "fill-what-is-empty",
            fill_actions(
                [v for r, v in mem.seen.vessels if r == scene.room and v not in mem.vocab.scenery],
                held,
                mem.seen.worn,
            ),
        ),
        ("work-a-fixture", _fixture_actions(nouns)),
        ("leave-treasure", _deposits(scene, mem, nouns)),
        (
            "examine-a-listed-object",
            [f"examine {n}" for n in nouns if n in mem.seen.objects and not w.has_class(n, w.READABLE)],
        ),  # fmt: skip
        ("search-what-is-fixed", _fixed_actions(nouns, mem)),
        ("fill-a-slot", [f"put {short(i)} in {n}" for n in slots for i in scene.inventory[:6]]),
        ("tie-to-something", [f"tie {short(i)} to {n}" for n in ties for i in scene.inventory[:6]]),
        ("talk-to-a-person", _gifts(scene, nouns, mem)),
        ("ask-about-what-was-said", _topics(nouns, mem)),
        ("push-a-part", [f"push {n}" for n in nouns if n in mem.seen.parts]),
        ("cast-a-spell", _casts(scene, mem, nouns)),
        (
            "dig-with-a-tool",
            ["dig", f"dig with {short(carried(scene, w.DIGGERS)[0])}"] if carried(scene, w.DIGGERS) else [],
        ),  # fmt: skip
        (
            "examine-what-is-notable",
            [f"examine {n}" for n in nouns if has_any(n, NOTABLE) or n in map(short, scene.visible)],
        ),  # fmt: skip
    ]
    return [(command, rule) for rule, commands in steps if on(rule) for command in commands]


def _unasked(name: str, skip: set[str], mem: Memory) -> bool:
    """Not to be taken by name: skipped, or a thing a "take all" answer already refused ("20-foot
    depression" is the "foot depression" of that answer).

    >>> mem = Memory()
    >>> mem.seen.refused = ["foot depression"]
    >>> _unasked("20-foot depression", set(), mem), _unasked("depression", set(), mem)
    (True, False)
    >>> _unasked("lamp", {"lamp"}, mem)
    True
    """
    return name in skip or any(name == r or name.endswith((f" {r}", f"-{r}")) for r in mem.seen.refused)


def _left_things_here(room: str | None, mem: Memory) -> bool:
    """A room where we left things on purpose: treasure deposited, or what barred a way out
    (keep-what-was-left-behind); "take all" there would pick them up again."""
    left = {key.split("|", 1)[0] for key in mem.seen.left_behind}
    return room in mem.seen.treasure_rooms or (room or "?") in left


HUNTED = 6  # things of a room looked over for a key when something there is locked


def key_hunt(scene: Scene) -> list[str]:
    """Something here is locked and we carry no key: look over the room's things for one first (keys
    lie under beds and rugs, in desks and heaps: the genre's standard hiding places).

    >>> key_hunt(Scene("cell", ["door", "bed", "light switch"], [], [], "", locked=True))
    ['look under bed', 'search bed', 'examine bed', 'examine light switch']
    >>> key_hunt(Scene("cell", ["bed"], [], ["iron key"], "", locked=True))
    []
    """
    if not scene.locked or carried(scene, w.KEYS):
        return []
    out: list[str] = []
    for n in [n for n in _nouns(scene) if not w.has_class(n, w.OPENABLE)][:HUNTED]:
        if has_any(n, (w.SEARCHABLE, w.MOVABLE)):
            out += [f"look under {n}", f"search {n}"]
        out.append(f"examine {n}")
    return out


GUESSES_PER_ROOM = 3  # examines of words that may not even be objects


def examine_actions(scene: Scene, mem: Memory) -> list[str]:
    """Examine the room's known objects, then a few other words it mentions (after its exits)."""
    nouns = _nouns(scene)
    known = [n for n in nouns if n in mem.seen.objects]
    others = [n for n in nouns if n not in mem.seen.objects][:GUESSES_PER_ROOM]
    parts = [n for n in nouns if n in mem.seen.parts and n not in known]
    return [f"examine {n}" for n in known + parts + others]


def has_any(phrase: str, classes: tuple[frozenset[str], ...]) -> bool:
    """Whether a phrase belongs to any of several classes."""
    return any(w.has_class(phrase, c) for c in classes)


PORTABLE_CLASSES = (w.LIGHTS, w.KEYS, w.WEAPONS, w.VALUABLE, w.READABLE)
NOTABLE = (w.OPENABLE, w.READABLE, w.MOVABLE, w.ENTERABLE, w.CLIMBABLE, w.SWITCHES, w.LIGHTS, w.KEYS,
           w.WEAPONS, w.VALUABLE, w.PEOPLE, w.ANIMALS)  # fmt: skip


def _nouns(scene: Scene) -> list[str]:
    nouns = [short(n) for n in scene.nouns + scene.visible if short(n)]
    nouns = [" ".join(x for x in n.split() if x not in scene.bad_words) for n in nouns]
    nouns = [_noun_first(n) for n in nouns if n]
    return list(dict.fromkeys(n for n in nouns if not _carried_name(n, scene.inventory)))


def _fixture_actions(nouns: list[str]) -> list[str]:
    out: list[str] = []
    for n in nouns:
        if w.has_class(n, w.MOVABLE):
            out += [f"move {n}", f"look under {n}", f"push {n}", f"pull {n}"]
        if w.has_class(n, w.ENTERABLE):
            out.append(f"enter {n}")
        if w.has_class(n, w.CLIMBABLE):
            out.append(f"climb {n}")
        if w.has_class(n, w.PEOPLE):
            out += [f"talk to {n}", f"ask {w.head(n)} about help"]
        if w.has_class(n, w.SWITCHES):
            out += [f"push {n}", f"pull {n}", f"turn {n}"]
        if w.has_class(n, w.RIDEABLE):
            out += [f"ride {n}", f"mount {n}"]
        if w.has_class(n, w.BELLS):
            out.append(f"ring {n}")
    return out


PART_VERBS = ((w.BELLS, "ring"), (w.SWITCHES, "push"), (w.READABLE, "read"), (w.OPENABLE, "open"))


def part_actions(phrase: str) -> list[str]:
    """The one obvious action on a part an examined thing revealed (a bell to ring, a button to push).

    >>> part_actions("doorbell"), part_actions("red button"), part_actions("wooden frame")
    (['ring doorbell'], ['push red button'], [])
    >>> part_actions("drawer draws")
    ['open drawer']
    """
    noun = _noun_first(short(phrase))
    return next(([f"{verb} {noun}"] for words, verb in PART_VERBS if w.has_class(noun, words)), [])


def _fixed_actions(nouns: list[str], mem: Memory) -> list[str]:
    """Things too big to take may hide something or move: search, push, pull."""
    out: list[str] = []
    for n in nouns:
        if w.has_class(n, w.SEARCHABLE):
            out += [f"search {n}", f"look under {n}", f"push {n}", f"pull {n}"]
        elif n in mem.seen.fixed:
            out.append(f"search {n}")
    return out


def _casts(scene: Scene, mem: Memory, nouns: list[str]) -> list[str]:
    """Known spells on what is carried, then on living things and on what opens."""
    targets = [short(i) for i in scene.inventory[:6]]
    targets += [n for n in nouns if has_any(n, (w.ANIMALS, w.PEOPLE, w.OPENABLE)) or n in mem.seen.people]
    return [f"{spell} {t}" for spell in mem.seen.spells for t in dict.fromkeys(targets)]


TOPICS = 4  # things carried, and things seen here, a person is asked about


def _gifts(scene: Scene, nouns: list[str], mem: Memory) -> list[str]:
    """Greet the people here, ask them about what we carry and see, show them what we carry."""
    people = _people(nouns, mem)
    held = list(dict.fromkeys(w.head(short(i)) for i in scene.inventory))[:TOPICS]
    seen = [w.head(n) for n in nouns if n in mem.seen.objects or n in mem.seen.parts or has_any(n, NOTABLE)]
    seen = [n for n in dict.fromkeys(seen) if n not in people and n not in held][:TOPICS]
    out: list[str] = []
    for p in people:
        out += [f"ask {p} about {t}" for t in [p, *held]]
        out += [f"say hello to {p}", *(f"show {t} to {p}" for t in held)]
        out += [f"ask {p} about {t}" for t in seen]
    return out


def _topics(nouns: list[str], mem: Memory) -> list[str]:
    """Rule ask-about-what-was-said (builtin_ways.spoken_topics): ask the people here about the nouns of
    the opening text and of what people said, the conversation topics a game's own words suggest."""
    people = _people(nouns, mem)
    return [f"ask {p} about {t}" for p in people for t in mem.seen.topics if w.head(t) != p]


def _offers(scene: Scene, nouns: list[str], mem: Memory) -> list[str]:
    """Talk to the people here and offer them what we carry: the classic trade."""
    people = _people(nouns, mem)
    given = {w.head(g) for g in mem.seen.gifts}
    goods = [short(i) for i in scene.inventory if w.head(short(i)) not in given][:6]  # keep-what-was-given
    out: list[str] = []
    for p in people:
        out += [f"talk to {p}", *(f"give {g} to {p}" for g in goods)]
    return out


def _people(nouns: list[str], mem: Memory) -> list[str]:
    """Head nouns of the people here: stock words for people and names the parser treated as animate,
    less the names it said are not (rule not-a-person)."""
    things = {w.head(n) for n in mem.seen.inanimate}
    found = (w.head(n) for n in nouns if w.has_class(n, w.PEOPLE) or n in mem.seen.people)
    return [p for p in dict.fromkeys(found) if p not in things]


def _deposits(scene: Scene, mem: Memory, nouns: list[str]) -> list[str]:
    # Treasure goes into a container: one where a put already raised the score first, then any here.
    boxes = [n for n in nouns if n in mem.seen.deposits] + [n for n in nouns if w.head(n) in w.CONTAINERS]
    goods = [short(v) for v in scene.inventory if _valuable(v, mem)]
    out = [f"put {g} in {b}" for b in dict.fromkeys(boxes) for g in goods]
    if scene.room is not None and (
        scene.room == mem.seen.start_room or scene.room in mem.seen.treasure_rooms
    ):
        out += [f"drop {g}" for g in goods]  # many games count treasures brought back to the start
    return out


def useful(name: str, mem: Memory) -> bool:
    """Worth keeping when hands are full: lights, keys, weapons, valuables.

    >>> useful("brass lantern", Memory()), useful("glass bottle", Memory())
    (True, False)
    """
    return _valuable(name, mem) or has_any(name, (w.LIGHTS, w.KEYS, w.WEAPONS))


def _valuable(name: str, mem: Memory) -> bool:
    return short(name) in mem.seen.valuables or w.has_class(name.lower(), w.VALUABLE) or "*" in name


def _noun_first(phrase: str) -> str:
    """A class noun followed by another word is noun + verb ("bottle contains"): keep the noun.

    >>> _noun_first("bottle contains"), _noun_first("brass lamp")
    ('bottle', 'brass lamp')
    """
    words = phrase.split()
    if len(words) == 2 and has_any(words[0], NOTABLE) and not has_any(words[1], NOTABLE):
        return words[0]
    return phrase


def _carried_name(noun: str, inventory: list[str]) -> bool:
    return any(short(i) == noun for i in inventory)


def inventory_actions(scene: Scene) -> list[str]:
    """Read or examine what is carried (once each, anywhere)."""
    out: list[str] = []
    heads: set[str] = set()
    for name in scene.inventory:
        n = short(name)
        if w.head(n) in heads:
            continue  # one name per thing: the item manager and the agent may name it differently
        heads.add(w.head(n))
        out.append(f"examine {n}")
        if w.has_class(n, w.READABLE):
            out.append(f"read {n}")
        if w.has_class(n, w.OPENABLE):
            out.append(f"open {n}")
        out.append(f"wear {n}")  # gloves, a mask, a ring: what can be worn is found by wearing it
    return out


def allowed(command: str, room: str | None, mem: Memory, here: str | None = None) -> bool:
    """Not refused here, not deadly, no unknown word, and under its try limit."""
    words = command.split()
    if not words or words[0] in mem.vocab.bad_verbs or any(x in mem.vocab.bad_words for x in words):
        return False
    if any(command.startswith(f"{phrase} ") for phrase in mem.vocab.bad_phrases):
        return False
    if mem.deadly(room, command) or mem.deadly(here, command) or mem.failed(room, command):
        return False
    if any(mem.absent(room, o) or o in mem.vocab.scenery for o in objects(command)):
        return False
    limit = next((v for k, v in LIMITS.items() if command.startswith(k)), 1)
    return mem.tried(room, command) < limit
