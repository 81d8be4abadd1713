"""Things a room's text names in its sentences ("an ornate iron gate", "a large window"), read with the
story's own dictionary: a noun phrase whose last known word the parser can read names a thing the
player can refer to, and a plural named without an article ("supported by massive pillars") by the
form the parser reads. Whole noun phrases only, never a fragment of a sentence. The words that decide
are the tables of `phrase_words`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from autofrotz.managers.item_names import NUMBER_WORDS
from autofrotz.managers.phrase_words import (
    BEING,
    DESCRIBING,
    EVERY_ROOM_HAS,
    NOT_NAMES,
    NOT_THINGS,
    PHRASE_ENDS,
    PLACE_PARTS,
    STANDING_PARTS,
    SUBJECTS,
)
from autofrotz.reading.answers import in_sight as in_sight  # things_in_sight.py reads answers through here
from autofrotz.reading.answers import said_not_here as said_not_here
from autofrotz.reading.answers import unknown_word as unknown_word
from autofrotz.reading.items_scene import (
    AND_PHRASE,
    ARTICLE_PHRASE,
    CAPITALISED_RUN,
    LETTER_TOKEN,
    PHRASE_WORD,
    PLAYER_IS,
    SENTENCE_OR_CLAUSE_BREAK,
    WORD_TOKEN,
)
from autofrotz.reading.told_text import PARAGRAPH_BREAK
from autofrotz.words.directions import canonical_direction

NAMED_KEPT = 12


def named_things(
    text: str,
    knows: Callable[[str], bool],
    seen: frozenset[str] = frozenset(),
    kept: int = NAMED_KEPT,
    place_parts: bool = False,
    nouns: Callable[[str], bool] | None = None,
) -> list[str]:
    """Noun phrases of a text that end in a word the story's parser reads, not already `seen`, the first
    `kept` of them; with `place_parts`, also those ending in a part of the place the parser reads ("a
    black wall", "the ground"), for a check that tells the room's own from the library's compass walls;
    with `nouns` (the words the story marks as naming objects), also up to a third as many runs of such
    words as no article starts ("There is lamp by the door", "heaped with kettles, ropes"), after
    the others.

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
    >>> nouns = {"lamp", "ticket", "booths", "stand", "wall"}.__contains__
    >>> named_things("Dusty ticket booths stand by the far wall. There is lamp here.", nouns, nouns=nouns)
    ['ticket booths', 'lamp']
    >>> nouns = {"kites", "tin", "cups"}.__contains__
    >>> named_things("Shelves hold painted kites and tin cups.", nouns, nouns=nouns)
    ['kites', 'tin cups']
    >>> desk = {"desk"}.__contains__
    >>> named_things("There is desk here. It is the reference desk.", desk, nouns=desk)
    ['reference desk']
    >>> named_things("Tack Room\\n\\nMolly waits here.", {"molly", "room"}.__contains__)  # a heading apart
    ['Molly']
    >>> named_things("And you? You're a humble tea clerk with a tray.", {"tea", "tray"}.__contains__)
    ['tray']
    """
    found: list[str] = []
    bare: list[str | None] = []
    for sentence in _sentences(text):
        matches = [
            m for m in ARTICLE_PHRASE.finditer(sentence) if not PLAYER_IS.search(sentence[: m.start()])
        ]
        within = [
            a for a in AND_PHRASE.finditer(sentence) if any(p.start() < a.start() < p.end() for p in matches)
        ]
        matches = sorted([*matches, *within], key=lambda m: m.start())
        words = _ones_named([_through_commas(m.group(1).lower().split()) for m in matches], knows)
        read = [
            (m.start(), _ending_in_a_thing(w, knows, place_parts))
            for m, w in zip(matches, words, strict=True)
        ]
        read += bare_plurals(sentence, knows, [m.span() for m in matches])
        phrases = [phrase for _, phrase in sorted(read, key=lambda found: found[0])]  # in the text's order
        names = [_proper_name(m.group(1).split(), knows) for m in CAPITALISED_RUN.finditer(sentence)]
        phrases += [n for n in names if n and not already_listed(n, frozenset(found))]  # Tom is Old Tom
        if nouns is not None:
            bare += [_ending_in_a_thing(run, knows) for run in _bare_runs(sentence, matches, nouns)]
        for phrase in phrases:
            if phrase and phrase.lower() not in map(str.lower, found) and not already_listed(phrase, seen):
                found.append(phrase)
    for phrase in bare:  # a plural read alone within a run of nouns is named by the run ("food items")
        run_words = phrase.lower().split() if phrase and " " in phrase else []
        found = [phrase if phrase and name.lower() in run_words else name for name in found]
    found = list(dict.fromkeys(found))[:kept]
    extra: list[str] = []  # after the phrases an article starts ("the reference desk" over "desk"), a few
    for phrase in bare:
        if phrase and not already_listed(phrase, frozenset([*found, *extra, *seen])):
            extra.append(phrase)
    return found + extra[: kept // 3]


def _sentences(text: str) -> list[str]:
    """A text's sentences, each on one line but for a paragraph's end, kept as a line break: a name (of
    capitalised words joined by spaces) never runs across it, so a heading ("Tack Room") is not glued to
    the name that opens the next paragraph.

    >>> _sentences("Tack Room\\n\\nMolly waits. A saddle\\nhangs here.")
    ['Tack Room\\nMolly waits.', 'A saddle hangs here.']
    """
    flat = "\n".join(" ".join(p.split()) for p in PARAGRAPH_BREAK.split(text) if p.strip())
    return [sentence for sentence in SENTENCE_OR_CLAUSE_BREAK.split(flat) if sentence]


def _bare_runs(sentence: str, phrases: list[re.Match[str]], nouns: Callable[[str], bool]) -> list[list[str]]:
    """Runs of words the story marks as nouns, outside the phrases an article starts, no punctuation
    between them ("teller windows", "pencil sketches"), lower-cased; a name's capitalised words and the
    parts of speech a sentence is built of are no part of one.

    >>> nouns = {"pencil", "sketches", "books", "table", "step"}.__contains__
    >>> _bare_runs("I step out.", [], nouns), _bare_runs("A mirror is hanging.", [], {"hanging"}.__contains__)
    ([], [])
    >>> text = "It holds books, a table and pencil sketches."
    >>> _bare_runs(text, list(ARTICLE_PHRASE.finditer(text)), nouns)
    [['books'], ['pencil', 'sketches']]
    >>> _bare_runs("Pencil Table\\nBooks wait. Table books.", [], nouns)
    [['books'], ['table', 'books']]
    """
    covered = [_phrase_span(m) for m in phrases]
    runs: list[list[str]] = []
    last_end, before = -1, ""
    for token in WORD_TOKEN.finditer(sentence):
        word, after = token.group(0).lower().strip("'"), before
        before = token.group(0).lower()
        inside = any(start <= token.start() < end for start, end in covered)
        if inside or word in NOT_NAMES or word in NOT_THINGS or word in PHRASE_ENDS or not nouns(word):
            last_end = -1
            continue
        if last_end < 0 and (after in SUBJECTS or (after in BEING and _participle(word))):
            continue  # "I step out of the shower", "a mirror is hanging": a verb, no thing
        gap = sentence[last_end : token.start()] if runs and last_end >= 0 else "."
        if "\n" in gap:  # a paragraph's end: the words before it were a heading, the run starts anew
            runs[-1] = [word]
        elif not gap.strip():
            runs[-1].append(word)
        else:
            runs.append([word])
        last_end = token.end()
    return runs


def _participle(word: str) -> bool:
    """Whether a word has the ending of a verb's participle ("hanging", "scrawled"; not "bed").

    >>> _participle("hanging"), _participle("scrawled"), _participle("bed"), _participle("sign")
    (True, True, False, False)
    """
    return len(word) > 4 and word.endswith(("ing", "ed"))


def _phrase_span(match: re.Match[str]) -> tuple[int, int]:
    """Where in its sentence a phrase an article starts lies: from the article to the word before the
    first that ends it ("a table and pencil sketches": "a table")."""
    end = match.end(1)
    for token in PHRASE_WORD.finditer(match.group(1)):
        word = token.group(0).rstrip(",").lower()
        if word in PHRASE_ENDS:
            return match.start(), match.start(1) + token.start()
        if token.group(1) and word not in DESCRIBING:
            return match.start(), match.start(1) + token.end()
    return match.start(), end


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
    for match in LETTER_TOKEN.finditer(sentence):
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


def _proper_name(words: list[str], knows: Callable[[str], bool]) -> str | None:
    """A run of capitalised words as a name, its leading sentence words dropped ("The Old Mill" -> "Old
    Mill"), when the parser knows its last word.

    >>> known = {"tom", "mill", "you"}.__contains__
    >>> _proper_name(["The", "Old", "Mill"], known), _proper_name(["Old", "Mill", "This"], known)
    ('Old Mill', 'Old Mill')
    >>> _proper_name(["You"], known) is None
    True
    >>> _proper_name(["I'm", "Tom"], known)
    'Tom'
    """
    while words and words[0].lower().split("'")[0] in NOT_NAMES:  # "I'm Alan": Alan
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


def names_more_fully(phrase: str, names: frozenset[str]) -> bool:
    """Whether a phrase has all the words of each name that holds its head word, and more than a count.

    >>> names_more_fully("rectangular latchkey", frozenset({"latchkey", "sponge"}))
    True
    >>> names_more_fully("old lamp", frozenset({"brass lamp"})), names_more_fully("lamp", frozenset({"lamp"}))
    (False, False)
    >>> names_more_fully("two loose pages", frozenset({"loose pages"}))
    False
    """
    words = {w for w in phrase.lower().split() if w not in NUMBER_WORDS and not w.isdigit()}
    head = phrase.split()[-1].lower() if phrase.split() else ""
    alike = [set(n.lower().split()) for n in names if head in n.lower().split()]
    return bool(alike) and all(other < words for other in alike)


def already_listed(phrase: str, seen: frozenset[str]) -> bool:
    """Whether a listed name has the phrase's last word ("brass lamp" is listed as "lamp"), other than
    as a word that describes its head (the slot of "slot machine" is a coin slot's too).

    >>> already_listed("old lamp", frozenset({"brass lamp"})), already_listed("rope", frozenset({"ropes"}))
    (True, False)
    >>> already_listed("coins", frozenset({"bag of coins"}))
    True
    >>> already_listed("coin slot", frozenset({"slot machine"}))
    False
    >>> already_listed("wooden crate", frozenset({"big wooden crate nailed to the floor"}))
    True
    """
    head = phrase.split()[-1].lower()
    for name in seen:
        words = name.lower().split()
        core = words[: words.index("of")] if "of" in words[1:] else words
        if head in words and head not in core[-2:-1]:  # the word just before the head describes it
            return True
    return False
