"""Things a room's text names in its sentences ("an ornate iron gate", "a large window"), read with the
story's own dictionary: a noun phrase whose last known word the parser can read names a thing the
player can refer to. Whole noun phrases only, never a fragment of a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from autofrotz.reading.answers import in_sight as in_sight  # things_in_sight.py reads answers through here
from autofrotz.reading.answers import said_not_here as said_not_here
from autofrotz.reading.answers import unknown_word as unknown_word
from autofrotz.words.directions import canonical_direction

NAMED_KEPT = 12
# Words a dictionary holds that are no things: pronouns, parts of speech the parser reads, measures.
NOT_THINGS = frozenset(
    [
        "it",
        "them",
        "all",
        "each",
        "every",
        "other",
        "you",
        "your",
        "me",
        "my",
        "one",
        "side",
        "way",
        "top",
        "bottom",
        "end",
        "edge",
        "middle",
        "part",
        "kind",
        "sort",
        "lot",
        "bit",
        "piece",
        "few",
        "number",
        "moment",
        "time",
        "while",
        "direction",
        "place",
        "area",
        "room",
        "floor",
        "ground",
        "air",
        "light",
        "dark",
        "darkness",
        "north",
        "south",
        "east",
        "west",
        "up",
        "down",
        "look",
        "take",
        "get",
        "open",
        "close",
        "turn",
        "push",
        "pull",
        "put",
        "drop",
        "walk",
        "climb",
        "read",
        "examine",
        "wait",
        "move",
        "say",
        "ask",
        "tell",
        "give",
        "show",
        "touch",
        "feel",
        "smell",
        "listen",
        "search",
        "break",
        "eat",
        "drink",
        "sit",
        "stand",
        "lie",
        "enter",
        "exit",
        "leave",
        "hit",
        "kill",
        "attack",
        "fill",
        "empty",
        "burn",
        "throw",
        "jump",
        "swim",
        "sleep",
        "wake",
        "dig",
        "tie",
        "cut",
        "wear",
        "remove",
        "lock",
        "unlock",
        "use",
        "try",
        "help",
    ]
)
# A phrase starts after an article, a possessive or "of" ("a collection of hunting trophies"), and ends
# before the next of them.
_STARTS = r"a|an|the|some|your|my|his|her|its|their|our|of"
_WORD = rf"(?!(?:{_STARTS})\b)[a-z][a-z'-]*"
_PHRASE = re.compile(rf"\b(?:{_STARTS})\s+((?:{_WORD},?\s+){{0,3}}{_WORD})", re.IGNORECASE)


def named_things(
    text: str,
    knows: Callable[[str], bool],
    seen: frozenset[str] = frozenset(),
    kept: int = NAMED_KEPT,
    place_parts: bool = False,
) -> list[str]:
    """Noun phrases of a text that end in a word the story's parser reads, not already `seen`, the first
    `kept` of them; with `place_parts`, also those ending in a part of the place the parser reads ("a
    black wall", "the ground"), for a check that tells the room's own from the library's compass walls.

    >>> known = {"gate", "window", "iron", "nest", "stone"}.__contains__
    >>> named_things("West is a high wall with an iron gate. In the wall is a large window.", known)
    ['iron gate', 'large window']
    >>> known = {"chair", "table", "trophies", "rucksack", "kitchen", "living"}.__contains__
    >>> named_things("A chair, a table and a row of trophies. Your old rucksack lies in the living room.",
    ...              known)
    ['chair', 'table', 'trophies', 'old rucksack']
    >>> named_things("Old Tom waits by the gate. Tom nods.", {"tom", "gate"}.__contains__)
    ['gate', 'Old Tom']
    >>> named_things("A black wall is to the south.", {"wall"}.__contains__, place_parts=True)
    ['black wall']
    """
    found: list[str] = []
    for sentence in re.split(r"(?<=[.!?;])\s+", " ".join(text.split())):
        words = [_through_commas(m.group(1).lower().split()) for m in _PHRASE.finditer(sentence)]
        phrases = [_ending_in_a_thing(w, knows, place_parts) for w in words]
        names = [_proper_name(m.group(1).split(), knows) for m in _PROPER.finditer(sentence)]
        phrases += [n for n in names if n and not already_listed(n, frozenset(found))]  # Tom is Old Tom
        for phrase in phrases:
            if phrase and phrase.lower() not in map(str.lower, found) and not already_listed(phrase, seen):
                found.append(phrase)
    return found[:kept]


# A name of one to three capitalised words ("Old Tom", "Mr. Brown" read from "Brown"); the capitalised
# words of a sentence's start that name nobody are left out.
_PROPER = re.compile(r"(?<![\w'-])((?:[A-Z][\w'-]*\s+){0,2}[A-Z][\w'-]*)")
NOT_NAMES = frozenset(
    [
        "the",
        "a",
        "an",
        "you",
        "your",
        "i",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "he",
        "she",
        "they",
        "we",
        "his",
        "her",
        "their",
        "our",
        "my",
        "me",
        "in",
        "on",
        "at",
        "to",
        "from",
        "with",
        "as",
        "if",
        "but",
        "and",
        "or",
        "so",
        "then",
        "when",
        "while",
        "what",
        "who",
        "why",
        "how",
        "where",
        "one",
        "some",
        "all",
        "no",
        "not",
        "yes",
        "nothing",
        "something",
        "everything",
        "someone",
        "anything",
        "only",
        "just",
        "still",
        "now",
    ]
)


def _proper_name(words: list[str], knows: Callable[[str], bool]) -> str | None:
    """A run of capitalised words as a name, its leading sentence words dropped ("The Old Mill" -> "Old
    Mill"), when the parser knows its last word.

    >>> known = {"tom", "mill", "you"}.__contains__
    >>> _proper_name(["The", "Old", "Mill"], known), _proper_name(["Old", "Mill", "This"], known)
    ('Old Mill', 'Old Mill')
    >>> _proper_name(["You"], known) is None
    True
    """
    while words and words[0].lower() in NOT_NAMES:
        words = words[1:]
    while words and words[-1].lower() in NOT_NAMES:  # a heading run into its room's first word
        words = words[:-1]
    if not words:
        return None
    head = words[-1].lower().strip("'")
    if head in NOT_THINGS or head in DESCRIBING or head in PLACE_PARTS or canonical_direction(head):
        return None
    return " ".join(words) if len(head) > 1 and knows(head) else None


# Words that end a noun phrase ("the kitchen of the house", "a passage leads west"): the phrase is
# what comes before them.
PHRASE_ENDS = frozenset(
    [
        "of",
        "to",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "leads",
        "lead",
        "contains",
        "contain",
        "with",
        "and",
        "or",
        "but",
        "in",
        "on",
        "at",
        "from",
        "by",
        "for",
        "into",
        "onto",
        "that",
        "which",
        "who",
        "has",
        "have",
        "had",
        "lies",
        "lie",
        "stands",
        "stand",
        "sits",
        "sit",
        "hangs",
        "hang",
        "rests",
        "rest",
        "here",
        "there",
        "above",
        "below",
        "beside",
        "behind",
        "under",
        "over",
        "near",
        "than",
        "as",
        "so",
        "if",
        "then",
        "its",
        "their",
        "his",
        "her",
        "can",
        "could",
        "will",
        "would",
        "may",
        "might",
        "must",
        "should",
        "seems",
        "seem",
        "appears",
    ]
)


# Parts of a place that are where one is rather than things in it, and words that only describe: a
# phrase that ends in one of them names no thing the player handles.
PLACE_PARTS = frozenset(
    [
        "room",
        "floor",
        "ground",
        "area",
        "place",
        "wall",
        "walls",
        "ceiling",
        "roof",
        "road",
        "roads",
        "street",
        "streets",
        "path",
        "paths",
        "trail",
        "lane",
        "entrance",
        "entrances",
        "exit",
        "sidewalk",
        "pavement",
        "hill",
        "hills",
        "sky",
        "horizon",
        "field",
        "fields",
        "fire",
        "storm",
        "doorway",
        "archway",
        "corridor",
        "hallway",
        "passage",
        "passages",
        "stairs",
        "stairway",
        "staircase",
        "steps",
    ]
)
# The parts of a place a story may make a thing of their own ("a mossy stone wall", "a wide staircase"),
# unlike the room or area itself.
STANDING_PARTS = PLACE_PARTS - frozenset(
    ["room", "area", "place", "entrance", "entrances", "exit", "sky", "horizon", "fire", "storm", "field"]
    + ["fields", "hill", "hills", "corridor", "hallway", "passage", "passages"]
)
# A floor, ground or ceiling every room has: the room's own only when the story sets it apart ("a
# mossy stone floor"), as often a thing every room shares as one of its own.
EVERY_ROOM_HAS = frozenset(["floor", "ground", "ceiling"])
DESCRIBING = frozenset(
    [
        "small",
        "large",
        "big",
        "little",
        "wide",
        "narrow",
        "long",
        "short",
        "tall",
        "old",
        "new",
        "brief",
        "dim",
        "bright",
        "dark",
        "harsh",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "several",
        "many",
        "few",
        "other",
        "same",
    ]
)


def _through_commas(words: list[str]) -> list[str]:
    """A phrase's words read on past a comma after a describing word ("a large, maroon curtain"), and
    ended at any other comma ("some tools, rope and nails": the tools).

    >>> _through_commas(["large,", "maroon", "curtain"]), _through_commas(["tools,", "rope"])
    (['large', 'maroon', 'curtain'], ['tools'])
    """
    for i, word in enumerate(words):
        if word.endswith(","):
            if word[:-1] not in DESCRIBING:
                return [*words[:i], word[:-1]]
            words = [*words[:i], word[:-1], *words[i + 1 :]]
    return words


def _ending_in_a_thing(
    words: list[str], knows: Callable[[str], bool], place_parts: bool = False
) -> str | None:
    """The phrase up to its last word that names a thing the parser knows ("iron gate set" -> "iron gate");
    with `place_parts`, one ending in a part of the place the parser reads is kept too ("black wall").

    >>> _ending_in_a_thing(["black", "wall"], {"wall"}.__contains__, True)
    'black wall'
    >>> _ending_in_a_thing(["black", "wall"], {"wall"}.__contains__), _ending_in_a_thing(["floor"], str, True)
    (None, None)
    >>> _ending_in_a_thing(["north", "wall"], {"wall"}.__contains__, True) is None
    True
    """
    cut = next((i for i, w in enumerate(words) if w in PHRASE_ENDS), len(words))
    words = words[:cut]
    for end in range(len(words), 0, -1):
        head = words[end - 1].strip("'")
        if head in STANDING_PARTS and _set_apart(words[: end - 1], knows):
            return " ".join(words[:end])  # "a mossy stone wall": a part the story made a thing of its own
        if place_parts and head in STANDING_PARTS and head not in EVERY_ROOM_HAS and knows(head):
            if any(canonical_direction(w) for w in words[: end - 1]):
                return None  # "the north wall": a compass direction's name
            return " ".join(words[:end])  # "a black wall": the room's own wall or a compass wall
        if head in PLACE_PARTS or head in DESCRIBING:
            return None  # a place's part or a describing word: no thing here
        if len(head) > 2 and head not in NOT_THINGS and not canonical_direction(head) and knows(head):
            return " ".join(words[:end])
    return None


def _set_apart(before: list[str], knows: Callable[[str], bool]) -> bool:
    """Whether the words before a place's part name it as one of its own ("mossy stone wall", "brick
    wall"): one of them, no mere size or count, is a word the story's parser reads.

    >>> _set_apart(["mossy", "stone"], {"stone"}.__contains__), _set_apart(["high"], {"stone"}.__contains__)
    (True, False)
    >>> _set_apart(["long"], {"long"}.__contains__)
    False
    """
    return any(
        len(w) > 2 and w not in DESCRIBING and w not in NOT_THINGS and not canonical_direction(w) and knows(w)
        for w in before
    )


def is_shared_surface(name: str) -> bool:
    """Whether a name ends in a floor, ground or ceiling, which its last word alone would name in any room.

    >>> is_shared_surface("cool tiled floor"), is_shared_surface("black wall")
    (True, False)
    """
    return name.split()[-1].lower() in EVERY_ROOM_HAS


def is_place_part(name: str) -> bool:
    """Whether a name ends in a part of the place ("mossy stone wall", "ground"), a word the library's
    compass directions may also answer to.

    >>> is_place_part("mossy stone wall"), is_place_part("ground"), is_place_part("iron gate")
    (True, True, False)
    """
    return name.split()[-1].lower() in PLACE_PARTS


def already_listed(phrase: str, seen: frozenset[str]) -> bool:
    """Whether a listed name has the phrase's last word ("brass lamp" is listed as "lamp").

    >>> already_listed("old lamp", frozenset({"brass lamp"})), already_listed("rope", frozenset({"ropes"}))
    (True, False)
    """
    head = phrase.split()[-1].lower()
    return any(head in name.lower().split() for name in seen)
