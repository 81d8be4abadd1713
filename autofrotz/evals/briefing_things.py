"""Pairing the briefing's things here with the objects of the true room, for `eval briefing`.

A briefed name and a true object pair when their names match by words (`names_match`: "lamp" and "brass
lamp"), or when the story's own parser would take the name for that object: the name's head noun (its
last content word) is one of the words the story file gives the object (`zmachine.object_words`), and
among the objects of the room it picks out that one alone, its other content words narrowing it when
the head fits several ("brass lantern" for the object the tree calls "lamp"; "door" where two doors
stand names neither). Where the file gives an object no parser words, the story's parser itself is asked
in a side copy (`evals/briefing_asked.py`), for the names that pair with nothing by then. Names and
objects pair one to one, each stage's pairs kept before the next stage's are added.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from autofrotz.backends import zmachine
from autofrotz.evals.inventory_metrics import STOP_WORDS, names_match, normalise

Ask = Callable[[str], int | None]  # a name -> the index of the thing the story's parser takes it for


@dataclass(frozen=True)
class Thing:
    """An object of the true room: its tree name and the words the story's parser reads as naming it."""

    name: str
    words: frozenset[str] = frozenset()


class ParserWords:
    """The parser's words of every object of one story file, read once from the file's bytes."""

    def __init__(
        self,
        words: dict[int, frozenset[str]],
        keeps: int,
        local_globals: zmachine.LocalGlobals | None = None,
        names: dict[int, str] | None = None,
    ) -> None:
        self.words = words
        self.keeps = keeps  # letters a dictionary word keeps: 6 in versions 1-3, 9 from version 4 on
        self.local_globals = local_globals or zmachine.LocalGlobals(b"")
        self.names = names or {}  # the tree's name of each object, as the story file starts

    @classmethod
    def of_story(cls, path: Path) -> ParserWords:
        """The words of a story file's objects; none for a file that is not a Z-machine story."""
        mem = path.read_bytes()
        if not mem:
            return cls({}, 0)
        names = {num: obj.name for num, obj in zmachine.objects(mem).items()}
        return cls(zmachine.object_words(mem), 6 if mem[0] <= 3 else 9, zmachine.LocalGlobals(mem), names)

    def around(self, room: int, present: tuple[int, ...] | list[int]) -> tuple[list[str], list[int]]:
        """The names and numbers of the room's local globals (`zmachine.LocalGlobals`) that have a name
        and are not among the objects `present`: the parser takes them as in reach there, though the
        tree keeps them outside every room (Zork's white house, a river, stairs). None in an Inform story.

        >>> ParserWords({}, 9, None, {4: "river"}).around(2, [])
        ([], [])
        """
        nums = [n for n in self.local_globals.of_room(room) if self.names.get(n) and n not in present]
        return [self.names[n] for n in nums], nums

    def things(self, names: tuple[str, ...] | list[str], nums: tuple[int, ...] | list[int]) -> list[Thing]:
        """The objects of the given names and numbers (numbers missing: by name alone).

        >>> ParserWords({7: frozenset({"lamp", "lantern"})}, 9).things(["lamp", "rug"], [7, 8])
        [Thing(name='lamp', words=frozenset({...})), Thing(name='rug', words=frozenset())]
        """
        if len(nums) != len(names):
            return [Thing(name) for name in names]
        return [Thing(name, self.words.get(num, frozenset())) for name, num in zip(names, nums, strict=True)]


def briefed_each(names: list[str], counts: dict[str, int]) -> list[str]:
    """The briefed names, one for each thing they stand for: a name briefed with a count ("loose page
    (6 of them)", as the game lists "six loose pages") is that many things here, each to pair for recall
    (precision counts the name once, as briefed: the same things may be listed by their own names too).

    >>> briefed_each(["loose page", "lamp"], {"loose page": 3})
    ['loose page', 'loose page', 'loose page', 'lamp']
    """
    return [each for name in names for each in [name] * max(1, counts.get(name, 1))]


def word_forms(word: str, keeps: int) -> set[str]:
    """A word as the story's dictionary would hold it (cut to `keeps` letters), and its singulars.

    >>> sorted(word_forms("lanterns", 6)), sorted(word_forms("boxes", 9))
    (['lanter'], ['box', 'boxe', 'boxes'])
    """
    forms = {word}
    if word.endswith("es"):
        forms.add(word[:-2])
    if word.endswith("s") and len(word) > 2:
        forms.add(word[:-1])
    return {form[:keeps] if keeps else form for form in forms}


def referent(name: str, things: list[Thing], keeps: int) -> int | None:
    """The index of the one thing the story's parser would take `name` for, None when it fits none or
    several: the things whose words hold the name's head noun, narrowed when several by its other
    content words.

    >>> door, oak_door = Thing("door", frozenset({"door"})), Thing("oak door", frozenset({"oak", "door"}))
    >>> lamp = Thing("lamp", frozenset({"brass", "lamp", "lantern"}))
    >>> referent("brass lantern", [door, lamp], 9), referent("door", [door, oak_door], 9)
    (1, None)
    >>> referent("oak door", [door, oak_door], 9), referent("iron lantern", [lamp], 9)
    (1, 0)
    >>> referent("the", [lamp], 9) is None
    True
    """
    words = [w for w in normalise(name) if w not in STOP_WORDS]
    if not words:
        return None
    head = word_forms(words[-1], keeps)
    hits = [i for i, thing in enumerate(things) if head & thing.words]
    if len(hits) > 1:
        narrowing = [word_forms(w, keeps) for w in words[:-1]]
        hits = [i for i in hits if all(forms & things[i].words for forms in narrowing)]
    return hits[0] if len(hits) == 1 else None


def partners(ours: list[str], things: list[Thing], keeps: int) -> tuple[list[list[int]], list[list[int]]]:
    """For each briefed name, the things whose names match it, and those plus the parser's referent."""
    by_name = [[j for j, thing in enumerate(things) if names_match(name, thing.name)] for name in ours]
    parsed = [referent(name, things, keeps) for name in ours]
    both = [
        js + ([j] if j is not None and j not in js else []) for js, j in zip(by_name, parsed, strict=True)
    ]
    return by_name, both


def asked_stage(options: list[list[int]], ours: list[str], things: list[Thing], ask: Ask) -> list[list[int]]:
    """The parser's answer for each name that pairs with nothing yet, where some thing here has no
    parser words (`evals/briefing_asked.py`): only such a thing may be its answer.

    >>> coded = [Thing("(SCENT)"), Thing("(BOWL)")]
    >>> asked_stage([[], [1]], ["perfume", "bowl"], coded, {"perfume": 0, "bowl": 1}.get)
    [[0], [1]]
    >>> asked_stage([[]], ["perfume"], [Thing("flask", frozenset({"flask"}))], lambda name: 0)
    [[]]
    """
    wordless = {j for j, thing in enumerate(things) if not thing.words}
    asked = [list(js) for js in options]
    for i, js in enumerate(options):
        if not js and wordless:
            j = ask(ours[i])
            asked[i] = [j] if j in wordless else []
    return asked


def matching(stages: list[list[list[int]]], allowed: set[int] | None = None) -> dict[int, int]:
    """A largest one-to-one matching of names to things (name index -> thing index): each stage gives
    every name its options, and a later stage only adds pairs (a name matched stays matched), so the
    first stage's pairs are preferred; `allowed`: only these things may be matched.

    >>> matching([[[0, 1], [0]]]), matching([[[0], [0]]]), matching([[[0, 1], [1]]], {1})
    ({0: 1, 1: 0}, {0: 0}, {0: 1})
    >>> matching([[[], [0]], [[0], [0]]])  # the first stage's pair is kept
    {1: 0}
    """
    owner: dict[int, int] = {}  # thing index -> name index

    def assign(options: list[list[int]], i: int, seen: set[int]) -> bool:
        for j in options[i]:
            if (allowed is None or j in allowed) and j not in seen:
                seen.add(j)
                if j not in owner or assign(options, owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for options in stages:
        for i in range(len(options)):
            if i not in owner.values():
                assign(options, i, set())
    return dict(sorted((i, j) for j, i in owner.items()))


@dataclass(frozen=True)
class ThingsPaired:
    """One step's things here: the briefed names paired with the true objects and with the named ones."""

    briefed: int
    briefed_true: int
    named: int
    named_briefed: int
    not_true: list[str]  # briefed names no object of the room takes
    missed: list[str]  # named objects no briefed name takes


def pair_things(
    ours: list[str], things: list[Thing], named: list[int], keeps: int, ask: Ask | None = None
) -> ThingsPaired:
    """Precision's pairs over every thing of the room, recall's over the named ones (indices of things);
    `ask`: the story's parser asked in a side copy which thing a name is (`asked_stage`), for the names
    that pair with nothing by words.

    >>> lamp, rug = Thing("lamp", frozenset({"lamp", "lantern"})), Thing("rug", frozenset({"rug"}))
    >>> paired = pair_things(["brass lantern", "lamp", "table"], [lamp, rug], [0, 1], 9)
    >>> paired.briefed_true, paired.named_briefed, paired.not_true, paired.missed
    (1, 1, ['brass lantern', 'table'], ['rug'])
    """
    stages = list(partners(ours, things, keeps))
    if ask is not None:
        stages.append(asked_stage(stages[-1], ours, things, ask))
    true = matching(stages)
    shown = matching(stages, set(named))
    taken = set(shown.values())
    return ThingsPaired(
        len(ours),
        len(true),
        len(named),
        len(shown),
        [name for i, name in enumerate(ours) if i not in true],
        [things[j].name for j in named if j not in taken],
    )
