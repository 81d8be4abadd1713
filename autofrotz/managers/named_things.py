"""Things a room's text names in its sentences ("an ornate iron gate", "a large window"), read with the
story's own dictionary: a noun phrase whose last known word the parser can read names a thing the
player can refer to, and a plural named without an article ("supported by massive pillars") by the
form the parser reads. Whole noun phrases only, never a fragment of a sentence. The words that decide
are the tables of `thing_words`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from autofrotz.managers.thing_words import (
    DESCRIBING,
    EVERY_ROOM_HAS,
    NOT_NAMES,
    NOT_THINGS,
    PHRASE_ENDS,
    PLACE_PARTS,
    STANDING_PARTS,
)
from autofrotz.words.directions import canonical_direction

NAMED_KEPT = 12
# A phrase starts after an article, a possessive or "of" ("a collection of hunting trophies"), and ends
# before the next of them.
_STARTS = r"a|an|the|some|your|my|his|her|its|their|our|of"
_WORD = rf"(?!(?:{_STARTS})\b)[a-z][a-z'-]*"
_PHRASE = re.compile(rf"\b(?:{_STARTS})\s+((?:{_WORD},?\s+){{0,3}}{_WORD})", re.IGNORECASE)
# A phrase also starts after an "and" within a phrase, with no article of its own ("a gold and blue
# mummy case": the blue mummy case; "a sword and shield": the shield; not "living and cooking").
_AFTER_AND = re.compile(rf"\band\s+((?:{_WORD},?\s+){{0,3}}{_WORD})", re.IGNORECASE)


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
        matches = list(_PHRASE.finditer(sentence))
        within = [
            a for a in _AFTER_AND.finditer(sentence) if any(p.start() < a.start() < p.end() for p in matches)
        ]
        matches = sorted([*matches, *within], key=lambda m: m.start())
        words = _ones_named([_through_commas(m.group(1).lower().split()) for m in matches], knows)
        read = [
            (m.start(), _ending_in_a_thing(w, knows, place_parts))
            for m, w in zip(matches, words, strict=True)
        ]
        read += bare_plurals(sentence, knows, [m.span() for m in matches])
        phrases = [phrase for _, phrase in sorted(read, key=lambda found: found[0])]  # in the text's order
        names = [_proper_name(m.group(1).split(), knows) for m in _PROPER.finditer(sentence)]
        phrases += [n for n in names if n and not already_listed(n, frozenset(found))]  # Tom is Old Tom
        for phrase in phrases:
            if phrase and phrase.lower() not in map(str.lower, found) and not already_listed(phrase, seen):
                found.append(phrase)
    return found[:kept]


def _ones_named(phrases: list[list[str]], knows: Callable[[str], bool]) -> list[list[str]]:
    """Each phrase's words with a "one" standing for the last thing an earlier phrase of the sentence
    named by a word the parser reads ("a small barrel ... and a large one": a large barrel).

    >>> known = {"barrel", "oil", "doors"}.__contains__
    >>> _ones_named([["small", "barrel"], ["empties", "into"], ["large", "one", "that"], ["oil"]], known)
    [['small', 'barrel'], ['empties', 'into'], ['large', 'barrel', 'that'], ['oil']]
    >>> _ones_named([["one", "of"], ["doors"]], known)
    [['one', 'of'], ['doors']]
    """
    named: list[list[str]] = []
    last = ""
    for words in phrases:
        if "one" in words[1:] and last:
            cut = words.index("one")
            if not any(w in PHRASE_ENDS for w in words[:cut]):
                words = [*words[:cut], last, *words[cut + 1 :]]
        named.append(words)
        ended = next((i for i, w in enumerate(words) if w in PHRASE_ENDS), len(words))
        head = words[ended - 1] if ended else ""
        last = head if head and head not in NOT_THINGS and head not in DESCRIBING and knows(head) else last
    return named


_TOKEN = re.compile(r"[A-Za-z][A-Za-z'-]*")


def bare_plurals(
    sentence: str, knows: Callable[[str], bool], taken: list[tuple[int, int]]
) -> list[tuple[int, str]]:
    """Plural things a sentence names without an article ("supported by massive pillars", "with shops
    lining the streets"), outside the phrases already read (`taken` spans), each by its head word alone
    (a describing word before it may be another thing's: "massive" the pedestal's) in the form the parser
    reads: the plural, else its singular ("pillar" when the story knows "pillar" and not "pillars"),
    each after where it starts.

    >>> known = {"massive", "pillar", "shops", "by", "street", "this"}.__contains__
    >>> bare_plurals("This roof is held by massive pillars.", known, [])
    [(29, 'pillar')]
    >>> bare_plurals("With shops lining the streets.", known, [(18, 30)])
    [(5, 'shops')]
    >>> bare_plurals("It stretches for miles.", known, []), bare_plurals("Merchants' shops.", known, [])
    ([], [(11, 'shops')])
    """
    found: list[tuple[int, str]] = []
    for match in _TOKEN.finditer(sentence):
        head = _plural_known(match.group(0).lower(), knows)
        if head and not any(a <= match.start() < b for a, b in taken):
            found.append((match.start(), head))
    return found


def _plural_known(word: str, knows: Callable[[str], bool]) -> str | None:
    """A plural word of a thing in the form the parser reads, the plural itself or its singular; None for
    no plural or a word no thing ("miles" unread, "walls" a part of the place).

    >>> _plural_known("pillars", {"pillar"}.__contains__), _plural_known("torches", {"torch"}.__contains__)
    ('pillar', 'torch')
    >>> _plural_known("glass", {"glass"}.__contains__), _plural_known("walls", {"walls"}.__contains__)
    (None, None)
    """
    if len(word) < 4 or not word.endswith("s") or word.endswith(("ss", "us", "is")) or "'" in word:
        return None  # no plural ("glass", "cactus", "this") or a possessive
    if any(word in words for words in (PLACE_PARTS, NOT_THINGS, NOT_NAMES, DESCRIBING, PHRASE_ENDS)):
        return None
    if canonical_direction(word):
        return None
    singulars = [word[:-1], word[:-2], word[:-3] + "y"] if word.endswith("es") else [word[:-1]]
    return next((form for form in [word, *singulars] if len(form) > 2 and knows(form)), None)


# A name of one to three capitalised words ("Old Tom", "Mr. Brown" read from "Brown"); the capitalised
# words of a sentence's start that name nobody are left out.
_PROPER = re.compile(r"(?<![\w'-])((?:[A-Z][\w'-]*\s+){0,2}[A-Z][\w'-]*)")


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


# The parser libraries' answers for a name that is no thing in sight: not in scope, a word the
# dictionary lacks or the story calls not worth naming, a name read only in part or as several things
# ("three bears"), or too dark to see.
NOT_HERE = (  # the parser says in so many words that no such thing is in sight
    r"can(?:no|')t see any such|can(?:no|')t see any [\w'-]+(?: [\w'-]+){0,3} here|(?:don't|do not) see any"
    r"|\b(?:you|i) see no\b|\bno such thing|\b(?:is|are)n't here\b"
    r"|there(?: is|'s) no [\w'-]+(?: [\w'-]+){0,3} here"
)
NOT_IN_SIGHT = re.compile(
    NOT_HERE + r"|(?:don't|doesn't|do not) know the word|not familiar with the word|don't know what an? "
    r"|not something you need to|(?:don't|do not) need to (?:refer|worry)|\bnot important\b"
    r"|no need to (?:refer|worry|concern)|only understood you as far as|understood only as far as"
    r"|(?:too|pitch) dark\b|what do you want to examine|^\s*(?:what|huh)\?|multiple objects"
    r"|sentence isn't one I recognize|in a way that I don't understand",
    re.IGNORECASE,
)
SAID_NOT_HERE = re.compile(NOT_HERE, re.IGNORECASE)
# The parser's answer for a word its dictionary lacks: nothing the player can name by that word.
UNKNOWN_WORD = re.compile(
    r"(?:don't|doesn't|do not) know the word|not familiar with the word|don't know what an? ", re.IGNORECASE
)


def in_sight(reply: str) -> bool:
    """Whether the game's answer to a command naming a thing ("examine NAME", one line of "take all")
    treats the name as a thing in sight.

    >>> in_sight("You can't see any such thing."), in_sight("There's nothing special about the gate.")
    (False, True)
    >>> in_sight("You can't see any soft curve here!"), in_sight('I don\\'t know the word "curve".')
    (False, False)
    >>> in_sight("You can't see any nasty-looking troll here!")
    False
    >>> in_sight("That sentence isn't one I recognize.")
    False
    >>> in_sight("That's not something you need to refer to in the course of this game.")
    False
    >>> in_sight("I only understood you as far as wanting to examine the window.")
    False
    >>> in_sight("Which do you mean, the red door or the blue door?"), in_sight("")
    (True, False)
    >>> in_sight("It is a plain window. You can't see through the grime.")
    True
    """
    head = reply.strip()[:240]
    return bool(head) and not NOT_IN_SIGHT.search(head)


def unknown_word(reply: str) -> bool:
    """Whether the game's answer says a word of the command is not in its dictionary.

    >>> unknown_word('I do not know the word "tapering".'), unknown_word("You can't see any such thing.")
    (True, False)
    """
    return bool(UNKNOWN_WORD.search(reply.strip()[:240]))


def said_not_here(reply: str) -> bool:
    """Whether the game's answer to "examine NAME" says no such thing is here (not merely that it could
    not read the name).

    >>> said_not_here("You can't see any such thing."), said_not_here("I only understood you as far as x.")
    (True, False)
    """
    return bool(SAID_NOT_HERE.search(reply.strip()[:240]))
