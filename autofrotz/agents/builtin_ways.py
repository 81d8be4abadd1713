"""Replies that decide where the built-in agent may still go and whom it deals with (exploration rules).

Each reader names the convention it relies on; the agent records the rule's name with what it does:

| rule | reads | does |
|---|---|---|
| `move-not-read` | a move answered about another verb ("...wanting to take the lamp.") | sent again |
| `not-a-person` | "You can only do that to something animate." | no more offers or questions to it |
| `ways-past-an-opened-door` | "You open the oak door." | moves refused here, then untried ones, go first |
| `keep-what-was-given` | "X gives you the key", "hands you a ticket" | the thing is not offered back |
| `ask-about-what-was-said` | the opening text, and what people say | people here are asked about its nouns |
| `say-the-word-told` | "Just say the word 'hollow'", "the password is 'x'" | said next |
| `stand-higher-to-look` | "Looks normal from where you're standing." | a step-up put down, stood on |
| `examine-what-is-locked` | a locked door and no key carried | the door is examined |
| `name-by-known-words` | "copy of The Lore of X", the game lacking "copy" | named by the title's words |
| `exits-in-later-paragraphs` | a room's later paragraphs ("A doorway to the east...") | those ways tried |
| `use-a-thing-for-its-purpose` | "made for cleaning silver", a drawer showing it | put in there |
| `take-a-key-to-its-lock` | a key carried, a lock met elsewhere (builtin_explore.py) | walked to first |
| `move-what-is-in-the-way` | "The desk is in the way." (builtin_replies.py) | pushed, the move sent again |
| `climb-what-will-not-open` | "The gate is stuck." after a move it held up (builtin_replies.py) | climbed |
"""

from __future__ import annotations

import re

from autofrotz.agents import builtin_words as w
from autofrotz.agents.builtin_explore import COMPASS
from autofrotz.reading import Reading
from autofrotz.reading.agent_ways import (
    ANIMATE_ONLY,
    FROM_HERE,
    GIVEN,
    NAMED_OF,
    NOT_OPENED,
    OPENED,
    OWNER_WORDS,
    PURPOSE,
    SAY_THE_WORD,
    STEP,
    WAY_NOUNS,
    WAY_OPENS,
    names_direction,
)
from autofrotz.reading.agent_ways import PROPER as PROPER
from autofrotz.reading.agent_words import POSSESSIVE
from autofrotz.reading.patterns import READ_AS
from autofrotz.reading.told_text import HYPHENED_WORDS, SENTENCE_BREAK
from autofrotz.reading.ways_exits import parse_exits
from autofrotz.words.directions import DIRECTION_WORDS, parse_direction
from autofrotz.words.vocabulary import Vocabulary

MOVE_WORDS = frozenset(word for words in DIRECTION_WORDS.values() for word in words) | {"go", "walk", "run"}


# Reads a command, not game text: whom a social command addresses ("give X to Y", "show X to Y", "ask Y
# about X", "tell Y about X", "talk to Y", "say hello to Y").
ADDRESSED = (
    re.compile(r"^(?:give|show|offer|hand) .+? to (?:the )?(.+)$"),
    re.compile(r"^(?:ask|tell|question) (?:the )?(.+?) (?:about|for) .+$"),
    re.compile(r"^(?:talk|speak|say hello) to (?:the )?(.+)$"),
    re.compile(r"^(?:greet|hello|wake) (?:the )?(.+)$"),
)


# What shuts a way in the genre's stock words.
WAYS = frozenset(["door", "doors", "trapdoor", "hatch", "gate", "portal"])
WAYS_AGAIN = 4  # refused moves tried again after a door opens (the first ones refused: the sweep's order)


def opened_way(command: str, text: str) -> bool:
    """Rule `ways-past-an-opened-door`: the command opened a door, hatch or gate.

    >>> opened_way("open wooden door", "You open the archive door.")
    True
    >>> opened_way("open door", "It seems to be locked."), opened_way("open box", "You open the box.")
    (False, False)
    """
    words = command.lower().split()
    if len(words) < 2 or words[0] != "open" or words[-1] not in WAYS:
        return False
    return bool(OPENED.search(text[:200])) and not NOT_OPENED.search(text[:200])


def move_not_read(command: str, text: str) -> bool:
    """Rule `move-not-read`: the parser's reply to a move speaks of another verb.

    >>> move_not_read("south", "I only understood you as far as wanting to take the jeweled amulet.")
    True
    >>> move_not_read("go north", "I only understood you as far as wanting to go north.")
    False
    >>> move_not_read("south", "You can't go that way.")
    False
    """
    found = READ_AS.search(text[:300])
    verb = found.group(1).lower() if found else ""
    return bool(verb) and verb not in MOVE_WORDS and command.split()[0] != verb


def not_animate(command: str, text: str) -> str | None:
    """Rule `not-a-person`: the thing a social command addressed, when the reply says it is not animate.

    >>> not_animate("give yellow paper to desk", "You can only do that to something animate.")
    'desk'
    >>> not_animate("ask shower about bar", "You can only do that to something animate.")
    'shower'
    >>> not_animate("give coin to man", "The man doesn't seem interested.") is None
    True
    """
    if not ANIMATE_ONLY.search(text[:200]):
        return None
    line = " ".join(command.lower().split())
    for pattern in ADDRESSED:
        found = pattern.match(line)
        if found:
            return found.group(1).strip()
    return None


def given_things(text: str) -> list[str]:
    """Rule `keep-what-was-given`: the things a reply says someone gave us (lower case, no article).

    >>> given_things("The ferryman gives you the token to the Upper Landing, and he waits")
    ['token']
    >>> given_things("She hands you a brass ticket.")
    ['brass ticket']
    >>> given_things("Nothing happens.")
    []
    """
    return [m.strip().lower() for m in GIVEN.findall(text)]


# Ask/tell conversation (the Inform and TADS libraries' "ask X about Y"): a character answers topics, and
# the topics a game expects the player to raise are the nouns of its own text (the opening's "your last
# mission", a name the character drops). Possessives read like articles here: "your mission" names one.
NOT_TOPICS = (
    frozenset(["time", "way", "off", "out", "away", "back", "yes", "no"])
    | w.STOPWORDS
    | w.PREPOSITIONS
    | w.META_WORDS
)
# Prepositions the noun-phrase reader may carry past a noun ("the castle near the town").
AFTER_NOUN = frozenset(["after", "before", "near", "beside", "behind", "beyond", "across", "along", "past"])
TOPICS_KEPT = 6  # topics remembered from the opening text and from what people said (a clock may be running)


def spoken_topics(text: str, vocabulary: Vocabulary) -> list[str]:
    """Rule `ask-about-what-was-said`: single-word topics a text names (the head nouns of its noun phrases
    and its made-up capitalised names), those the story's dictionary knows, in order.

    >>> spoken_topics("You gave your Company a weekend pass after your last mission.", Vocabulary())
    ['company', 'pass', 'last mission']
    >>> v = Vocabulary(frozenset(["mission", "castle", "bostwin"]), 9)
    >>> spoken_topics("after your last mission. The tale of the Duke's castle near Bostwin is sad.", v)
    ['mission', 'castle', 'bostwin']
    """
    found: list[str] = []
    plain = OWNER_WORDS.sub("the", text.replace("\n", ". "))
    candidates = w.noun_phrases(plain) + [m.lower() for m in PROPER.findall(text)]
    for found_phrase in candidates:
        cut = POSSESSIVE.sub("", found_phrase).split()
        cut = cut[: next((i for i, x in enumerate(cut) if x in AFTER_NOUN), len(cut))]
        words = [x for x in cut if vocabulary.knows(x)]
        if not words or words[-1] != cut[-1] or words[-1] in NOT_TOPICS or len(words[-1]) < 3:
            continue
        topic = " ".join(words[-2:]) if not vocabulary.words else words[-1]
        if topic not in found:
            found.append(topic)
    return found


def known_name(name: str, short_name: str, vocabulary: Vocabulary) -> str:
    """Rule `name-by-known-words`: a carried or seen thing whose short name has a word the story's
    dictionary lacks is named by the first word it knows after "of"; else the short name stays.

    >>> v = Vocabulary(frozenset(["ballads", "songs", "ostrava", "wine"]), 9)
    >>> known_name("copy of The Ballads and Songs of Ostrava", "copy", v)
    'ballads'
    >>> known_name("bottle of wine", "bottle", v), known_name("brass key", "brass key", v)
    ('wine', 'brass key')
    """
    if all(vocabulary.knows(x) for x in short_name.split()):
        return short_name
    found = NAMED_OF.match(name.strip())
    tail = HYPHENED_WORDS.findall(found.group(1).lower()) if found else []
    known = [x for x in tail if x not in w.STOPWORDS and vocabulary.knows(x)]
    return known[0] if known else short_name


def words_to_say(text: str) -> list[str]:
    """Rule `say-the-word-told`: words a text tells the player to say, lower case, whatever their case.

    >>> words_to_say("Just say the word 'hollow' and the gate will know you.")
    ['hollow']
    >>> words_to_say('The password is "swordfish". He looks "tired".')
    ['swordfish']
    >>> words_to_say("Don't say 'nothing'. Type 'help' for hints.")
    []
    """
    found = [(a or b).lower() for a, b in SAY_THE_WORD.findall(text)]
    return [x for x in dict.fromkeys(found) if x not in NOT_TOPICS and x not in w.COMMAND_VERBS]


# A look answered with where the player stands (FROM_HERE) is the genre's hint that a higher view shows
# more. Players stand on furniture for it, the same step-ups as for things out of reach.
LOOK_VERBS = ("examine", "look", "search", "x ", "read")
# Things players conventionally stand on: the reach rule's chairs and boxes, and the other furniture
# games let you carry or climb (benches, stools).
STEP_UPS = w.word_class("chair stool box table ladder chest bench footstool")


def stand_higher(command: str, text: str, names: list[str], held: list[str]) -> list[str]:
    """Rule `stand-higher-to-look`: a look answered "from where you're standing": put a step-up we carry
    down and stand on it (or stand on one here); the reply of standing there says what it shows.

    >>> stand_higher("search ledge", "Looks like a normal ledge from where you're standing.", [], ["bench"])
    ['drop bench', 'stand on bench']
    >>> stand_higher("search ledge", "A dusty ledge.", [], ["bench"])
    []
    """
    if not command.startswith(LOOK_VERBS) or not FROM_HERE.search(text[:300]):
        return []
    steps = [n for n in dict.fromkeys(held + names) if w.has_class(n, STEP_UPS)][:2]
    out: list[str] = []
    for thing in steps:
        out += [f"drop {thing}", f"stand on {thing}"] if thing in held else [f"stand on {thing}"]
    return out


TAKEN_FROM_HIGH = 2  # things a higher view showed that are taken at once


def seen_from_higher(command: str, reading: Reading) -> list[str]:
    """Rule `stand-higher-to-look`, second half: standing on something showed things ("From up on the
    stool you spot a tin whistle on the shelf"): take them while up there.

    >>> from autofrotz.reading import read_reply as r
    >>> seen_from_higher("stand on stool", r("", "From up here you can make out a tin whistle on the shelf"))
    ['take tin whistle', 'take shelf']
    >>> seen_from_higher("stand on bench", r("", "You can't stand on that."))
    []
    >>> seen_from_higher("look", r("", "A key."))
    []
    """
    words = command.lower().split()
    if words[:2] != ["stand", "on"] or reading.refusal:
        return []
    support = " ".join(words[2:])
    found = [n for n in w.noun_phrases(reading.text) if n != support and w.head(n) != w.head(support)]
    return [f"take {n}" for n in found[:TAKEN_FROM_HIGH]]


def locked_looks(command: str, reading: Reading, keys_held: bool) -> list[str]:
    """Rule `examine-what-is-locked`: "open X" answered that it is locked, and we carry no key: examine X
    (a door's own text often says where its key is: "a ledge above the door", "a keyhole with something
    glinting inside"); the key hunt looks at the room's other things.

    >>> from autofrotz.reading import read_reply as r
    >>> locked_looks("open oak door", r("", "It seems to be locked."), False)
    ['examine oak door']
    >>> locked_looks("open door", r("", "It is locked."), True), locked_looks("open box", r("", "Opened."), 0)
    ([], [])
    """
    words = command.lower().split()
    if keys_held or len(words) < 2 or words[0] != "open" or not reading.locked_head:
        return []
    return [f"examine {' '.join(words[1:])}"]


ANCHOR = 40  # characters of the room's first paragraph that find where its description starts in a reply


def later_exits(text: str, description: str) -> list[str]:
    r"""Rule `exits-in-later-paragraphs`: the ways out a room's whole arrival text names, from its first
    paragraph on. Inform prints a room's description as one or more paragraphs (an aside in brackets,
    a second paragraph of layout) and the map reads exits from the first only.

    >>> text = "Stacks\nYou are in a maze of shelves.\n\n(Well, not really)\n\nA doorway to the east."
    >>> later_exits(text, "You are in a maze of shelves.")
    ['east']
    >>> later_exits("A troll runs west.\nHall\nA bare hall.", "A bare hall."), later_exits("Hall", "")
    ([], [])
    """
    anchor = " ".join(description.split())[:ANCHOR]
    flat = " ".join(text.split())
    at = flat.find(anchor) if anchor else -1
    return parse_exits(flat[at:]) if at >= 0 else []


# A thing's description saying what it is for (PURPOSE) and how to set it off (STEP): the genre's way of
# telling the player where a tool goes and what to do to it first.
NOT_STEPS = frozenset(["see", "find", "get", "feel", "hear", "tell", "say", "imagine", "make", "use"])


def described_use(text: str) -> tuple[str, list[str]] | None:
    """Rule `use-a-thing-for-its-purpose`, first half: (what a thing is for, the steps that set it off).

    >>> text = "A tin of powder, made for cleaning silver. You could shake the tin before use."
    >>> described_use(text)
    ('silver', ['shake tin'])
    >>> described_use("A plain brass key.") is None
    True
    """
    found = PURPOSE.search(text[:400])
    if not found:
        return None
    steps = [f"{v.lower()} {n.lower()}" for v, n in STEP.findall(text[:400]) if v.lower() not in NOT_STEPS]
    return found.group(1).lower(), steps


def revealed_inside(command: str, reading: Reading) -> tuple[str, list[str]] | None:
    """Rule `use-a-thing-for-its-purpose`, second half: a container just opened and the words of what
    its opening showed ("You open the drawer, revealing some silver").

    >>> from autofrotz.reading import read_reply as r
    >>> revealed_inside("open drawer", r("", "You open the drawer, revealing some silver"))
    ('drawer', ['silver'])
    >>> revealed_inside("open door", r("", "It seems to be locked.")) is None
    True
    """
    words = command.lower().split()
    if len(words) < 2 or words[0] != "open" or reading.refusal_head:
        return None
    shown = [w.head(n) for n in w.noun_phrases(reading.text[:300])]
    return " ".join(words[1:]), [x for x in dict.fromkeys(shown) if x and x not in words and x[-3:] != "ing"]


# Rule `go-the-way-the-reply-opens`: a command other than a move whose reply says a way opened or appeared
# in a compass direction ("Twisting the candlestick makes a narrow stairway to the southeast swing open.", "A
# panel slides back, revealing an opening to the north.") makes that direction worth walking again, even
# where it was refused before the change (a refusal remembered from then kept the agent from ever trying
# it: it swept the room's things for hundreds of turns beside the open passage).
REPLY_DIRECTIONS = COMPASS  # "southeast" is not read as "south": words match whole
REPLY_OPENS_RULE = "go-the-way-the-reply-opens"
# Off by default (builtin_rules.py): on the built-in agent's bench (`bench games`) it costs a check story
# rooms and points, even when replies to looking commands are left out; the dev story it was written for
# gains a dark room and no point.
# Commands that only look: their replies describe a thing as it is ("The cellar door opens onto the yard
# to the north. Or it would if it were not locked."), they open nothing.
LOOKING_VERBS = frozenset(["look", "examine", "read", "search", "inventory"])


def ways_the_reply_opens(command: str, text: str) -> list[str]:
    """Directions a non-move command's reply says a way opened in.

    >>> ways_the_reply_opens("twist candlestick", "A narrow stairway swings open to the southeast.")
    ['southeast']
    >>> ways_the_reply_opens("push panel", "The panel slides back, revealing a dark opening to the north.")
    ['north']
    >>> ways_the_reply_opens("north", "A passage opens to the south.")
    []
    >>> ways_the_reply_opens("x map", "The map shows a road north.")
    []
    >>> ways_the_reply_opens("examine door", "The door opens out to the north, if it were not locked.")
    []
    """
    words = command.lower().split()
    if not words or parse_direction(command) is not None or words[0] in LOOKING_VERBS:
        return []  # a move's reply, a look's or an examine's describes: what it names was always there
    found: list[str] = []
    for sentence in SENTENCE_BREAK.split(" ".join(text.split())[:600]):
        if not (WAY_NOUNS.search(sentence) and WAY_OPENS.search(sentence)):
            continue
        for word in REPLY_DIRECTIONS:
            if names_direction(sentence, word) and word not in found:
                found.append(word)
    return found
