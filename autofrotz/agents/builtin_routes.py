"""Rule follow-a-written-route: directions written down in the game, read as the walk they describe.

A note, a map or a diary left for the player often gives the way to something hidden as a route from a
named place: "start at the old well, walk north three times and west once, then dig." It is the
treasure-map convention of the genre (counted compass steps from a landmark, and the action at the
end). These readers turn such a text into steps for `builtin_objectives.Objectives`:

- `objective-place`: the landmark the route starts from ("go to the old well"), walked to first;
- `objective-route`: each compass step, repeated as counted ("three times", "twice", "once");
- `objective-retrace` (rule retrace-the-written-route): "retrace your steps", the route walked last,
  each leg reversed, last leg first;
- `objective-dig` and the other verbs of `VERBS` (reading/agent_objectives.py): the action where the
  route ends.

Nothing here names a game: only counting words, compass words and the shape of a route.
"""

from __future__ import annotations

from autofrotz.agents.builtin_objectives import COMPASS_WORD, Step, clauses, read_clause
from autofrotz.agents.builtin_words import word_class
from autofrotz.reading.agent_objectives import (
    AND_WALK,
    DIG_HERE,
    JOINER,
    LEG,
    PLACE,
    RETRACE,
    ROUTE_VERB,
    SENTENCE_END,
)
from autofrotz.reading.told_text import WORDS
from autofrotz.words.vocabulary import Vocabulary

# How many times a written route repeats a step: "once", "twice", "four times", "3 times".
COUNTS = {"once": 1, "twice": 2, "thrice": 3}
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
NUMBERS |= {"nine": 9, "ten": 10}
MAX_REPEAT = 10  # steps one counted leg may take
PLACE_STOP = word_class(
    """the a an of in at to middle centre center edge side end front back top bottom my your his her its
    their our this that there here"""
)
WALKS = ("objective-route", "objective-retrace")
MIN_MOVES = 2  # a text with one compass word in passing is no route


def count_of(word: str | None) -> int:
    """How many steps a count phrase means (1 when none is written).

    >>> count_of("four times"), count_of("twice"), count_of(None), count_of("3 steps")
    (4, 2, 1, 3)
    """
    if not word:
        return 1
    first = word.lower().split()[0]
    if first in COUNTS:
        return COUNTS[first]
    if first.isdigit():
        return max(1, min(int(first), MAX_REPEAT))
    return NUMBERS.get(first, 1)


def legs(text: str) -> list[str]:
    """The compass steps a clause of legs names, repeated as counted; [] unless the whole clause is legs.

    >>> legs("east four times and north once")
    ['east', 'east', 'east', 'east', 'north']
    >>> legs("two steps to the west, then south")
    ['west', 'west', 'south']
    >>> legs("up twice, then north-east"), legs("northeast twice")
    (['up', 'up', 'northeast'], ['northeast', 'northeast'])
    >>> legs("the north door")
    []
    """
    steps: list[str] = []
    at = 0
    for match in LEG.finditer(text):
        if not JOINER.match(text[at : match.start()]):
            return []
        direction = (match.group("dir1") or match.group("dir2")).lower()
        step = COMPASS_WORD.get(direction) or direction.replace("-", "")  # "up", "down" are too short
        steps += [step] * count_of(match.group("before") or match.group("after"))
        at = match.end()
    return steps if steps and not text[at:].strip(" .,!") else []


def place_words(phrase: str) -> list[str]:
    """The content words of a landmark's name ("the middle of camp" -> camp).

    >>> place_words("the middle of the old camp")
    ['old', 'camp']
    """
    return [x for x in WORDS.findall(phrase.lower()) if x not in PLACE_STOP]


def route_steps(text: str, vocabulary: Vocabulary | None = None) -> list[Step]:
    """The walk a written route describes: its landmark, its counted legs, the action at its end; []
    when the text holds fewer than MIN_MOVES compass steps written as a route.

    >>> [tuple(s) for s in route_steps("Start at the old well, walk west three times and south once. "
    ...     "Dig there. Good hunting!")]  # doctest: +NORMALIZE_WHITESPACE
    [('old well', 'objective-place'), ('west', 'objective-route'), ('west', 'objective-route'),
     ('west', 'objective-route'), ('south', 'objective-route'), ('dig', 'objective-dig')]
    >>> route_steps("You could go north, or perhaps east.")
    []
    >>> [s.rule for s in route_steps("Now retrace your steps to the well and open the hatch.")]
    ['objective-retrace', 'objective-open']
    """
    vocabulary = vocabulary or Vocabulary()
    steps: list[Step] = []
    moves = 0
    for sentence in SENTENCE_END.split(text):
        for clause in clauses(sentence):
            found = _clause_steps(clause, vocabulary, bool(moves))
            moves += sum(1 if s.rule == "objective-route" else MIN_MOVES for s in found if s.rule in WALKS)
            steps += found
    if moves < MIN_MOVES:
        return []
    first = next(i for i, s in enumerate(steps) if s.rule in WALKS)
    places = [s for s in steps[:first] if s.rule == "objective-place"][-1:]  # the landmark nearest the walk
    return places + [s for s in steps[first:] if s.rule != "objective-place"]


def _clause_steps(clause: str, vocabulary: Vocabulary, walking: bool) -> list[Step]:
    text = " ".join(clause.split()).strip(" .!")
    parts = AND_WALK.split(text)
    if len(parts) > 1:
        return [s for part in parts for s in _clause_steps(part, vocabulary, walking)]
    if RETRACE.search(text):
        return [Step("back", "objective-retrace")]  # rule retrace-the-written-route
    place = PLACE.match(text)
    if place and not legs(text.split(None, 1)[-1]):
        words = place_words(place.group("place") or place.group("from") or "")
        return [Step(" ".join(words), "objective-place")] if words else []
    verb = ROUTE_VERB.match(text)
    walked = legs(text[verb.end() :] if verb else text)
    if walked and (verb or walking or len(walked) > 1):
        return [Step(d, "objective-route") for d in walked]
    if walking and DIG_HERE.fullmatch(text):
        return [Step("dig", "objective-dig")]  # the action where the route ends
    if walking:
        step = read_clause(text, vocabulary)
        return [step] if step and step.rule != "objective-move" else []
    return []
