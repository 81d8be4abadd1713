"""Ways out a room's text names: an "Exits:" list, compass words in context, stairs leading up or down,
a door set in a wall.

>>> bool(EXIT_LIST.search("Exits: north, west.")), bool(EXIT_LIST.search("A quiet den."))
(True, False)
>>> bool(EXIT_CONTEXT.search("A path runs north.")), bool(EXIT_CONTEXT.search("The north wall is bare."))
(True, False)
>>> bool(UPDOWN.search("A ladder leads down.")), bool(UPDOWN.search("The lamp is down."))
(True, False)
>>> bool(CLIMBERS.search("The stairs climb steeply.")), bool(CLIMBERS.search("The stairs are wet."))
(True, False)
>>> bool(IN_WALL.search("A door in the east wall.")), bool(IN_WALL.search("A door stands open."))
(True, False)
>>> lane, steps = "The lane goes on down to the river", "Steps go down to the cellar"
>>> bool(ALONG.search(lane)), bool(ALONG.search(steps))
(True, False)
>>> bool(WAY_WORDS.search("A door leads south.")), bool(WAY_WORDS.search("A cat sleeps."))
(True, False)
>>> LIST_SPLIT.split("north, up")
['north', 'up']
"""

from __future__ import annotations

import re

from autofrotz.reading.told_text import PARAGRAPH_BREAK
from autofrotz.words.directions import canonical_direction

# An "Exits:" list and the words it lists.
EXIT_LIST = re.compile(r"\b(?:obvious )?exits?(?: are)?\s*[:\-]?\s*(?P<list>[a-z ,\-]+)", re.IGNORECASE)
_COMPASS = r"(?:north|south)[- ]?(?:east|west)|north|south|east|west"
# parts of a place named by a compass word: "the north wall", "the south east corner" name no way out
_PLACE_PARTS = (
    r"side|sides|wall|walls|end|bank|shore|corner|edge|face|half|part|tip|slope|of the house|window|"
    r"windows|horizon|sky|coast|wing"
)
# A compass word in a room's text, not naming a part of the place ("the north wall").
EXIT_CONTEXT = re.compile(
    rf"\b(?P<dir>{_COMPASS})(?:ward|wards|ern)?\b(?!\s+(?:{_PLACE_PARTS})\b)(?![- ](?:east|west)\b)",
    re.IGNORECASE,
)
# A way up or down: a verb of going, a stair or a shaft, then "up" or "down" (and what it goes along).
UPDOWN = re.compile(
    r"\b(?:lead|leads|leading|go|goes|going|climb|climbs|head|heads|run|runs|continue|continues|"
    r"stair\w*|ladder|steps|way|passage|chimney|hole|shaft)\s+(?:\w+\s+)?(?P<dir>up|down)(?:ward|wards)?\b"
    r"(?P<along>\s+the\s+(?P<noun>\w+))?",
    re.IGNORECASE,
)
# what a "down the X" or "up the X" climbs; any other X is walked along ("down the lane"), not a way down
_VERTICAL = frozenset(
    {
        "stairs", "stair", "staircase", "stairway", "steps", "ladder", "shaft", "hole", "well", "chute",
        "chimney", "slope", "cliff", "rope", "rungs", "ramp", "pole", "trapdoor", "hatch", "tree",
    }
)  # fmt: skip
# A stair or ladder that climbs or descends.
CLIMBERS = re.compile(
    r"\b(?:stair\w*|ladder|steps|ramp|rungs)\b[^.;]{0,20}?\b(?P<verb>climbs?|rises?|ascends?|descends?|"
    r"drops?|sinks?)\b",
    re.IGNORECASE,
)
_OPENINGS = (
    r"door|doorway|opening|archway|arch|gate|passage|gap|exit|hatch|outflow|tunnel|hole|culvert|drain|crack"
)
# An opening set in a compass wall ("a door in the east wall").
IN_WALL = re.compile(
    rf"\b(?:(?:{_OPENINGS})\b[^.;]{{0,40}}?\b(?:in|through) the (?P<dir>{_COMPASS}) wall\b|"
    rf"(?:in|through) the (?P<dir2>{_COMPASS}) wall,? [^.;]{{0,30}}?\b(?:{_OPENINGS})\b)",
    re.IGNORECASE,
)

# A way walked along down to somewhere ("the lane goes on down to the river"), not a way down.
ALONG = re.compile(
    r"^(?![^.;]*\b(?:stair|step|ladder|shaft|hole|chute|well|trapdoor|hatch))"
    r"[^.;]*\b(?:goes|go|runs|run|winds|wind|continues|continue)\b(?: on)? down (?:to|towards?) the\b",
    re.IGNORECASE,
)

LIST_SPLIT = re.compile(r"[\s,]+")  # between the words of an "Exits:" list


def parse_exits(text: str) -> list[str]:
    """Canonical directions the text names as ways out.

    >>> parse_exits("Obvious exits: North, South, Up.")
    ['north', 'south', 'up']
    >>> parse_exits("A passage leads west and a staircase leads down. The north wall is bare.")
    ['west', 'down']
    >>> parse_exits("A staircase climbs to the upper floor; an iron door is set in the east wall.")
    ['east', 'up']
    >>> parse_exits("A bench stands in the south east corner. Continue down the pathway to the gate.")
    []
    >>> parse_exits("The trail runs south-east; steps lead down the cliff.")
    ['southeast', 'down']
    >>> parse_exits("In the west wall a stone drain slopes away.")
    ['west']
    >>> parse_exits("The lane goes on down to the river, and steps lead down to the cellar.")
    ['down']
    >>> parse_exits("Westward it goes on down to the river.")
    ['west']
    """
    found: list[str] = []
    for m in EXIT_LIST.finditer(text):
        found += [d for w in LIST_SPLIT.split(m.group("list")) if (d := canonical_direction(w))]
    for m in EXIT_CONTEXT.finditer(text):
        found.append(canonical_direction(m.group("dir").replace(" ", "")) or "")
    for m in IN_WALL.finditer(text):
        found.append(canonical_direction((m.group("dir") or m.group("dir2")).replace(" ", "")) or "")
    for m in UPDOWN.finditer(text):
        if m.group("noun") and m.group("noun").lower() not in _VERTICAL:
            continue
        clause = max(text.rfind(mark, 0, m.start()) for mark in ".;,") + 1
        if ALONG.search(text[clause : m.end() + 14]):
            continue  # a lane that "goes on down to the river" is walked along, not a way down
        found.append(canonical_direction(m.group("dir")) or "")
    for m in CLIMBERS.finditer(text):
        verb = m.group("verb").lower()
        found.append("up" if verb.startswith(("climb", "rise", "ascend")) else "down")
    return list(dict.fromkeys(d for d in found if d))


# A later paragraph of a room's reply that speaks of ways out (some games describe the room, then its
# doors and openings in a paragraph of their own)
WAY_WORDS = re.compile(
    r"\b(?:exits?|doors?|doorways?|gates?|entrances?|entranceways?|passages?|passageways?|paths?|archways?|"
    r"leading|leads|try going|way out)\b",
    re.IGNORECASE,
)


def ways_in_later_paragraphs(text: str) -> list[str]:
    """Directions named by the paragraphs after the first that speak of ways out.

    >>> ways_in_later_paragraphs("A den.\\n\\nA door leads south. Try going east.\\n\\nA cat sits west.")
    ['south', 'east']
    """
    paragraphs = [p for p in PARAGRAPH_BREAK.split(text) if p.strip()]
    found: list[str] = []
    for paragraph in paragraphs[1:]:
        if WAY_WORDS.search(paragraph):
            found += [d for d in parse_exits(paragraph) if d not in found]
    return found
