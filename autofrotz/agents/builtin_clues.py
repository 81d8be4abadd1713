"""Clues in replies that point at the next action: a loose part to pull, a thing out of reach to stand
on something for, an opened thing whose contents a fresh look shows, the items a description lists.

All of it is genre convention, read with the tables of `reading/told_things.py` by small pure helpers; the
agent queues what they return.
"""

from __future__ import annotations

from collections.abc import Sequence

from autofrotz.agents import builtin_words as w
from autofrotz.reading import Reading
from autofrotz.reading.told_text import LIST_INTRO, LIST_SPLIT, SENTENCE_BREAK
from autofrotz.reading.told_things import BEYOND_REACH, CONTENTS, LOOSE, OPENED_ALONE, PROTRUDING, TAKEN

# Things a player conventionally stands on to reach higher.
SUPPORT_TRIES = 2  # things tried as a step up, at most
SUPPORTS = w.word_class("chair stool box table ladder chest")
LIST_ITEM_WORDS = 2  # an item of a listed series is a short name


def listed_parts(text: str) -> list[str]:
    """The items of a series a description introduces ("these include onyx, garnet and opal").

    >>> listed_parts("The shelves hold many tools, these include hammers, saws, chisels and files.")
    ['hammers', 'saws', 'chisels', 'files']
    >>> listed_parts("The room is empty.")
    []
    """
    found: list[str] = []
    for match in LIST_INTRO.finditer(text):
        for item in LIST_SPLIT.split(match.group(1)):
            words = [x for x in item.lower().split() if x not in w.PHRASE_STARTERS]
            if 0 < len(words) <= LIST_ITEM_WORDS and not w.STOPWORDS & set(words):
                found.append(" ".join(words))
    return list(dict.fromkeys(found))


def loose_actions(objects: list[str], text: str) -> list[str]:
    """A thing the reply calls loose or wobbly is pulled, then moved.

    >>> loose_actions(["brick"], "The brick doesn't seem properly anchored in the wall.")
    ['pull brick', 'move brick']
    >>> loose_actions(["rock"], "Taken.")
    []
    """
    if not objects or not LOOSE.search(text[:300]):
        return []
    return [f"pull {objects[0]}", f"move {objects[0]}"]


def protruding_pulls(text: str) -> list[str]:
    """What a sentence says sticks out of something is pulled (a handle from a wall, a root from soil).

    >>> protruding_pulls("A bunch of weeds are sticking out of the flower bed. The sky is grey.")
    ['pull weeds']
    >>> protruding_pulls("A plain room.")
    []
    """
    found: list[str] = []
    for sentence in SENTENCE_BREAK.split(text):
        match = PROTRUDING.search(sentence)
        phrases = w.noun_phrases(sentence[: match.start()]) if match else []
        found += [f"pull {phrases[0]}"] if phrases else []
    return list(dict.fromkeys(found))


def reach_actions(text: str, people: list[str], supports: list[str], held: list[str]) -> list[str]:
    """Out of reach: stand on something, or someone, here; a carried support is put down first.

    >>> reach_actions("The door is taller than you and the object is resting on top of it.", ["man"], [], [])
    ['stand on man']
    >>> reach_actions("You can't reach it.", [], ["bench"], ["bench"])
    ['drop bench', 'stand on bench']
    >>> reach_actions("The steps seem designed for someone much taller than you.", ["man"], ["chair"], [])
    []
    """
    if not BEYOND_REACH.search(text[:400]):
        return []
    out = [f"stand on {p}" for p in people]
    for thing in list(dict.fromkeys(w.head(s) for s in supports))[:SUPPORT_TRIES]:
        carried = any(w.head(h) == thing for h in held)
        out += [f"drop {thing}", f"stand on {thing}"] if carried else [f"stand on {thing}"]
    return out


def supports_in(names: list[str]) -> list[str]:
    """Names of things one could stand on.

    >>> supports_in(["wooden chair", "lamp", "small stool"])
    ['wooden chair', 'small stool']
    """
    return [n for n in names if w.has_class(n, SUPPORTS)]


def look_after_open(command: str, text: str) -> list[str]:
    """An opening that only says it opened: a fresh look shows what it revealed.

    >>> look_after_open("open curtain", "You open the shower curtain.")
    ['look']
    >>> look_after_open("open crate", "You open the crate, revealing a spoon.")
    []
    """
    if command.startswith("open ") and OPENED_ALONE.match(text.strip()) and not CONTENTS.search(text):
        return ["look"]
    return []


def clue_commands(command: str, objects: list[str], reply: Reading, people: list[str], names: list[str],
                  held: list[str], in_sight: Sequence[str] = ()) -> list[str]:  # fmt: skip
    """Every follow-up one reply's clues point at: pull what is loose, look again after an opening,
    search what would not be taken, climb to what is out of reach.

    >>> from autofrotz.reading import read_reply as r
    >>> clue_commands("take brick", ["brick"], r("", "The brick isn't firmly attached."), [], [], [])
    ['pull brick', 'move brick', 'search brick']
    """
    text = reply.text
    out = (
        loose_actions(objects, text)
        + look_after_open(command, text)
        + search_untakeable(command, objects, reply, in_sight)
    )
    return out + reach_actions(text, people, supports_in(names), held)


FEED_LIMIT = 3  # animals fed per room, at most
FEED_VERBS = ("give", "feed")
FOOD_SIGNS = ("food", "meat")  # stock words of food; else the first thing carried


def feed_actions(held: list[str], animals: list[str]) -> list[str]:
    """Something we carry offered to each animal here before any other gift: food when a name says
    it is food, else the first thing carried (an animal takes what a game means it to have).

    >>> feed_actions(["wristwatch", "dog food"], ["dog"])
    ['give dog food to dog', 'feed dog food to dog']
    >>> feed_actions(["wristwatch"], ["dog"])
    ['give wristwatch to dog', 'feed wristwatch to dog']
    """
    foods = [h for h in held if any(sign in h.split() for sign in FOOD_SIGNS)] or held[:1]
    return [f"{verb} {food} to {a}" for a in animals[:FEED_LIMIT] for food in foods for verb in FEED_VERBS]


def search_untakeable(
    command: str, objects: list[str], reply: Reading, in_sight: Sequence[str] = ()
) -> list[str]:
    """A single thing here that would not be taken may hold something: search it.

    >>> from autofrotz.reading import read_reply as r
    >>> search_untakeable("take big barrel", ["big barrel"], r("", "You could never lift that."))
    ['search big barrel']
    >>> search_untakeable("take lamp", ["lamp"], r("", "Taken."))
    []
    >>> search_untakeable("take orb", ["orb"], r("", "You can't see any such thing."))
    []

    Each thing in sight (the item list's, `in_sight`) a "take all" answer would not hand over, searched
    once, with no second take asked:

    >>> answer = "rug: Too heavy to lift. urn: Taken. rug: It is fixed."
    >>> search_untakeable("take all", ["all"], r("take all", answer), ["red rug"])
    ['search rug']
    >>> card = r("take all", "The card reads: ask the porter.")
    >>> search_untakeable("take all", ["all"], card, ["card", "porter"])
    []
    """
    if command == "take all":
        heads = {w.head(name) for name in in_sight}
        return [f"search {n}" for n in dict.fromkeys(w.refused_names(reply.text)) if w.head(n) in heads]
    if not command.startswith("take ") or len(objects) != 1:
        return []
    if TAKEN.search(reply.text[:200]) or reply.not_here:
        return []
    return [f"search {objects[0]}"]
