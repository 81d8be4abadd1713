"""Pure readings of a game's reply by its shape: what it asks, refuses, names or does not know.

Each reading is a small function over the turn's `Reading` or over the tables of `reading/told_steps.py`
and `reading/told_text.py`, conventions many parsers share (Inform's and Infocom's stock messages, the
yes/no prompt, the disambiguation question). Nothing here knows a game; `builtin_replies.py` turns the
readings into commands.
"""

from __future__ import annotations

from dataclasses import dataclass

from autofrotz.agents.builtin_words import DETERMINERS
from autofrotz.agents.builtin_words import word_class as words
from autofrotz.reading import Reading
from autofrotz.reading.patterns import FROM_PLACE
from autofrotz.reading.patterns import SUCH_THING as SUCH_THING
from autofrotz.reading.told_steps import BLOCKER, FIRST_STEP, IN_BED, NOT_ANYWHERE, UNTIL, YOU_CAN
from autofrotz.reading.told_text import ARTICLE_START, HYPHENED_WORDS, NAME_WORDS, QUOTE
from autofrotz.words.vocabulary import Vocabulary


def tidy(phrase: str) -> str:
    """A phrase from the reply as a command: lower case, no articles or possessives, no "it".

    >>> tidy("get out of the Bed"), tidy("open your locker")
    ('get out of bed', 'open locker')
    """
    words = [w for w in NAME_WORDS.findall(phrase.lower()) if w not in DETERMINERS]
    return " ".join(words)


@dataclass(frozen=True)
class Told:
    """One thing a reply says, with the rule that read it."""

    rule: str
    commands: tuple[str, ...]


def first_steps(text: str) -> list[Told]:
    """Steps a refusal names as coming first (rule names: first-step, leave-place, until-condition, in-bed).

    >>> [r.commands for r in first_steps("You'll have to get out of the bed first.")]
    [('get out of bed', 'get out', 'stand up')]
    >>> [r.commands for r in first_steps("You are lying in bed.")]
    [('get out of bed', 'stand up')]
    >>> first_steps("You should stand up first.")[0].commands
    ('stand up',)
    >>> first_steps("You can't reach it from the chair.")[0].commands
    ('get out of chair', 'get off chair', 'stand up')
    >>> first_steps("'You're not going anywhere until you've eaten your breakfast,' says Mum.")[0].commands
    ('eat breakfast',)
    >>> first_steps("Taken.")
    []
    """
    found: list[Told] = []
    for match in FIRST_STEP.finditer(text):
        step = tidy(match.group(1))
        if step and not step.startswith(("do ", "be ")):
            # Leaving a thing by its name may miss the parser's name for it ("get out of bed": "You can't
            # see any such thing."): the library's own words for leaving come after it.
            leave = ("get out", "stand up") if step.startswith(("get out of ", "get off ")) else ()
            found.append(Told("first-step", (step, *leave)))
    for match in FROM_PLACE.finditer(text):
        place = match.group(1).lower()
        found.append(Told("leave-place", (f"get out of {place}", f"get off {place}", "stand up")))
    for match in UNTIL.finditer(text):
        step = present(tidy(match.group(1)))
        if step:
            found.append(Told("until-condition", (step,)))
    if IN_BED.search(text) and not found:  # a step named outright comes before the stock one
        found.append(Told("in-bed", ("get out of bed", "stand up")))
    return found


IRREGULAR = {"eaten": "eat", "done": "do", "taken": "take", "given": "give", "put": "put", "got": "get",
             "gotten": "get", "found": "find", "worn": "wear", "brought": "bring", "paid": "pay",
             "told": "tell", "said": "say", "shut": "shut", "left": "leave", "seen": "see"}  # fmt: skip


def present(step: str) -> str:
    """A perfect-tense step ("eaten breakfast", "finished homework") as a command.

    >>> present("eaten breakfast"), present("finished homework"), present("washed up")
    ('eat breakfast', 'finish homework', 'wash up')
    >>> present("tidy room")
    'tidy room'
    """
    verb, _, rest = step.partition(" ")
    if verb in IRREGULAR:
        verb = IRREGULAR[verb]
    elif verb.endswith("ied"):
        verb = verb[:-3] + "y"
    elif verb.endswith("ed") and len(verb) > 4:
        verb = verb[:-2] if verb[-3] in "hkltnrw" or verb[-4:-2] in ("sh", "ch") else verb[:-1]
        verb = verb[:-1] if len(verb) > 3 and verb[-1] == verb[-2] and verb[-1] not in "ls" else verb
    return f"{verb} {rest}".strip()


def unseen(reading: Reading, named: list[str], shown: str = "") -> list[str]:
    """Names the reply says are not here: the one it names, or (for "any such thing") the command's.

    >>> from autofrotz.reading import read_reply as r
    >>> unseen(r("", "You can't see any blue key here."), ["blue key"])
    ['blue key']
    >>> unseen(r("", "You can't see any such thing."), ["gate"])
    ['gate']
    >>> unseen(r("", "I cannot see any such thing."), ["b"])
    ['b']
    >>> unseen(r("", "Taken."), ["lamp"])
    []

    "Any such thing" after a command naming two things does not say which one the parser missed (it stops
    at the first name it cannot match): a thing `shown` (the room's own text, what we carry) is not
    ruled out by it, the other is.

    >>> unseen(r("", "You can't see any such thing."), ["pebble", "stone trough"], "A stone trough is here.")
    ['pebble']
    """
    if reading.such_thing_head:
        return list(named) if len(named) < 2 else [n for n in named if not shown_in(n, shown)]
    found = [tidy(phrase) for phrase in reading.names_not_here]
    return [f for f in found if f and f not in ("thing", "way", "reason", "point")]


def shown_in(name: str, shown: str) -> bool:
    """Whether a text names a thing by its head word (the last word of its name).

    >>> shown_in("stone trough", "A trough stands here."), shown_in("pebble", "A trough stands here.")
    (True, False)
    """
    words = name.lower().split()
    return bool(words) and words[-1] in HYPHENED_WORDS.findall(shown.lower())


DIRECTION_WORDS = words("north south east west northeast northwest southeast southwest up down in out")


def choices(reading: Reading) -> list[str]:
    """The options of a disambiguation question, as names to answer with.

    >>> from autofrotz.reading import read_reply as r
    >>> choices(r("", "Which do you mean, the window or the shower?"))
    ['window', 'shower']
    >>> choices(r("", "Which do you mean, the south, the oak door or the bedroom door?"))
    ['oak door', 'bedroom door']
    >>> choices(r("", "Who do you mean, the night porter or Mrs Pell?"))
    ['night porter', 'mrs pell']
    """
    names = [tidy(p) for p in reading.which_options]
    return [n for n in names if n and n not in DIRECTION_WORDS]


PRONOUNS = words("he she it they him her them you i we")


@dataclass(frozen=True)
class Blocker:
    """Someone who keeps us from leaving, and the topics their words mention."""

    name: str
    topics: tuple[str, ...]


def blocker(text: str) -> Blocker | None:
    """A person who stops a move ("Anna stops you. 'You're not going anywhere until ...'").

    >>> blocker("Anna stops you. 'You're not going anywhere, not until you find the ring.'")
    Blocker(name='anna', topics=('ring',))
    >>> blocker("The guard blocks your way.").name
    'guard'
    >>> blocker("You can't go that way.") is None
    True
    """
    match = BLOCKER.search(text)
    if not match and not NOT_ANYWHERE.search(text):
        return None
    name = tidy(match.group(1)) if match else ""
    if name in PRONOUNS:
        name = ""
    spoken = " ".join(QUOTE.findall(text)) or text
    topics = [p for p in object_phrases(spoken) if p != name]
    return Blocker(name, tuple(dict.fromkeys(topics))[:3])


def light_named(reading: Reading, lights: frozenset[str]) -> list[str]:
    """Light sources a reply in darkness names ("You see a torch here." in a dark tunnel).

    >>> from autofrotz.reading import read_reply as r
    >>> light_named(r("", "It is pitch dark. You see a torch here."), frozenset({"torch", "lamp"}))
    ['torch']
    >>> light_named(r("", "You see a torch here."), frozenset({"torch"}))
    []
    """
    if not reading.dark_anywhere:
        return []
    text = reading.text
    return [p for p in object_phrases(text) if p.split()[-1] in lights]


# Words that make a phrase a clause rather than a thing: pronouns, negations, quantifiers, joiners,
# auxiliaries, and prepositions a command never puts inside a name ("shower towards"). A name a command
# can use is (article +) adjectives + noun, none of these.
CLAUSE_WORDS = words(
    """you your yours i me my we us our he him his she her they them their it its no not none nothing never
    any every each while when whenever until because if although though since as than that which who
    whom whose what where why how is are was were be been being am has have had do does did will would
    can could shall should may might must there here then so and or but nor yet also very too just only
    still already even towards toward from into onto across through by at behind beside near along
    against"""
)


def object_shaped(phrase: str) -> bool:
    """Whether a phrase can name a thing: one to three words, none of them clause words.

    >>> object_shaped("brass lantern"), object_shaped("no lantern"), object_shaped("door while you slept")
    (True, False, False)
    """
    words = phrase.split()
    return 0 < len(words) <= 3 and not any(w in CLAUSE_WORDS for w in words)


def object_phrases(text: str) -> list[str]:
    """Object-shaped phrases introduced by an article.

    >>> object_phrases("You see a torch here. There is no exit.")
    ['torch']
    >>> object_phrases("Find the silver ring and the old map.")
    ['silver ring', 'old map']
    """
    found = [tidy(m.group(1)) for m in ARTICLE_START.finditer(text)]
    return list(dict.fromkeys(p for p in found if object_shaped(p)))


def words_known(command: str, vocabulary: Vocabulary) -> bool:
    """Whether every word of a command is in the game's dictionary (numbers always are).

    >>> v = Vocabulary(frozenset({"take", "brass", "lantern", "examine"}), 9)
    >>> words_known("take brass lantern", v), words_known("examine copyright", v)
    (True, False)
    >>> words_known("take 12 lanterns", Vocabulary())
    True
    """
    return all(w.isdigit() or vocabulary.knows(w) for w in command.lower().split())


NOT_SUGGESTIONS = words("see find get feel hear tell do say imagine make be")


def suggested_verbs(text: str) -> list[str]:
    """Verbs a reply says we can use on the thing just examined.

    >>> suggested_verbs("It's labeled ACME. You can wear it like a backpack.")
    ['wear']
    >>> suggested_verbs("You can't wear it."), suggested_verbs("You can see it from here.")
    ([], [])
    """
    found = [m.group(1).lower() for m in YOU_CAN.finditer(text)]
    return [v for v in dict.fromkeys(found) if v not in NOT_SUGGESTIONS]
