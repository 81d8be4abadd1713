"""Reading room text for the maze solver: room views, object listings, inventories (darkness and refused
moves are the turn's Reading: reading/patterns.py).

IF knowledge lives in the tables at the top; the helpers are small and pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from autofrotz.reading import Reading
from autofrotz.reading.told_text import plain_words

DIRECTIONS = ["n", "s", "e", "w", "ne", "nw", "se", "sw", "u", "d"]
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e", "ne": "sw", "sw": "ne", "nw": "se", "se": "nw"}
OPPOSITE.update({"u": "d", "d": "u"})

# A light source warning that it will soon give out.
LOW_LIGHT_PATTERNS = [
    r"\b(?:lamp|lantern|torch|light|candles?)\b[^.]*\b(?:definitely dimmer|nearly out|almost out)",
    r"\b(?:lamp|lantern|torch|light|candles?)\b[^.]*\b(?:about to go out|flickers|is fading|grows? dim)",
]
DROP_OK = [r"^\s*dropped\b", r"\byou drop\b", r"\bput down\b"]
TAKE_OK = [r"^\s*taken\b", r"\byou (?:take|pick up)\b", r"\bgot it\b"]
# Words that name light sources: these are never dropped as markers.
LIGHT_WORDS = {"lamp", "lantern", "torch", "candle", "candles", "flashlight", "light"}


@dataclass(frozen=True)
class RoomView:
    """What one `look` showed: the header, the core description line and the rest."""

    name: str
    core: str
    rest: str
    dark: bool

    @property
    def key(self) -> str:
        """Normalised name and core description, the room's visible identity."""
        return normalise(f"{self.name} {self.core}")


def normalise(text: str) -> str:
    """Lowercase, strip punctuation, collapse whitespace.

    >>> normalise("  You are in a MAZE, of twisty\\n passages! ")
    'you are in a maze of twisty passages'
    """
    return plain_words(text)


def similarity(a: str, b: str) -> float:
    """Ratio of matching characters between two normalised texts (0..1).

    >>> similarity("maze of passages", "maze of passages")
    1.0
    """
    return SequenceMatcher(None, a, b).ratio()


def word_overlap(a: str, b: str) -> float:
    """Jaccard overlap of the word sets, for mazes whose rooms reorder the same words.

    >>> word_overlap("a little twisty maze", "a twisty little maze")
    1.0
    """
    wa, wb = set(a.split()), set(b.split())
    return len(wa & wb) / max(1, len(wa | wb))


def matches_any(patterns: list[str], text: str) -> bool:
    """True when any regex in the table matches the text (case-insensitive).

    >>> matches_any(DROP_OK, "Dropped.")
    True
    """
    return any(re.search(p, text, re.IGNORECASE | re.MULTILINE) for p in patterns)


def parse_view(reply: Reading) -> RoomView:
    """Split a `look` reply into name, first description line and the remaining lines; dark when the reply
    says so (Reading.too_dark).

    >>> from autofrotz.reading import read_reply
    >>> v = parse_view(read_reply("look", "\\nMaze\\nA maze.\\n\\nYou can see a cup here.\\n"))
    >>> (v.name, v.core, v.rest, v.dark)
    ('Maze', 'A maze.', 'You can see a cup here.', False)
    >>> parse_view(read_reply("look", "Darkness\\nIt is pitch dark, and you can't see a thing.")).dark
    True
    """
    lines = [ln.strip() for ln in reply.text.strip().splitlines() if ln.strip()]
    name = lines[0] if lines else ""
    core = lines[1] if len(lines) > 1 else ""
    return RoomView(name, core, "\n".join(lines[2:]), reply.too_dark)


def is_light_source(name: str) -> bool:
    """True for a name that sounds like a light source.

    >>> is_light_source("brass lantern"), is_light_source("red apple")
    (True, False)
    """
    return bool(set(normalise(name).split()) & LIGHT_WORDS)


def visible_names(text: str, names: list[str]) -> list[str]:
    """Which of the given object names appear in the text as whole phrases.

    >>> visible_names("You can see a red apple and a cup here.", ["red apple", "apple pie", "cup"])
    ['red apple', 'cup']
    """
    norm = f" {normalise(text)} "
    return [n for n in names if f" {normalise(n)} " in norm]
